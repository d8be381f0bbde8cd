import { copyFileSync, existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, hasStackTrace, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import');

function dirWith(...names: string[]): string {
  const dir = scratch.plain();
  for (const n of names) copyFileSync(join(FIXTURES, n), join(dir, n));
  return dir;
}

describe('baton import', () => {
  it('prints canonical Markdown, findings on stderr, and writes -o atomically', () => {
    const dir = dirWith('es-session.md');
    const r = baton(['import', 'es-session.md'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^---\nschema: baton\/handoff-v1\n/);
    expect(r.stdout).toContain('## Goal\n\nMigrar el servicio de pagos');
    expect(r.errLines).toContain(
      `warning: ${join(dir, 'es-session.md')}:6: absolute local path /Users/lucia/… names a user and a machine; remove it before sharing this handoff`,
    );
    const o = baton(['import', 'es-session.md', '-o', 'out/handoff.md'], { cwd: dir });
    expect(o.status, o.stderr).toBe(0);
    expect(o.stdout).toBe('');
    expect(readFileSync(join(dir, 'out/handoff.md'), 'utf8')).toContain(
      '## Done\n\n- [x] Cliente HTTP migrado a la v2',
    );
    expect(o.errLines.at(-1)).toMatch(
      /^imported markdown → .*out\/handoff\.md \(\d+% of the text mapped to fields\)$/,
    );
  });

  it('--report prints each section and its field, bytes and candidates; --json an object', () => {
    const dir = dirWith('ru-numbered.md');
    const r = baton(['import', 'ru-numbered.md', '--report'], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^import: .*ru-numbered\.md \(markdown, \d+ bytes\)/);
    expect(r.stdout).toMatch(/ {2}6\. Что не сработало:\d+ +→ dead_ends +\d+ B/);
    expect(r.stdout).toMatch(/mapped \d+ B to typed fields, \d+ B kept in Notes \(coverage \d+%\)/);
    expect(r.stdout).toContain('  branch     cache-rework (line 4)');
    const j = baton(['import', 'ru-numbered.md', '--json'], { cwd: dir });
    const out = JSON.parse(j.stdout);
    expect(out.report).toMatchObject({
      format: 'markdown',
      fields: expect.arrayContaining(['goal', 'dead_ends']),
    });
    expect(out.markdown).toMatch(/^---\n/);
  });

  it('reads stdin, and --fit writes an archive beside the output so the result fits', () => {
    const dir = dirWith('append-log.json');
    const stdin = baton(['import', '-'], { cwd: dir, input: readFileSync(join(dir, 'append-log.json')) });
    expect(stdin.status).toBe(0);
    expect(stdin.errLines.some((l) => /cap-|the cap is/.test(l))).toBe(true);
    const fit = baton(['import', 'append-log.json', '--fit', '-o', 'log.md'], { cwd: dir });
    expect(fit.status, fit.stderr).toBe(0);
    expect(fit.errLines.at(-1)).toMatch(/\d+ entries folded into .*log\.archive\.md\)$/);
    expect(existsSync(join(dir, 'log.archive.md'))).toBe(true);
    const v = baton(['validate', '--no-git', '--json', 'log.md'], { cwd: dir });
    expect(JSON.parse(v.stdout).findings.filter((f: { code: string }) => f.code.startsWith('cap-'))).toEqual(
      [],
    );
  });

  it('refuses in one line: --fit without -o, malformed JSON, a 50 MB file, a missing file', () => {
    const dir = dirWith('append-log.json');
    writeFileSync(join(dir, 'bad.json'), '{"done": [1,]}');
    writeFileSync(join(dir, 'big.md'), '');
    truncateSync(join(dir, 'big.md'), 50 * 1024 * 1024);
    const cases: [string[], number, RegExp][] = [
      [['import', 'append-log.json', '--fit'], 64, /^baton: --fit writes an archive beside the output/],
      [['import', 'bad.json'], 1, /^baton: not valid JSON/],
      [
        ['import', 'big.md'],
        1,
        /^baton: the handoff .*big\.md is 52428800 bytes, over the 8388608-byte limit$/,
      ],
      [['import', 'nope.md'], 1, /^baton: cannot read the handoff .*nope\.md: no such file$/],
    ];
    for (const [args, code, pattern] of cases) {
      const r = baton(args, { cwd: dir });
      expect(hasStackTrace(r.stderr), r.stderr).toBe(false);
      expect(r.status, r.stderr).toBe(code);
      expect(r.errLines).toHaveLength(1);
      expect(r.errLines[0]).toMatch(pattern);
      expect(r.stdout).toBe('');
    }
  });
});
