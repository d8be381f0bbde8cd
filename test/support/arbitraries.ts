/** fast-check arbitraries for canonical handoffs: every field, nasty characters included. */
import fc from 'fast-check';
import type { ParsedHandoff } from '../../src/formats/types.js';
import {
  ARTIFACT_CLASSES,
  EPISTEMIC_RUNGS,
  FACT_VERDICTS,
  FILE_ACTIONS,
  FORBIDDEN_CHAR_RE,
  PLACEHOLDER_RE,
  STATUSES,
  VALIDATION_RESULTS,
  VERIFICATIONS,
} from '../../src/handoff/values.js';

// Characters that stress the grammar: separators, escapes, Markdown and XML punctuation.
const NASTY = [
  '—',
  ' — ',
  '\\',
  '`',
  '``',
  '<',
  '>',
  '&',
  '"',
  "'",
  '#',
  '## ',
  '[',
  ']',
  '[OBS 0.5]',
  '!',
  '<!--',
  '-->',
  ':',
  ': ',
  ' #',
  '-',
  '*',
  '|',
  '→',
  '->',
  'None.',
  'because ',
  'verified by ',
  '{',
  '}',
  'é',
  '漢字',
  '🙂',
  '\t',
  ' ',
  '~~~',
  // Markup of the other formats: XML, JSON, the pipeline's own labels and sentinels.
  ']]>',
  '&amp;',
  '&#10;',
  '<task-result status="PASS">',
  '</what>',
  '<![CDATA[',
  '{"a": 1}',
  '\\n',
  'Done:',
  'None',
  '\u00a0',
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }) },
);

const ok = (s: string) => s !== '' && s === s.trim() && !FORBIDDEN_CHAR_RE.test(s) && !PLACEHOLDER_RE.test(s);

/** One trimmed line with no control characters. */
export const line = fc
  .array(piece, { minLength: 1, maxLength: 6 })
  .map((parts) =>
    parts
      .join('')
      .replace(/[\r\n]/g, ' ')
      .trim(),
  )
  .filter((s) => ok(s) && !/[\r\n]/.test(s));

/** A very long line (thousands of characters). */
export const longLine = fc
  .integer({ min: 2000, max: 6000 })
  .map((n) => `long ${'x — <y> `z` '.repeat(n / 12)}end`);

/** Multi-line Markdown text, trimmed. */
export const block = fc
  .array(
    fc.oneof(
      line,
      fc.constantFrom(
        '',
        '## heading-like',
        '# title-like',
        '```',
        '~~~',
        '\\## escaped',
        '- [x] list',
        '### sub',
        '<!-- c -->',
        'Done:',
        'None',
        '- [x] done — verified by `x` → pass',
        '### FORGE floor_state',
        '```json',
        '</incomplete>',
      ),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((lines) => lines.join('\n').trim())
  .filter(ok);

const hex = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** An RFC 3339 timestamp. */
export const timestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => `${d.toISOString().slice(0, 19)}Z`);

const ulid = fc
  .string({ unit: fc.constantFrom(...'0123456789ABCDEFGHJKMNPQRSTVWXYZ'), minLength: 25, maxLength: 25 })
  .map((s) => `0${s}`);

function withoutUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** A canonical handoff with every field possibly filled. */
export const handoff: fc.Arbitrary<ParsedHandoff> = fc
  .record({
    id: ulid,
    created_at: timestamp,
    from: line,
    to: opt(line),
    task: opt(line),
    parent: opt(line),
    window: opt(fc.integer({ min: 1, max: 50 })),
    status: fc.constantFrom(...STATUSES),
    provenance: opt(
      fc.record({
        repository: line,
        worktree: line,
        branch: line,
        head: hex(40),
        base_ref: line,
        base_commit: hex(40),
        worktree_state: fc.constantFrom('clean' as const, 'dirty' as const),
      }),
    ),
    class: opt(fc.constantFrom(...ARTIFACT_CLASSES)),
    expires_at: opt(timestamp),
    content_hash: opt(hex(64).map((h) => `sha256:${h}`)),
    extra: opt(
      fc.dictionary(fc.constantFrom('owner', 'ticket', 'x_note', 'model'), line, { minKeys: 1, maxKeys: 3 }),
    ),
    title: fc.oneof(line, longLine),
    goal: block,
    summary: block,
    done: fc.array(
      fc
        .record({
          text: fc.oneof(line, longLine),
          command: opt(line),
          result: fc.constantFrom(...VERIFICATIONS),
        })
        .map(withoutUndefined),
      { maxLength: 4 },
    ),
    remaining: fc.array(
      fc
        .record({
          title: line,
          goal: opt(line),
          files_in_scope: fc.array(line, { maxLength: 3 }),
          verify_by: fc.array(line, { maxLength: 2 }),
          notes: opt(line),
        })
        .map(withoutUndefined),
      { maxLength: 3 },
    ),
    decisions: fc.array(
      fc
        .record({
          decision: line,
          reason: opt(line),
          rejected: fc.array(fc.record({ alternative: line, reason: opt(line) }).map(withoutUndefined), {
            maxLength: 2,
          }),
        })
        .map(withoutUndefined),
      { maxLength: 3 },
    ),
    facts: fc.array(
      fc
        .record({
          verdict: fc.constantFrom(...FACT_VERDICTS),
          claim: line,
          evidence: line,
          note: opt(line),
          tag: opt(
            fc
              .record({
                rung: fc.constantFrom(...EPISTEMIC_RUNGS),
                confidence: opt(fc.double({ min: 0, max: 1, noNaN: true }).filter((n) => !Object.is(n, -0))),
              })
              .map(withoutUndefined),
          ),
        })
        .map(withoutUndefined),
      { maxLength: 3 },
    ),
    files_touched: fc.array(
      fc
        .record({ action: fc.constantFrom(...FILE_ACTIONS), path: line, from: opt(line), note: opt(line) })
        .map(withoutUndefined),
      { maxLength: 3 },
    ),
    validation: fc.array(
      fc
        .record({ result: fc.constantFrom(...VALIDATION_RESULTS), command: line, outcome: opt(line) })
        .map(withoutUndefined),
      { maxLength: 3 },
    ),
    open_concerns: fc.array(line, { maxLength: 3 }),
    dead_ends: fc.array(fc.record({ attempt: line, reason: opt(line) }).map(withoutUndefined), {
      maxLength: 3,
    }),
    preferences: fc.array(line, { maxLength: 3 }),
    notes: opt(block),
  })
  .map((h) => withoutUndefined({ schema: 'baton/handoff-v1' as const, ...h }) as ParsedHandoff);
