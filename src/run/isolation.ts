/**
 * A work tree per running task (`--parallel` N > 1): each task's builder, verifier and checks run
 * in a worktree of its own under the run folder, made at HEAD when the task (or a retry after a
 * change that no longer applied) starts, so that no task sees a sibling's half-done files and
 * nothing of a task is left in the user's work tree. The tree is removed when the task commits,
 * kept (and named) when it fails; a resumed run removes the trees a crash left behind.
 */
import { existsSync, lstatSync } from 'node:fs';
import { relative } from 'node:path';
import { headCommit } from '../provenance/commit.js';
import { worktreesIn } from '../provenance/worktree.js';
import { ensureRecordFolder } from './_record-files.js';
import type { RunContext } from './context.js';
import { closeTaskTree, openTaskTree, type TaskTree } from './task-tree.js';

/** True when the run gives each task a work tree of its own. */
export function isolated(ctx: RunContext): boolean {
  return (ctx.options.parallel ?? 1) > 1;
}

/** Where a task's agents and checks run: its own work tree, else the repository root. */
export function workDir(ctx: RunContext, task: string): string {
  return ctx.trees.get(task)?.dir ?? ctx.paths.root;
}

/** Makes task `task`'s work tree at HEAD (replacing one it had), records it, and returns it. */
export async function openTreeFor(ctx: RunContext, task: string, attempt: number): Promise<TaskTree> {
  const { paths } = ctx;
  const dir = paths.worktree(task);
  // The run folder is shared with agents: the folder the trees go in must be a real one inside it.
  ensureRecordFolder(paths, paths.worktrees);
  const previous = ctx.trees.get(task);
  if (previous) {
    // A retry after a change that no longer applied starts again on the new HEAD.
    await closeTaskTree(previous);
    ctx.log.append({
      event: 'worktree-ended',
      task,
      path: relative(paths.root, dir),
      kept: false,
      reason: 'stale',
    });
  } else if (lstatSync(dir, { throwIfNoEntry: false })) await closeTaskTree({ root: paths.root, dir });
  const head = headCommit(paths.root) as string;
  const tree = await openTaskTree(paths.root, dir, head);
  if ('error' in tree) throw new Error(`could not make ${task}'s work tree: ${tree.error}`);
  ctx.trees.set(task, tree);
  ctx.log.append({ event: 'worktree', task, attempt, path: relative(paths.root, dir), commit: head });
  return tree;
}

/** Ends a task's work tree: removed when the task committed, kept for a look when it did not. */
export async function endTreeFor(ctx: RunContext, task: string, committed: boolean): Promise<void> {
  const tree = ctx.trees.get(task);
  if (!tree) return;
  ctx.trees.delete(task);
  if (committed) await closeTaskTree(tree);
  ctx.log.append({
    event: 'worktree-ended',
    task,
    path: relative(ctx.paths.root, tree.dir),
    kept: !committed,
    reason: committed ? 'committed' : 'failed',
  });
}

/**
 * On `--resume`: removes every work tree of the run that no process works in any more (a kill -9
 * left it, or a failed task's tree kept for a look whose task is `retried` now), but those of the
 * tasks in `kept` (failed ones that stay failed).
 */
export async function removeOrphanTrees(
  ctx: RunContext,
  kept: ReadonlySet<string>,
  retried: ReadonlySet<string> = new Set(),
): Promise<void> {
  const { paths } = ctx;
  if (!existsSync(paths.worktrees)) return;
  const known = new Set(worktreesIn(paths.root, paths.worktrees));
  for (const task of ctx.options.plan.tasks) {
    const dir = paths.worktree(task.id);
    if (!known.has(dir) && !lstatSync(dir, { throwIfNoEntry: false })) continue;
    if (kept.has(task.id)) continue;
    await closeTaskTree({ root: paths.root, dir });
    ctx.log.append({
      event: 'worktree-ended',
      task: task.id,
      path: relative(paths.root, dir),
      kept: false,
      reason: retried.has(task.id) ? 'retried' : 'orphaned',
    });
  }
}
