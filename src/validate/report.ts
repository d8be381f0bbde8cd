/** Reports: the verdict of one artifact, its exit code, and every finding behind it. */
import type { ParsedHandoff } from '../formats/types.js';
import type { Finding, Verdict } from '../handoff/finding.js';
import type { Capture, Since } from '../provenance/index.js';

/** Exit code of each verdict (FORMATS.md §2). */
export const EXIT_CODES: Readonly<Record<Verdict, number>> = {
  VALID: 0,
  INVALID: 1,
  MISMATCH: 2,
  STALE: 3,
  UNTRUSTED: 4,
};

// Precedence 1 > 4 > 2 > 3 > 0.
const RANK: Readonly<Record<Verdict, number>> = { VALID: 0, STALE: 1, MISMATCH: 2, UNTRUSTED: 3, INVALID: 4 };

/** The verdict a set of findings adds up to. */
export function verdictOf(findings: readonly Finding[]): Verdict {
  let verdict: Verdict = 'VALID';
  for (const f of findings) if (f.verdict !== 'INFO' && RANK[f.verdict] > RANK[verdict]) verdict = f.verdict;
  return verdict;
}

/** The worst of several verdicts. */
export function worstVerdict(verdicts: readonly Verdict[]): Verdict {
  let worst: Verdict = 'VALID';
  for (const v of verdicts) if (RANK[v] > RANK[worst]) worst = v;
  return worst;
}

/** Size figures of an artifact. */
export interface ReportStats {
  bytes: number;
  lines: number;
  /** Top-level list items over all sections. */
  items: number;
}

/** The outcome of validating one artifact. */
export interface Report {
  verdict: Verdict;
  exitCode: number;
  path: string;
  format: string;
  findings: Finding[];
  stats: ReportStats;
  /** What moved since the saved HEAD, when HEAD moved and git could tell. */
  since?: Since;
  /** The current state read from git, when it was read. */
  capture?: Capture;
  /** The handoff as parsed (absent when the file could not be read). */
  handoff?: ParsedHandoff;
}

/** The outcome of validating several artifacts: the worst verdict wins the exit code. */
export interface ValidationSummary {
  verdict: Verdict;
  exitCode: number;
  reports: Report[];
}

/** A report as `--json` and the servers give it: the capture's internals and the parsed handoff left out. */
export function reportAsJson<T extends { capture?: unknown; handoff?: unknown }>(
  report: T,
): Omit<T, 'capture' | 'handoff'> & { current?: unknown } {
  const { capture, handoff: _handoff, ...rest } = report;
  const current = (capture as { current?: unknown } | undefined)?.current;
  return current ? { ...rest, current } : rest;
}
