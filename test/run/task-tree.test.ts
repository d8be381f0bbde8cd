/**
 * A task's work tree (src/run/task-tree.ts), on real repositories: the work happens at the commit
 * asked for, its change comes back as a patch that applies to the repository, and the worktree is
 * gone afterwards however the work ended.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatch } from '../../src/provenance/worktree.js';
import { workInTaskTree } from '../../src/run/task-tree.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

function setup(): { repo: TempRepo; scratch: string } {
  const repo = createTempRepo();
  const scratch = mkdtempSync(join(tmpdir(), 'baton-tree-'));
  cleanup.push(
    () => repo.cleanup(),
    () => rmSync(scratch, { recursive: true, force: true }),
  );
  return { repo, scratch };
}

describe('a task work tree', () => {
  it('works at the commit asked for and brings the change back as a patch, the worktree removed', async () => {
    const { repo, scratch } = setup();
    const first = repo.head();
    repo.write('later.txt', 'a commit after the task’s start\n');
    repo.commit('later');
    const dir = join(scratch, 'tree');
    const seen: string[] = [];
    const work = await workInTaskTree(repo.dir, dir, first, async (tree) => {
      seen.push(String(existsSync(join(tree.dir, 'later.txt'))), tree.base);
      writeFileSync(join(tree.dir, 'new.txt'), 'made in the task tree\n');
      writeFileSync(join(tree.dir, 'README.md'), '# changed\n');
      return 'the reply';
    });
    expect(seen).toEqual(['false', first]);
    expect(work.ok && work.value).toBe('the reply');
    expect(existsSync(dir)).toBe(false);
    expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    // Nothing reached the repository's own work tree until the patch is applied there.
    expect(existsSync(join(repo.dir, 'new.txt'))).toBe(false);
    const patch = work.ok ? work.patch : '';
    expect(applyPatch(repo.dir, patch)).toEqual({ ok: true });
    expect(readFileSync(join(repo.dir, 'new.txt'), 'utf8')).toBe('made in the task tree\n');
    expect(readFileSync(join(repo.dir, 'README.md'), 'utf8')).toBe('# changed\n');
  });

  it('removes the worktree when the work throws, and says why when the commit is unknown', async () => {
    const { repo, scratch } = setup();
    const dir = join(scratch, 'tree');
    await expect(
      workInTaskTree(repo.dir, dir, repo.head(), async () => {
        throw new Error('the agent blew up');
      }),
    ).rejects.toThrow('the agent blew up');
    expect(existsSync(dir)).toBe(false);
    expect(repo.git('worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
    const missing = await workInTaskTree(repo.dir, join(scratch, 'other'), 'f'.repeat(40), async () => 1);
    expect(missing.ok).toBe(false);
    expect(missing.ok ? '' : missing.error).toMatch(/^could not check out f{40}: /);
  });
});
