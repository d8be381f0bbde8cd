import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { captureProvenance } from '../../src/provenance/capture.js';
import { gitProcessCount } from '../../src/provenance/git.js';
import { createTempRepo, type TempRepo, type TempRepoOptions } from '../../src/testing/git-repo.js';

// The answers a capture remembers in the git folder: asked of git once per pair of commits, and
// never an old answer after the repository changed.
const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function tempRepo(options: TempRepoOptions = {}): TempRepo {
  const r = createTempRepo(options);
  repos.push(r);
  return r;
}

function capture(dir: string) {
  const before = gitProcessCount();
  const c = captureProvenance(dir);
  expect(gitProcessCount() - before).toBe(c.gitProcesses);
  return c;
}

const memoFile = (r: TempRepo) => join(r.dir, '.git', 'baton', 'commit-answers');

/** A feature branch one commit ahead of main, in a repository with an origin URL. */
function featureRepo(): TempRepo {
  const r = tempRepo({ origin: 'https://github.com/acme/calc.git' });
  r.git('checkout', '-q', '-b', 'feature');
  r.write('f.txt', 'f\n');
  r.commit('feature');
  return r;
}

describe('answers about commits, remembered in the git folder', () => {
  it('asks for the merge-base once per pair of commits, in the git folder, not the work tree', () => {
    const r = featureRepo();
    const first = capture(r.dir);
    expect(first.gitProcesses).toBe(2);
    expect(first.current.base_commit).toBe(r.git('merge-base', 'HEAD', 'main'));
    expect(existsSync(memoFile(r))).toBe(true);
    expect(r.git('status', '--porcelain')).toBe('');
    const second = capture(r.dir);
    expect(second.gitProcesses).toBe(1);
    expect(second.current).toEqual(first.current);
  });

  it('gives the new merge-base after a commit, a merge, a checkout, a reset and a moved base', () => {
    const r = featureRepo();
    const fresh = () => {
      const c = capture(r.dir);
      const base = c.current.base_ref as string;
      expect(c.current.base_commit).toBe(r.git('merge-base', 'HEAD', base));
      expect(c.current.head).toBe(r.head());
      return c;
    };
    fresh();
    r.commit('feature 2');
    expect(fresh().gitProcesses).toBe(2);
    r.git('checkout', '-q', 'main');
    r.write('m.txt', 'm\n');
    const mainTip = r.commit('on main');
    r.git('checkout', '-q', 'feature');
    const beforeMerge = fresh();
    r.git('merge', '-q', '--no-edit', 'main');
    const merged = fresh();
    expect(merged.current.base_commit).toBe(mainTip);
    expect(merged.current.base_commit).not.toBe(beforeMerge.current.base_commit);
    r.git('reset', '-q', '--hard', 'HEAD~1');
    expect(fresh().current.base_commit).toBe(beforeMerge.current.base_commit);
    // The base ref moved on without the branch: a new pair, asked again; the base is the same.
    r.git('checkout', '-q', 'main');
    r.commit('main moves on');
    r.git('checkout', '-q', 'feature');
    const moved = fresh();
    expect(moved.gitProcesses).toBe(2);
    expect(moved.current.base_commit).toBe(beforeMerge.current.base_commit);
  });

  it('asks for the merge-base again in packed refs, after `git pack-refs`', () => {
    const r = featureRepo();
    const before = capture(r.dir).current.base_commit;
    r.git('checkout', '-q', 'main');
    const tip = r.commit('main moves');
    r.git('checkout', '-q', 'feature');
    r.git('merge', '-q', '--no-edit', 'main');
    r.git('pack-refs', '--all');
    const after = capture(r.dir);
    expect(after.current.base_commit).toBe(tip);
    expect(after.current.base_commit).not.toBe(before);
  });

  it('remembers the root commit of a repository without an origin', () => {
    const r = tempRepo();
    const first = capture(r.dir);
    expect(first.gitProcesses).toBe(2); // status and rev-list: on main, main is the base
    const second = capture(r.dir);
    expect(second.gitProcesses).toBe(1);
    expect(second.current.repository).toBe(first.current.repository);
  });

  it('ignores lines it cannot read and asks git', () => {
    const r = featureRepo();
    const right = capture(r.dir).current.base_commit;
    const text = readFileSync(memoFile(r), 'latin1');
    const [head, base] = text.trim().split(' ').slice(1, 3);
    writeFileSync(memoFile(r), `${text}merge-base ${head} ${base} not-an-id\nmerge-base ${head} ${base}`);
    const c = capture(r.dir);
    expect(c.current.base_commit).toBe(right);
  });

  it('remembers nothing in a shallow clone or with replace refs', () => {
    const src = featureRepo();
    src.git('checkout', '-q', 'main');
    src.commit('second on main');
    src.git('checkout', '-q', 'feature');
    const clone = join(dirname(src.dir), 'shallow');
    src.git('clone', '-q', '--depth', '1', '--no-single-branch', `file://${src.dir}`, clone);
    src.git('-C', clone, 'checkout', '-q', 'feature');
    captureProvenance(clone);
    expect(existsSync(join(clone, '.git', 'baton', 'commit-answers'))).toBe(false);

    const r = featureRepo();
    const other = r.commit('another');
    r.git('replace', other, 'HEAD~1');
    captureProvenance(r.dir);
    expect(capture(r.dir).gitProcesses).toBe(2);
    expect(existsSync(memoFile(r))).toBe(false);
  });
});
