/**
 * The servers' git answers (issue 23): one per repository state. Every cached answer is checked
 * against the repository changing under it (commit, checkout, edit, stage, new files, deletes,
 * modes, ignore rules, refs, a key merged into the base ref) and must then be what git says now;
 * an unchanged repository is answered without a git process.
 */
import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync, chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrustRoots } from '../../src/governance/trust.js';
import type { Provenance } from '../../src/handoff/types.js';
import { GitAnswers } from '../../src/provenance/answers.js';
import { type Capture, captureProvenance } from '../../src/provenance/capture.js';
import { gitProcessCount } from '../../src/provenance/git.js';
import { recogniseRepository } from '../../src/provenance/identity.js';
import { describeSince } from '../../src/provenance/since.js';
import type { TempRepo } from '../../src/testing/git-repo.js';
import { tempRepos } from '../support/temp-repos.js';

const newRepo = tempRepos();

function repo(): TempRepo {
  const r = newRepo({ origin: 'https://github.com/acme/answers.git' });
  r.write('src/a.txt', 'aaaa\n');
  r.write('src/b.txt', 'bbbb\n');
  r.write('.gitignore', 'build/\n*.log\n');
  mkdirSync(join(r.dir, 'empty', 'deeper'), { recursive: true });
  r.commit('sources');
  r.git('switch', '-qc', 'feature');
  r.write('src/c.txt', 'cccc\n');
  r.commit('feature work');
  return r;
}

// Past the margin within which stat data cannot be trusted (racy timestamps), as git waits out
// its own index's timestamp.
const settle = () => new Promise((r) => setTimeout(r, 250));

const plain = (c: Capture) => ({ ...c, gitProcesses: 0 });

async function processesOf<T>(fn: () => Promise<T>): Promise<{ value: T; processes: number }> {
  const before = gitProcessCount();
  const value = await fn();
  return { value, processes: gitProcessCount() - before };
}

/** Asks once, waits, checks the answer is now cached, changes the repository, asks again. */
async function afterChange(r: TempRepo, change: () => void): Promise<{ before: Capture; after: Capture }> {
  const answers = new GitAnswers();
  await settle();
  const before = await answers.capture(r.dir);
  const cached = await processesOf(() => answers.capture(r.dir));
  expect(cached.processes).toBe(0);
  expect(plain(cached.value)).toEqual(plain(before));
  change();
  const after = await answers.capture(r.dir);
  // The truth: the CLI's capture, which asks git every time.
  expect(plain(after)).toEqual(plain(captureProvenance(r.dir)));
  return { before, after };
}

