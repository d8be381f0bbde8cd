/**
 * Import on generated input: Markdown made of the constructs real handoffs use (headings in
 * several languages, lists, checkboxes, tables, fences, bold keys, tags, emoji, paths) and JSON
 * values of any shape. It never throws except to refuse data that does not parse, and it loses
 * no text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importHandoff } from '../../src/import/index.js';

const runs = { numRuns: Number(process.env.BATON_PROPERTY_RUNS ?? 300) };

const piece = fc.oneof(
  fc.constantFrom(
    '# ',
    '## ',
    '### ',
    '- ',
    '* ',
    '1. ',
    '- [ ] ',
    '- [x] ',
    '> ',
    '| a | b |',
    '|---|---|',
    '```',
    '~~~',
    '**Key**: ',
    '**Bold**',
    'Done:',
    'Next steps:',
    '<context>',
    '</context>',
    '---',
    '===',
    '✅ ',
    '🔴 ',
    '🟡 ',
    '  ',
    '\t',
    'Branch: x',
    '/Users/a/b',
    '{{x}}',
    '—',
    ' because ',
    '`code`',
    '<!-- c -->',
    '完成',
    'Сделано',
    'Resumen',
    '\u0007',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const markdown = fc
  .array(
    fc.array(piece, { maxLength: 6 }).map((p) => p.join('')),
    { maxLength: 30 },
  )
  .map((lines) => lines.join('\n'));

const key = fc.oneof(
  fc.constantFrom(
    'summary',
    'done',
    'next',
    'nextSteps',
    'completedWork',
    'decisions',
    'entries',
    'previousSessions',
    'files',
    'risks',
    'note',
    'branch',
    'ts',
    'who',
    'status',
    'goal',
    'verify',
  ),
  fc.string({ maxLength: 8 }),
);
const { value: json } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 5 }),
  ),
}));

async function importOrRefuse(text: string): Promise<string[] | 'refused'> {
  try {
    return (await importHandoff(text, { now: new Date(0) })).report.textLost;
  } catch (error) {
    if ((error as { code?: string }).code === 'HANDOFF_INVALID') return 'refused';
    throw error;
  }
}

describe('import on generated input', () => {
  it('keeps both lines of a key given twice (a counterexample the property found)', async () => {
    for (const text of ['Branch: xꓐⰀ\nBranch: x', 'Foo: a\nFoo: b\n', 'Title: a\nTitle: b\n'])
      expect(await importOrRefuse(text), text).toEqual([]);
  });

  it('loses no text of a word in underscore emphasis (a counterexample the property found)', async () => {
    for (const text of ['__0__\n!', '__a__\nx', 'x __init__ y\n', '__Plan__\n\nsome text'])
      expect(await importOrRefuse(text), text).toEqual([]);
  });

  it("keeps the text of an object under a task's `files` (a counterexample the property found)", async () => {
    const text = JSON.stringify([{ next: [{ summary: '!', files: { summary: 'A0-' } }] }]);
    expect(await importOrRefuse(text)).toEqual([]);
    const { handoff } = await importHandoff(text, { now: new Date(0) });
    expect(handoff.remaining[0]?.files_in_scope).toEqual([]);
  });

  it('Markdown: never throws, loses no text', async () => {
    await fc.assert(
      fc.asyncProperty(markdown, async (text) => {
        const lost = await importOrRefuse(text);
        if (lost !== 'refused') expect(lost).toEqual([]);
      }),
      runs,
    );
  });

  it('JSON of any shape: imports (or refuses a non-object), loses no text', async () => {
    await fc.assert(
      fc.asyncProperty(json, async (value) => {
        const lost = await importOrRefuse(JSON.stringify(value));
        if (lost !== 'refused') expect(lost).toEqual([]);
      }),
      runs,
    );
  });
});
