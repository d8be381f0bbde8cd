/**
 * Writes small session logs in the shapes Claude Code 2.1 and Codex 0.171 write them, from a list
 * of steps, so a test can say what a session did and what its host's summary claims about it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { onTestFinished } from 'vitest';
// @ts-expect-error: a plain script shared with the benchmarks
import { claudeRecord } from '../../../scripts/synthetic-transcript.mjs';
import { compileTranscript } from '../../../src/transcripts/transcripts.js';

// How Claude Code 2.1 answers a tool call the person refused with words of their own.
const REFUSED_SAYING =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\n";

/** One thing the session did. */
export type Step =
  | { user: string }
  | { say: string }
  /** A file written, with `content` (default `x`). */
  | { write: string; content?: string }
  | { edit: string }
  | {
      bash: string;
      exit?: number;
      interpretation?: string;
      output?: string;
      /** The shell tool: Bash (default), or PowerShell as Claude Code on Windows has it. */
      shell?: 'Bash' | 'PowerShell';
      /** Refused before it ran: a sibling call of the same turn failed. */
      cancelled?: boolean;
      /** Codex only: a non-zero exit as its sandbox reports one ("failed in sandbox … exit code: N, stdout: …"). */
      sandboxed?: boolean;
      /**
       * Codex only: the command goes on in an exec session ("Process running with session ID N"),
       * and a `write_stdin` poll after the given steps reads how it ended.
       */
      background?: boolean;
    }
  | { read: string; text?: string }
  /** Claude Code's Glob tool: the files matching `glob`, one a line (`output`). */
  | { glob: string; output: string }
  | { meta: string }
  | { todo: { content: string; status: 'pending' | 'in_progress' | 'completed' }[] }
  | { agent: string }
  /** A change the person refused, with the words they gave for it (`said`), if any. */
  | { refused: string; said?: string }
  | { plan: string }
  /** Claude Code's task tools: a task created (numbered from 1 in order), or one's status changed. */
  | { taskCreate: { subject: string; description?: string } }
  | {
      taskUpdate: {
        taskId: string;
        status?: 'pending' | 'in_progress' | 'completed' | 'deleted';
        subject?: string;
        description?: string;
      };
    }
  /** An `attachment` record as Claude Code 2.1 writes it (`{ type: 'queued_command', prompt }`, …). */
  | { attach: Record<string, unknown> }
  /** Claude Code's queue of what the person typed while the agent worked (a `queue-operation` record). */
  | { queue: 'enqueue' | 'dequeue' | 'remove' | 'popAll'; content?: string }
  /** A tool call whose result the log never got (`input` as the tool takes it). */
  | { pending: string; input: Record<string, unknown> }
  /**
   * Claude Code only: an update of its file checkpoints, each file (relative to the session's
   * folder) with its backup version, and `created` when it had no backup (the file was new).
   */
  | { checkpoint: Record<string, { version: number; created?: boolean }> }
  | { compact: string };

const SESSION = '5c0ffee0-0000-4000-8000-00000000cafe';
const CLAUDE_PREAMBLE =
  'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.';
const CODEX_PREAMBLE =
  'Another language model started to solve this problem and produced a summary of its thinking process. Here is the summary produced by the other language model:';

