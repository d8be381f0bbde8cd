/**
 * The one containment rule (issues 20 item 2, 22 item 2): inside the root with every symlink
 * followed, never in git's own folder whatever the file system folds into `.git`, `..notes.md`
 * inside, a `..` taken after the link before it, a read-only allow-list that only reads may use.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkConfined,
  climbsOut,
  confineTo,
  handoffRootOf,
  hasGitComponent,
  machineryOf,
  relativeInside,
  resolveLinks,
} from '../../src/fs/index.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'baton-confine-')));
  made.push(d);
  return d;
}

describe('the .git rule', () => {
  it('refuses every name a file system folds into .git, and nothing else', () => {
    for (const rel of [
      '.git',
      '.git/config',
      'sub/.git/HEAD',
      '.GIT/config',
      '.Git/hooks/pre-commit',
      '.git./config',
      '.git /config',
      '.g\u200cit/config',
      '\ufeff.git/config',
      'GIT~1/config',
      '.git::$INDEX_ALLOCATION/config',
      '.git:stream',
      'a\\.git\\config',
    ]) {
      expect(hasGitComponent(rel), rel).toBe(true);
    }
    for (const rel of [
      '.gitignore',
      '.github/workflows/ci.yml',
      'git/config',
      'x.git',
      '.gitmodules',
      'a/.git-x',
    ]) {
      expect(hasGitComponent(rel), rel).toBe(false);
    }
  });

  it('confineTo refuses a path into .git/, named or through a link, with PATH_OUTSIDE_REPOSITORY', () => {
    const root = tmp();
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, '.baton'));
    symlinkSync('../.git/config', join(root, '.baton/handoff.md'));
    symlinkSync('.git', join(root, 'dotgit'));
    for (const path of ['.git/config', '.baton/handoff.md', 'dotgit/HEAD', '.git']) {
      expect(() => confineTo(root, join(root, path)), path).toThrow(
        expect.objectContaining({
          code: 'PATH_OUTSIDE_REPOSITORY',
          message: expect.stringMatching(/git's own folder/),
        }),
      );
    }
    expect(checkConfined(root, join(root, '.baton/handoff.md'))).toEqual({
      real: join(root, '.git/config'),
      refused: 'git',
    });
  });
});

describe("the repository's machinery", () => {
  it('is .git/ at any depth in any spelling, and .baton/ at the top in any case', () => {
    expect(machineryOf('.GIT/config')).toBe('.git/');
    expect(machineryOf('vendor/x/.git/HEAD')).toBe('.git/');
    expect(machineryOf('.Baton/endpoints.yaml')).toBe('.baton/');
    expect(machineryOf('.baton')).toBe('.baton/');
    expect(machineryOf('docs/.baton/x')).toBeUndefined();
    expect(machineryOf('..baton/x')).toBeUndefined();
  });
});

describe('inside, as written and as linked', () => {
  it('..notes.md and ..x/ are inside; ../notes.md is not', () => {
    const root = tmp();
    expect(relativeInside(root, join(root, '..notes.md'))).toBe('..notes.md');
    expect(relativeInside(root, join(root, '..x/y.md'))).toBe('..x/y.md');
    expect(relativeInside(root, root)).toBe('');
    expect(relativeInside(root, join(root, '../notes.md'))).toBeUndefined();
    expect(relativeInside(root, `${root}-other/f`)).toBeUndefined();
    expect(confineTo(root, join(root, '..notes.md'))).toBe(join(root, '..notes.md'));
  });

  it('takes `..` after the link before it, as the kernel does', () => {
    const root = tmp();
    const out = tmp();
    mkdirSync(join(out, 'deep/er'), { recursive: true });
    symlinkSync(join(out, 'deep/er'), join(root, 'lnk'));
    // Lexically `lnk/../x` is `x` in the root; really it is `deep/x` outside.
    expect(resolveLinks(`${root}/lnk/../x`)).toBe(join(out, 'deep/x'));
    expect(checkConfined(root, `${root}/lnk/../x`).refused).toBe('outside');
  });

  it('a symlink loop is refused with the same code, never followed forever', () => {
    const root = tmp();
    symlinkSync(join(root, 'b'), join(root, 'a'));
    symlinkSync(join(root, 'a'), join(root, 'b'));
    expect(checkConfined(root, join(root, 'a/x')).refused).toBe('loop');
    expect(() => confineTo(root, join(root, 'a/x'))).toThrow(
      expect.objectContaining({ code: 'PATH_OUTSIDE_REPOSITORY' }),
    );
  });
});

describe('the read-only allow-list', () => {
  it('lets a read land in an allowed folder, never a write, and never its .git', () => {
    const root = tmp();
    const transcripts = tmp();
    mkdirSync(join(transcripts, 'project'));
    const file = join(transcripts, 'project/session.jsonl');
    const options = { readOnly: [transcripts] };
    expect(confineTo(root, file, { ...options, access: 'read' })).toBe(file);
    expect(() => confineTo(root, file, { ...options, access: 'write' })).toThrow(/outside the repository/);
    expect(() => confineTo(root, file, options)).toThrow(/outside the repository/);
    expect(() => confineTo(root, join(transcripts, '.git/config'), { ...options, access: 'read' })).toThrow(
      /git's own folder/,
    );
  });
});

describe('handoffRootOf', () => {
  it('is the repository, else the folder holding .baton/, else the file own folder', () => {
    const repo = tmp();
    mkdirSync(join(repo, '.git'));
    expect(handoffRootOf(join(repo, 'a/b/h.md'))).toBe(repo);
    const plain = tmp();
    expect(handoffRootOf(join(plain, '.baton/handoff.md'))).toBe(plain);
    expect(handoffRootOf(join(plain, 'x/h.md'))).toBe(join(plain, 'x'));
  });
});

describe('climbsOut (a path named in text, with no root)', () => {
  it('is true only for a path that goes above its folder once normalised', () => {
    expect(['../x.ts', 'a/../../x.ts', '..\\x.ts', '..'].map(climbsOut)).toEqual([true, true, true, true]);
    expect(['..notes.md', 'a/../x.ts', 'src/..x/y.ts', '/abs/x.ts', 'x.ts'].map(climbsOut)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
