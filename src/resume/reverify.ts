/** `--reverify`: runs each affected claim's command again, from the repository root. */
import { spawn } from 'node:child_process';

/** The outcome of running one command. */
export interface ReverifyResult {
  command: string;
  passed: boolean;
  exitCode: number | null;
  timedOut: boolean;
  /** The last lines of what it printed (stdout and stderr together). */
  tail: string;
  millis: number;
}

/** Options of `runCheck`. */
export interface RunCheckOptions {
  cwd: string;
  timeoutMs?: number;
  tailLines?: number;
}

/** Runs `command` with `sh -c` in its own process group; a timeout kills the whole group. */
export function runCheck(command: string, options: RunCheckOptions): Promise<ReverifyResult> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 120_000;
  const keep = options.tailLines ?? 20;
  return new Promise((resolvePromise) => {
    const child = spawn('sh', ['-c', command], {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // Keep memory bounded for commands that print a lot: only the tail matters.
      if (output.length > 64 * 1024) output = output.slice(-32 * 1024);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      const tail = output.trimEnd().split('\n').slice(-keep).join('\n');
      resolvePromise({
        command,
        passed: !timedOut && exitCode === 0,
        exitCode,
        timedOut,
        tail,
        millis: Date.now() - started,
      });
    };
    child.on('error', (error) => {
      output += String(error.message);
      finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}
