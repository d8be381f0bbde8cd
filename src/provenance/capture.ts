/**
 * Captures the current provenance of the repository that contains a path, in at most three git
 * processes: `status` (head, branch, upstream, changes), `merge-base` (base commit, skipped when
 * the base is the branch itself) and, only without an origin, `rev-list` for the root commit; the
 * last two only the first time their commits are asked about (`_commit-memo.ts`). Everything
 * else is read from files.
 */
import { relative, sep } from 'node:path';
import { UserError } from '../errors.js';
import type { Provenance } from '../handoff/types.js';
import { recall, remember } from './_commit-memo.js';
import { readGitConfig } from './_config.js';
import { readSymref, refExists, resolveRef } from './_refs.js';
import { parseStatus, type StatusResult, type WorktreeChange } from './_status.js';
import { locateRepository, type RepositoryLocation, realPath } from './discover.js';
import { type GitCall, type GitResult, type GitSteps, runSteps } from './git.js';
import { repositoryFromUrl } from './repository-name.js';

/** Paths that never count as changes to the work tree: baton's folder and context-kit's. */
export const OWN_FOLDERS = ['.baton', '.context-kit'] as const;

/** Pathspecs that leave baton's own folders out of status and diffs. */
export const OWN_PATHSPECS = ['.', ...OWN_FOLDERS.map((f) => `:(exclude,top)${f}`)];

/** What was found of the current state; a field is missing when git has no value for it. */
export interface Capture {
  /** Work tree root (real path). */
  root: string;
  /** Every provenance field that has a value now. */
  current: Partial<Provenance>;
  /** The full provenance, when every field has a value. */
  provenance: Provenance | undefined;
  /** Uncommitted changes, baton's own folders left out. */
  changes: WorktreeChange[];
  shallow: boolean;
  linked: boolean;
  /** Why a field is missing, or anything else worth saying, one line each. */
  notes: string[];
  /** Git processes this capture started. */
  gitProcesses: number;
}

/** Options of `captureProvenance`. */
export interface CaptureOptions {
  /** The base ref to use instead of the default (baton.baseRef, origin/HEAD, the default branch). */
  baseRef?: string;
  /** Files that do not count as changes (absolute paths): the handoff itself. */
  exclude?: readonly string[];
}

/**
 * Captures provenance for the repository containing `path`. Throws PROVENANCE_NOT_A_REPO
 * outside a repository and PROVENANCE_GIT_MISSING without git.
 */
export function captureProvenance(path: string, options: CaptureOptions = {}): Capture {
  const loc = repositoryOf(path);
  return runSteps(loc.root, captureSteps(loc, options)).capture;
}

/** The repository containing `path`; PROVENANCE_NOT_A_REPO outside one. */
export function repositoryOf(path: string): RepositoryLocation {
  const loc = locateRepository(path);
  if (!loc) throw new UserError('PROVENANCE_NOT_A_REPO', `${path} is not inside a git repository`);
  return loc;
}

/**
 * The git calls of a capture and what is made of their answers, run by `captureProvenance` (one
 * process at a time, synchronously) and by the servers' cached answers (`statusArgs` adds to the
 * status call; the status as parsed comes back too).
 */
