/**
 * What the evaluation's judge reads, read as a person would: a command Claude Code sent to the
 * background by how it ended (the `TaskOutput` result or the task notification), not by the
 * "running in background" result of its start, or a handoff that rightly says it failed would be
 * scored as a false failure; and a request without the invisible marks it was pasted with.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptIn, truthOf } from '../../scripts/_eval-probes.mjs';
import { readSession } from '../../scripts/_eval-read.mjs';

const dir = mkdtempSync(join(tmpdir(), 'baton-eval-bg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const call = (id: string, command: string, name = 'Bash') => ({
  type: 'assistant',
  cwd: '/w/app',
  message: {
    role: 'assistant',
    content: [{ type: 'tool_use', id, name, input: name === 'Bash' ? { command } : { task_id: command } }],
  },
});
const started = (id: string, task: string) => ({
  type: 'user',
  message: {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: id, content: `Command running in background with ID: ${task}.` },
    ],
  },
  toolUseResult: { stdout: '', stderr: '', backgroundTaskId: task },
});
const notified = (id: string, task: string, status: string, exit: number) => ({
  type: 'queue-operation',
  operation: 'enqueue',
  content: `<task-notification>\n<task-id>${task}</task-id>\n<tool-use-id>${id}</tool-use-id>\n<status>${status}</status>\n<summary>Background command "x" ${status} with exit code ${exit}</summary>\n</task-notification>`,
});
const taskOutput = (id: string, task: string, status: string, exit: number) => ({
  type: 'user',
  message: {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: id,
        content: `<task_id>${task}</task_id>\n<status>${status}</status>\n<exit_code>${exit}</exit_code>\n<output>\nboom\n</output>`,
      },
    ],
  },
});

function truths(records: object[]): string[] {
  const path = join(dir, `s${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(path, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return readSession(path).events.flatMap((e) =>
    e.type === 'tool' && e.name === 'Bash'
      ? [truthOf((e.input as { command: string }).command, e.result)]
      : [],
  );
}

describe('a command sent to the background, as the judge reads it', () => {
  it('is what its notification or its TaskOutput says, not its start', () => {
    expect(
      truths([call('a', 'npm run deploy'), started('a', 't1'), notified('a', 't1', 'failed', 1)]),
    ).toEqual(['failed']);
    expect(
      truths([
        call('a', 'npm run deploy'),
        started('a', 't1'),
        call('b', 't1', 'TaskOutput'),
        taskOutput('b', 't1', 'failed', 2),
      ]),
    ).toEqual(['failed']);
    expect(truths([call('a', 'npm test'), started('a', 't1'), notified('a', 't1', 'completed', 0)])).toEqual([
      'passed',
    ]);
  });
});

describe('a request as the judge looks for it', () => {
  it('is found without the invisible marks it was pasted with, which a handoff rightly drops', () => {
    const kept = keptIn('| 12 | remember that in X:\\03_ACG\\odoo18 is the base code… |');
    expect(kept('remember that in \u202aX:\\03_ACG\\odoo18 is the base code of odoo18')).toBe(true);
    expect(kept('remember that\u200b in X:\\03_ACG\\odoo18 is the base code of odoo18')).toBe(true);
    expect(kept('remember that in Y:\\03_ACG\\odoo18 is the base code of odoo18')).toBe(false);
  });
});
