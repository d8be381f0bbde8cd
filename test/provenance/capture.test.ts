import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BatonError } from '../../src/errors.js';
import {
  type Capture,
  type CaptureOptions,
  captureProvenance,
  excludingPaths,
} from '../../src/provenance/capture.js';
import { gitProcessCount } from '../../src/provenance/git.js';
import { createTempRepo, type TempRepo, type TempRepoOptions } from '../../src/testing/git-repo.js';

const repos: TempRepo[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

function tempRepo(options: TempRepoOptions = {}): TempRepo {
  const r = createTempRepo(options);
  repos.push(r);
  return r;
}

function tempFolder(): string {
  const f = realpathSync(mkdtempSync(join(tmpdir(), 'baton-plain-')));
  folders.push(f);
  return f;
}

/** Captures and checks the process budget twice: as reported, and with the global counter. */
function capture(path: string, options?: CaptureOptions): Capture {
  const before = gitProcessCount();
  const c = captureProvenance(path, options);
  const spawned = gitProcessCount() - before;
  expect(c.gitProcesses).toBeLessThanOrEqual(3);
  expect(spawned).toBeLessThanOrEqual(3);
  expect(spawned).toBe(c.gitProcesses);
  return c;
}

/** A bare repository next to `r`, added as `origin`, with `main` pushed to it. */
function addBareOrigin(r: TempRepo): string {
  const bare = join(dirname(r.dir), 'origin.git');
  r.git('init', '-q', '--bare', '-b', 'main', bare);
  r.git('remote', 'add', 'origin', bare);
  r.git('push', '-q', 'origin', 'main');
  return bare;
}

function rootId(r: TempRepo): string {
  const roots = r.git('rev-list', '--max-parents=0', 'HEAD').split('\n');
  return `root:${(roots.at(-1) as string).slice(0, 12)}`;
}

function errorOf(fn: () => unknown): BatonError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BatonError);
    return error as BatonError;
  }
  throw new Error('expected an error');
}

describe('captureProvenance: a plain repository', () => {
  it('captures every field of a clean repository without origin', () => {
    const r = tempRepo();
    const c = capture(r.dir);
    expect(c.root).toBe(r.dir);
    expect(c.shallow).toBe(false);
    expect(c.linked).toBe(false);
    expect(c.changes).toEqual([]);
    expect(c.provenance).toEqual({
      repository: rootId(r),
      worktree: r.dir,
      branch: 'main',
      head: r.head(),
      base_ref: 'main',
      base_commit: r.head(),
      worktree_state: 'clean',
    });
    expect(c.current).toEqual(c.provenance);
    expect(c.notes.some((n) => /no origin/.test(n))).toBe(true);
  });

  it('identifies a repository without origin by the first 12 hex of its root commit', () => {
    const r = tempRepo();
    const root = r.head();
    r.commit('second');
    r.commit('third');
    const c = capture(r.dir);
    expect(c.current.repository).toBe(`root:${root.slice(0, 12)}`);
    expect(c.current.repository).toMatch(/^root:[0-9a-f]{12}$/);
  });

  it('keeps the root identity when an unrelated history is merged in', () => {
    const r = tempRepo();
    const before = capture(r.dir).current.repository;
    r.git('checkout', '-q', '--orphan', 'other');
    r.git('rm', '-q', '-rf', '.');
    r.write('other.txt', 'other\n');
    r.commit('other root');
    r.git('checkout', '-q', 'main');
    r.git('merge', '-q', '--allow-unrelated-histories', '-m', 'merge other', 'other');
    const after = capture(r.dir).current.repository;
    expect(after).toBe(before);
  });

  it('names the repository owner/name from origin, without fetching', () => {
    const r = tempRepo({ origin: 'git@github.com:acme/widgets.git' });
    const c = capture(r.dir);
    expect(c.current.repository).toBe('acme/widgets');
    expect(c.notes.some((n) => /no origin/.test(n))).toBe(false);
    // origin is set but has no refs: base is the default branch, which is the current one
    expect(c.current.base_ref).toBe('main');
    expect(c.current.base_commit).toBe(r.head());
    expect(c.gitProcesses).toBe(1);
  });

  it('reads origin from a config file included by the repository config', () => {
    const r = tempRepo();
    writeFileSync(
      join(r.dir, '.git', 'extra.cfg'),
      '[remote "origin"]\n\turl = https://example.com/inc/luded.git\n',
    );
    r.git('config', 'include.path', 'extra.cfg');
    expect(r.git('remote', 'get-url', 'origin')).toBe('https://example.com/inc/luded.git');
    expect(capture(r.dir).current.repository).toBe('inc/luded');
  });

  it('captures the repository root from a subfolder, a file, and a path that does not exist yet', () => {
    const r = tempRepo();
    r.write('src/deep/file.ts', 'export {};\n');
    r.commit('add file');
    for (const p of [
      join(r.dir, 'src', 'deep'),
      join(r.dir, 'src', 'deep', 'file.ts'),
      join(r.dir, 'src', 'new', 'later.md'),
    ]) {
      const c = capture(p);
      expect(c.root).toBe(r.dir);
      expect(c.current.worktree).toBe(r.dir);
      expect(c.current.head).toBe(r.head());
    }
  });

  it('works in a repository whose path has spaces', () => {
    const r = tempRepo({ prefix: 'my repo with spaces' });
    expect(r.dir).toContain(' ');
    r.write('a folder/a file.txt', 'x\n');
    r.commit('spaced');
    const c = capture(join(r.dir, 'a folder'));
    expect(c.root).toBe(r.dir);
    expect(c.provenance?.worktree).toBe(r.dir);
    expect(c.provenance?.head).toBe(r.head());
    expect(c.current.worktree_state).toBe('clean');

    const edited = r.write('a folder/a file.txt', 'y\n');
    const dirty = capture(r.dir);
    expect(dirty.changes).toEqual([{ path: 'a folder/a file.txt', kind: 'modified' }]);
    expect(capture(r.dir, { exclude: [edited] }).current.worktree_state).toBe('clean');
  });
});

