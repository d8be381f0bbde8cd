/**
 * Anchor handoffs as Anchor writes them (seed 004): any bullet under Done, Decisions made, Files
 * touched and Open concerns is an item; only Remaining has structure.
 */
import { describe, expect, it } from 'vitest';
import { parseAnchor, renderAnchor } from '../../src/formats/anchor/codec.js';
import type { ParseResult } from '../../src/formats/types.js';
import { validateText } from '../../src/validate/validate.js';

const REMAINING = `## Remaining
### Finish the loader
- Verify by: \`npm test\`
`;

/** An Anchor reply with the given bodies under the four unstructured sections. */
function reply(parts: { done?: string; decisions?: string; files?: string; concerns?: string }): string {
  return `## Done
${parts.done ?? '- None.'}

${REMAINING}
## Decisions made
${parts.decisions ?? '- None.'}

## Files touched
${parts.files ?? '- None.'}

## Open concerns
${parts.concerns ?? '- None.'}
`;
}

const invalid = (p: ParseResult) => p.findings.filter((f) => f.verdict === 'INVALID');

describe('Anchor bare bullets', () => {
  it('reads a plain path and a path in a code span under Files touched as modified', () => {
    const p = parseAnchor(reply({ files: '- src/config.txt\n- `src/settings.js`\n- README.md' }));
    expect(invalid(p)).toEqual([]);
    expect(p.handoff.files_touched).toEqual([
      { action: 'modified', path: 'src/config.txt' },
      { action: 'modified', path: 'src/settings.js' },
      { action: 'modified', path: 'README.md' },
    ]);
  });

  it('keeps a note after a path, reads (new) and (deleted), and splits a list of code spans', () => {
    const p = parseAnchor(
      reply({
        files: [
          '- src/a.ts — split out of main',
          '- `src/b.ts` (new)',
          '- `old/c.ts` (deleted)',
          '- `src/d.ts`, `src/e.ts`',
          '- created `src/f.ts`',
        ].join('\n'),
      }),
    );
    expect(invalid(p)).toEqual([]);
    expect(p.handoff.files_touched).toEqual([
      { action: 'modified', path: 'src/a.ts', note: 'split out of main' },
      { action: 'created', path: 'src/b.ts' },
      { action: 'deleted', path: 'old/c.ts' },
      { action: 'modified', path: 'src/d.ts' },
      { action: 'modified', path: 'src/e.ts' },
      { action: 'created', path: 'src/f.ts' },
    ]);
  });

  it('keeps a Files touched bullet that names no path under Notes, with an INFO line, not INVALID', () => {
    const p = parseAnchor(reply({ files: '- the loader and its tests' }));
    expect(invalid(p)).toEqual([]);
    expect(p.handoff.files_touched).toEqual([]);
    expect(p.handoff.notes).toContain('- the loader and its tests');
    expect(p.findings.map((f) => f.code)).toContain('item-kept');
  });

  it('reads a Done bullet without `verified by` as unverified, and one with it as before', () => {
    const p = parseAnchor(
      reply({
        done: [
          '- Wrote the loader',
          '- Ran the tests — verified by `npm test` → pass',
          '- [x] Checked the config',
          '- Tried the build — verified by running it by hand',
        ].join('\n'),
      }),
    );
    expect(invalid(p)).toEqual([]);
    expect(p.handoff.done).toEqual([
      { text: 'Wrote the loader', result: 'unverified' },
      { text: 'Ran the tests', command: 'npm test', result: 'pass' },
      { text: 'Checked the config', result: 'unverified' },
      { text: 'Tried the build — verified by running it by hand', result: 'unverified' },
    ]);
  });

  it('keeps the whole text of a decision without "because"; splits one with it', () => {
    const p = parseAnchor(
      reply({
        decisions: [
          '- Keep the INI syntax — users already have files in it',
          '- Defaults in code — because a missing file must still start',
          '- No new dependencies',
        ].join('\n'),
      }),
    );
    expect(invalid(p)).toEqual([]);
    expect(p.handoff.decisions).toEqual([
      { decision: 'Keep the INI syntax — users already have files in it', rejected: [] },
      { decision: 'Defaults in code', reason: 'a missing file must still start', rejected: [] },
      { decision: 'No new dependencies', rejected: [] },
    ]);
  });

  it('writes Anchor in the canonical grammar, and reads what it wrote back unchanged', () => {
    const p = parseAnchor(
      reply({
        done: '- Wrote the loader',
        decisions: '- Keep INI — users have files',
        files: '- src/config.txt',
        concerns: '- no version line',
      }),
    );
    const text = renderAnchor(p.handoff).text;
    expect(text).toContain('- modified `src/config.txt`');
    expect(text).toContain('- [x] Wrote the loader');
    expect(text).toContain('- Keep INI \\— users have files');
    const again = parseAnchor(text);
    expect(again.handoff.files_touched).toEqual(p.handoff.files_touched);
    expect(again.handoff.decisions).toEqual(p.handoff.decisions);
    expect(again.handoff.done).toEqual(p.handoff.done);
  });

  it('still refuses an unchecked box under Done and a sub-spec without Verify by', async () => {
    expect(invalid(parseAnchor(reply({ done: '- [ ] Wrote the parser' }))).map((f) => f.code)).toEqual([
      'item-syntax',
    ]);
    const vague = reply({}).replace('- Verify by: `npm test`\n', '');
    const report = await validateText(vague, { format: 'anchor', git: false });
    expect(report.verdict).toBe('INVALID');
    expect(report.findings.map((f) => f.code)).toContain('subspec-no-verify');
  });

  // Written after the readers, never tuned on: other ways an agent fills Anchor's template.
  it('held out: other bullet styles and template leftovers read without an INVALID finding', () => {
    const cases = [
      reply({ files: '* `lib/x.py`\n* docs/usage.md — new section' }),
      reply({ files: '1. src/main.rs\n2. `Cargo.toml` (modified)' }),
      reply({ done: '- Parsed flags (pass)\n- Docs — fail', decisions: '- Use clap: it is the standard' }),
      reply({
        files: '- `.github/workflows/ci.yml`',
        concerns: '- Flaky on Windows\n- none of the above is urgent',
      }),
      `<!-- Anchor handoff -->\n${reply({ files: '- Makefile', decisions: '- Rust 2021 edition — matches the workspace' })}`,
    ];
    const results = cases.map((c) => invalid(parseAnchor(c)).length);
    expect(results).toEqual([0, 0, 0, 0, 0]);
  });
});
