/** Running a check command again (`--reverify`, `--verify`, the built-in verifier), from the repository root. */
import { runShell } from '../shell/run-shell.js';

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
  /** Aborting ends the command (and what it started) at once. */
  signal?: AbortSignal;
}

/**
 * Runs `command` with `sh -c` in its own process group; a timeout ends it and everything it
 * started, and returns at once even when a child escaped the group and holds the output open.
 */
export async function runCheck(command: string, options: RunCheckOptions): Promise<ReverifyResult> {
  const keep = options.tailLines ?? 20;
  let output = '';
  const r = await runShell(command, {
    cwd: options.cwd,
    timeoutMs: options.timeoutMs ?? 120_000,
    ...(options.signal ? { signal: options.signal } : {}),
    onOutput: (chunk) => {
      output += chunk.toString('utf8');
      // Keep memory bounded for commands that print a lot: only the tail matters.
      if (output.length > 64 * 1024) output = output.slice(-32 * 1024);
    },
  });
  if (r.spawnError) output += r.spawnError.message;
  const exitCode = r.spawnError ? null : r.exitCode;
  return {
    command,
    passed: !r.timedOut && !r.aborted && exitCode === 0,
    exitCode,
    timedOut: r.timedOut,
    tail: output.trimEnd().split('\n').slice(-keep).join('\n'),
    millis: r.durationMs,
  };
}
