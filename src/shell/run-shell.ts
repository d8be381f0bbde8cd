/**
 * The one `sh -c` runner, shared by command agents, `--verify`, the built-in verifier and
 * `resume --reverify`. The command runs in its own process group. A timeout, too much output or
 * an abort (Ctrl-C on `baton run`) ends it: the group, every descendant, and every process that
 * carries the command's tag in its environment (`BATON_PROCESS_TAG`: a child started with
 * `setsid` leaves the group, not its environment); then baton closes the pipes and returns,
 * whatever an escaped process still holds open.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { endProcesses, processesWithEnv, processTree } from './_procfs.js';

/** Options of `runShell`. */
export interface ShellOptions {
  cwd: string;
  /** The whole environment of the command (default: baton's own). */
  env?: NodeJS.ProcessEnv;
  /** Written to stdin, then stdin is closed; without it stdin is not connected. */
  input?: string;
  timeoutMs: number;
  /** Stdout beyond this many bytes ends the command (default: no limit, nothing kept). */
  maxStdoutBytes?: number;
  /** Keep stdout (up to `maxStdoutBytes`) in the result. */
  keepStdout?: boolean;
  /** Sees every chunk of output as it comes. */
  onOutput?: (chunk: Buffer, stream: 'stdout' | 'stderr') => void;
  /** Aborting ends the command: SIGTERM to all of it, SIGKILL a second later. */
  signal?: AbortSignal;
}

/** How a command ended. */
export interface ShellResult {
  stdout: Buffer;
  /** The last 4 KiB of stderr. */
  stderrTail: string;
  exitCode: number | null;
  timedOut: boolean;
  /** It printed more than `maxStdoutBytes`. */
  overflowed: boolean;
  /** It was ended by `signal`. */
  aborted: boolean;
  /** Why it could not start, when it could not. */
  spawnError?: Error;
  durationMs: number;
}

const TAIL = 4096;
/** The variable that marks every process a command started, so that none outlives an end. */
const TAG = 'BATON_PROCESS_TAG';
/** After the command itself exits, how long output still held open by a leftover is read. */
const DRAIN_MS = 500;
/** After SIGTERM, how long before SIGKILL. */
const TERM_GRACE_MS = 1000;

/** Runs `command` with `sh -c` in its own process group. */
export function runShell(command: string, options: ShellOptions): Promise<ShellResult> {
  const started = Date.now();
  const tag = `${TAG}=${process.pid}-${randomBytes(8).toString('hex')}`;
  return new Promise((resolvePromise) => {
    const child = spawn('sh', ['-c', command], {
      cwd: options.cwd,
      detached: true,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: { ...(options.env ?? process.env), [TAG]: tag.slice(TAG.length + 1) },
    });
    const state: RunState = {
      out: [],
      outBytes: 0,
      err: '',
      timedOut: false,
      overflowed: false,
      aborted: false,
    };
    const stop = stopper(child, tag);
    let settled = false;
    const finish = (exitCode: number | null, spawnError?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      stop.release();
      const result: ShellResult = {
        stdout: Buffer.concat(state.out),
        stderrTail: state.err,
        exitCode,
        timedOut: state.timedOut,
        overflowed: state.overflowed,
        aborted: state.aborted,
        durationMs: Date.now() - started,
      };
      if (spawnError) result.spawnError = spawnError;
      resolvePromise(result);
    };
    collectOutput(child, options, state, stop);
    if (child.stdin) {
      // A command that does not read its stdin closes the pipe early; that is not a failure.
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
    }
    const timer = setTimeout(() => {
      state.timedOut = true;
      stop.end('SIGKILL');
    }, options.timeoutMs);
    const onAbort = () => {
      state.aborted = true;
      stop.end('SIGTERM');
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => finish(null, error));
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : null)));
    child.on('exit', (code, signal) => {
      // The command is gone; what still holds its pipes is a leftover. Read what is there a
      // moment longer (at once when it was ended), then stop waiting.
      const exitCode = code ?? (signal ? 128 : null);
      setTimeout(
        () => {
          stop.closePipes();
          finish(exitCode);
        },
        stop.ended ? 50 : DRAIN_MS,
      );
    });
  });
}

// What a run collects while the command runs.
interface RunState {
  out: Buffer[];
  outBytes: number;
  err: string;
  timedOut: boolean;
  overflowed: boolean;
  aborted: boolean;
}

// Keeps stdout (when asked, up to its cap: past it the command is killed) and the tail of stderr.
function collectOutput(
  child: ChildProcess,
  options: ShellOptions,
  state: RunState,
  stop: ReturnType<typeof stopper>,
): void {
  child.stdout?.on('data', (chunk: Buffer) => {
    options.onOutput?.(chunk, 'stdout');
    state.outBytes += chunk.length;
    if (options.maxStdoutBytes !== undefined && state.outBytes > options.maxStdoutBytes) {
      state.overflowed = true;
      stop.end('SIGKILL');
    } else if (options.keepStdout) state.out.push(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    options.onOutput?.(chunk, 'stderr');
    state.err = (state.err + chunk.toString('utf8')).slice(-TAIL);
  });
}

// Ends a command and everything it started; closes the pipes so nothing can keep baton waiting.
function stopper(child: ChildProcess, tag: string) {
  let targets: number[] = [];
  let killTimer: NodeJS.Timeout | undefined;
  const api = {
    ended: false,
    end(signal: 'SIGTERM' | 'SIGKILL') {
      const pid = child.pid;
      if (pid === undefined) return;
      if (!api.ended) {
        // Found while the tree is still whole: descendants, and whatever carries the tag.
        targets = [...new Set([...processTree(pid), ...processesWithEnv(tag)])];
      }
      api.ended = true;
      endProcesses(pid, targets, signal);
      if (signal === 'SIGTERM' && !killTimer) {
        // Not unref'd: baton waits for it, so what ignores SIGTERM cannot outlive an interrupted run.
        killTimer = setTimeout(() => {
          endProcesses(pid, [...new Set([...targets, ...processesWithEnv(tag)])], 'SIGKILL');
        }, TERM_GRACE_MS);
      }
    },
    closePipes() {
      for (const s of [child.stdout, child.stderr, child.stdin]) s?.destroy();
      child.unref();
    },
    release() {
      api.closePipes();
      // Everything took the SIGTERM: no SIGKILL to wait for.
      if (killTimer && ![-(child.pid ?? 0), ...targets].some(isRunning)) clearTimeout(killTimer);
    },
  };
  return api;
}

function isRunning(pid: number): boolean {
  if (pid === 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends (SIGKILL) every process whose environment holds `entry` (`NAME=value`), such as the agents
 * of a run whose baton process was killed; returns their pids.
 */
export function endProcessesWithEnv(entry: string): number[] {
  const found = processesWithEnv(entry);
  for (const pid of found) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  return found;
}