describe('captureProvenance: branch', () => {
  it('reports the current branch', () => {
    const r = tempRepo();
    r.git('checkout', '-q', '-b', 'feature/x-1');
    expect(capture(r.dir).current.branch).toBe('feature/x-1');
  });

  it('reports (detached) on a detached HEAD, with the default branch as base', () => {
    const r = tempRepo();
    const first = r.head();
    r.commit('second');
    r.git('checkout', '-q', '--detach', first);
    const c = capture(r.dir);
    expect(c.current.branch).toBe('(detached)');
    expect(c.current.head).toBe(first);
    expect(c.current.base_ref).toBe('main');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'main'));
    expect(c.provenance).toBeDefined();
  });

  it('has no base ref on a detached HEAD when no default branch exists', () => {
    const r = tempRepo({ branch: 'dev' });
    r.git('checkout', '-q', '--detach');
    const c = capture(r.dir);
    expect(c.current.branch).toBe('(detached)');
    expect(c.current.base_ref).toBeUndefined();
    expect(c.current.base_commit).toBeUndefined();
    expect(c.provenance).toBeUndefined();
    expect(c.notes.some((n) => /no base ref/.test(n))).toBe(true);
  });
});

describe('captureProvenance: base ref', () => {
  it('uses an explicit base ref and computes base_commit with merge-base', () => {
    const r = tempRepo();
    r.commit('on main');
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('on feature 1');
    r.git('checkout', '-q', 'main');
    r.commit('main moves on');
    r.git('checkout', '-q', 'feature');
    r.commit('on feature 2');
    const c = capture(r.dir, { baseRef: 'main' });
    expect(c.current.base_ref).toBe('main');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'main'));
    expect(c.current.base_commit).not.toBe(r.git('rev-parse', 'main'));
  });

  it("takes origin/HEAD, not the branch's own upstream, as the base (issue 24 item 5)", () => {
    const r = tempRepo();
    const bare = addBareOrigin(r);
    r.git('checkout', '-q', '-b', 'feature/x');
    r.commit('feature pushed');
    r.git('push', '-q', 'origin', 'feature/x');
    r.git('branch', '-u', 'origin/feature/x');
    r.git('remote', 'set-head', 'origin', 'main');
    const c = capture(r.dir);
    expect(c.current.repository).toBe(`${basename(dirname(bare))}/origin`);
    // Before: base_ref origin/feature/x with base_commit equal to head.
    expect(c.current.base_ref).toBe('origin/main');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'origin/main'));
    expect(c.current.base_commit).not.toBe(c.current.head);
    expect(c.provenance).toBeDefined();
    expect(c.gitProcesses).toBe(2);
  });

  it('without origin/HEAD, a branch tracking its own copy is based on the default branch; main on origin/main', () => {
    const r = tempRepo();
    addBareOrigin(r);
    r.git('push', '-q', '-u', 'origin', 'main');
    expect(capture(r.dir).current.base_ref).toBe('origin/main');
    r.git('checkout', '-q', '-b', 'feature/x');
    r.commit('feature');
    r.git('push', '-q', '-u', 'origin', 'feature/x');
    const c = capture(r.dir);
    expect(c.current.base_ref).toBe('main');
    expect(c.current.base_commit).toBe(r.git('rev-parse', 'main'));
  });

  it('takes an upstream that is another branch (started from origin/develop), and git config baton.baseRef first', () => {
    const r = tempRepo();
    addBareOrigin(r);
    r.git('branch', 'develop');
    r.git('push', '-q', 'origin', 'main', 'develop');
    r.git('remote', 'set-head', 'origin', 'main');
    r.git('checkout', '-q', '-b', 'fix', '--track', 'origin/develop');
    r.commit('fix');
    expect(capture(r.dir).current.base_ref).toBe('origin/develop');
    r.git('config', 'baton.baseRef', 'main');
    expect(capture(r.dir).current.base_ref).toBe('main');
  });

  it('uses an upstream that is a local branch', () => {
    const r = tempRepo();
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature');
    r.git('branch', '--set-upstream-to=main', 'feature');
    const c = capture(r.dir);
    expect(c.current.base_ref).toBe('main');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'main'));
  });

  it("falls back to origin/HEAD's target when there is no upstream", () => {
    const r = tempRepo();
    addBareOrigin(r);
    r.git('fetch', '-q', 'origin');
    r.git('remote', 'set-head', 'origin', 'main');
    r.commit('main ahead of origin');
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature');
    const c = capture(r.dir);
    expect(c.current.base_ref).toBe('origin/main');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'origin/main'));
    // not the local main, which has moved past origin
    expect(c.current.base_commit).not.toBe(r.git('merge-base', 'HEAD', 'main'));
  });

  it('follows origin/HEAD to whatever branch it names', () => {
    const r = tempRepo();
    addBareOrigin(r);
    r.git('branch', 'develop');
    r.git('push', '-q', 'origin', 'develop');
    r.git('remote', 'set-head', 'origin', 'develop');
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature');
    const c = capture(r.dir);
    expect(c.current.base_ref).toBe('origin/develop');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'origin/develop'));
  });

  it('uses a clone: upstream first, origin/HEAD once the upstream is unset', () => {
    const src = tempRepo();
    src.commit('two');
    const clonePath = join(dirname(src.dir), 'clone');
    src.git('clone', '-q', src.dir, clonePath);
    const c1 = capture(clonePath);
    expect(c1.current.base_ref).toBe('origin/main');
    expect(c1.current.branch).toBe('main');
    expect(c1.current.repository).toBe(`${basename(dirname(src.dir))}/repo`);
    src.git('-C', clonePath, 'branch', '--unset-upstream');
    src.git('-C', clonePath, 'checkout', '-q', '-b', 'feature');
    const c2 = capture(clonePath);
    expect(c2.current.base_ref).toBe('origin/main');
    expect(c2.current.base_commit).toBe(src.head());
  });

  it('falls back to the default branch named by init.defaultBranch when it exists', () => {
    const r = tempRepo({ branch: 'trunk' });
    r.git('config', 'init.defaultBranch', 'trunk');
    r.git('branch', 'main');
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature');
    const c = capture(r.dir);
    expect(c.current.base_ref).toBe('trunk');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'trunk'));
    expect(c.gitProcesses).toBe(3);
  });

  it('skips an init.defaultBranch that does not exist, then prefers main over master', () => {
    const r = tempRepo({ branch: 'master' });
    r.git('config', 'init.defaultBranch', 'nope');
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature');
    expect(capture(r.dir).current.base_ref).toBe('master');
    r.git('branch', 'main', 'master');
    expect(capture(r.dir).current.base_ref).toBe('main');
  });

  it('finds the default branch when refs are packed', () => {
    const r = tempRepo();
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature');
    r.git('pack-refs', '--all', '--prune');
    const c = capture(r.dir);
    expect(c.current.base_ref).toBe('main');
    expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'main'));
  });

  it('uses the current branch itself when there is no default branch', () => {
    const r = tempRepo({ branch: 'dev' });
    r.commit('second');
    const c = capture(r.dir);
    expect(c.current.base_ref).toBe('dev');
    expect(c.current.base_commit).toBe(r.head());
    expect(c.provenance).toBeDefined();
  });

  it('drops a base ref that does not exist, with a note', () => {
    const r = tempRepo();
    const c = capture(r.dir, { baseRef: 'origin/nope' });
    expect(c.current.base_ref).toBeUndefined();
    expect(c.current.base_commit).toBeUndefined();
    expect(c.provenance).toBeUndefined();
    expect(c.current.head).toBe(r.head());
    expect(c.notes.some((n) => n.includes('origin/nope') && /does not exist/.test(n))).toBe(true);
  });

  it('never passes an option-like base ref to git', () => {
    const r = tempRepo();
    const c = capture(r.dir, { baseRef: '--output=oops' });
    expect(c.current.base_commit).toBeUndefined();
    expect(c.provenance).toBeUndefined();
    expect(c.notes.some((n) => /not a ref name/.test(n))).toBe(true);
  });

  it('notes a base with no common ancestor and keeps base_commit absent', () => {
    const r = tempRepo();
    r.git('checkout', '-q', '--orphan', 'island');
    r.commit('island root');
    r.git('checkout', '-q', 'main');
    const c = capture(r.dir, { baseRef: 'island' });
    expect(c.current.base_ref).toBe('island');
    expect(c.current.base_commit).toBeUndefined();
    expect(c.notes.some((n) => /no common ancestor/.test(n))).toBe(true);
  });
});

