#!/usr/bin/env node
/**
 * Writes a synthetic Claude Code session JSONL in the style real sessions have (split assistant
 * records sharing a message id, Write/Edit/Bash tool calls with results, progress records,
 * a compaction), of about the size asked for. For benchmarks and cap tests; never real data.
 *
 *   node scripts/synthetic-transcript.mjs [--mb 3] [--files 40] [--out file.jsonl]
 */
import { writeFileSync } from 'node:fs';

/** One Claude Code record: the envelope every line of a session carries (the `n`th, of `type`), and `extra`. */
export function claudeRecord({ cwd, session, n, type, prefix = 'u' }, extra = {}) {
  return {
    parentUuid: null,
    isSidechain: false,
    userType: 'external',
    cwd,
    sessionId: session,
    version: '2.1.40',
    gitBranch: 'main',
    type,
    uuid: `${prefix}-${n}`,
    timestamp: new Date(Date.UTC(2026, 10, 1, 9, 0, n)).toISOString(),
    ...extra,
  };
}

/** The lines of a synthetic session of about `bytes` bytes touching `files` files. */
export function syntheticSession({
  bytes = 3 * 1024 * 1024,
  files = 40,
  cwd = '/home/dev/app',
  session = '0b5e55ed-0000-4000-8000-00000000beef',
} = {}) {
  const lines = [];
  let size = 0;
  let n = 0;
  const push = (record) => {
    const line = JSON.stringify(record);
    lines.push(line);
    size += line.length + 1;
  };
  const base = (type, extra) => claudeRecord({ cwd, session, n: ++n, type, prefix: 'syn' }, extra);
  const filler = 'x'.repeat(2000);
  push(
    base('user', { message: { role: 'user', content: 'Build the report module, keep every check green.' } }),
  );
  for (let i = 0; size < bytes; i++) {
    const file = `src/module-${i % files}/part-${i % 7}.ts`;
    const id = `msg_${i}`;
    push(
      base('assistant', {
        message: {
          id,
          role: 'assistant',
          type: 'message',
          content: [{ type: 'text', text: `Step ${i}: working on ${file}.` }],
        },
      }),
    );
    push(
      base('assistant', {
        message: {
          id,
          role: 'assistant',
          type: 'message',
          content: [
            {
              type: 'tool_use',
              id: `e${i}`,
              name: i % 5 === 0 ? 'Write' : 'Edit',
              input: { file_path: `${cwd}/${file}`, old_string: 'a', new_string: `b${filler.slice(0, 300)}` },
            },
          ],
        },
      }),
    );
    push(
      base('user', {
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: `e${i}`,
              content: `The file ${file} has been updated. ${filler}`,
            },
          ],
        },
        toolUseResult: { filePath: `${cwd}/${file}` },
      }),
    );
    push(base('progress', { data: { type: 'bash_progress', output: filler } }));
    const fail = i % 9 === 4;
    const command =
      i % 3 === 0
        ? 'npm test'
        : i % 3 === 1
          ? 'npx tsc --noEmit'
          : `npx vitest run test/part-${i % 7}.test.ts`;
    push(
      base('assistant', {
        message: {
          id: `msg_b${i}`,
          role: 'assistant',
          type: 'message',
          content: [
            { type: 'tool_use', id: `b${i}`, name: 'Bash', input: { command, description: 'check' } },
          ],
        },
      }),
    );
    push(
      base('user', {
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: `b${i}`,
              content: fail ? `Exit code 1\n${filler}` : filler,
              is_error: fail,
            },
          ],
        },
        toolUseResult: { stdout: filler, stderr: '', interrupted: false },
      }),
    );
    if (i === 200) {
      push(
        base('system', {
          subtype: 'compact_boundary',
          content: 'Conversation compacted',
          compactMetadata: { trigger: 'auto' },
        }),
      );
      push(
        base('user', {
          isCompactSummary: true,
          message: {
            role: 'user',
            content: `This session is being continued from a previous conversation. ${filler}`,
          },
        }),
      );
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const lines = syntheticSession({
    bytes: Number(arg('mb', '3')) * 1024 * 1024,
    files: Number(arg('files', '40')),
  });
  const text = `${lines.join('\n')}\n`;
  const out = arg('out');
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}