export function* captureSteps(
  loc: RepositoryLocation,
  options: CaptureOptions,
  statusArgs: readonly string[] = [],
): GitSteps<{ capture: Capture; status: StatusResult }> {
  const notes: string[] = [];
  let processes = 0;
  const ask = function* (call: GitCall): GitSteps<GitResult> {
    processes++;
    return yield call;
  };
  // Untracked files one by one, so that the handoff itself can be told apart from other changes.
  const st = yield* ask({
    args: [
      'status',
      '--porcelain=v2',
      '--branch',
      '-z',
      '--untracked-files=all',
      ...statusArgs,
      '--',
      ...OWN_PATHSPECS,
    ],
  });
  if (st.status !== 0) throw statusFailure(loc.root, st.stderr);
  const status = parseStatus(st.stdout);
  const config = readGitConfig(loc.commonDir, loc.gitDir);
  const changes = withoutPaths(loc.root, status.changes, options.exclude ?? []);
  const current: Partial<Provenance> = {
    worktree: loc.root,
    branch: status.branch,
    worktree_state: changes.length > 0 ? 'dirty' : 'clean',
  };
  if (status.head) current.head = status.head;
  else notes.push('the repository has no commits yet');
  const origin = config.get('remote.origin.url');
  if (origin) current.repository = repositoryFromUrl(origin);
  if (status.upstream && !status.upstreamExists) notes.push(`upstream ${status.upstream} is gone`);
  const upstream = status.upstreamExists ? status.upstream : undefined;
  const baseRef = options.baseRef ?? defaultBaseRef(loc.commonDir, config, status.branch, upstream);
  if (baseRef) current.base_ref = baseRef;
  else notes.push('no base ref: no upstream, no origin/HEAD and no default branch');
  const base = yield* baseSteps(ask, loc, status, baseRef, origin !== undefined, current, notes);
  if (base !== undefined) current.base_commit = base;
  if (!origin && status.head) {
    const root = yield* rootSteps(ask, loc, status.head);
    if (root) current.repository = `root:${root.slice(0, 12)}`;
    else notes.push('could not read the root commit');
    notes.push('no origin remote: the repository is identified by its root commit');
  }
  const provenance = isComplete(current) ? current : undefined;
  const { root, shallow, linked } = loc;
  const capture = { root, current, provenance, changes, shallow, linked, notes, gitProcesses: processes };
  return { capture, status };
}

// The base commit: HEAD itself on the base branch, else the merge-base with the base ref.
function* baseSteps(
  ask: (call: GitCall) => GitSteps<GitResult>,
  loc: RepositoryLocation,
  status: StatusResult,
  baseRef: string | undefined,
  hasOrigin: boolean,
  current: Partial<Provenance>,
  notes: string[],
): GitSteps<string | undefined> {
  if (!status.head || !baseRef) return undefined;
  if (baseRef === status.branch) return status.head;
  if (baseRef.startsWith('-')) {
    notes.push(`base ref ${baseRef} is not a ref name`);
    return undefined;
  }
  // A base ref read from the ref files is asked about by its commit, and the answer remembered
  // for the pair of commits (it never changes); one that cannot be read so is asked by name.
  const baseCommit = resolveRef(loc.gitDir, loc.commonDir, baseRef);
  if (baseCommit) {
    const known = recall(loc, ['merge-base', status.head, baseCommit]);
    if (known) return known;
  }
  const mb = yield* ask({ args: ['merge-base', status.head, '--end-of-options', baseCommit ?? baseRef] });
  const found = mb.status === 0 ? mb.stdout.trim().split('\n')[0] : undefined;
  if (found && baseCommit) remember(loc, ['merge-base', status.head, baseCommit], found);
  if (mb.status !== 0 && loc.shallow)
    notes.push('this is a shallow clone: fetch more history to find the base');
  if (found) return found;
  if (mb.status === 1) notes.push(`HEAD and ${baseRef} have no common ancestor`);
  else if (hasOrigin && !/^(origin\/|refs\/)/.test(baseRef)) {
    // A clone that has no local branch of that name (`git clone -b feature`, a CI checkout) still
    // has origin's: the base is the same branch as the remote has it.
    const tracking = `origin/${baseRef}`;
    const again = yield* ask({ args: ['merge-base', 'HEAD', '--end-of-options', tracking] });
    if (again.status === 0) {
      notes.push(`base ref ${baseRef} is not a branch here: ${tracking} stands in for it`);
      return again.stdout.trim().split('\n')[0];
    }
    notes.push(`base ref ${baseRef} does not exist here, nor ${tracking}`);
    delete current.base_ref;
  } else {
    notes.push(`base ref ${baseRef} does not exist here`);
    delete current.base_ref;
  }
  return undefined;
}

