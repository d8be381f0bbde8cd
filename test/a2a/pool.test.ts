/**
 * `kind: pool` endpoints end to end: `baton run --parallel` in one repository with a pool of real
 * `baton serve a2a --agent` builders on clones of it. Both members take work at the same time and
 * every task commits; a member that refuses, times out or cannot be reached passes the task on,
 * and the run records it.
 */
import { mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { parallelBuilder, quietPlan, taskCommits } from '../e2e/_parallel.js';
import { baton, git, ORIGIN, runEvents, type Served, serve } from './_helpers.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function scratch(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// The orchestrator's repository, a tools folder (plan, builder script, barrier marks), and a way
// to start builder servers on clones of the repository and to run the plan with a pool of them.
function setup(tasks: number, barrier = 0) {
  const repo = createTempRepo({ prefix: 'orchestrator', origin: ORIGIN });
  cleanup.push(() => repo.cleanup());
  repo.write('src/.keep', '');
  repo.commit('project');
  const tools = scratch('baton-pool-');
  writeFileSync(join(tools, 'plan.md'), quietPlan(tasks));
  writeFileSync(join(tools, 'builder.sh'), parallelBuilder(tools, barrier, 'eval "$BEFORE"'));
  const member = async (env: Record<string, string> = {}, args?: string[]): Promise<Served> => {
    const dir = join(scratch('baton-member-'), 'member');
    // --shared: the clone sees every commit the orchestrator makes, as a fetched checkout would.
    git(repo.dir, ['clone', '-q', '--shared', repo.dir, dir]);
    git(dir, ['remote', 'set-url', 'origin', ORIGIN]);
    const served = await serve(dir, args ?? ['--agent', `sh '${join(tools, 'builder.sh')}'`], env);
    cleanup.push(() => served.stop());
    return served;
  };
  const run = (members: Record<string, string>, args: string[]) => {
    const entries = Object.entries(members).map(([name, body]) => `  ${name}:\n    kind: a2a\n${body}`);
    const names = Object.keys(members).join(', ');
    writeFileSync(
      join(tools, 'endpoints.yaml'),
      `endpoints:\n  builders:\n    kind: pool\n    members: [${names}]\n${entries.join('')}`,
    );
    return baton(
      [
        'run',
        '--plan',
        join(tools, 'plan.md'),
        '--builder',
        'endpoint:builders',
        '--endpoints',
        join(tools, 'endpoints.yaml'),
        ...args,
      ],
      { cwd: repo.dir, timeoutMs: 180_000 },
    );
  };
  return { repo, tools, member, run };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

describe('a pool of remote builders', () => {
  it('spreads the tasks over two `baton serve a2a --agent` builders at once, and commits every task', async () => {
    const { repo, tools, member, run } = setup(4, 2);
    const one = await member();
    const two = await member();
    const r = run({ one: `    url: ${one.url}\n`, two: `    url: ${two.url}\n` }, ['--parallel', '4']);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(
      taskCommits(repo)
        .map((c) => c.task)
        .sort(),
    ).toEqual(['TASK-01', 'TASK-02', 'TASK-03', 'TASK-04']);
    // The first two builders each waited until the other had started: both members worked at once.
    expect(readdirSync(tools).filter((f) => f.startsWith('met.')).length).toBeGreaterThanOrEqual(2);
    const replies = runEvents(repo.dir).filter((e) => e.event === 'reply' && e.stage === 'builder');
    const by = new Set(replies.map((e) => String(e.built_by).split(' ')[0]));
    expect(by).toEqual(new Set(['one', 'two']));
    expect(replies.every((e) => typeof e.remote_task === 'string')).toBe(true);
    expect(r.stdout).toMatch(/PASS .* by one \(http:\/\/127\.0\.0\.1:\d+\/\)/);
    expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', '.', ':!.baton')).toBe('');
  });

  it('moves a task on from a member that is unreachable, refuses it or times out, and records each move', async () => {
    const { repo, member, run } = setup(2);
    const refuser = await member({}, []);
    const slow = await member({ BEFORE: 'sleep 8' });
    const good = await member();
    const down = `http://127.0.0.1:${await closedPort()}/`;
    const r = run(
      {
        down: `    url: ${down}\n`,
        refuser: `    url: ${refuser.url}\n`,
        slow: `    url: ${slow.url}\n    timeout: 1\n`,
        good: `    url: ${good.url}\n`,
      },
      ['--parallel', '1'],
    );
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(taskCommits(repo).map((c) => c.task)).toEqual(['TASK-01', 'TASK-02']);
    const events = runEvents(repo.dir);
    const moves = events.filter((e) => e.event === 'failover' && e.task === 'TASK-01');
    expect(moves.map((e) => [e.from, e.cause, e.to])).toEqual([
      ['down', 'unreachable', 'refuser'],
      ['refuser', 'refused', 'slow'],
      ['slow', 'timeout', 'good'],
    ]);
    expect(String(moves[1]?.reason)).toMatch(/this server runs no agent/);
    expect(String(moves[2]?.reason)).toMatch(/timed out after 1 s/);
    // The task that moved was built by the member that took it, and no attempt failed for it.
    const built = events.find((e) => e.event === 'reply' && e.task === 'TASK-01' && e.stage === 'builder');
    expect(String(built?.built_by)).toMatch(/^good /);
    expect(events.some((e) => e.event === 'attempt-failed')).toBe(false);
    expect(r.stdout).toContain('down did not take it (unreachable');
  });

  it('fails the attempt, with every member’s reason, when no member takes the call', async () => {
    const { repo, member, run } = setup(1);
    const refuser = await member({}, []);
    const down = `http://127.0.0.1:${await closedPort()}/`;
    const r = run({ down: `    url: ${down}\n`, refuser: `    url: ${refuser.url}\n` }, [
      '--max-attempts',
      '1',
    ]);
    expect(r.status).toBe(5);
    const failed = runEvents(repo.dir).find((e) => e.event === 'attempt-failed');
    expect(String(failed?.reason)).toMatch(
      /no member of pool endpoint:builders took the call: down: cannot reach .*; refuser: the remote rejected/,
    );
  });
});
