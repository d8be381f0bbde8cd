import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffLines } from '../../src/archive/diff.js';

const rebuild = (lines: { op: string; text: string }[], keep: string) =>
  lines
    .filter((l) => l.op === ' ' || l.op === keep)
    .map((l) => l.text)
    .join('\n');

describe('diffLines', () => {
  it('gives a script that rebuilds both texts, with no more edits than the line counts allow', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', '', '- [x] done', '## Goal'), { maxLength: 30 })
      .map((l) => l.join('\n'));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const d = diffLines(a, b) ?? [];
        expect(rebuild(d, '-')).toBe(a);
        expect(rebuild(d, '+')).toBe(b);
        const edits = d.filter((l) => l.op !== ' ').length;
        expect(edits).toBeLessThanOrEqual(a.split('\n').length + b.split('\n').length);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the common lines and gives up past the edit budget', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc')).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: '+', text: 'x' },
      { op: ' ', text: 'c' },
    ]);
    const many = (p: string) => Array.from({ length: 50 }, (_, i) => `${p}${i}`).join('\n');
    expect(diffLines(many('a'), many('b'), 10)).toBeUndefined();
  });
});