describe('GitAnswers.capture', () => {
  it('answers as captureProvenance does, and an unchanged repository without starting git', async () => {
    const r = repo();
    const answers = new GitAnswers();
    const first = await processesOf(() => answers.capture(r.dir));
    expect(first.processes).toBe(2);
    expect(plain(first.value)).toEqual(plain(captureProvenance(r.dir)));
    await settle();
    await answers.capture(r.dir);
    for (let i = 0; i < 3; i++) {
      const again = await processesOf(() => answers.capture(join(r.dir, 'src')));
      expect(again.processes).toBe(0);
      expect(again.value.gitProcesses).toBe(0);
      expect(plain(again.value)).toEqual(plain(first.value));
    }
  });

  it('sees a commit, a checkout and a reset', async () => {
    const r = repo();
    const commit = await afterChange(r, () => r.commit('empty'));
    expect(commit.after.current.head).not.toBe(commit.before.current.head);
    const checkout = await afterChange(r, () => r.git('switch', '-q', 'main'));
    expect(checkout.after.current.branch).toBe('main');
    const reset = await afterChange(r, () => r.git('reset', '-q', '--hard', 'HEAD~1'));
    expect(reset.after.current.head).not.toBe(reset.before.current.head);
  });

  it('sees an edit that keeps the size, a delete, a mode change and a rename', async () => {
    const r = repo();
    const edit = await afterChange(r, () => writeFileSync(join(r.dir, 'src/a.txt'), 'AAAA\n'));
    expect(edit.after.changes).toEqual([{ path: 'src/a.txt', kind: 'modified' }]);
    r.git('checkout', '-q', '--', '.');
    const gone = await afterChange(r, () => rmSync(join(r.dir, 'src/b.txt')));
    expect(gone.after.changes).toEqual([{ path: 'src/b.txt', kind: 'deleted' }]);
    r.git('checkout', '-q', '--', '.');
    const mode = await afterChange(r, () => chmodSync(join(r.dir, 'src/c.txt'), 0o755));
    expect(mode.after.changes).toEqual([{ path: 'src/c.txt', kind: 'modified' }]);
    chmodSync(join(r.dir, 'src/c.txt'), 0o644);
    const moved = await afterChange(r, () => renameSync(join(r.dir, 'src/a.txt'), join(r.dir, 'src/z.txt')));
    expect(moved.after.changes.map((c) => c.kind).sort()).toEqual(['deleted', 'untracked']);
  });

  it('sees a change put back to the same bytes, and staging', async () => {
    const r = repo();
    writeFileSync(join(r.dir, 'src/a.txt'), 'AAAA\n');
    const back = await afterChange(r, () => writeFileSync(join(r.dir, 'src/a.txt'), 'aaaa\n'));
    expect(back.before.current.worktree_state).toBe('dirty');
    expect(back.after.current.worktree_state).toBe('clean');
    writeFileSync(join(r.dir, 'new.txt'), 'new\n');
    const staged = await afterChange(r, () => r.git('add', 'new.txt'));
    expect(staged.before.changes).toEqual([{ path: 'new.txt', kind: 'untracked' }]);
    expect(staged.after.changes).toEqual([{ path: 'new.txt', kind: 'added' }]);
  });

  it('sees new untracked files: at the root, in an empty folder two levels down, none in an ignored folder', async () => {
    const r = repo();
    const root = await afterChange(r, () => writeFileSync(join(r.dir, 'x.txt'), 'x\n'));
    expect(root.after.changes).toEqual([{ path: 'x.txt', kind: 'untracked' }]);
    rmSync(join(r.dir, 'x.txt'));
    const deep = await afterChange(r, () => writeFileSync(join(r.dir, 'empty/deeper/y.txt'), 'y\n'));
    expect(deep.after.changes).toEqual([{ path: 'empty/deeper/y.txt', kind: 'untracked' }]);
    rmSync(join(r.dir, 'empty/deeper/y.txt'));
    mkdirSync(join(r.dir, 'build'));
    const ignored = await afterChange(r, () => writeFileSync(join(r.dir, 'build/out.js'), 'x\n'));
    expect(ignored.after.changes).toEqual([]);
    // baton's own folder is never a change either.
    const own = await afterChange(r, () => r.write('.baton/handoff.md', 'x\n'));
    expect(own.after.changes).toEqual([]);
  });

  it('sees the ignore rules change (.gitignore, info/exclude)', async () => {
    const r = repo();
    writeFileSync(join(r.dir, 'notes.md'), 'n\n');
    writeFileSync(join(r.dir, 'todo.md'), 't\n');
    const ignore = await afterChange(r, () => appendFileSync(join(r.dir, '.gitignore'), 'notes.md\n'));
    expect(ignore.after.changes.map((c) => c.path)).toEqual(['.gitignore', 'todo.md']);
    const exclude = await afterChange(r, () => appendFileSync(join(r.dir, '.git/info/exclude'), 'todo.md\n'));
    expect(exclude.after.changes.map((c) => c.path)).toEqual(['.gitignore']);
  });

  it('sees the base move without HEAD moving, loose and packed refs alike', async () => {
    const r = repo();
    const ff = await afterChange(r, () => r.git('branch', '-f', 'main', 'feature'));
    expect(ff.after.current.head).toBe(ff.before.current.head);
    expect(ff.after.current.base_commit).toBe(ff.after.current.head);
    expect(ff.before.current.base_commit).not.toBe(ff.after.current.base_commit);
    r.git('branch', '-f', 'main', 'feature~1');
    r.git('pack-refs', '--all');
    const packed = await afterChange(r, () => r.git('update-ref', 'refs/heads/main', 'feature'));
    expect(packed.after.current.base_commit).toBe(packed.after.current.head);
  });

  it('keeps no answer when the repository changed while git was answering (racy stat data)', async () => {
    const r = repo();
    // A git that edits a file just after answering: the edit is not in its answer, but is in the
    // stat data read after it. Only the racy-timestamp rule keeps that answer from being reused.
    const wrapper = join(r.dir, '..', 'git-then-edit');
    const target = join(r.dir, 'src/a.txt');
    writeFileSync(
      wrapper,
      `#!/bin/sh\ngit "$@"; rc=$?\n[ -n "$EDIT_AFTER" ] && printf 'AAAA\\n' > "$EDIT_AFTER"\nexit $rc\n`,
    );
    chmodSync(wrapper, 0o755);
    const answers = new GitAnswers();
    await settle();
    const saved = { git: process.env.BATON_GIT, edit: process.env.EDIT_AFTER };
    try {
      process.env.BATON_GIT = wrapper;
      process.env.EDIT_AFTER = target;
      expect((await answers.capture(r.dir)).current.worktree_state).toBe('clean');
      delete process.env.EDIT_AFTER;
      const next = await processesOf(() => answers.capture(r.dir));
      expect(next.processes).toBeGreaterThan(0);
      expect(next.value.changes).toEqual([{ path: 'src/a.txt', kind: 'modified' }]);
    } finally {
      for (const [k, v] of [
        ['BATON_GIT', saved.git],
        ['EDIT_AFTER', saved.edit],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it('shares one git answer between questions asked at the same time', async () => {
    const r = repo();
    const answers = new GitAnswers();
    const all = await processesOf(() =>
      Promise.all(Array.from({ length: 20 }, () => answers.capture(r.dir))),
    );
    expect(all.processes).toBe(2);
    for (const c of all.value) expect(plain(c)).toEqual(plain(all.value[0] as Capture));
  });

  it('gives a request the answer checked after it arrived, and never one checked before', async () => {
    const r = repo();
    const answers = new GitAnswers();
    await settle();
    await answers.capture(r.dir);
    // A request arrives; the repository is checked for another request after that.
    const arrived = performance.now();
    const checked = await answers.capture(r.dir);
    expect(checked.changes).toEqual([]);
    r.write('src/a.txt', 'changed after the check\n');
    // The waiting request may take that check: it says how things were after it was sent.
    const waited = await processesOf(() => answers.asOf(arrived).capture(r.dir));
    expect(waited.processes).toBe(0);
    expect(plain(waited.value)).toEqual(plain(checked));
    // A request that arrives now is never answered from a check made before it.
    const now = await answers.asOf(performance.now()).capture(r.dir);
    expect(now.changes.map((c) => c.path)).toEqual(['src/a.txt']);
    expect(plain(now)).toEqual(plain(captureProvenance(r.dir)));
    // And again after the next change.
    r.write('src/b.txt', 'changed again\n');
    const later = await answers.asOf(performance.now()).capture(r.dir);
    expect(later.changes.map((c) => c.path).sort()).toEqual(['src/a.txt', 'src/b.txt']);
  });

  it('finds the repository again for a request that arrived after the last look', async () => {
    const r = repo();
    const answers = new GitAnswers();
    const inner = join(r.dir, 'nested');
    mkdirSync(inner);
    const arrived = performance.now();
    expect((await answers.asOf(arrived).capture(inner)).root).toBe(r.dir);
    // The folder becomes a repository of its own: a new request finds it, not the parent.
    r.git('-C', 'nested', 'init', '-q', '-b', 'main');
    r.git('-C', 'nested', 'commit', '--allow-empty', '-qm', 'nested');
    expect((await answers.asOf(performance.now()).capture(inner)).root).toBe(inner);
  });

  it('leaves the excluded paths out of a cached answer too', async () => {
    const r = repo();
    const answers = new GitAnswers();
    writeFileSync(join(r.dir, 'HANDOFF.md'), 'h\n');
    await settle();
    await answers.capture(r.dir);
    const cached = await processesOf(() => answers.capture(r.dir, { exclude: [join(r.dir, 'HANDOFF.md')] }));
    expect(cached.processes).toBe(0);
    expect(cached.value.changes).toEqual([]);
    expect(cached.value.current.worktree_state).toBe('clean');
  });
});

describe('GitAnswers.hasCommit', () => {
  it('keeps a yes, asks a no again, and sees a commit that arrives later', async () => {
    const r = repo();
    const answers = new GitAnswers();
    const head = r.head();
    expect(await answers.hasCommit(r.dir, head)).toBe(true);
    expect((await processesOf(() => answers.hasCommit(r.dir, head))).processes).toBe(0);
    // A commit made elsewhere (another checkout) is unknown here until it is fetched.
    const other = newRepo({ origin: 'https://github.com/acme/answers.git' });
    other.write('x.txt', 'x\n');
    const foreign = other.commit('elsewhere');
    expect(await answers.hasCommit(r.dir, foreign)).toBe(false);
    r.git('fetch', '-q', other.dir, 'HEAD');
    expect(await answers.hasCommit(r.dir, foreign)).toBe(true);
    expect(await answers.hasCommit(r.dir, 'f'.repeat(40))).toBe(false);
  });
});

describe('GitAnswers.since and folderAtRef', () => {
  it('answers what moved between two commits once', async () => {
    const r = repo();
    const saved = r.head();
    r.write('src/d.txt', 'd\n');
    const head = r.commit('d');
    const answers = new GitAnswers();
    const first = await answers.since(r.dir, saved, head);
    expect(first).toEqual(describeSince(r.dir, saved, head));
    const again = await processesOf(() => answers.since(r.dir, saved, head));
    expect(again.processes).toBe(0);
    expect(again.value).toEqual(first);
  });

  it("reads the base ref's trusted keys once per commit, and a key merged into it at once", async () => {
    const r = repo();
    r.git('switch', '-q', 'main');
    const key = (name: string) => {
      const pem = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' });
      r.write(`.baton/trusted-keys/${name}.pub`, String(pem));
    };
    key('alice');
    r.commit('alice');
    const answers = new GitAnswers();
    const home = join(r.dir, '..', 'home');
    const load = () => loadTrustRoots(r.dir, { home, gitAnswers: answers });
    expect([...(await load()).keys.keys()]).toEqual(['alice']);
    const again = await processesOf(load);
    expect(again.processes).toBe(0);
    // A new key committed on a branch and merged into the base ref.
    r.git('switch', '-qc', 'add-bob');
    key('bob');
    r.commit('bob');
    r.git('switch', '-q', 'main');
    expect([...(await load()).keys.keys()]).toEqual(['alice']);
    r.git('merge', '-q', '--ff-only', 'add-bob');
    const merged = await processesOf(load);
    expect(merged.processes).toBe(2);
    expect([...merged.value.keys.keys()].sort()).toEqual(['alice', 'bob']);
  });

  it('recognises a renamed repository by its history off the event loop, as the CLI does', async () => {
    const r = repo();
    const other = newRepo({ origin: 'https://github.com/acme/other.git' });
    const root = r.git('rev-list', '--max-parents=0', 'HEAD');
    // Two scratch repositories never share a root commit, however close in time they were made.
    expect(other.git('rev-list', '--max-parents=0', 'HEAD')).not.toBe(root);
    const answers = new GitAnswers();
    const cases: Partial<Provenance>[] = [
      { repository: 'acme/old-name', head: r.head() },
      { repository: `root:${root.slice(0, 12)}` },
      { repository: 'acme/other', head: other.head() },
      { repository: 'root:0123456789ab' },
    ];
    const served = await Promise.all(cases.map((saved) => answers.recognise(r.dir, saved)));
    expect(served.map(Boolean)).toEqual([true, true, false, false]);
    expect(served).toEqual(cases.map((saved) => recogniseRepository(r.dir, saved)));
  });
});
