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
const namedNext = (summary: string | undefined) =>
  [
    ...(summary?.split('\n').find((l) => l.startsWith('Named near the end')) ?? '').matchAll(/`([^`]+)`/g),
  ].map((m) => m[1] as string);

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