/** Writes a Claude Code session at `path` working in `cwd`. */
export function writeClaudeSession(path: string, cwd: string, steps: Step[]): void {
  let n = 0;
  const lines: string[] = [];
  // The folder the shell is in: Claude Code's Bash tool stays where a `cd` took it, and each
  // record says where that was.
  let here = cwd;
  const push = (type: string, extra: Record<string, unknown>) =>
    lines.push(JSON.stringify(claudeRecord({ cwd: here, session: SESSION, n: ++n, type }, extra)));
  const say = (content: unknown[]) =>
    push('assistant', { message: { id: `msg_${n}`, role: 'assistant', type: 'message', content } });
  /** A tool call and its result (`exit`, when not 0, marks it an error; `result` is the record's toolUseResult). */
  const tool = (
    name: string,
    input: Record<string, unknown>,
    exit = 0,
    result?: unknown,
    output?: string,
    raw?: string,
  ) => {
    const id = `toolu_${n + 1}`;
    say([{ type: 'tool_use', id, name, input }]);
    const block = {
      type: 'tool_result',
      tool_use_id: id,
      content: raw ?? (exit ? `Exit code ${exit}\n${output ?? ''}`.trim() : (output ?? 'ok')),
      is_error: exit !== 0,
    };
    push('user', {
      message: { role: 'user', content: [block] },
      ...(result ? { toolUseResult: result } : {}),
    });
  };
  // A file of the session's folder, or one given by its absolute path (outside it).
  const at = (file: string) => (file.startsWith('/') ? file : `${cwd}/${file}`);
  for (const step of steps) {
    if ('user' in step) push('user', { message: { role: 'user', content: step.user } });
    else if ('say' in step) say([{ type: 'text', text: step.say }]);
    else if ('write' in step)
      tool('Write', { file_path: at(step.write), content: `${step.content ?? 'x'}\n` });
    else if ('edit' in step) tool('Edit', { file_path: at(step.edit), old_string: 'a', new_string: 'b' });
    else if ('bash' in step && step.cancelled) {
      const id = `toolu_${n + 1}`;
      say([{ type: 'tool_use', id, name: step.shell ?? 'Bash', input: { command: step.bash } }]);
      const text = 'Cancelled: parallel tool call Bash(npm run build) errored';
      push('user', {
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: id,
              content: `<tool_use_error>${text}</tool_use_error>`,
              is_error: true,
            },
          ],
        },
        toolUseResult: text,
      });
    } else if ('bash' in step) {
      const interpretation = step.interpretation ? { returnCodeInterpretation: step.interpretation } : {};
      const exit = step.interpretation === undefined ? (step.exit ?? 0) : 0;
      tool(
        step.shell ?? 'Bash',
        { command: step.bash },
        exit,
        { stdout: step.output ?? '', stderr: '', interrupted: false, ...interpretation },
        step.output,
      );
      const moved = /^cd\s+(\S+)\s*&&/.exec(step.bash)?.[1];
      if (moved !== undefined) here = resolve(here, moved);
    } else if ('read' in step)
      tool('Read', { file_path: at(step.read) }, 0, undefined, step.text ?? 'file text');
    else if ('glob' in step) tool('Glob', { pattern: step.glob }, 0, undefined, step.output);
    else if ('meta' in step)
      push('user', { isMeta: true, message: { role: 'user', content: [{ type: 'text', text: step.meta }] } });
    else if ('todo' in step)
      tool('TodoWrite', { todos: step.todo.map((t) => ({ ...t, activeForm: t.content })) });
    else if ('agent' in step) tool('Task', { description: step.agent, prompt: step.agent });
    else if ('refused' in step)
      tool(
        'Edit',
        { file_path: `${cwd}/${step.refused}`, old_string: 'a', new_string: 'b' },
        1,
        undefined,
        undefined,
        step.said === undefined ? undefined : `${REFUSED_SAYING}${step.said}`,
      );
    else if ('plan' in step) tool('ExitPlanMode', { plan: step.plan });
    else if ('attach' in step) push('attachment', { attachment: step.attach });
    else if ('queue' in step) {
      const { queue: operation, content } = step;
      const at = new Date(Date.UTC(2026, 0, 1, 0, 0, ++n)).toISOString();
      lines.push(
        JSON.stringify({
          type: 'queue-operation',
          operation,
          timestamp: at,
          sessionId: SESSION,
          ...(content ? { content } : {}),
        }),
      );
    } else if ('pending' in step)
      say([{ type: 'tool_use', id: `toolu_${n + 1}`, name: step.pending, input: step.input }]);
    else if ('checkpoint' in step) {
      const backups = Object.entries(step.checkpoint).map(([file, { version, created }]) => [
        file,
        {
          backupFileName: created ? null : `0a1b2c3d4e5f6a7b@v${version}`,
          version,
          backupTime: '2026-01-01T00:00:00Z',
        },
      ]);
      lines.push(
        JSON.stringify({
          type: 'file-history-snapshot',
          messageId: `m${++n}`,
          snapshot: {
            messageId: `m${n}`,
            trackedFileBackups: Object.fromEntries(backups),
            timestamp: '2026-01-01T00:00:00Z',
          },
          isSnapshotUpdate: true,
        }),
      );
    } else if ('taskCreate' in step)
      tool('TaskCreate', { ...step.taskCreate, activeForm: step.taskCreate.subject });
    else if ('taskUpdate' in step) tool('TaskUpdate', step.taskUpdate);
    else {
      push('system', { subtype: 'compact_boundary', content: 'Conversation compacted' });
      push('user', {
        isCompactSummary: true,
        message: { role: 'user', content: `${CLAUDE_PREAMBLE}\n\n${step.compact}` },
      });
    }
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** Writes a Codex rollout at `path` working in `cwd` (files through apply_patch, commands through exec_command). */
export function writeCodexRollout(path: string, cwd: string, steps: Step[]): void {
  let n = 0;
  const lines: string[] = [];
  const push = (type: string, payload: Record<string, unknown>) =>
    lines.push(
      JSON.stringify({ timestamp: new Date(Date.UTC(2026, 10, 20, 9, 0, ++n)).toISOString(), type, payload }),
    );
  // `raw`: the output exactly as Codex wrote it, in place of its usual "Process exited with code N".
  const call = (name: string, args: Record<string, unknown>, exit = 0, output = '', raw?: string) => {
    const id = `call_${n}`;
    push('response_item', { type: 'function_call', name, arguments: JSON.stringify(args), call_id: id });
    push('response_item', {
      type: 'function_call_output',
      call_id: id,
      output: raw ?? `Process exited with code ${exit}\nOutput:\n${output}`,
    });
  };
  const message = (role: string, type: string, text: string) =>
    push('response_item', { type: 'message', role, content: [{ type, text }] });
  push('session_meta', { id: '019a0000-bbbb-7000-8000-00000000c0de', cwd, cli_version: '0.171.0' });
  for (const step of steps) {
    if ('user' in step) message('user', 'input_text', step.user);
    else if ('say' in step) message('assistant', 'output_text', step.say);
    else if ('write' in step || 'edit' in step) {
      const [verb, file] = 'write' in step ? ['Add', step.write] : ['Update', step.edit];
      const lines = ('write' in step && step.content) || 'x';
      call('exec_command', {
        cmd: `apply_patch <<'EOF'\n*** Begin Patch\n*** ${verb} File: ${file}\n${lines.replace(/^/gm, '+')}\n*** End Patch\nEOF`,
      });
    } else if ('bash' in step) {
      const sandbox =
        step.sandboxed && step.exit
          ? `failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, exit code: ${step.exit}, stdout: ${step.output ?? ''}, stderr: `
          : undefined;
      if (step.background) {
        const session = 1000 + n;
        const unified = (status: string, output: string) =>
          `Chunk ID: c${n}\nWall time: 1.0 seconds\n${status}\nOriginal token count: 9\nOutput:\n${output}`;
        call(
          'exec_command',
          { cmd: step.bash },
          0,
          '',
          unified(`Process running with session ID ${session}`, 'working…'),
        );
        call(
          'write_stdin',
          { session_id: session, chars: '' },
          0,
          '',
          unified(`Process running with session ID ${session}`, ''),
        );
        call(
          'write_stdin',
          { session_id: session, chars: '' },
          0,
          '',
          unified(`Process exited with code ${step.exit ?? 0}`, step.output ?? ''),
        );
      } else call('exec_command', { cmd: step.bash }, step.exit, step.output, sandbox);
    } else if ('read' in step) call('exec_command', { cmd: `cat ${step.read}` }, 0, step.text ?? 'file text');
    else if ('todo' in step)
      call('update_plan', { plan: step.todo.map((t) => ({ step: t.content, status: t.status })) });
    else if ('refused' in step)
      call(
        'exec_command',
        {
          cmd: `apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: ${step.refused}\n+x\n*** End Patch\nEOF`,
        },
        1,
        '',
        // As apply_patch reports a patch it did not apply: no exit status, an error.
        `error: Failed to find expected lines in ${cwd}/${step.refused}:\nx`,
      );
    else if ('compact' in step)
      push('compacted', { message: `${CODEX_PREAMBLE}\n${step.compact}`, replacement_history: [] });
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

/** Compiles a session of `steps` written in a folder of its own, removed when the test ends. */
export async function compileSteps(steps: Step[], host: 'claude-code' | 'codex' = 'claude-code') {
  const dir = mkdtempSync(join(tmpdir(), 'baton-steps-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'session.jsonl');
  if (host === 'codex') writeCodexRollout(path, dir, steps);
  else writeClaudeSession(path, dir, steps);
  return compileTranscript(path);
}
