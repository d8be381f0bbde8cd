/** Where a path really leads (issue 11 item 7): the check other parts reuse for boot context and tool paths. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { confineTo, isInside, repositoryRootOf, resolveLinks } from '../../src/fs/inside.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'baton-inside-')));
  made.push(d);
  return d;
}

describe('resolveLinks / isInside / confineTo', () => {
  it('follows links that exist, links that dangle, and keeps parts not created yet', () => {
    const root = tmp();
    const out = tmp();
    mkdirSync(join(root, 'a'));
    symlinkSync(out, join(root, 'a/out'));
    symlinkSync(join(out, 'missing'), join(root, 'dangling'));
    symlinkSync('../a', join(root, 'a/up'));
    expect(resolveLinks(join(root, 'a/out/x/y.md'))).toBe(join(out, 'x/y.md'));
    expect(resolveLinks(join(root, 'dangling/h.md'))).toBe(join(out, 'missing/h.md'));
    expect(resolveLinks(join(root, 'a/up/up/up/z'))).toBe(join(root, 'a/z'));
    expect(resolveLinks(join(root, 'new/folder/h.md'))).toBe(join(root, 'new/folder/h.md'));
  });

  it('says inside only for the root and what is below it, whatever `..` and links say', () => {
    const root = tmp();
    const out = tmp();
    symlinkSync(out, join(root, 'link'));
    expect(isInside(root, root)).toBe(true);
    expect(isInside(root, join(root, 'a/b'))).toBe(true);
    expect(isInside(root, join(root, '../x'))).toBe(false);
    expect(isInside(root, join(root, 'link/f'))).toBe(false);
    // A sibling whose name starts with the root's is not inside it.
    expect(isInside(root, `${root}-other/f`)).toBe(false);
  });

  it('refuses a link loop and a path that leaves, in one line naming where it leads', () => {
    const root = tmp();
    symlinkSync(join(root, 'b'), join(root, 'a'));
    symlinkSync(join(root, 'a'), join(root, 'b'));
    expect(() => confineTo(root, join(root, 'a/x'))).toThrow(/symlink loop/);
    symlinkSync('/etc', join(root, 'etc'));
    expect(() => confineTo(root, join(root, 'etc/passwd'))).toThrow(
      /leads to \/etc\/passwd, outside the repository/,
    );
    expect(confineTo(root, join(root, 'ok.md'))).toBe(join(root, 'ok.md'));
  });
});

describe('repositoryRootOf', () => {
  it('finds the nearest .git above the path, but never through a linked folder below a root', () => {
    const repo = tmp();
    mkdirSync(join(repo, '.git'));
    mkdirSync(join(repo, 'deep/er'), { recursive: true });
    expect(repositoryRootOf(join(repo, 'deep/er/h.md'))).toBe(repo);
    expect(repositoryRootOf(join(repo, 'not/made/yet/h.md'))).toBe(repo);
    // `.baton -> another repository` does not make that repository the root.
    const other = tmp();
    mkdirSync(join(other, '.git'));
    writeFileSync(join(other, 'f'), '');
    symlinkSync(other, join(repo, '.baton'));
    expect(repositoryRootOf(join(repo, '.baton/handoff.md'))).toBe(repo);
    // Nor does a repository reached through a linked folder below it.
    symlinkSync(other, join(repo, 'sub'));
    mkdirSync(join(other, 'inner/.git'), { recursive: true });
    expect(repositoryRootOf(join(repo, 'sub/inner/handoff.md'))).toBe(repo);
    // A link above every repository (a linked home folder) is followed as the user's own path.
    const home = tmp();
    symlinkSync(repo, join(home, 'linked-repo'));
    expect(repositoryRootOf(join(home, 'linked-repo/deep/h.md'))).toBe(repo);
    expect(repositoryRootOf(join(tmp(), 'h.md'))).toBeUndefined();
  });
});
