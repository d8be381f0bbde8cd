/**
 * Freshness: compares the saved anchors with the repository that contains the artifact (or
 * only with the values given, without git), and describes what moved since a saved HEAD.
 */
import { dirname } from 'node:path';
import { isBatonError } from '../errors.js';
import { type Finding, finding } from '../handoff/finding.js';
import type { Provenance } from '../handoff/types.js';
import { compareProvenance } from '../provenance/compare.js';
import type { Capture, ComparedField, Since } from '../provenance/index.js';

/** Options of `checkFreshness`. */
export interface FreshnessOptions {
  git: boolean;
  current?: Partial<Record<ComparedField, string>>;
  since?: boolean;
  captureCache?: Map<string, Capture | Error>;
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
  const { capture, error } = await currentState(path, saved, options.captureCache);
  if (error) findings.push(finding('INFO', 'git-unavailable', `current values unknown: ${error}`));
  const comparison = compareProvenance(saved, { git: capture?.current ?? {}, flags: options.current });
  let since: Since | undefined;
  const moved = comparison.find((f) => f.field === 'head' && f.verdict === 'STALE');
  const head = capture?.current.head;
  if (
    moved &&
    capture &&
    head &&
    saved.head &&
    options.current?.head === undefined &&
    options.since !== false
  ) {
    const { describeSince } = await import('../provenance/since.js');
    since = describeSince(capture.root, saved.head, head);
    moved.message = `HEAD has moved: ${since.summary}`;
  }
  findings.push(...comparison);
  // Notes explain missing values; they are only worth a line when something differs.
  if (comparison.some((f) => f.verdict !== 'INFO')) {
    for (const note of capture?.notes ?? []) findings.push(finding('INFO', 'git-note', note));
  }
  const result: FreshnessResult = { findings };
  if (capture) result.capture = capture;
  if (since) result.since = since;
  return result;
}

async function currentState(
  path: string,
  saved: Partial<Provenance>,
  cache: Map<string, Capture | Error> | undefined,
): Promise<{ capture?: Capture; error?: string }> {
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
    const capture = captureProvenance(dir, baseRef ? { baseRef } : {});
    cache?.set(key, capture);
    return { capture: own(capture) };
  } catch (error) {
    if (!isBatonError(error)) throw error;
    cache?.set(key, error);
    return { error: error.message };
  }
}
