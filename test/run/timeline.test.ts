import { describe, expect, it } from 'vitest';
import { runTimeline, type TimelineEvent } from '../../src/run/timeline.js';

let seq = 0;
const e = (
  event: string,
  data: Record<string, unknown>,
  extra: Partial<TimelineEvent> = {},
): TimelineEvent => ({
  seq: ++seq,
  time: `2026-12-01T00:00:${String(seq).padStart(2, '0')}Z`,
  event,
  data,
  ...extra,
});

describe('runTimeline', () => {
  it('places each event in its task, attempt, stage and window, and names what it was', () => {
    const place = { task: 'T1', stage: 'builder' };
    const events = [
      e('run-started', { plan: 'p', tasks: ['T1', 'T2'] }),
      e('task-started', { title: 'one' }, { task: 'T1' }),
      e('attempt-started', { attempt: 1 }, { task: 'T1' }),
      e('dispatch', { attempt: 1, tokens: 900, tokens_forward_all: 900 }, { ...place, window: 1 }),
      e('budget-notice', { attempt: 1, tokens: 900, max_context: 1000 }, { ...place, window: 1 }),
      e('reply', { attempt: 1, verdict: 'HANDOFF' }, { ...place, window: 1 }),
      e('handoff-vague', { attempt: 1 }, { ...place, window: 1 }),
      e('correction', { attempt: 1, reason: 'no Verify by' }, { ...place, window: 1 }),
      e('handoff', { attempt: 1, remaining: 2 }, { ...place, window: 1 }),
      e('dispatch', { attempt: 1, tokens: 400, tokens_forward_all: 1300 }, { ...place, window: 2 }),
      e('failed-budget', { attempt: 1, tokens: 1200, max_context: 1000 }, { ...place, window: 2 }),
      e('attempt-failed', { attempt: 1, stage: 'builder', reason: 'failed-budget' }, { task: 'T1' }),
      e('attempt-started', { attempt: 2 }, { task: 'T1' }),
      e('handoff-scope-refused', { attempt: 2 }, { ...place, window: 1 }),
      e('task-finished', { status: 'needs-planning', reason: 'scope' }, { task: 'T1' }),
      e('run-finished', { status: 'needs-planning', exit_code: 6 }),
    ];
    const view = runTimeline('R', events);
    expect(view.status).toBe('needs-planning');
    expect(view.tasks.map((t) => [t.id, t.status])).toEqual([
      ['T1', 'needs-planning'],
      ['T2', 'pending'],
    ]);
    const [a1, a2] = view.tasks[0]?.attempts ?? [];
    const windows = a1?.stages[0]?.windows.map((w) => [w.window, w.steps.map((s) => s.kind)]);
    expect(windows).toEqual([
      [1, ['dispatch', 'budget-notice', 'reply', 'handoff-vague', 'correction', 'handoff']],
      [2, ['dispatch', 'failed-budget', 'attempt-failed']],
    ]);
    expect(a1?.failed).toBe('failed-budget');
    expect(a2?.stages[0]?.windows[0]?.steps.map((s) => s.kind)).toEqual(['needs-planning']);
    expect(view.dispatches.map((d) => [d.window, d.tokens, d.forwardAll])).toEqual([
      [1, 900, 900],
      [2, 400, 1300],
    ]);
    expect(view.tasks[0]?.tokensForwardAll).toBe(2200);
    expect(view.lastSeq).toBe(seq);
  });
});
