/**
 * What git can say about claims an agent made (a host's summary, say): whether a commit id names
 * a commit here, and which paths changed, in the work tree or in the latest commits. Each answer
 * is one git process, asked only when a claim needs it.
 */
import { parseStatus } from './_status.js';
import { runGit } from './git.js';

/** A recent commit: its id, subject and the paths it touches. */
export interface RecentCommit {
  commit: string;
  subject: string;
  files: string[];
}

/** The ones of `ids` (abbreviated or full) that name a commit at `root`; undefined when git cannot say. */
export function existingCommits(root: string, ids: readonly string[]): Set<string> | undefined {
  const found = new Set<string>();
  const asked = ids.filter((id) => /^[0-9a-f]{4,64}$/i.test(id));
  if (asked.length === 0) return found;
  const r = runGit(root, ['cat-file', '--batch-check'], {
    input: `${asked.map((id) => `${id}^{commit}`).join('\n')}\n`,
  });
  if (r.status !== 0) return undefined;
  r.stdout.split('\n').forEach((line, i) => {
    // "<sha> commit <size>" when found; "<id>^{commit} missing" or "… ambiguous" when not.
    if (/^[0-9a-f]+ commit \d+$/.test(line) && asked[i] !== undefined) found.add(asked[i] as string);
    else if (/ ambiguous$/.test(line) && asked[i] !== undefined) found.add(asked[i] as string);
  });
  return found;
}

/** Paths changed in the work tree now (modified, added, deleted, renamed, untracked), root-relative; undefined when git cannot say. */
export function worktreeChanges(root: string): Set<string> | undefined {
  const r = runGit(root, ['status', '--porcelain=v2', '-z', '--untracked-files=all']);
  const paths = new Set<string>();
  if (r.status !== 0) return undefined;
  for (const change of parseStatus(r.stdout).changes) {
    paths.add(change.path);
    if (change.from) paths.add(change.from);
  }
  return paths;
}

/** The latest `max` commits on HEAD, newest first, with the paths each touches (none before the first commit). */
export function recentCommits(root: string, max = 100): RecentCommit[] {
  const r = runGit(root, [
    'log',
    '-z',
    '--no-renames',
    '--name-only',
    `--max-count=${max}`,
    '--format=%x01%H%x02%s',
  ]);
  if (r.status !== 0) return [];
  const out: RecentCommit[] = [];
  for (const block of r.stdout.split('\x01').slice(1)) {
    const [head = '', ...rest] = block.split('\0');
    const [commit = '', subject = ''] = head.replace(/\n/g, '').split('\x02');
    out.push({ commit, subject, files: rest.map((p) => p.replace(/^\n/, '')).filter((p) => p !== '') });
  }
  return out;
}
