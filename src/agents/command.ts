/**
 * The `command` agent: any CLI agent. The dispatch goes to stdin and its path to
 * BATON_DISPATCH_FILE; the reply is stdout. A timeout or too much output ends the agent and
 * everything it started (shell/run-shell.ts); a non-zero exit is a failed attempt with the tail
 * of stderr kept.
 */
import { runShell } from '../shell/run-shell.js';
import type { Agent, AgentCall, AgentReply } from './types.js';

/** Options of `commandAgent`. */
export interface CommandAgentOptions {
  /** Stdout beyond this many bytes kills the agent (default 8 MiB). */
  maxOutputBytes?: number;
  /** Extra environment for the agent. */
  env?: NodeJS.ProcessEnv;
}

/** An agent that runs `command` with `sh -c` in the repository root. */
export function commandAgent(command: string, options: CommandAgentOptions = {}): Agent {
  const maxOutput = options.maxOutputBytes ?? 8 * 1024 * 1024;
  return {
    name: command,
    call: (call) => run(command, call, maxOutput, options.env ?? {}),
  };
}

async function run(
  command: string,
  call: AgentCall,
  maxOutput: number,
  extraEnv: NodeJS.ProcessEnv,
): Promise<AgentReply> {
  const r = await runShell(command, {
    cwd: call.cwd,
    input: call.dispatch,
    timeoutMs: call.timeoutMs,
    maxStdoutBytes: maxOutput,
    keepStdout: true,
    ...(call.signal ? { signal: call.signal } : {}),
    env: {
      ...process.env,
      ...extraEnv,
      BATON_DISPATCH_FILE: call.dispatchFile,
      BATON_TASK: call.task,
      BATON_STAGE: call.stage,
      BATON_WINDOW: String(call.window),
      BATON_ATTEMPT: String(call.attempt),
      BATON_ROLE: call.role,
      BATON_RUN_DIR: call.runDir,
    },
  });
  const stderrTail = r.stderrTail.trimEnd().split('\n').slice(-20).join('\n');
  const reply: AgentReply = {
    text: r.stdout.toString('utf8'),
    ok: true,
    exitCode: r.exitCode,
    durationMs: r.durationMs,
  };
  if (stderrTail) reply.stderrTail = stderrTail;
  const failure = r.aborted
    ? 'interrupted'
    : r.overflowed
      ? `printed more than ${maxOutput} bytes`
      : r.timedOut
        ? `timed out after ${Math.round(call.timeoutMs / 1000)} s`
        : r.spawnError
          ? `could not start: ${r.spawnError.message}`
          : r.exitCode !== 0
            ? `exited ${r.exitCode}${lastLine(stderrTail)}`
            : undefined;
  if (failure) {
    reply.ok = false;
    reply.error = failure;
    // A command that never started (or its shell could not find it) took no work; nor did one
    // that ran out of time, as far as a pool is concerned: another member may do it.
    if (r.timedOut && !r.aborted) reply.unavailable = 'timeout';
    else if (r.spawnError || r.exitCode === 127) reply.unavailable = 'unreachable';
  }
  return reply;
}

function lastLine(tail: string): string {
  const last = tail.split('\n').at(-1) ?? '';
  return last ? `: ${last}` : '';
}
