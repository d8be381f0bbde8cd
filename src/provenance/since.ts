/** What moved between a saved HEAD and now: how they relate, the commits, the files. */
import { COMMIT_RE } from '../handoff/values.js';
import { OWN_PATHSPECS } from './capture.js';
import { type GitSteps, runSteps } from './git.js';

/** How the saved HEAD relates to the current one. */
export type HeadRelation = 'same' | 'moved-on' | 'moved-back' | 'rewritten' | 'unknown';

/** A commit made since the saved HEAD. */
export interface CommitSince {
  sha: string;
  subject: string;
}

/** A file that differs between the saved HEAD and the current one. */
export interface FileSince {
  path: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed' | 'copied' | 'changed';
  from?: string;
}

/** Everything that moved since the saved HEAD. */
export interface Since {
  relation: HeadRelation;
  /** Commits reachable from HEAD and not from the saved head (newest first). */
  commits: CommitSince[];
  /** Commits of the saved head that HEAD no longer has (a rewrite drops them). */
  dropped: CommitSince[];
  /** Committed changes between the saved head and HEAD, baton's folders (and `exclude`) left out. */
  files: FileSince[];
  /** True when the commit list was cut at `maxCommits`. */
  truncated: boolean;
  /** One line for people. */
  summary: string;
}

/**
 * Compares `saved` with `head` in the repository at `root` (two git processes). `exclude` names
 * further repository-relative paths left out of `files` (the handoff itself).
 */
export function describeSince(
  root: string,
  saved: string,
  head: string,
  maxCommits = 500,
  exclude: readonly string[] = [],
): Since {
  return runSteps(root, sinceSteps(saved, head, maxCommits, exclude));
}

/** The git calls of `describeSince` and what is made of their answers. */
export function* sinceSteps(
  saved: string,
  head: string,
  maxCommits: number,
  exclude: readonly string[],
): GitSteps<Since> {
  const unknown = (summary: string): Since => ({
    relation: 'unknown',
    commits: [],
    dropped: [],
    files: [],
    truncated: false,
    summary,
  });
  // Only commit ids reach git: a saved value is data, never an option or a revision expression.
  if (!COMMIT_RE.test(saved) || !COMMIT_RE.test(head)) {
    return unknown(`saved HEAD ${JSON.stringify(saved.slice(0, 64))} is not a commit id`);
  }
  if (head.toLowerCase().startsWith(saved.toLowerCase())) {
    return {
      relation: 'same',
      commits: [],
      dropped: [],
      files: [],
      truncated: false,
      summary: 'HEAD has not moved',
    };
  }
  const log = yield {
    args: [
      'log',
      '--left-right',
      `--max-count=${maxCommits + 1}`,
      '--format=%m%x09%H%x09%s',
      '--end-of-options',
      `${saved}...${head}`,
      '--',
    ],
  };
  if (log.status !== 0) {
    return unknown(
      `saved HEAD ${saved.slice(0, 12)} is not in this repository (history rewritten and pruned, or not fetched)`,
    );
  }
  const commits: CommitSince[] = [];
  const dropped: CommitSince[] = [];
  const lines = log.stdout.split('\n').filter((l) => l !== '');
  for (const line of lines.slice(0, maxCommits)) {
    const tab = line.indexOf('\t', 2);
    const sha = line.slice(2, tab < 0 ? undefined : tab);
    const subject = tab < 0 ? '' : line.slice(tab + 1);
    (line[0] === '<' ? dropped : commits).push({ sha, subject });
  }
  const diff = yield {
    args: [
      'diff',
      '--name-status',
      '-z',
      '--no-renames',
      saved,
      head,
      '--',
      ...OWN_PATHSPECS,
      ...exclude.map((p) => `:(exclude,top,literal)${p}`),
    ],
  };
  const files = diff.status === 0 ? parseNameStatus(diff.stdout) : [];
  const relation: HeadRelation =
    dropped.length === 0 ? 'moved-on' : commits.length === 0 ? 'moved-back' : 'rewritten';
  const more = lines.length > maxCommits ? '+' : '';
  const summary =
    relation === 'moved-on'
      ? `moved on: the saved HEAD is an ancestor of HEAD, ${commitCount(commits.length, more)} since`
      : relation === 'moved-back'
        ? `moved back by ${commitCount(dropped.length, more)}: HEAD is an ancestor of the saved HEAD`
        : `history rewritten: the saved HEAD is not an ancestor of HEAD (${commitCount(commits.length, more, 'new ')}; ${dropped.length} of the saved HEAD's commits ${dropped.length === 1 ? 'is' : 'are'} not in HEAD)`;
  return { relation, commits, dropped, files, truncated: lines.length > maxCommits, summary };
}

function commitCount(n: number, more: string, words = ''): string {
  return `${n}${more} ${words}commit${n === 1 && !more ? '' : 's'}`;
}

const STATUS: Record<string, FileSince['status']> = {
  A: 'added',
  M: 'modified',
  D: 'deleted',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};

function parseNameStatus(out: string): FileSince[] {
  const parts = out.split('\0');
  const files: FileSince[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const code = (parts[i] as string).charAt(0);
    if (!code) continue;
    if (code === 'R' || code === 'C') {
      files.push({
        path: parts[i + 2] as string,
        status: STATUS[code] ?? 'changed',
        from: parts[i + 1] as string,
      });
      i++;
    } else {
      files.push({ path: parts[i + 1] as string, status: STATUS[code] ?? 'changed' });
    }
  }
  return files;
}
