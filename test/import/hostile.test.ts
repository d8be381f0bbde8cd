/**
 * Hostile input never crashes import (issue 11 item 13): headings and keys named like
 * Object.prototype's members, and lines long enough to overflow a backtracking regex or a
 * recursive reader. Each case was a stack trace (exit 70) before; now it imports.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importHandoff } from '../../src/import/index.js';

const PROTO = [
  'constructor',
  '__proto__',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  '__lookupSetter__',
  'propertyIsEnumerable',
  'toLocaleString',
];
const runs = { numRuns: Number(process.env.BATON_PROPERTY_RUNS ?? 200) };

// The words lost (none expected); text that opens like JSON but is not is refused with a clear
// error (HANDOFF_INVALID, exit 1), which is not a crash.
async function imports(text: string, name?: string): Promise<string[]> {
  try {
    const r = await importHandoff(text, { now: new Date(0), ...(name ? { name } : {}) });
    return r.report.textLost;
  } catch (error) {
    if ((error as { code?: string }).code === 'HANDOFF_INVALID') return [];
    throw error;
  }
}

describe('import of hostile input', () => {
  it.each(PROTO)('a heading, a key, a YAML key and an XML element named %s import', async (n) => {
    expect(await imports(`# ${n}\n\n## ${n}\n\n- a\n\n**${n}**: b\n\n${n}:\nc\n`)).toEqual([]);
    expect(await imports(JSON.stringify({ [n]: 'x', done: [{ [n]: 'y' }], next: { [n]: ['z'] } }))).toEqual(
      [],
    );
    expect(await imports(`{"${n}": {"${n}": "deep value"}, "summary": "s"}`)).toEqual([]);
    expect(await imports(`${n}: one\nnext:\n  - ${n}: two\n`, 'h.yaml')).toEqual([]);
    expect(await imports(`<handoff><${n}>one</${n}><${n}>two</${n}><goal>g</goal></handoff>`)).toEqual([]);
  });

  it('an XML element named __proto__ is a key, not the prototype', async () => {
    const r = await importHandoff('<h><__proto__>secret words here</__proto__><goal>g</goal></h>');
    expect(r.markdown).toContain('secret words here');
  });

  it.each(['-', '*', '_'])(
    'a line of 2,000,000 %s imports',
    async (c) => {
      const r = await importHandoff(`# T\n\n${c.repeat(2_000_000)}\n\n## Done\n\n- ${c.repeat(2_000_000)}\n`);
      expect(r.handoff.title).toBe('T');
    },
    120_000,
  );

  it('the CLI imports a 2,000,000-dash line with exit 0 and no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-hostile-'));
    const file = join(dir, 'h.md');
    writeFileSync(file, `# Long rules\n\n${'-'.repeat(2_000_000)}\n\n## constructor\n\n- __proto__\n`);
    const out = execFileSync(process.execPath, ['dist/bin/baton.cjs', 'import', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toContain('__proto__');
  }, 120_000);

  it('generated Markdown and JSON with prototype names and long runs import and lose no text', async () => {
    const name = fc.constantFrom(...PROTO);
    const run = fc
      .tuple(
        fc.constantFrom('-', '*', '_', ' ', '\t', ':', '|', '#', '`', '~', '**', '- ', '1. ', '>'),
        fc.integer({ min: 1, max: 30_000 }),
      )
      .map(([c, n]) => c.repeat(n));
    const line = fc.oneof(
      name.map((n) => `## ${n}`),
      name.map((n) => `**${n}**: ${n}`),
      name.map((n) => `- ${n}`),
      run,
      fc
        .tuple(
          fc.constantFrom('# ', '- ', '| ', '**x**', 'Key:', ''),
          run,
          fc.constantFrom('', 'y', '|', ')', ':'),
        )
        .map((p) => p.join('')),
      fc.string({ maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 8 }), async (lines) => {
        expect(await imports(lines.join('\n'))).toEqual([]);
      }),
      { ...runs, numRuns: Math.min(runs.numRuns, 60) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(name, fc.oneof(name, fc.array(name, { maxLength: 3 })), { maxKeys: 5 }),
        async (o) => {
          expect(await imports(JSON.stringify({ goal: 'g', ...o }))).toEqual([]);
        },
      ),
      runs,
    );
  }, 120_000);
});
