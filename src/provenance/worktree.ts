/**
 * Work elsewhere and bring the change back: a detached worktree at a commit, the change made in it
 * as a binary patch, and that patch applied to another work tree. Used by remote builders (A2A).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit, runGitAsync } from './git.js';

/** True when `commit` names a commit this repository has. */
export function hasCommit(root: string, commit: string): boolean {
  return runGit(root, ['cat-file', '-e', `${commit}^{commit}`]).status === 0;
}

// Every worktree command reads git's list of a repository's worktrees, and one that adds or prunes
// an entry while another reads the list fails (`failed to read .git/worktrees/X/commondir`): the
// commands that change the list run one at a time per repository; the checkout and the deletion
// of the files, the long parts, run outside it, each in its own tree.
const listChanges = new Map<string, Promise<unknown>>();

function oneAtATime<T>(root: string, change: () => Promise<T>): Promise<T> {
  const next = (listChanges.get(root) ?? Promise.resolve()).then(change, change);
  listChanges.set(
    root,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * Adds a detached worktree of `root` at `commit` in `dir` (which must not exist yet), off the event
 * loop: its checkout is the longest git call a task makes, and tasks make theirs at the same time.
 */
export async function addWorktree(
  root: string,
  dir: string,
  commit: string,
): Promise<{ ok: boolean; error?: string }> {
  const added = await oneAtATime(root, () =>
    runGitAsync(root, ['worktree', 'add', '--detach', '--no-checkout', '--quiet', dir, commit]),
  );
  if (added.status !== 0) return { ok: false, error: lastLine(added.stderr) };
  const filled = await runGitAsync(dir, ['reset', '--hard', '--quiet']);
  return filled.status === 0 ? { ok: true } : { ok: false, error: lastLine(filled.stderr) };
}

/** Removes a worktree added by `addWorktree`, whatever is in it (locked by an add that was killed too). */
export async function removeWorktree(root: string, dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await oneAtATime(root, async () => {
    await runGitAsync(root, ['worktree', 'unlock', dir]);
    await runGitAsync(root, ['worktree', 'prune']);
  });
}

/** The folders of the worktrees of `root` that git knows and that lie inside `folder`. */
export function worktreesIn(root: string, folder: string): string[] {
  const r = runGit(root, ['worktree', 'list', '--porcelain', '-z']);
  return r.stdout
    .split('\0')
    .filter((f) => f.startsWith('worktree '))
    .map((f) => f.slice('worktree '.length))
    .filter((dir) => dir.startsWith(`${folder}/`));
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

/** One path a patch writes, as git itself reads the patch. */
export interface PatchPath {
  /** Repository-relative, `/`-separated, exactly as git will write it. */
  path: string;
  /** The mode after the patch (`000000` when the patch deletes the path, `120000` a symbolic link, `160000` a submodule). */
  mode: string;
  /** For a symbolic link the patch creates or changes: the target it will point to. */
  target?: string;
}

/**
 * Every name `patch` touches as `git apply` reads it (`--numstat -z`: both names of a rename or
 * copy), whether or not the files exist here; the reason when git cannot read the patch.
 */
export function patchNames(
  root: string,
  patch: string,
): { ok: true; names: string[] } | { ok: false; error: string } {
  if (patch.trim() === '') return { ok: true, names: [] };
  const r = runGit(root, ['apply', '--numstat', '-z', '--binary', '-'], { input: patch, encoding: 'latin1' });
  if (r.status !== 0) return { ok: false, error: lastLine(r.stderr) || 'git apply --numstat failed' };
  // `<added>\t<deleted>\t<path>\0`, or for a rename or copy `<added>\t<deleted>\t\0<from>\0<to>\0`.
  const names: string[] = [];
  for (const field of r.stdout.split('\0')) {
    const name = field.includes('\t') ? field.slice(field.lastIndexOf('\t') + 1) : field;
    if (name !== '') names.push(Buffer.from(name, 'latin1').toString('utf8'));
  }
  return { ok: true, names };
}

/**
 * Every path `patch` writes when it is applied at `commit`, read by git, not by a pattern over the
 * patch text: git parses every header form it accepts (plain `---`/`+++` diffs, quoted names,
 * renames, copies, mode changes), so what is listed here is what `git apply` would touch. The
 * patch is applied to a scratch index of `commit` (the work tree and the real index are not
 * touched) and that index is compared with `commit`; a rename lists both of its paths.
 */
export function patchPaths(
  root: string,
  commit: string,
  patch: string,
): { ok: true; paths: PatchPath[] } | { ok: false; error: string } {
  if (patch.trim() === '') return { ok: true, paths: [] };
  const scratch = mkdtempSync(join(tmpdir(), 'baton-patch-'));
  const env = { GIT_INDEX_FILE: join(scratch, 'index') };
  try {
    const read = runGit(root, ['read-tree', commit], { env });
    if (read.status !== 0) return { ok: false, error: lastLine(read.stderr) || `cannot read ${commit}` };
    const apply = runGit(root, ['apply', '--cached', '--binary', '-'], { env, input: patch });
    if (apply.status !== 0) return { ok: false, error: lastLine(apply.stderr) || 'git apply failed' };
    const diff = runGit(root, ['diff-index', '--cached', '--raw', '-z', '--no-renames', commit], {
      env,
      encoding: 'latin1',
    });
    if (diff.status !== 0) return { ok: false, error: lastLine(diff.stderr) || 'git diff-index failed' };
    return { ok: true, paths: rawEntries(diff.stdout).map((e) => withTarget(root, env, e)) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// `:<old mode> <new mode> <old id> <new id> <status>\0<path>\0`, repeated; the path in bytes.
function rawEntries(raw: string): { path: string; mode: string; blob: string }[] {
  const parts = raw.split('\0');
  const entries: { path: string; mode: string; blob: string }[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [, mode = '', , blob = ''] = (parts[i] as string).slice(1).split(' ');
    entries.push({ path: Buffer.from(parts[i + 1] as string, 'latin1').toString('utf8'), mode, blob });
  }
  return entries;
}

function withTarget(
  root: string,
  env: Record<string, string>,
  e: { path: string; mode: string; blob: string },
): PatchPath {
  if (e.mode !== '120000') return { path: e.path, mode: e.mode };
  const blob = runGit(root, ['cat-file', 'blob', e.blob], { env });
  return { path: e.path, mode: e.mode, target: blob.status === 0 ? blob.stdout : '' };
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}
