/**
 * Reading git's own files without git, for the servers' cached answers: the index's tracked paths
 * (versions 2, 3 and 4; split and sparse indexes and submodules refused) and a ref's object id
 * (loose, packed, symbolic, and git's order of names), each checked against git itself.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIndexPaths } from '../../src/provenance/_index.js';
import { resolveRef } from '../../src/provenance/_refs.js';
import type { TempRepo } from '../../src/testing/git-repo.js';
import { tempRepos } from '../support/temp-repos.js';

const newRepo = tempRepos();

function repo(): TempRepo {
  const r = newRepo();
  // Names that share long prefixes (version 4 compresses them), a long one and non-ASCII ones.
  for (const name of [
    'src/a.ts',
    'src/ab.ts',
    'src/abc/d.ts',
    'docs/ü ñ.md',
    `${'d/'.repeat(60)}${'x'.repeat(200)}.txt`,
  ])
    r.write(name, `${name}\n`);
  r.commit('files');
  return r;
}

const gitPaths = (r: TempRepo) =>
  r
    .git('ls-files', '-z')
    .split('\0')
    .filter((p) => p !== '');

describe('readIndexPaths', () => {
  it('reads the tracked paths of index versions 2, 3 and 4 as git lists them', () => {
    const r = repo();
    for (const version of ['2', '3', '4']) {
      r.git('update-index', '--index-version', version);
      if (version === '3') r.git('update-index', '--skip-worktree', 'src/a.ts');
      expect(readIndexPaths(join(r.dir, '.git/index'), 20)).toEqual(gitPaths(r));
    }
  });

  it('is [] before there is an index, and undefined for a split index, a submodule or a damaged file', () => {
    const r = newRepo({ initialCommit: false });
    expect(readIndexPaths(join(r.dir, '.git/index'), 20)).toEqual([]);
    const s = repo();
    s.git('update-index', '--split-index');
    expect(readIndexPaths(join(s.dir, '.git/index'), 20)).toBeUndefined();
    const m = repo();
    m.git('update-index', '--add', '--cacheinfo', `160000,${m.head()},vendor/lib`);
    expect(readIndexPaths(join(m.dir, '.git/index'), 20)).toBeUndefined();
    m.write('not-an-index', 'DIRC but not really');
    expect(readIndexPaths(join(m.dir, 'not-an-index'), 20)).toBeUndefined();
  });
});

describe('resolveRef', () => {
  it('resolves loose, packed and symbolic refs in git order, as rev-parse does', () => {
    const r = repo();
    const loc = { gitDir: join(r.dir, '.git'), commonDir: join(r.dir, '.git') };
    const first = r.head();
    r.git('update-ref', 'refs/remotes/origin/main', first);
    r.git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    r.write('z.txt', 'z\n');
    r.commit('z');
    r.git('tag', 'v1', first);
    r.git('pack-refs', '--all');
    r.git('update-ref', 'refs/heads/main', r.head());
    for (const name of ['main', 'origin/main', 'origin', 'v1', 'HEAD', 'refs/heads/main']) {
      expect(resolveRef(loc.gitDir, loc.commonDir, name), name).toBe(
        r.git('rev-parse', '--verify', '-q', name),
      );
    }
    expect(resolveRef(loc.gitDir, loc.commonDir, 'nope')).toBeUndefined();
    expect(resolveRef(loc.gitDir, loc.commonDir, '--all')).toBeUndefined();
    expect(resolveRef(loc.gitDir, loc.commonDir, 'main..v1')).toBeUndefined();
  });
});
