/**
 * Landing a task's commit, made in its own worktree, on the branch of the repository's main work
 * tree: the change since the worktree's start is merged onto HEAD without touching any index or
 * work tree (`git merge-tree --write-tree`), committed on top of HEAD, HEAD moved only if it is
 * still where it was, and then exactly the changed paths brought up to date in the work tree.
 * Each step is one git process, so a kill -9 between two of them leaves either no new commit on
 * the branch, or the commit on the branch and at worst a work tree one step behind it, which
 * `syncLanded` finishes.
 */
import { literalPathspec, pathStates } from './commit.js';
import { runGit } from './git.js';

/** What landing did: the new commit on the branch, or why the change does not land. */
export type LandResult =
  | { ok: true; commit: string; paths: string[]; unsynced?: string }
  | { ok: false; reason: string };

/**
 * Lands `commit`'s change (everything since it meets HEAD) on HEAD of `root` as one new commit
 * with `message`. Refused, with nothing changed, when the change conflicts with what HEAD gained
 * since, when a changed path has uncommitted changes in the work tree, or when HEAD moves meanwhile.
 */
export function landCommit(root: string, commit: string, message: string): LandResult {
  const head = revParse(root, 'HEAD');
  if (!head) return { ok: false, reason: 'the repository has no HEAD to land on' };
  const merged = runGit(root, ['merge-tree', '--write-tree', '--no-messages', '--name-only', head, commit]);
  const [tree = '', ...conflicts] = merged.stdout.split('\n').filter((l) => l !== '');
  if (merged.status === 1) {
    return {
      ok: false,
      reason: `the change no longer applies to HEAD ${head.slice(0, 12)}: ${quote(conflicts)} changed there since the task started`,
    };
  }
  if (merged.status !== 0 || !/^[0-9a-f]{40,64}$/.test(tree)) {
    return { ok: false, reason: `git merge-tree failed: ${lastLine(merged.stderr)}` };
  }
  const made = runGit(root, ['commit-tree', tree, '-p', head, '-F', '-'], { input: message });
  const landed = made.stdout.trim();
  if (made.status !== 0 || landed === '')
    return { ok: false, reason: `git commit-tree failed: ${lastLine(made.stderr)}` };
  const paths = changedPaths(root, head, landed);
  const local = localChanges(root, landed, paths);
  if (local.length > 0) {
    return {
      ok: false,
      reason: `${quote(local)} ${local.length === 1 ? 'has' : 'have'} uncommitted changes in the work tree that the task's change would overwrite`,
    };
  }
  const moved = runGit(root, ['update-ref', '-m', firstLine(message), 'HEAD', landed, head]);
  if (moved.status !== 0)
    return { ok: false, reason: `HEAD moved while the change was landing: ${lastLine(moved.stderr)}` };
  // From here on the commit is on the branch: nothing may report the landing as failed.
  const synced = checkoutPaths(root, landed, paths);
  return { ok: true, commit: landed, paths, ...(synced ? { unsynced: synced } : {}) };
}

/**
 * After a crash between moving HEAD and updating the work tree: the paths `commit` changed whose
 * index entry is still the parent's (and whose file is the parent's or already the commit's) are
 * checked out from `commit`. A path changed by hand since is left alone. Returns the paths synced.
 */
export function syncLanded(root: string, commit: string): string[] {
  const parent = revParse(root, `${commit}^`);
  if (!parent) return [];
  const paths = changedPaths(root, parent, commit);
  if (paths.length === 0) return [];
  const before = blobs(root, [
    'ls-tree',
    '-r',
    '-z',
    '--full-tree',
    parent,
    '--',
    ...paths.map(literalPathspec),
  ]);
  const index = blobs(root, ['ls-files', '-s', '-z', '--', ...paths.map(literalPathspec)]);
  const stale = pathStates(root, commit, paths)
    .filter((s) => index.get(s.path) === before.get(s.path))
    .filter((s) => s.now === before.get(s.path) || s.now === s.before)
    .map((s) => s.path);
  if (stale.length > 0) checkoutPaths(root, commit, stale);
  return stale;
}

// `git checkout --no-overlay <commit> -- <paths>`: index and files as in the commit, deletions
// included; the reason when git refuses.
function checkoutPaths(root: string, commit: string, paths: readonly string[]): string | undefined {
  if (paths.length === 0) return undefined;
  const r = runGit(root, ['checkout', '--no-overlay', '-q', commit, '--', ...paths.map(literalPathspec)]);
  return r.status === 0 ? undefined : lastLine(r.stderr) || 'git checkout failed';
}

function changedPaths(root: string, from: string, to: string): string[] {
  const r = runGit(root, ['diff-tree', '-r', '-z', '--no-renames', '--name-only', from, to]);
  return r.stdout.split('\0').filter((p) => p !== '');
}

// Paths of the change that the work tree or index holds changes of its own in. An untracked file
// that already is what the change makes (a run record the committer wrote) is not one.
function localChanges(root: string, landed: string, paths: readonly string[]): string[] {
  if (paths.length === 0) return [];
  const r = runGit(root, [
    'status',
    '--porcelain=v1',
    '-z',
    '--untracked-files=all',
    '--no-renames',
    '--',
    ...paths.map(literalPathspec),
  ]);
  const changed: string[] = [];
  const untracked: string[] = [];
  for (const entry of r.stdout.split('\0')) {
    if (entry.length < 4) continue;
    (entry.startsWith('??') ? untracked : changed).push(entry.slice(3));
  }
  for (const s of pathStates(root, landed, untracked)) if (s.now !== s.before) changed.push(s.path);
  return changed.sort();
}

// `<mode> <type> <id>\t<path>` (ls-tree) or `<mode> <id> <stage>\t<path>` (ls-files -s), by path.
function blobs(root: string, args: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of runGit(root, args).stdout.split('\0')) {
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const id = entry
      .slice(0, tab)
      .split(' ')
      .find((w) => /^[0-9a-f]{40,64}$/.test(w));
    if (id) out.set(entry.slice(tab + 1), id);
  }
  return out;
}

function revParse(root: string, rev: string): string | undefined {
  const r = runGit(root, ['rev-parse', '--verify', '-q', `${rev}^{commit}`]);
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function quote(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).map((p) => `\`${p}\``);
  return shown.join(', ') + (paths.length > 5 ? ` and ${paths.length - 5} more` : '');
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