// The root commit HEAD's first parents reach, asked of git once per commit.
function* rootSteps(
  ask: (call: GitCall) => GitSteps<GitResult>,
  loc: RepositoryLocation,
  head: string,
): GitSteps<string | undefined> {
  const known = recall(loc, ['root', head]);
  if (known) return known;
  const roots = yield* ask({ args: ['rev-list', '--max-parents=0', '--first-parent', head] });
  const root = roots.status === 0 ? roots.stdout.trim().split('\n').at(-1) : undefined;
  if (root) remember(loc, ['root', head], root);
  return root || undefined;
}

function statusFailure(root: string, stderr: string): UserError {
  const reason = firstLine(stderr);
  if (/not a git repository/i.test(reason)) {
    return new UserError('PROVENANCE_NOT_A_REPO', `${root} is not a usable git repository: ${reason}`);
  }
  return new UserError('PROVENANCE_GIT_FAILED', `git status failed in ${root}: ${reason}`);
}

/** The same capture with `paths` (absolute; the handoff itself) not counted as changes. */
export function excludingPaths(capture: Capture, paths: readonly string[]): Capture {
  const changes = withoutPaths(capture.root, capture.changes, paths);
  if (changes.length === capture.changes.length) return capture;
  const current: Partial<Provenance> = {
    ...capture.current,
    worktree_state: changes.length > 0 ? 'dirty' : 'clean',
  };
  return { ...capture, changes, current, provenance: isComplete(current) ? current : undefined };
}

function withoutPaths(root: string, changes: WorktreeChange[], paths: readonly string[]): WorktreeChange[] {
  // A clean tree has nothing to leave out: no path need be resolved (a server asks per request).
  if (paths.length === 0 || changes.length === 0) return changes;
  const own = new Set(paths.map((p) => relative(root, realPath(p)).split(sep).join('/')));
  return changes.filter((c) => !own.has(c.path));
}

/**
 * What the branch will merge into: `git config baton.baseRef` when set; an upstream that is
 * another branch (a branch started from `origin/main`); origin/HEAD's target; the default branch;
 * and only then the branch's own upstream (`feature/x` tracking `origin/feature/x` is where it is
 * pushed, not what it merges into) or the branch itself.
 */
function defaultBaseRef(
  commonDir: string,
  config: Map<string, string>,
  branch: string,
  upstream: string | undefined,
): string | undefined {
  const configured = config.get('baton.baseref')?.trim();
  if (configured) return configured;
  const ownUpstream = upstream !== undefined && tracksItself(config, branch, upstream);
  if (upstream && !ownUpstream) return upstream;
  const originHead = readSymref(commonDir, 'refs/remotes/origin/HEAD');
  if (originHead?.startsWith('refs/remotes/')) return originHead.slice('refs/remotes/'.length);
  const candidates = [config.get('init.defaultbranch'), 'main', 'master'].filter((c): c is string => !!c);
  const fallback = candidates.find((name) => refExists(commonDir, `refs/heads/${name}`));
  if (fallback && fallback !== branch) return fallback;
  // On the default branch itself: its upstream (origin/main) if it has one, else the branch.
  return upstream ?? (branch === '(detached)' ? undefined : branch);
}

/** True when `upstream` is the current branch's own copy on a remote (`branch.<b>.merge` names it). */
function tracksItself(config: Map<string, string>, branch: string, upstream: string): boolean {
  const merge = config.get(`branch.${branch}.merge`);
  const remote = config.get(`branch.${branch}.remote`);
  // A local branch as upstream (remote ".") is another branch, never the branch's own copy.
  if (remote === '.') return false;
  if (merge) return merge.replace(/^refs\/heads\//, '') === branch;
  return upstream.endsWith(`/${branch}`);
}

function isComplete(p: Partial<Provenance>): p is Provenance {
  return (
    !!p.repository &&
    !!p.worktree &&
    !!p.branch &&
    !!p.head &&
    !!p.base_ref &&
    !!p.base_commit &&
    !!p.worktree_state
  );
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.replace(/^fatal:\s*/, '')
      .trim() ?? 'unknown error'
  );
}
