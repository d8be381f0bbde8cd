/**
 * The `command` agent: any CLI agent. The dispatch goes to stdin and its path to
 * BATON_DISPATCH_FILE; the reply is stdout. A timeout or too much output kills the whole process
 * group; a non-zero exit is a failed attempt with the tail of stderr kept.
 */
import { spawn } from 'node:child_process';
import type { Agent, AgentCall, AgentReply } from './types.js';

/** Options of `commandAgent`. */
export interface CommandAgentOptions {
  /** Stdout beyond this many bytes kills the agent (default 8 MiB). */
  maxOutputBytes?: number;
  /** Extra environment for the agent. */
  env?: NodeJS.ProcessEnv;
}

const TAIL = 4096;

/** An agent that runs `command` with `sh -c` in the repository root. */
export function commandAgent(command: string, options: CommandAgentOptions = {}): Agent {
  const maxOutput = options.maxOutputBytes ?? 8 * 1024 * 1024;
  return {
    name: command,
    call: (call) => run(command, call, maxOutput, options.env ?? {}),
  };
}

function run(
  command: string,
  call: AgentCall,
  maxOutput: number,
  extraEnv: NodeJS.ProcessEnv,
): Promise<AgentReply> {
  const started = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn('sh', ['-c', command], {
      cwd: call.cwd,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
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
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let failure: string | undefined;
    const killGroup = (why: string) => {
      failure ??= why;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxOutput) killGroup(`printed more than ${maxOutput} bytes`);
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-TAIL);
    });
    // An agent that does not read its stdin closes the pipe early; that is not a failure.
    child.stdin.on('error', () => {});
    child.stdin.end(call.dispatch);
    const timer = setTimeout(
      () => killGroup(`timed out after ${Math.round(call.timeoutMs / 1000)} s`),
      call.timeoutMs,
    );
    const finish = (exitCode: number | null, spawnError?: Error) => {
      clearTimeout(timer);
      const text = Buffer.concat(out).toString('utf8');
      const stderrTail = err.trimEnd().split('\n').slice(-20).join('\n');
      const reply: AgentReply = { text, ok: true, exitCode, durationMs: Date.now() - started };
      if (stderrTail) reply.stderrTail = stderrTail;
      if (spawnError) failure ??= `could not start: ${spawnError.message}`;
      if (!failure && exitCode !== 0) {
        const last = stderrTail.split('\n').at(-1) ?? '';
        failure = `exited ${exitCode}${last ? `: ${last}` : ''}`;
      }
      if (failure) {
        reply.ok = false;
        reply.error = failure;
      }
      resolvePromise(reply);
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : null)));
  });
}
