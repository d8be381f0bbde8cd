/**
 * Freshness: compares the saved anchors with the repository that contains the artifact (or
 * only with the values given, without git), and describes what moved since a saved HEAD.
 */
import { dirname } from 'node:path';
import { isBatonError } from '../errors.js';
import { relativeInside } from '../fs/index.js';
import { type Finding, finding } from '../handoff/finding.js';
import type { Provenance } from '../handoff/types.js';
import { compareProvenance } from '../provenance/compare.js';
import type { Capture, ComparedField, GitAnswers, Since } from '../provenance/index.js';

/** Options of `checkFreshness`. */
export interface FreshnessOptions {
  git: boolean;
  current?: Partial<Record<ComparedField, string>>;
  since?: boolean;
  captureCache?: Map<string, Capture | Error>;
  gitAnswers?: GitAnswers;
}

/** Findings of the comparison, and what git showed. */
export interface FreshnessResult {
  findings: Finding[];
  capture?: Capture;
  since?: Since;
}

/** Compares `saved` (from the artifact at `path`) with now. */
export async function checkFreshness(
  path: string,
  saved: Partial<Provenance>,
  options: FreshnessOptions,
): Promise<FreshnessResult> {
  if (!options.git) return { findings: compareProvenance(saved, { flags: options.current }) };
  const findings: Finding[] = [];
  if (Object.keys(saved).length === 0) {
    findings.push(
      finding('INFO', 'no-provenance', 'the handoff records no git provenance, so freshness was not checked'),
    );
    findings.push(...compareProvenance(saved, { flags: options.current }));
    return { findings };
  }
  const { capture, error } = await currentState(path, saved, options);
  if (error) findings.push(finding('INFO', 'git-unavailable', `current values unknown: ${error}`));
  const comparison = compareProvenance(saved, { git: capture?.current ?? {}, flags: options.current });
  if (capture) await recogniseRenamed(saved, capture, comparison, options);
  const since = await explainHeadMove(path, saved, capture, comparison, options);
  findings.push(...comparison);
  // Notes explain missing values; they are only worth a line when something differs.
  if (comparison.some((f) => f.verdict !== 'INFO')) {
    for (const note of capture?.notes ?? []) findings.push(finding('INFO', 'git-note', note));
  }
  const result: FreshnessResult = { findings };
  if (capture) result.capture = capture;
  if (since && options.since !== false) result.since = since;
  return result;
}

/**
 * When HEAD moved (and git, not a flag, says so), describes how; commits that touch only the
 * handoff itself and baton's folders are not movement: the HEAD finding (and the base commit's,
 * when the base is the branch itself) becomes an INFO line. Two git processes, only when HEAD
 * moved.
 */
async function explainHeadMove(
  path: string,
  saved: Partial<Provenance>,
  capture: Capture | undefined,
  comparison: Finding[],
  options: FreshnessOptions,
): Promise<Since | undefined> {
  const moved = comparison.find((f) => f.field === 'head' && f.verdict === 'STALE');
  const head = capture?.current.head;
  if (!moved || !capture || !head || !saved.head || options.current?.head !== undefined) return undefined;
  const { describeSince } = await import('../provenance/since.js');
  const own = path === '<stdin>' ? undefined : relativeInside(capture.root, path);
  const exclude = own ? [own] : [];
  const since = options.gitAnswers
    ? await options.gitAnswers.since(capture.root, saved.head, head, 500, exclude)
    : describeSince(capture.root, saved.head, head, 500, exclude);
  moved.message = `HEAD has moved: ${since.summary}`;
  if (since.relation !== 'moved-on' || since.files.length > 0) return since;
  const n = since.commits.length;
  const count = `${n}${since.truncated ? '+' : ''} commit${n === 1 ? '' : 's'}`;
  const note = `${count} since the saved HEAD ${n === 1 ? 'touches' : 'touch'} only the handoff and baton's folders: not movement`;
  Object.assign(moved, { verdict: 'INFO', code: 'head-own-commits', message: `HEAD moved by ${note}` });
  const base = comparison.find((f) => f.field === 'base_commit' && f.verdict === 'STALE');
  const baseIsBranch =
    options.current?.base_commit === undefined &&
    capture.current.base_commit === head &&
    saved.base_commit !== undefined &&
    saved.head.toLowerCase().startsWith(saved.base_commit.toLowerCase());
  if (base && baseIsBranch) {
    Object.assign(base, {
      verdict: 'INFO',
      code: 'base-own-commits',
      message: `the base is the branch itself; ${note}`,
    });
  }
  return since;
}

/**
 * A repository known by another name (a remote added, removed or renamed) is the same repository
 * when its root commit is: the MISMATCH becomes an INFO line that says what changed. Costs a git
 * process (off the event loop in a server), only when the names differ.
 */
async function recogniseRenamed(
  saved: Partial<Provenance>,
  capture: Capture,
  comparison: Finding[],
  options: FreshnessOptions,
): Promise<void> {
  const differs = comparison.find((f) => f.code === 'repository-differs');
  if (!differs || options.current?.repository !== undefined || !capture.current.repository) return;
  const same = options.gitAnswers
    ? await options.gitAnswers.recognise(capture.root, saved)
    : (await import('../provenance/identity.js')).recogniseRepository(capture.root, saved);
  if (!same) return;
  Object.assign(differs, {
    verdict: 'INFO',
    code: 'repository-renamed',
    message: `the repository is now ${capture.current.repository} (was ${saved.repository}): ${same.reason}, so it is the same repository`,
  });
}

async function currentState(
  path: string,
  saved: Partial<Provenance>,
  options: FreshnessOptions,
): Promise<{ capture?: Capture; error?: string }> {
  const cache = options.captureCache;
  const dir = path === '<stdin>' ? process.cwd() : dirname(path);
  // The saved base ref is the one to measure against, as long as it still exists.
  const baseRef = saved.base_ref && !saved.base_ref.startsWith('-') ? saved.base_ref : undefined;
  const key = `${dir}\0${baseRef ?? ''}`;
  // Loaded lazily: validating without git never loads child_process.
  const { captureProvenance, excludingPaths } = await import('../provenance/capture.js');
  // The handoff file itself never counts as a change to the work tree.
  const own = (c: Capture) => (path === '<stdin>' ? c : excludingPaths(c, [path]));
  const cached = cache?.get(key);
  if (cached) return cached instanceof Error ? { error: cached.message } : { capture: own(cached) };
  try {
    const base = baseRef ? { baseRef } : {};
    const capture = options.gitAnswers
      ? await options.gitAnswers.capture(dir, base)
      : captureProvenance(dir, base);
    cache?.set(key, capture);
    return { capture: own(capture) };
  } catch (error) {
    if (!isBatonError(error)) throw error;
    cache?.set(key, error);
    return { error: error.message };
  }
}
