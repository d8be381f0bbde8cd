/**
 * The one `sh -c` runner ends what a command started, however it tried to get away, and returns
 * promptly: real processes, real signals. Each case leaves a child that holds the output pipe for
 * a minute and writes its pid; the runner must return (the test's own timeout is far below a
 * minute) and the child must be gone.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runShell } from '../../src/shell/run-shell.js';

const dirs: string[] = [];
const pids: number[] = [];
afterEach(() => {
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

// Ways a command leaves a process behind that keeps stdout open.
const ESCAPES: [string, (pidFile: string) => string][] = [
  ['setsid in the foreground', (f) => `setsid sh -c 'echo $$ > ${f}; exec sleep 60'`],
  ['setsid in the background, then waits', (f) => `setsid sh -c 'echo $$ > ${f}; exec sleep 60' & sleep 60`],
  [
    'double fork into a new session (re-parented to init)',
    (f) => `(setsid sh -c 'echo $$ > ${f}; exec sleep 60' &); sleep 60`,
  ],
  ['nohup in the background', (f) => `nohup sh -c 'echo $$ > ${f}; exec sleep 60' & wait`],
  [
    'a child that ignores SIGTERM',
    (f) => `trap '' TERM; sh -c 'trap "" TERM; echo $$ > ${f}; exec sleep 60' & wait`,
  ],
];

describe('runShell ends what a command started', () => {
  for (const [name, script] of ESCAPES) {
    it(`on a timeout: ${name}`, { timeout: 15_000 }, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'baton-shell-'));
      dirs.push(dir);
      const pidFile = join(dir, 'pid');
      const r = await runShell(script(pidFile), { cwd: dir, timeoutMs: 700, keepStdout: true });
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      pids.push(pid);
      expect(r.timedOut).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(alive(pid)).toBe(false);
    });
  }

  it('on an abort: SIGTERM first, SIGKILL for what ignores it', { timeout: 15_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-shell-'));
    dirs.push(dir);
    const pidFile = join(dir, 'pid');
    const controller = new AbortController();
    const running = runShell(`setsid sh -c 'trap "" TERM; echo $$ > ${pidFile}; exec sleep 60' & wait`, {
      cwd: dir,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    for (let i = 0; i < 100; i++) {
      try {
        if (readFileSync(pidFile, 'utf8').trim()) break;
      } catch {
        // not yet
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    pids.push(pid);
    controller.abort('SIGINT');
    const r = await running;
    expect(r.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(alive(pid)).toBe(false);
  });

  it('returns after the timeout even when an escaped child cleared its environment (it is not found, but no longer waited for)', {
    timeout: 15_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-shell-'));
    dirs.push(dir);
    const pidFile = join(dir, 'pid');
    const r = await runShell(`(env -i setsid sh -c 'echo $$ > ${pidFile}; exec sleep 60' &); sleep 60`, {
      cwd: dir,
      timeoutMs: 700,
    });
    pids.push(Number(readFileSync(pidFile, 'utf8').trim()));
    expect(r.timedOut).toBe(true);
  });

  it('keeps the output of a command that exits normally, and does not wait for a leftover holding the pipe', {
    timeout: 15_000,
  }, async () => {
    const r = await runShell('echo one; (sleep 30 &); echo two', {
      cwd: tmpdir(),
      timeoutMs: 60_000,
      keepStdout: true,
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toBe('one\ntwo\n');
    expect(r.timedOut).toBe(false);
  });
});
