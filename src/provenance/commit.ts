/**
 * The few git writes and path checks the run engine's committer needs: what a path was at a
 * commit and is now, a commit of exactly some paths, and finding a task's commit again after a
 * crash. Kept here because provenance/ is the only place that starts git.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { runGit } from './git.js';

/** A path at a commit and in the work tree now. */
export interface PathState {
  path: string;
  /** Blob id at the commit, undefined when the path did not exist there. */
  before: string | undefined;
  /** Blob id of the file now, undefined when it does not exist now. */
  now: string | undefined;
}

/** HEAD's commit id, or undefined before the first commit. */
export function headCommit(root: string): string | undefined {
  const r = runGit(root, ['rev-parse', '--verify', '-q', 'HEAD']);
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Each path's blob at `commit` and now (two git processes however many paths). */
export function pathStates(root: string, commit: string | undefined, paths: readonly string[]): PathState[] {
  const before = new Map<string, string>();
  if (commit && paths.length > 0) {
    const r = runGit(root, ['ls-tree', '-z', '--full-tree', commit, '--', ...paths.map(literal)]);
    for (const entry of r.stdout.split('\0')) {
      const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
      if (m) before.set(m[2] as string, m[1] as string);
    }
  }
  const now = new Map<string, string>();
  const present = paths.filter((p) => {
    const full = join(root, p);
    return existsSync(full) && statSync(full).isFile();
  });
  if (present.length > 0) {
    const r = runGit(root, ['hash-object', '--no-filters', '--stdin-paths'], {
      input: `${present.join('\n')}\n`,
    });
    const ids = r.stdout.trim().split('\n');
    present.forEach((p, i) => {
      if (ids[i]) now.set(p, ids[i] as string);
    });
  }
  return paths.map((path) => ({ path, before: before.get(path), now: now.get(path) }));
}

/**
 * Commits exactly `paths` (added, changed or deleted) with `message`, leaving every other change
 * in the work tree and index alone. Returns the new commit id.
 */
export function commitPaths(root: string, paths: readonly string[], message: string): string {
  const specs = paths.map(literal);
  const add = runGit(root, ['add', '-A', '-f', '--', ...specs]);
  if (add.status !== 0) throw gitFailure('git add', add.stderr);
  const commit = runGit(root, ['commit', '-q', '--only', '-m', message, '--', ...specs]);
  if (commit.status !== 0) throw gitFailure('git commit', commit.stderr || commit.stdout);
  const head = headCommit(root);
  if (!head) throw gitFailure('git commit', 'no HEAD after committing');
  return head;
}

/** The commit (after `since`) whose message carries both trailers, if there is one. */
export function findCommitWithTrailers(
  root: string,
  trailers: Record<string, string>,
  since?: string,
): string | undefined {
  const greps = Object.entries(trailers).flatMap(([k, v]) => ['--grep', `^${k}: ${escapeRegExp(v)}$`]);
  const range = since ? [`${since}..HEAD`] : ['HEAD'];
  const r = runGit(root, ['log', '--format=%H', '--all-match', ...greps, '--end-of-options', ...range, '--']);
  return r.status === 0 ? r.stdout.trim().split('\n')[0] || undefined : undefined;
}

// Paths are literal: a file named `*.ts` or `:(exclude)x` means that file, nothing more.
function literal(path: string): string {
  return `:(literal,top)${path}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function gitFailure(what: string, stderr: string): UserError {
  const line = stderr.split('\n').find((l) => l.trim() !== '') ?? 'unknown error';
  return new UserError('PROVENANCE_GIT_FAILED', `${what} failed: ${line.replace(/^(fatal|error):\s*/, '')}`);
}
