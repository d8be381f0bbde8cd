/** Findings: what a parser, a rule or a comparison says about one handoff. */
import type { FindingCode } from './finding-codes.js';

export type { FindingCode } from './finding-codes.js';

/** The verdict of a whole report (FORMATS.md §2). */
export type Verdict = 'VALID' | 'INVALID' | 'MISMATCH' | 'STALE' | 'UNTRUSTED';

/** The verdict of one finding: a failing verdict, or INFO that never fails. */
export type FindingVerdict = Exclude<Verdict, 'VALID'> | 'INFO';

/** One thing found about a handoff, printed as one line. */
export interface Finding {
  verdict: FindingVerdict;
  /** Stable identifier of the rule or check, e.g. `section-missing`, `head-moved`. */
  code: FindingCode;
  message: string;
  /** 1-based line in the artifact, when the finding is about a place in it. */
  line?: number;
  /** The front matter field a comparison is about. */
  field?: string;
  saved?: string;
  current?: string;
}

/** A finding, built without repeating the property names at every call. */
export function finding(
  verdict: FindingVerdict,
  code: FindingCode,
  message: string,
  extra: Omit<Finding, 'verdict' | 'code' | 'message'> = {},
): Finding {
  return { verdict, code, message, ...extra };
}
