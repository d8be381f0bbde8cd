/**
 * A task's own work tree: a detached git worktree of the repository at the commit the task starts
 * from, where its agents work and its checks run, so that nothing of it shows in any other work
 * tree until the committer brings the change back. Used by the run engine (a work tree per task
 * with `--parallel`) and by a remote builder (`baton serve a2a --agent`).
 */
import { join, relative } from 'node:path';
import { commitPaths } from '../provenance/commit.js';
import { addWorktree, patchSince, removeWorktree } from '../provenance/worktree.js';
import { readRecord, writeRecord } from './_record-files.js';
import { type RunPaths, runPaths } from './records.js';

/** A worktree a task works in. */
export interface TaskTree {
  /** The repository the worktree belongs to. */
  root: string;
  /** The worktree's folder. */
  dir: string;
  /** The commit it was made at: the change is everything since. */
  base: string;
}

/** Makes a worktree of `root` at `commit` in `dir` (which must not exist yet), or says why not. */
export async function openTaskTree(
  root: string,
  dir: string,
  commit: string,
): Promise<TaskTree | { error: string }> {
  const added = await addWorktree(root, dir, commit);
  return added.ok ? { root, dir, base: commit } : { error: added.error ?? 'git worktree add failed' };
}

/** Removes the worktree and git's record of it, whatever is left in it. */
export async function closeTaskTree(tree: Pick<TaskTree, 'root' | 'dir'>): Promise<void> {
  await removeWorktree(tree.root, tree.dir);
}

/** What `workInTaskTree` gives back: the work's own answer and the change it made, as a patch. */
export type TreeWork<T> = { ok: true; value: T; patch: string } | { ok: false; error: string };

/**
 * Runs `work` in a new worktree of `root` at `commit`, takes every change made there as one binary
 * patch against `commit`, and removes the worktree however the work ends.
 */
export async function workInTaskTree<T>(
  root: string,
  dir: string,
  commit: string,
  work: (tree: TaskTree) => Promise<T>,
): Promise<TreeWork<T>> {
  const tree = await openTaskTree(root, dir, commit);
  if ('error' in tree) return { ok: false, error: `could not check out ${commit}: ${tree.error}` };
  try {
    const value = await work(tree);
    return { ok: true, value, patch: patchSince(tree.dir, tree.base) };
  } finally {
    await closeTaskTree(tree);
  }
}

/**
 * Commits a passing task's change in its tree: the task's record files (`records`, in the run
 * folder `paths`) are copied to the same place in the tree, and `files` and they are committed
 * there with `message` (git hooks run in the tree). The commit lands on the branch with
 * `landCommit` (provenance/land.ts). Returns the tree's commit.
 */
export function commitInTree(
  tree: TaskTree,
  paths: RunPaths,
  files: readonly string[],
  records: readonly string[],
  message: string,
): string {
  const inTree = runPaths(tree.dir, paths.runId);
  const copied: string[] = [];
  for (const record of records) {
    const read = readRecord(paths, record);
    if (!read || !('text' in read)) continue;
    const rel = relative(paths.root, record);
    writeRecord(inTree, join(tree.dir, rel), read.text);
    copied.push(rel);
  }
  return commitPaths(tree.dir, [...files, ...copied], message);
}
