/**
 * `baton run --parallel N` with a work tree per task, end to end: the built binary, real
 * repositories, shell-script builders that really run at the same time (each waits until its
 * siblings have started), and checks that fail when a sibling's files are in sight.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '../../src/testing/git-repo.js';
import { baton } from './_helpers.js';
import {
  PARALLEL_RESULT,
  parallelBuilder,
  parallelSetup,
  quietPlan,
  runEvents,
  taskCommits,
} from './_parallel.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function setup(plan: string, builder: (tools: string) => string = (tools) => parallelBuilder(tools, 0)) {
  const made = parallelSetup(plan, builder);
  cleanup.push(made.cleanup);
  const run = (args: string[]) =>
    baton(['run', '--plan', made.planPath, '--builder', made.agent, ...args], {
      cwd: made.repo.dir,
      timeoutMs: 120_000,
    });
  return { ...made, run };
}

// Nothing of any task in the user's work tree or index (baton's own folder aside), and no worktree left.
function expectClean(repo: TempRepo): void {
  expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', '.', ':!.baton')).toBe('');
  expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
}

describe('baton run --parallel with a work tree per task', () => {
  it('commits four independent tasks whose checks refuse a sibling’s files, all four at once', () => {
    const { repo, tools, run } = setup(quietPlan(4), (dir) => parallelBuilder(dir, 4));
    const r = run(['--parallel', '4']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    // Every builder saw all four started before it wrote a file: they ran at the same time.
    expect(
      readdirSync(tools)
        .filter((f) => f.startsWith('met.'))
        .sort(),
    ).toEqual(['TASK-01', 'TASK-02', 'TASK-03', 'TASK-04'].map((t) => `met.${t}`));
    expect(
      taskCommits(repo)
        .map((c) => c.files.filter((f) => f.startsWith('src/')))
        .sort(),
    ).toEqual([['src/TASK-01.txt'], ['src/TASK-02.txt'], ['src/TASK-03.txt'], ['src/TASK-04.txt']]);
    expectClean(repo);
    const events = runEvents(repo.dir);
    const trees = events.filter((e) => e.event === 'worktree');
    expect(trees.map((e) => e.path)).toEqual(
      expect.arrayContaining(
        [1, 2, 3, 4].map((n) => expect.stringMatching(new RegExp(`worktrees/TASK-0${n}$`))),
      ),
    );
    expect(events.filter((e) => e.event === 'worktree-ended').every((e) => e.kept === false)).toBe(true);
    // The records of each task are committed with it, as with one work tree.
    expect(taskCommits(repo).every((c) => c.files.some((f) => f.endsWith('_progress.md')))).toBe(true);
  });

  it('commits a plan with dependencies in dependency order, each task built on its dependencies', () => {
    const plan = `# Plan: diamond

## TASK-01: Base
- Files in scope: src/TASK-01.txt
- Verify by: \`test -f src/TASK-01.txt\`

## TASK-02: Left
- Depends on: TASK-01
- Files in scope: src/TASK-02.txt
- Verify by: \`test -f src/TASK-01.txt && test -f src/TASK-02.txt\`

## TASK-03: Right
- Depends on: TASK-01
- Files in scope: src/TASK-03.txt
- Verify by: \`test -f src/TASK-01.txt && test ! -e src/TASK-02.txt\`

## TASK-04: Top
- Depends on: TASK-02, TASK-03
- Files in scope: src/TASK-04.txt
- Verify by: \`test -f src/TASK-02.txt && test -f src/TASK-03.txt\`
`;
    const { repo, run } = setup(plan);
    const r = run(['--parallel', '4']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const order = taskCommits(repo).map((c) => c.subject.split(':')[0]);
    expect(order[0]).toBe('TASK-01');
    expect(order.slice(1, 3).sort()).toEqual(['TASK-02', 'TASK-03']);
    expect(order[3]).toBe('TASK-04');
    // TASK-02 and TASK-03 were in flight together, each in a tree at TASK-01's commit.
    const events = runEvents(repo.dir);
    const commitOf = (t: string) => events.find((e) => e.event === 'commit' && e.task === t)?.commit;
    const treeOf = (t: string) => events.find((e) => e.event === 'worktree' && e.task === t)?.commit;
    expect(treeOf('TASK-02')).toBe(commitOf('TASK-01'));
    expect(treeOf('TASK-03')).toBe(commitOf('TASK-01'));
    expectClean(repo);
  });

  it('retries a change that no longer applies on the new HEAD, and commits both', () => {
    const plan = `# Plan: one line, two tasks

## TASK-01: First
- Files in scope: README.md

## TASK-02: Second
- Files in scope: README.md
`;
    // Both rewrite README.md's first line, so whichever lands second conflicts with the first.
    const script = (tools: string) => `#!/bin/sh
set -e
touch '${tools}/started.'"$BATON_TASK.$BATON_ATTEMPT"
i=0; while [ "$(ls '${tools}' | grep -c '^started\\.')" -lt 2 ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done
printf '# %s was here (attempt %s)\\n' "$BATON_TASK" "$BATON_ATTEMPT" > README.md
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`README.md\` — MODIFY\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
cat <<'XML'
${PARALLEL_RESULT}
XML
`;
    const { repo, run } = setup(plan, script);
    const r = run(['--parallel', '2']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(taskCommits(repo)).toHaveLength(2);
    const events = runEvents(repo.dir);
    const failed = events.filter((e) => e.event === 'attempt-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ stage: 'committer', attempt: 1 });
    expect(String(failed[0]?.reason)).toMatch(
      /no longer applies to HEAD [0-9a-f]{12}: `README.md` changed there/,
    );
    const late = failed[0]?.task as string;
    // The retry ran in a new tree made at the first task's commit, and its line is the one kept.
    expect(events.find((e) => e.event === 'worktree-ended' && e.task === late)).toMatchObject({
      reason: 'stale',
    });
    const trees = events.filter((e) => e.event === 'worktree' && e.task === late);
    expect(trees.map((e) => e.attempt)).toEqual([1, 2]);
    expect(readFileSync(join(repo.dir, 'README.md'), 'utf8')).toBe(`# ${late} was here (attempt 2)\n`);
    expectClean(repo);
  });

  it('keeps and names the work tree of a task that fails, and leaves the user’s work tree alone', () => {
    const plan = `# Plan: one fails

## TASK-01: Fine
- Files in scope: src/TASK-01.txt
- Verify by: \`test -f src/TASK-01.txt\`

## TASK-02: Broken
- Files in scope: src/TASK-02.txt
- Verify by: \`false\`
`;
    const { repo, run } = setup(plan);
    const r = run(['--parallel', '2', '--max-attempts', '1']);
    expect(r.status).toBe(5);
    const runId = readdirSync(join(repo.dir, '.baton/runs'))[0] as string;
    const kept = `.baton/runs/${runId}/worktrees/TASK-02`;
    expect(r.stdout).toContain(`TASK-02   work tree kept: ${kept}`);
    expect(r.stdout).toMatch(new RegExp(`TASK-02 +failed .*\\(work tree kept: ${kept}\\)`));
    expect(readFileSync(join(repo.dir, kept, 'src/TASK-02.txt'), 'utf8')).toBe('TASK-02\n');
    expect(existsSync(join(repo.dir, 'src/TASK-02.txt'))).toBe(false);
    expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', '.', ':!.baton')).toBe('');
    expect(taskCommits(repo).map((c) => c.subject)).toEqual(['TASK-01: Fine']);
    expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(2);
  });

  it('retries a halted task after the fix on --resume: its kept tree goes, a new one at HEAD commits it', () => {
    const plan = (tools: string) => `# Plan: one waits for a fix

## TASK-01: Fine
- Files in scope: src/TASK-01.txt
- Verify by: \`test -f src/TASK-01.txt\`

## TASK-02: Needs a fix
- Files in scope: src/TASK-02.txt
- Verify by: \`test -f '${tools}/fixed'\`
`;
    const made = parallelSetup('', (tools) => parallelBuilder(tools, 0));
    cleanup.push(made.cleanup);
    writeFileSync(made.planPath, plan(made.tools));
    const args = ['--builder', made.agent, '--parallel', '2', '--max-attempts', '1'];
    const first = baton(['run', '--plan', made.planPath, ...args], {
      cwd: made.repo.dir,
      timeoutMs: 120_000,
    });
    expect(first.status).toBe(5);
    const runId = readdirSync(join(made.repo.dir, '.baton/runs'))[0] as string;
    expect(existsSync(join(made.repo.dir, '.baton/runs', runId, 'worktrees/TASK-02'))).toBe(true);
    writeFileSync(join(made.tools, 'fixed'), '');
    const again = baton(['run', '--resume', runId], { cwd: made.repo.dir, timeoutMs: 120_000 });
    expect(again.status, again.stdout + again.stderr).toBe(0);
    expect(taskCommits(made.repo).map((c) => c.task)).toEqual(['TASK-01', 'TASK-02']);
    const events = runEvents(made.repo.dir);
    const ends = events.filter((e) => e.event === 'worktree-ended' && e.task === 'TASK-02');
    expect(ends.map((e) => [e.kept, e.reason])).toEqual([
      [true, 'failed'],
      [false, 'retried'],
      [false, 'committed'],
    ]);
    expectClean(made.repo);
  });
});
