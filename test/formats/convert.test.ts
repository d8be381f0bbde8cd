/** convertHandoff: a handoff to every format and back keeps what each format holds. */
import { describe, expect, it } from 'vitest';
import { renderBaton } from '../../src/formats/baton/render.js';
import { convertHandoff } from '../../src/formats/convert.js';
import { FORMAT_NAMES } from '../../src/formats/names.js';
import type { ParsedHandoff } from '../../src/formats/types.js';
import { emptySections } from '../../src/handoff/types.js';
import { validateText } from '../../src/validate/validate.js';
import { heldBy } from '../support/held.js';

const H: ParsedHandoff = {
  ...emptySections(),
  schema: 'baton/handoff-v1',
  id: '01JDXYZ0000000000000000042',
  created_at: '2026-11-30T01:14:19Z',
  from: 'builder',
  to: 'verifier',
  task: 'TASK-03',
  window: 2,
  status: 'in-progress',
  provenance: {
    repository: 'acme/calc',
    worktree: '/srv/calc',
    branch: 'feat/sum',
    head: 'a'.repeat(40),
    base_ref: 'origin/main',
    base_commit: 'b'.repeat(40),
    worktree_state: 'clean',
  },
  extra: { ticket: 'CALC-7' },
  title: 'Handoff: TASK-03 <sum> & "friends"',
  goal: 'Add `sum(xs)` to the calc library — with tests.',
  summary: 'sum() is written & tested; the README needs a usage section.',
  done: [{ text: 'Wrote src/sum.ts', command: 'npm test', result: 'pass' }],
  remaining: [
    {
      title: 'Document sum',
      goal: 'a usage example',
      files_in_scope: ['README.md'],
      verify_by: ['npm test'],
    },
  ],
  decisions: [
    { decision: 'Use reduce', reason: 'an empty list sums to 0', rejected: [{ alternative: 'a loop' }] },
  ],
  facts: [
    {
      verdict: 'confirmed',
      claim: 'sum([]) is 0',
      evidence: '`npm test`',
      tag: { rung: 'OBS', confidence: 0.9 },
    },
  ],
  files_touched: [{ action: 'renamed', from: 'src/add.ts', path: 'src/sum.ts', note: 'clearer' }],
  validation: [{ result: 'passed', command: 'npm test', outcome: '12 tests' }],
  open_concerns: ['Floats are not rounded'],
  dead_ends: [{ attempt: 'Math.sumPrecise', reason: 'not in Node 20' }],
  preferences: ['No new dependencies'],
  notes: 'Ask before touching the CI config.',
};

describe('convertHandoff', () => {
  it.each(FORMAT_NAMES.filter((f) => f !== 'baton'))(
    'moves a handoff to %s and back, keeping what it holds',
    async (format) => {
      const there = await convertHandoff(renderBaton(H), { to: format });
      expect(there.from).toBe('baton');
      const back = await convertHandoff(there.text, { to: 'baton' });
      expect(back.from).toBe(format);
      expect(back.text).toBe(renderBaton(heldBy(format, H)));
      expect(back.losses).toEqual([]);
      // Every field the format could not hold was announced on the way there.
      const held = heldBy(format, H) as Record<string, unknown>;
      for (const [key, value] of Object.entries(H)) {
        if (JSON.stringify(held[key]) !== JSON.stringify(value)) {
          expect(
            there.losses.map((l) => l.field),
            key,
          ).toContain(key);
        }
      }
    },
  );

  it('converts and validates deeply nested or mistyped JSON without a crash', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const inputs = [
      `{"task_intent": "x", "deep": ${deep}, "floor_state": {"a": ${deep}}, "constraints": [${deep}]}`,
      `{"fromPhase": "a", "summary": "s", "evidence": {"k": ${deep}}, "other": ${deep}}`,
      `{"schema": "baton/handoff-v1", "notes": ${deep}, "goal": 5}`,
    ];
    for (const text of inputs) {
      const converted = await convertHandoff(text, { to: 'baton' });
      expect(converted.text).toMatch(/^---\n/);
      const report = await validateText(text, { git: false });
      expect(report.verdict).toBe('INVALID');
    }
  });
});