describe('captureProvenance: worktree state', () => {
  it('is dirty for each kind of change, and lists it', () => {
    const r = tempRepo();
    r.write('gone.txt', 'x\n');
    r.write('old name.txt', 'rename me\n');
    r.commit('files');
    r.write('README.md', '# changed\n');
    r.write('staged.txt', 'new\n');
    r.git('add', 'staged.txt');
    r.git('rm', '-q', 'gone.txt');
    r.git('mv', 'old name.txt', 'new name.txt');
    r.write('dir/é untracked.txt', 'u\n');
    const c = capture(r.dir);
    expect(c.current.worktree_state).toBe('dirty');
    expect(c.provenance?.worktree_state).toBe('dirty');
    const byPath = [...c.changes].sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(byPath).toEqual([
      { path: 'README.md', kind: 'modified' },
      { path: 'dir/é untracked.txt', kind: 'untracked' },
      { path: 'gone.txt', kind: 'deleted' },
      { path: 'new name.txt', kind: 'renamed', from: 'old name.txt' },
      { path: 'staged.txt', kind: 'added' },
    ]);
  });

  it('never counts files under .baton/ or .context-kit/ as changes, from any folder', () => {
    const r = tempRepo();
    r.write('sub/keep.txt', 'k\n');
    r.commit('sub');
    r.write('.baton/handoff.md', '# handoff\n');
    r.write('.baton/history/x.md', '# old\n');
    r.write('.context-kit/handoff.md', '# ck\n');
    for (const p of [r.dir, join(r.dir, 'sub'), join(r.dir, '.baton')]) {
      const c = capture(p);
      expect(c.current.worktree_state).toBe('clean');
      expect(c.changes).toEqual([]);
    }
  });

  it('does not count a committed .baton/handoff.md that was changed or deleted', () => {
    const r = tempRepo();
    r.write('.baton/handoff.md', 'v1\n');
    r.write('.context-kit/handoff.md', 'v1\n');
    r.commit('track handoffs');
    r.write('.baton/handoff.md', 'v2\n');
    rmSync(join(r.dir, '.context-kit', 'handoff.md'));
    expect(capture(r.dir).current.worktree_state).toBe('clean');
  });

  it('lists a conflicted file during a merge', () => {
    const r = tempRepo();
    r.git('checkout', '-q', '-b', 'other');
    r.write('README.md', 'other side\n');
    r.commit('other');
    r.git('checkout', '-q', 'main');
    r.write('README.md', 'main side\n');
    r.commit('main');
    expect(() => r.git('merge', '-q', 'other')).toThrow();
    const c = capture(r.dir);
    expect(c.current.worktree_state).toBe('dirty');
    expect(c.changes).toEqual([{ path: 'README.md', kind: 'conflicted' }]);
  });

  it('does not count ignored files', () => {
    const r = tempRepo();
    r.write('.gitignore', 'build/\n');
    r.commit('ignore build');
    r.write('build/out.js', 'x\n');
    expect(capture(r.dir).current.worktree_state).toBe('clean');
  });

  it('still counts other changes next to .baton/ files', () => {
    const r = tempRepo();
    r.write('.baton/handoff.md', '# handoff\n');
    r.write('notes.txt', 'n\n');
    const c = capture(r.dir);
    expect(c.current.worktree_state).toBe('dirty');
    expect(c.changes).toEqual([{ path: 'notes.txt', kind: 'untracked' }]);
  });

  it('leaves out the files given in exclude (absolute paths), only those', () => {
    const r = tempRepo();
    const handoff = r.write('docs/handoff.md', '# handoff\n');
    expect(capture(r.dir).current.worktree_state).toBe('dirty');
    const c = capture(r.dir, { exclude: [handoff] });
    expect(c.current.worktree_state).toBe('clean');
    expect(c.changes).toEqual([]);
    expect(c.provenance?.worktree_state).toBe('clean');

    r.write('other.txt', 'o\n');
    const both = capture(r.dir, { exclude: [handoff] });
    expect(both.current.worktree_state).toBe('dirty');
    expect(both.changes).toEqual([{ path: 'other.txt', kind: 'untracked' }]);
  });

  it('excludes a tracked, modified file too', () => {
    const r = tempRepo();
    r.write('README.md', '# edited\n');
    const c = capture(r.dir, { exclude: [join(r.dir, 'README.md')] });
    expect(c.current.worktree_state).toBe('clean');
  });

  it('excludingPaths removes a path from an existing capture', () => {
    const r = tempRepo();
    const handoff = r.write('HANDOFF.md', '# handoff\n');
    const c = capture(r.dir);
    expect(c.current.worktree_state).toBe('dirty');
    expect(c.provenance?.worktree_state).toBe('dirty');
    const before = gitProcessCount();
    const e = excludingPaths(c, [handoff]);
    expect(gitProcessCount()).toBe(before);
    expect(e.current.worktree_state).toBe('clean');
    expect(e.provenance?.worktree_state).toBe('clean');
    expect(e.changes).toEqual([]);
    // the original is left as it was
    expect(c.current.worktree_state).toBe('dirty');
    // nothing to remove: the same capture back
    expect(excludingPaths(e, [handoff])).toBe(e);
    expect(excludingPaths(c, [join(r.dir, 'not-there.md')])).toBe(c);
  });
});

