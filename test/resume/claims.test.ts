import { describe, expect, it } from 'vitest';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { globRegExp as globToRegExp } from '../../src/glob/index.js';
import { affectedClaims, touches } from '../../src/resume/affected.js';
import { claimsOf, pathsIn } from '../../src/resume/claims.js';

describe('pathsIn', () => {
  it('finds paths, path:line references, folders and file names, not URLs or versions', () => {
    expect(pathsIn('Wrote `src/a.ts` and src/b/c.ts:12, see docs/ and README.md')).toEqual([
      'src/a.ts',
      'src/b/c.ts',
      'docs/',
      'README.md',
    ]);
    expect(pathsIn('see https://example.com/a/b.html and v1.2.3 and 3.14')).toEqual([]);
    expect(pathsIn('npm test -- test/unit/parse.test.ts')).toEqual(['test/unit/parse.test.ts']);
  });
});

describe('touches', () => {
  it('matches the same file, a file inside a named folder, a glob, and a bare file name', () => {
    expect(touches('src/a.ts', 'src/a.ts')).toBe(true);
    expect(touches('src/', 'src/deep/a.ts')).toBe(true);
    expect(touches('src/**', 'src/deep/a.ts')).toBe(true);
    expect(touches('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(touches('parse.ts', 'src/formats/parse.ts')).toBe(true);
    expect(touches('src/a.ts', 'src/a.tsx')).toBe(false);
    expect(touches('a.ts', 'src/ba.ts')).toBe(false);
  });

  it('turns globs into anchored expressions', () => {
    expect(globToRegExp('src/**/*.ts').test('src/x/y/z.ts')).toBe(true);
    expect(globToRegExp('src/**/*.ts').test('src/z.ts')).toBe(true);
    expect(globToRegExp('src/?.ts').test('src/ab.ts')).toBe(false);
  });
});

describe('affectedClaims', () => {
  const h = parseBaton(`---
schema: baton/handoff-v1
id: 01JDXYZ0000000000000000000
created_at: 2026-11-30T01:14:19Z
from: builder
status: in-progress
---

# T

## Goal

g

## Summary

s

## Remaining

### next

- Verify by: \`make\`

## Done

- [x] Parser in \`src/parse.ts\` — verified by \`npm test -- test/parse.test.ts\` → pass
- [x] Docs in \`docs/guide.md\`
- [x] Whole build — verified by \`npm run build\` → pass

## Facts

- confirmed — the cap is 25 — src/limits.ts:4

## Files touched

- modified \`src/render.ts\`

## Validation

- passed — \`npm test\` — 40 tests
`).handoff;

  it('lists the claims that name a changed file, and whole-tree commands when anything changed', () => {
    const affected = affectedClaims(claimsOf(h), { committed: ['src/parse.ts'], uncommitted: [] });
    expect(affected.map((c) => c.text)).toEqual([
      'Parser in `src/parse.ts`',
      'Whole build',
      'passed — npm test — 40 tests',
    ]);
    expect(affected[0]?.reason).toContain('src/parse.ts');
    expect(affected[1]?.reason).toContain('whole tree');
  });

  it('counts uncommitted changes too, and lists nothing when nothing changed', () => {
    const affected = affectedClaims(claimsOf(h), { committed: [], uncommitted: ['src/limits.ts'] });
    expect(affected.map((c) => c.kind)).toEqual(['done', 'fact', 'validation']);
    expect(affectedClaims(claimsOf(h), { committed: [], uncommitted: [] })).toEqual([]);
  });

  it('lists every claim when what changed cannot be known', () => {
    const all = claimsOf(h);
    const affected = affectedClaims(all, {
      committed: [],
      uncommitted: [],
      unknown: 'the saved HEAD is gone',
    });
    expect(affected).toHaveLength(all.length);
  });
});
