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

/** Who commits here: git's committer identity (`Name <email>`), or undefined when git has none. */
export function committerIdentity(root: string): string | undefined {
  const r = runGit(root, ['var', 'GIT_COMMITTER_IDENT']);
  const m = /^(.*<[^>]*>)\s+\d+\s+[-+]\d{4}\s*$/.exec(r.stdout.trim());
  return r.status === 0 && m ? (m[1] as string).trim() : undefined;
}

/** Each path's blob at `commit` and now (two git processes however many paths). */
export function pathStates(root: string, commit: string | undefined, paths: readonly string[]): PathState[] {
  const before = new Map<string, string>();
  if (commit && paths.length > 0) {
    const r = runGit(root, ['ls-tree', '-z', '--full-tree', commit, '--', ...paths.map(literalPathspec)]);
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
  const specs = paths.map(literalPathspec);
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

/** Why git ignores a path: the rule and where it is written (`.gitignore:3: *.env`). */
export interface IgnoredPath {
  path: string;
  rule: string;
}

/** Which of `paths` git ignores (an untracked file matched by .gitignore or exclude files). */
export function ignoredPaths(root: string, paths: readonly string[]): IgnoredPath[] {
  if (paths.length === 0) return [];
  const r = runGit(root, ['check-ignore', '-v', '-z', '--stdin'], { input: `${paths.join('\0')}\0` });
  // 0: some are ignored, 1: none is; anything else is an error, and then nothing is known.
  if (r.status !== 0) return [];
  const f = r.stdout.split('\0');
  const out: IgnoredPath[] = [];
  for (let i = 0; i + 3 < f.length; i += 4) {
    out.push({ path: f[i + 3] as string, rule: `${f[i]}:${f[i + 1]}: ${f[i + 2]}` });
  }
  return out;
}

/** A commit and the paths it touches. */
export interface CommitFiles {
  commit: string;
  subject: string;
  files: string[];
}

/**
 * The commits from `since` (exclusive) to HEAD with the paths each touches (both sides of a
 * rename; a merge against each parent); undefined when `since` is not an ancestor of HEAD.
 */
export function commitsSince(root: string, since: string): CommitFiles[] | undefined {
  if (runGit(root, ['merge-base', '--is-ancestor', since, 'HEAD']).status !== 0) return undefined;
  const r = runGit(root, [
    'log',
    '-z',
    '-m',
    '--no-renames',
    '--name-only',
    '--format=%x01%H%x02%s',
    `${since}..HEAD`,
  ]);
  if (r.status !== 0) return undefined;
  const byCommit = new Map<string, CommitFiles>();
  for (const block of r.stdout.split('\x01').slice(1)) {
    const [head = '', ...rest] = block.split('\0');
    const [sha = '', subject = ''] = head.replace(/\n/g, '').split('\x02');
    const files = rest.map((p) => p.replace(/^\n/, '')).filter((p) => p !== '');
    const entry = byCommit.get(sha) ?? { commit: sha, subject, files: [] };
    for (const file of files) if (!entry.files.includes(file)) entry.files.push(file);
    byCommit.set(sha, entry);
  }
  return [...byCommit.values()];
}

/** A repository-relative path as a literal pathspec: a file named `*.ts` or `:(exclude)x` means that file, nothing more. */
export function literalPathspec(path: string): string {
  return `:(literal,top)${path}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function gitFailure(what: string, stderr: string): UserError {
  const line = stderr.split('\n').find((l) => l.trim() !== '') ?? 'unknown error';
  return new UserError('PROVENANCE_GIT_FAILED', `${what} failed: ${line.replace(/^(fatal|error):\s*/, '')}`);
}
