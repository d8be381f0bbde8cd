/**
 * kill -9 of a parallel run (a work tree per task) at many points, then `--resume`, killed again
 * and resumed again: every task is committed exactly once, in dependency order, no worktree is
 * left, and nothing of any task is left in the user's work tree. Real processes throughout: the
 * built binary, shell builders, git.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '../../src/testing/git-repo.js';
import { BIN, baton, cleanEnv } from './_helpers.js';
import { parallelBuilder, parallelSetup, quietPlan, runEvents, taskCommits } from './_parallel.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

// Four independent tasks and a fifth that needs two of them.
const PLAN = `${quietPlan(4)}
## TASK-05: Joined
- Depends on: TASK-01, TASK-02
- Files in scope: src/TASK-05.txt
- Verify by: \`test -f src/TASK-01.txt && test -f src/TASK-02.txt\`
- Verify by: \`[ -z "$(git status --porcelain --untracked-files=all src | grep -v TASK-05)" ]\`
`;
const TASKS = ['TASK-01', 'TASK-02', 'TASK-03', 'TASK-04', 'TASK-05'];

function eventCount(repo: TempRepo): number {
  const runs = join(repo.dir, '.baton', 'runs');
  if (!existsSync(runs)) return 0;
  const [id] = readdirSync(runs);
  const file = id === undefined ? '' : join(runs, id, 'events.jsonl');
  return file && existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0;
}

// Starts `baton run …` and kill -9s it (baton alone, as a crash would) once the log has `at` events.
async function killAt(repo: TempRepo, args: string[], at: number): Promise<boolean> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'run', ...args], {
    cwd: repo.dir,
    env: cleanEnv(),
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const deadline = Date.now() + 60_000;
  while (!ended && eventCount(repo) < at && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const killed = !ended;
  if (killed) child.kill('SIGKILL');
  await exited;
  return killed;
}

describe('kill -9 during a parallel run, then --resume', () => {
  it('neither loses nor doubles a commit and removes the orphaned worktrees, at every point tried', async () => {
    for (const at of [3, 8, 14, 20, 27, 33, 40, 47, 54, 61]) {
      const {
        repo,
        planPath,
        agent,
        cleanup: remove,
      } = parallelSetup(PLAN, (tools) => parallelBuilder(tools, 0, 'sleep 0.2'));
      cleanup.push(remove);
      await killAt(repo, ['--plan', planPath, '--builder', agent, '--parallel', '4'], at);
      const runId = readdirSync(join(repo.dir, '.baton/runs'))[0] as string;
      const before = runEvents(repo.dir);
      // Killed again part-way through the resume: a second crash on top of the first.
      await killAt(repo, ['--resume', runId], at + 12);
      const r = baton(['run', '--resume', runId], { cwd: repo.dir, timeoutMs: 120_000 });
      const where = `killed at event ${at}: ${r.stdout}${r.stderr}`;
      expect(r.status, where).toBe(0);
      const commits = taskCommits(repo);
      expect(commits.map((c) => c.task).sort(), where).toEqual(TASKS);
      expect(commits.map((c) => c.task).indexOf('TASK-05'), where).toBeGreaterThan(
        Math.max(
          commits.map((c) => c.task).indexOf('TASK-01'),
          commits.map((c) => c.task).indexOf('TASK-02'),
        ),
      );
      for (const c of commits)
        expect(
          c.files.filter((f) => f.startsWith('src/')),
          where,
        ).toEqual([`src/${c.task}.txt`]);
      expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', '.', ':!.baton'), where).toBe(
        '',
      );
      expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm), where).toHaveLength(1);
      const left = join(repo.dir, '.baton/runs', runId, 'worktrees');
      expect(existsSync(left) ? readdirSync(left) : [], where).toEqual([]);
      const after = runEvents(repo.dir);
      expect(after.slice(0, before.length), where).toEqual(before);
      expect(
        after.map((e) => e.seq),
        where,
      ).toEqual(after.map((_, i) => i + 1));
      for (const task of TASKS) {
        expect(
          after.filter((e) => e.event === 'commit' && e.task === task),
          `${where} ${task}`,
        ).toHaveLength(1);
      }
    }
  }, 600_000);
});