describe('captureProvenance: unusual situations', () => {
  it('throws PROVENANCE_GIT_MISSING when there is no git binary', () => {
    const r = tempRepo();
    const saved = process.env.BATON_GIT;
    process.env.BATON_GIT = join(r.dir, 'no-such-git-binary');
    let error: BatonError;
    try {
      error = errorOf(() => captureProvenance(r.dir));
    } finally {
      if (saved === undefined) delete process.env.BATON_GIT;
      else process.env.BATON_GIT = saved;
    }
    expect(error.code).toBe('PROVENANCE_GIT_MISSING');
    expect(error.name).toBe('UserError');
  });

  it('throws PROVENANCE_NOT_A_REPO outside a repository, without starting git', () => {
    const plain = tempFolder();
    mkdirSync(join(plain, 'sub'));
    const before = gitProcessCount();
    expect(errorOf(() => captureProvenance(plain)).code).toBe('PROVENANCE_NOT_A_REPO');
    expect(errorOf(() => captureProvenance(join(plain, 'sub'))).code).toBe('PROVENANCE_NOT_A_REPO');
    expect(gitProcessCount()).toBe(before);
  });

  it('throws PROVENANCE_NOT_A_REPO for a .git folder that is not a repository', () => {
    const plain = tempFolder();
    mkdirSync(join(plain, '.git'));
    expect(errorOf(() => captureProvenance(plain)).code).toBe('PROVENANCE_NOT_A_REPO');
  });

  it('captures a repository with no commits yet: no head, no provenance, a note', () => {
    const r = tempRepo({ initialCommit: false });
    const c = capture(r.dir);
    expect(c.root).toBe(r.dir);
    expect(c.current.head).toBeUndefined();
    expect(c.current.base_commit).toBeUndefined();
    expect(c.current.branch).toBe('main');
    expect(c.current.worktree_state).toBe('clean');
    expect(c.provenance).toBeUndefined();
    expect(c.notes.some((n) => /no commits/.test(n))).toBe(true);
    r.write('first.txt', 'f\n');
    expect(capture(r.dir).current.worktree_state).toBe('dirty');
  });

  it('works in a shallow clone', () => {
    const src = tempRepo();
    src.commit('two');
    src.commit('three');
    src.commit('four');
    const clonePath = join(dirname(src.dir), 'shallow clone');
    src.git('clone', '-q', '--depth', '1', `file://${src.dir}`, clonePath);
    const c = capture(clonePath);
    expect(c.shallow).toBe(true);
    expect(c.linked).toBe(false);
    expect(c.root).toBe(clonePath);
    expect(c.provenance).toEqual({
      repository: `${basename(dirname(src.dir))}/repo`,
      worktree: clonePath,
      branch: 'main',
      head: src.head(),
      base_ref: 'origin/main',
      base_commit: src.head(),
      worktree_state: 'clean',
    });
    expect(capture(src.dir).shallow).toBe(false);
  });

  it('notes a shallow clone when the base cannot be found in the history it has', () => {
    const src = tempRepo();
    src.git('branch', 'old');
    src.commit('two');
    src.commit('three');
    const clonePath = join(dirname(src.dir), 'shallow');
    src.git('clone', '-q', '--depth', '1', '--no-single-branch', `file://${src.dir}`, clonePath);
    const c = capture(clonePath, { baseRef: 'origin/old' });
    expect(c.shallow).toBe(true);
    expect(c.current.head).toBe(src.head());
    expect(c.current.base_commit).toBeUndefined();
    expect(c.notes.some((n) => /shallow/.test(n))).toBe(true);
  });

  it('captures a linked worktree: its own root and branch, the same identity', () => {
    const r = tempRepo();
    const wt = join(dirname(r.dir), 'linked tree');
    r.git('worktree', 'add', '-q', '-b', 'feature', wt);
    r.write('main-only.txt', 'dirty main\n');
    writeFileSync(join(wt, 'feature.txt'), 'f\n');
    r.git('-C', wt, 'add', 'feature.txt');
    r.git('-C', wt, 'commit', '-q', '-m', 'feature commit');
    const wtHead = r.git('-C', wt, 'rev-parse', 'HEAD');

    const main = capture(r.dir);
    const linked = capture(join(wt));
    expect(main.linked).toBe(false);
    expect(linked.linked).toBe(true);
    expect(linked.root).toBe(wt);
    expect(linked.current.worktree).toBe(wt);
    expect(linked.current.repository).toBe(main.current.repository);
    expect(linked.current.repository).toBe(rootId(r));
    expect(linked.current.branch).toBe('feature');
    expect(main.current.branch).toBe('main');
    expect(linked.current.head).toBe(wtHead);
    expect(linked.current.base_ref).toBe('main');
    expect(linked.current.base_commit).toBe(r.git('-C', wt, 'merge-base', 'HEAD', 'main'));
    // each tree has its own state
    expect(main.current.worktree_state).toBe('dirty');
    expect(linked.current.worktree_state).toBe('clean');
    expect(linked.provenance).toBeDefined();
  });

  it('gives a linked worktree the origin identity of the main one', () => {
    const r = tempRepo({ origin: 'https://github.com/acme/widgets.git' });
    const wt = join(dirname(r.dir), 'wt');
    r.git('worktree', 'add', '-q', '-b', 'feature', wt);
    const c = capture(join(wt, 'deeper', 'not-yet.md'));
    expect(c.root).toBe(wt);
    expect(c.linked).toBe(true);
    expect(c.current.repository).toBe('acme/widgets');
    expect(c.current.branch).toBe('feature');
  });

  it('captures a submodule (a .git file with a relative gitdir) as its own repository', () => {
    const lib = tempRepo({ origin: 'git@example.com:acme/lib.git' });
    const r = tempRepo();
    r.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib.dir, 'vendor/lib');
    r.commit('add submodule');
    const c = capture(join(r.dir, 'vendor', 'lib'));
    expect(c.root).toBe(join(r.dir, 'vendor', 'lib'));
    expect(c.linked).toBe(false);
    expect(c.current.head).toBe(lib.head());
    expect(c.current.repository).toBe(`${basename(dirname(lib.dir))}/repo`);
    expect(c.current.worktree_state).toBe('clean');
    expect(capture(r.dir).current.worktree_state).toBe('clean');
  });

  it('starts at most three git processes, even in the most expensive case', () => {
    // no origin (root commit lookup) + a base other than the branch (merge-base) + status
    const r = tempRepo();
    r.git('checkout', '-q', '-b', 'feature');
    r.commit('feature');
    r.write('dirty.txt', 'd\n');
    const before = gitProcessCount();
    const c = captureProvenance(r.dir);
    const after = gitProcessCount();
    expect(c.gitProcesses).toBe(3);
    expect(after - before).toBe(3);
    expect(c.provenance).toBeDefined();
  });
});
