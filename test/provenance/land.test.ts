/**
 * Landing a commit made in a task's worktree on the main work tree's branch (provenance/land.ts),
 * on real repositories: merged onto a HEAD that moved on, refused with nothing changed when it
 * conflicts or would overwrite uncommitted work, and finished after a crash between moving HEAD
 * and updating the work tree.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitPaths } from '../../src/provenance/commit.js';
import { runGit } from '../../src/provenance/git.js';
import { landCommit, syncLanded } from '../../src/provenance/land.js';
import { addWorktree, removeWorktree } from '../../src/provenance/worktree.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

const MESSAGE = 'TASK-01: work\n\nBaton-Run: R\nBaton-Task: TASK-01\n';

// A repository and a commit made in a worktree of it at its HEAD, changing `files`.
async function setup(files: Record<string, string>): Promise<{ repo: TempRepo; base: string; made: string }> {
  const repo = createTempRepo();
  repo.write('shared.txt', '1\n2\n3\n4\n5\n6\n7\n8\n');
  const base = repo.commit('base');
  const scratch = mkdtempSync(join(tmpdir(), 'baton-land-'));
  const tree = join(scratch, 'tree');
  cleanup.push(
    () => repo.cleanup(),
    () => rmSync(scratch, { recursive: true, force: true }),
  );
  expect((await addWorktree(repo.dir, tree, base)).ok).toBe(true);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(tree, path), text);
  const made = commitPaths(tree, Object.keys(files), MESSAGE);
  await removeWorktree(repo.dir, tree);
  return { repo, base, made };
}

const status = (repo: TempRepo) => repo.git('status', '--porcelain', '--untracked-files=all');

describe('landing a task’s commit', () => {
  it('merges it onto a HEAD that moved on, and brings exactly its paths into the work tree and index', async () => {
    const { repo, made } = await setup({ 'shared.txt': 'one\n2\n3\n4\n5\n6\n7\n8\n', 'new.txt': 'new\n' });
    repo.write('shared.txt', '1\n2\n3\n4\n5\n6\n7\neight\n');
    const moved = repo.commit('another task');
    const landed = landCommit(repo.dir, made, MESSAGE);
    expect(landed.ok).toBe(true);
    const commit = landed.ok ? landed.commit : '';
    expect(repo.head()).toBe(commit);
    expect(repo.git('rev-parse', `${commit}^`)).toBe(moved);
    expect(repo.git('log', '-1', '--format=%B')).toBe(MESSAGE.trim());
    expect(readFileSync(join(repo.dir, 'shared.txt'), 'utf8')).toBe('one\n2\n3\n4\n5\n6\n7\neight\n');
    expect(readFileSync(join(repo.dir, 'new.txt'), 'utf8')).toBe('new\n');
    expect(status(repo)).toBe('');
  });

  it('refuses a change that conflicts with what HEAD gained, changing nothing', async () => {
    const { repo, made } = await setup({ 'shared.txt': 'one\n2\n3\n4\n5\n6\n7\n8\n' });
    repo.write('shared.txt', 'uno\n2\n3\n4\n5\n6\n7\n8\n');
    const moved = repo.commit('another task, the same line');
    const landed = landCommit(repo.dir, made, MESSAGE);
    expect(landed).toEqual({
      ok: false,
      reason: `the change no longer applies to HEAD ${moved.slice(0, 12)}: \`shared.txt\` changed there since the task started`,
    });
    expect(repo.head()).toBe(moved);
    expect(status(repo)).toBe('');
  });

  it('never overwrites uncommitted work, but takes an untracked file that already is what it makes', async () => {
    const { repo, base, made } = await setup({ 'shared.txt': 'one\n', 'record.md': 'the record\n' });
    repo.write('shared.txt', 'mine, not committed\n');
    const refused = landCommit(repo.dir, made, MESSAGE);
    expect(refused).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^`shared.txt` has uncommitted changes/),
    });
    expect(repo.head()).toBe(base);
    expect(readFileSync(join(repo.dir, 'shared.txt'), 'utf8')).toBe('mine, not committed\n');
    repo.git('checkout', '--', 'shared.txt');
    repo.write('record.md', 'something else\n');
    expect(landCommit(repo.dir, made, MESSAGE)).toMatchObject({ ok: false });
    repo.write('record.md', 'the record\n');
    expect(landCommit(repo.dir, made, MESSAGE)).toMatchObject({ ok: true });
    expect(status(repo)).toBe('');
  });

  it('finishes a landing a crash cut between moving HEAD and the work tree, leaving hand edits alone', async () => {
    const { repo, base, made } = await setup({
      'shared.txt': 'one\n',
      'new.txt': 'new\n',
      'other.txt': 'other\n',
    });
    // What landCommit does up to the crash: the commit on top of HEAD, HEAD moved, nothing else.
    const tree = runGit(repo.dir, ['rev-parse', `${made}^{tree}`]).stdout.trim();
    const landed = runGit(repo.dir, ['commit-tree', tree, '-p', base, '-m', MESSAGE]).stdout.trim();
    expect(runGit(repo.dir, ['update-ref', 'HEAD', landed, base]).status).toBe(0);
    repo.write('other.txt', 'edited by hand since\n');
    expect(status(repo)).not.toBe('');
    expect(syncLanded(repo.dir, landed).sort()).toEqual(['new.txt', 'shared.txt']);
    expect(readFileSync(join(repo.dir, 'shared.txt'), 'utf8')).toBe('one\n');
    expect(existsSync(join(repo.dir, 'new.txt'))).toBe(true);
    expect(readFileSync(join(repo.dir, 'other.txt'), 'utf8')).toBe('edited by hand since\n');
    // Only the hand-edited path still differs from the commit; it is the person's to sort out.
    expect(
      status(repo)
        .split('\n')
        .map((l) => l.slice(3)),
    ).toEqual(['other.txt', 'other.txt']);
    // Run again after it finished, it changes nothing.
    expect(syncLanded(repo.dir, landed)).toEqual([]);
  });
});
