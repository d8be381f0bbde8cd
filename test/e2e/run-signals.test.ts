/**
 * `baton run` and `resume --reverify` end what they start: a timeout ends an agent even when it
 * escaped the process group with `setsid`, Ctrl-C or SIGTERM ends the agent and exits 130, and a
 * run lock keeps a second process off a run that is still running. Real processes, real signals.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { BIN, baton, cleanEnv, draftWithDone } from './_helpers.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

const PLAN =
  '# Plan: one\n\n## TASK-01: Sum\n- Files in scope: src/sum.js\n- Verify by: `test -f src/sum.js`\n';

const RESULT = `<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Wrote it.</what><why>Asked.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>`;

// A builder that first runs `before` (the misbehaviour under test), then does TASK-01's work.
function builder(before: string): string {
  return `#!/bin/sh
${before}
echo 'export const sum = 1;' > src/sum.js
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/sum.js\` — CREATE\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
cat <<'XML'
${RESULT}
XML
`;
}

function setup() {
  const repo = createTempRepo();
  const tools = mkdtempSync(join(tmpdir(), 'baton-signals-'));
  const pids: number[] = [];
  cleanup.push(
    () => {
      for (const pid of pids) alive(pid) && process.kill(pid, 'SIGKILL');
    },
    () => repo.cleanup(),
    () => rmSync(tools, { recursive: true, force: true }),
  );
  repo.write('src/.keep', '');
  repo.commit('project');
  const planPath = join(tools, 'plan.md');
  writeFileSync(planPath, PLAN);
  const agent = (script: string) => {
    const path = join(tools, 'builder.sh');
    writeFileSync(path, script);
    return `sh '${path}'`;
  };
  return { repo, tools, planPath, agent, track: (pid: number) => pids.push(pid) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie has ended; only its parent has not looked yet.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitFor(check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

function readPid(file: string): number {
  return Number(readFileSync(file, 'utf8').trim());
}

function events(repo: TempRepo): Record<string, unknown>[] {
  const runs = join(repo.dir, '.baton', 'runs');
  const [id] = readdirSync(runs);
  return readFileSync(join(runs, id as string, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function runId(repo: TempRepo): string {
  return readdirSync(join(repo.dir, '.baton', 'runs'))[0] as string;
}

function start(
  args: string[],
  cwd: string,
): { child: ChildProcess; done: Promise<number | null>; stderr: () => string } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: cleanEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString('utf8');
  });
  child.stdout?.resume();
  const done = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, done, stderr: () => err };
}

describe('a timeout ends an agent that escaped its process group', () => {
  it('returns after --timeout with a setsid child, which is ended too', () => {
    const { repo, tools, planPath, agent, track } = setup();
    const pidFile = join(tools, 'escaped.pid');
    // The escaped child holds stdout open for a minute; before the fix baton waited for it.
    const escaping = `setsid sh -c 'echo $$ > "${pidFile}"; exec sleep 60' &\nsleep 60`;
    const r = baton(
      [
        'run',
        '--plan',
        planPath,
        '--builder',
        agent(builder(escaping)),
        '--timeout',
        '2',
        '--max-attempts',
        '1',
      ],
      {
        cwd: repo.dir,
        timeoutMs: 30_000,
      },
    );
    const pid = readPid(pidFile);
    track(pid);
    expect(r.status).toBe(5);
    expect(String(events(repo).find((e) => e.event === 'attempt-failed')?.reason)).toMatch(
      /timed out after 2 s/,
    );
    expect(alive(pid)).toBe(false);
  });

  it('resume --reverify --timeout 1 returns, and the escaped command is ended', () => {
    const { repo, tools, track } = setup();
    const pidFile = join(tools, 'reverify.pid');
    const command = `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 60'`;
    const draft = draftWithDone([`- [x] Wrote \`src/a.ts\` — verified by \`${command}\` → pass`]);
    const w = baton(['write'], { cwd: repo.dir, input: draft });
    expect(w.status, w.stderr).toBe(0);
    repo.write('src/a.ts', 'changed\n');
    const r = baton(['resume', '--reverify', '--yes', '--timeout', '1'], {
      cwd: repo.dir,
      timeoutMs: 30_000,
    });
    const pid = readPid(pidFile);
    track(pid);
    expect(r.stdout).toContain('fail (timed out)');
    expect(alive(pid)).toBe(false);
  });
});

describe('Ctrl-C and SIGTERM on baton run', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} ends the builder's process group, records \`interrupted\`, exits 130, and --resume finishes`, async () => {
      const { repo, tools, planPath, agent, track } = setup();
      const pidFile = join(tools, 'builder.pid');
      const go = join(tools, 'go');
      const stall = `if [ ! -e '${go}' ]; then sleep 60 & echo $! > '${pidFile}'; wait; fi`;
      const run = start(['run', '--plan', planPath, '--builder', agent(builder(stall))], repo.dir);
      await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '');
      const sleeper = readPid(pidFile);
      track(sleeper);
      run.child.kill(signal);
      const code = await run.done;
      expect(code).toBe(130);
      expect(alive(sleeper)).toBe(false);
      const ev = events(repo);
      expect(ev.find((e) => e.event === 'interrupted')).toMatchObject({ signal });
      expect(ev.at(-1)).toMatchObject({ event: 'run-finished', status: 'interrupted', exit_code: 130 });
      expect(ev.some((e) => e.event === 'attempt-failed' || e.event === 'task-finished')).toBe(false);
      expect(existsSync(join(repo.dir, '.baton/runs', runId(repo), 'run.lock'))).toBe(false);
      writeFileSync(go, '');
      const resumed = baton(['run', '--resume', runId(repo)], { cwd: repo.dir, timeoutMs: 60_000 });
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(repo.git('log', '--format=%s', '-1')).toBe('TASK-01: Sum');
    });
  }
});

describe('Ctrl-C on an agent that ignores SIGTERM', () => {
  it('still ends it (SIGKILL after the grace second) before baton exits 130', async () => {
    const { repo, tools, planPath, agent, track } = setup();
    const pidFile = join(tools, 'stubborn.pid');
    const stubborn = `trap '' TERM INT; setsid sh -c "trap '' TERM INT; echo \\$\\$ > '${pidFile}'; exec sleep 60" & wait`;
    const run = start(['run', '--plan', planPath, '--builder', agent(builder(stubborn))], repo.dir);
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '');
    const pid = readPid(pidFile);
    track(pid);
    expect(alive(pid)).toBe(true);
    run.child.kill('SIGINT');
    expect(await run.done).toBe(130);
    expect(alive(pid)).toBe(false);
  });
});

describe('the run lock', () => {
  it('refuses a second process on a running run, and after kill -9 ends the orphaned builder before resuming', async () => {
    const { repo, tools, planPath, agent, track } = setup();
    const pidFile = join(tools, 'builder.pid');
    const go = join(tools, 'go');
    const stall = `if [ ! -e '${go}' ]; then echo $$ > '${pidFile}'; sleep 60; fi`;
    const run = start(['run', '--plan', planPath, '--builder', agent(builder(stall))], repo.dir);
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '');
    const orphan = readPid(pidFile);
    track(orphan);
    const id = runId(repo);
    const second = baton(['run', '--resume', id], { cwd: repo.dir });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`run ${id} is already running (pid ${run.child.pid}`);
    expect(events(repo).filter((e) => e.event === 'dispatch' && e.stage === 'builder')).toHaveLength(1);
    // kill -9 of baton alone: its builder lives on with PPID 1.
    run.child.kill('SIGKILL');
    await run.done;
    expect(alive(orphan)).toBe(true);
    writeFileSync(go, '');
    const resumed = baton(['run', '--resume', id], { cwd: repo.dir, timeoutMs: 60_000 });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(alive(orphan)).toBe(false);
    const ended = events(repo).find((e) => e.event === 'orphans-ended');
    expect(ended?.pids).toContain(orphan);
    expect(ended?.stale_lock_pid).toBe(run.child.pid);
  });
});
