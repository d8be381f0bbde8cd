/**
 * One edge per kind of boundary (issue 22 items 2 and 3): no containment check outside src/fs/
 * and no HTTP-edge decision outside src/servers/_http.ts; a second test shows the checker
 * catches each kind of copy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script, no type declarations
import { containmentCopies, httpEdgeCopies } from '../../scripts/structure-edges.mjs';

describe('one edge per boundary', () => {
  it('decides containment only in src/fs/ (confineTo, relativeInside, hasGitComponent)', () => {
    expect(containmentCopies()).toEqual([]);
  });

  it('decides the HTTP edge only in src/servers/_http.ts', () => {
    expect(httpEdgeCopies()).toEqual([]);
  });
});

describe('the edge checker', () => {
  it('catches each kind of copy, and not the same words in comments or in the owner', () => {
    const src = mkdtempSync(join(tmpdir(), 'baton-edges-'));
    try {
      mkdirSync(join(src, 'fs'));
      mkdirSync(join(src, 'servers'));
      mkdirSync(join(src, 'run'));
      writeFileSync(join(src, 'fs/inside.ts'), "export const x = (r: string) => r.startsWith('..');\n");
      writeFileSync(join(src, 'servers/_http.ts'), "import { timingSafeEqual } from 'node:crypto';\n");
      writeFileSync(
        join(src, 'run/copies.ts'),
        [
          '// rel.startsWith("..") in a comment is fine',
          "export const a = (rel: string) => rel.startsWith('..');",
          'export const b = (rel: string) => rel.startsWith(`..` + sep);',
          "export const c = (p: string[]) => p[0] === '..';",
          "export const d = (p: string) => '..' !== p;",
          "import { readlinkSync } from 'node:fs';",
          "import { timingSafeEqual } from 'node:crypto';",
          'export const e = (s: { listen(p: number): void }) => s.listen(1);',
          "export const f = (h: string) => h === '::1' || /^127\\./.test(h);",
          'export const g = (req: { headers: { host?: string } }) => req.headers.host;',
          "export const h = { 'X-Content-Type-Options': 'nosniff' };",
          "export const ok = 'http://example.com/'; // a URL is not a comment",
        ].join('\n'),
      );
      expect(containmentCopies(src).map((l: string) => l.split(':')[1])).toEqual(['2', '3', '4', '5', '6']);
      expect(httpEdgeCopies(src).map((l: string) => l.split(':')[1])).toEqual(['7', '8', '9', '10', '11']);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
