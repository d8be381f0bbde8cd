/**
 * Work elsewhere and bring the change back: a detached worktree at a commit, the change made in it
 * as a binary patch, and that patch applied to another work tree. Used by remote builders (A2A).
 */
import { runGit } from './git.js';

/** True when `commit` names a commit this repository has. */
export function hasCommit(root: string, commit: string): boolean {
  return runGit(root, ['cat-file', '-e', `${commit}^{commit}`]).status === 0;
}

/** Adds a detached worktree of `root` at `commit` in `dir` (which must not exist yet). */
export function addWorktree(root: string, dir: string, commit: string): { ok: boolean; error?: string } {
  const r = runGit(root, ['worktree', 'add', '--detach', '--quiet', dir, commit]);
  return r.status === 0 ? { ok: true } : { ok: false, error: lastLine(r.stderr) };
}

/** Removes a worktree added by `addWorktree`, whatever is in it. */
export function removeWorktree(root: string, dir: string): void {
  runGit(root, ['worktree', 'remove', '--force', dir]);
  runGit(root, ['worktree', 'prune']);
}

/** Every change in `dir` since `commit` (new files too) as one binary patch; '' when none. */
export function patchSince(dir: string, commit: string, exclude: readonly string[] = []): string {
  const add = runGit(dir, ['add', '-A', '--', '.', ...exclude.map((p) => `:(exclude)${p}`)]);
  if (add.status !== 0) throw new Error(`git add failed: ${lastLine(add.stderr)}`);
  const diff = runGit(dir, ['diff', '--cached', '--binary', '--no-color', '--no-ext-diff', commit]);
  if (diff.status !== 0) throw new Error(`git diff failed: ${lastLine(diff.stderr)}`);
  return diff.stdout;
}

/** Applies `patch` to the work tree of `root`, all of it or nothing; the reason when it does not apply. */
export function applyPatch(root: string, patch: string): { ok: boolean; error?: string } {
  if (patch.trim() === '') return { ok: true };
  const check = runGit(root, ['apply', '--check', '--binary', '-'], { input: patch });
  if (check.status !== 0) return { ok: false, error: lastLine(check.stderr) || 'git apply --check failed' };
  const apply = runGit(root, ['apply', '--binary', '-'], { input: patch });
  return apply.status === 0 ? { ok: true } : { ok: false, error: lastLine(apply.stderr) };
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
