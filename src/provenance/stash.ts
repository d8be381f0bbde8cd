/**
 * Sets a halted task's leftovers aside: the files it changed and did not commit go to a git
 * stash named after the run and the task, so that the work tree is the person's again and a
 * retry starts from HEAD. Git runs only here (provenance is the one place that starts git).
 */
import { runGit } from './git.js';

/** The stash made, or why none was. */
export type StashResult =
  | { stashed: true; ref: string; commit: string; files: string[] }
  | { stashed: false; why?: string };

/**
 * Stashes `paths` (tracked changes and untracked files, repository-relative) with `message`.
 * Nothing to stash is `{stashed: false}` without a reason; a git refusal says its first line.
 */
export function stashPaths(root: string, paths: readonly string[], message: string): StashResult {
  if (paths.length === 0) return { stashed: false };
  const before = runGit(root, ['rev-parse', '--verify', '-q', 'refs/stash']).stdout.trim();
  const r = runGit(root, ['stash', 'push', '--include-untracked', '-m', message, '--', ...paths]);
  if (r.status !== 0)
    return { stashed: false, why: (r.stderr.trim().split('\n')[0] ?? '').replace(/^fatal:\s*/, '') };
  const commit = runGit(root, ['rev-parse', '--verify', '-q', 'refs/stash']).stdout.trim();
  if (!commit || commit === before) return { stashed: false };
  return { stashed: true, ref: 'stash@{0}', commit, files: [...paths] };
}
