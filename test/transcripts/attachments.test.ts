/**
 * Claude Code's `attachment` records: a message the person queued while the agent worked is a
 * request like any other (the log keeps it nowhere else), and the files the person pointed at, the
 * IDE reported problems in, a background agent reported on or plan mode's plan names are where the
 * work goes next. Hook output and reminders are not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTranscript } from '../../src/transcripts/index.js';
import { namedNext } from './support/named.js';
import { type Step, writeClaudeSession } from './support/sessions.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function compiled(steps: Step[]) {
  const dir = mkdtempSync(join(tmpdir(), 'baton-attach-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'session.jsonl');
  writeClaudeSession(path, '/home/dev/shop', steps);
  return compileTranscript(path);
}

const busy = (n: number): Step[] => Array.from({ length: n }, () => ({ edit: 'lib/other.ex' }));

describe('attachments', () => {
  it('keeps a queued message as a request, in its place, and a queued task notice as none', async () => {
    const { session, handoff } = await compiled([
      { user: 'Split the checkout into steps' },
      { edit: 'lib/checkout.ex' },
      { attach: { type: 'queued_command', prompt: 'also keep the coupon field', commandMode: 'prompt' } },
      {
        attach: {
          type: 'queued_command',
          prompt:
            '<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>',
          commandMode: 'task-notification',
        },
      },
      { user: 'commit when done' },
    ]);
    expect(session.requests).toEqual([
      'Split the checkout into steps',
      'also keep the coupon field',
      'commit when done',
    ]);
    expect(handoff.notes).toContain('also keep the coupon field');
  });

  it('keeps what the person typed while the agent worked, from the queue of older versions, once', async () => {
    const { session } = await compiled([
      { user: 'Split the checkout into steps' },
      { queue: 'enqueue', content: 'the new tickets for the epic are in, tackle them too' },
      { edit: 'lib/checkout.ex' },
      // Handed to the turn under way: this version keeps the words nowhere else.
      { queue: 'remove' },
      { queue: 'enqueue', content: '<task-notification>\n<task-id>b1</task-id>\n</task-notification>' },
      { queue: 'remove' },
      // Sent as the next turn: the user record that follows is the request, not the queue.
      { queue: 'enqueue', content: 'and run the linter' },
      { queue: 'dequeue' },
      { user: 'and run the linter' },
      // A newer version records the handed-over words as an attachment as well: counted once.
      { queue: 'enqueue', content: 'keep the coupon field' },
      { queue: 'remove' },
      { attach: { type: 'queued_command', prompt: 'keep the coupon field', commandMode: 'prompt' } },
      { edit: 'lib/coupon.ex' },
      // A notification ahead of the person's words waits for its own turn; the words are handed over.
      { queue: 'enqueue', content: '<agent-notification>\n<agent-id>a1</agent-id>\n</agent-notification>' },
      { queue: 'enqueue', content: 'why are there two coupon tables?' },
      { queue: 'remove' },
      { queue: 'dequeue' },
      // Taken back to the prompt to be edited: what is sent comes as a user record.
      { queue: 'enqueue', content: 'drop the old tabel' },
      { queue: 'popAll' },
      { user: 'drop the old table' },
      // The host's notice of a command it sent to the background, as a JSON object (2.1.4x).
      {
        queue: 'enqueue',
        content:
          '{"task_id":"b7f01","tool_use_id":"toolu_01Ab","description":"Build the assets","task_type":"local_bash"}',
      },
      // Still queued at the cut: the newest words, not yet read by the agent.
      { queue: 'enqueue', content: 'use Chinese for the labels' },
    ]);
    expect(session.requests).toEqual([
      'Split the checkout into steps',
      'the new tickets for the epic are in, tackle them too',
      'and run the linter',
      'keep the coupon field',
      'why are there two coupon tables?',
      'drop the old table',
      'use Chinese for the labels',
    ]);
  });

  it('keeps words sent from the queue when the log ends before their user record', async () => {
    const { session } = await compiled([
      { user: 'Add the plugin hook' },
      { edit: 'src/hooks.ts' },
      { queue: 'enqueue', content: 'make it run for each PR, not each commit' },
      // Sent as the next turn, and the compaction came before its user record.
      { queue: 'dequeue' },
    ]);
    expect(session.requests).toEqual(['Add the plugin hook', 'make it run for each PR, not each commit']);
  });

  it('names next the files the person pointed at, the IDE flagged, a background report or the plan names', async () => {
    const { handoff } = await compiled([
      { user: 'Tidy the cart' },
      { attach: { type: 'file', filename: '/home/dev/shop/lib/cart/view.ex', content: { type: 'text' } } },
      {
        attach: {
          type: 'diagnostics',
          files: [
            { uri: 'file:///home/dev/shop/lib/cart/total.ex', diagnostics: [{ message: 'unused variable' }] },
          ],
        },
      },
      {
        attach: {
          type: 'queued_command',
          commandMode: 'task-notification',
          prompt:
            '<task-notification>\n<task-id>a9</task-id>\n<status>completed</status>\n<result>Found the bug in lib/cart/coupon.ex at line 40.</result>\n</task-notification>',
        },
      },
      {
        attach: {
          type: 'plan_file_reference',
          planFilePath: '/home/dev/.claude/plans/x.md',
          planContent: '# Plan\n\n1. Move totals into lib/cart/summary.ex\n',
        },
      },
      { attach: { type: 'hook_success', content: 'ran lib/hooks/noise.ex' } },
      ...busy(3),
    ]);
    const next = namedNext(handoff.summary);
    expect(next).toEqual(
      expect.arrayContaining([
        'lib/cart/view.ex',
        'lib/cart/total.ex',
        'lib/cart/coupon.ex',
        'lib/cart/summary.ex',
      ]),
    );
    expect(next).not.toContain('lib/hooks/noise.ex');
  });
});
