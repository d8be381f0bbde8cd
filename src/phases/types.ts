/** Seed 002's PhaseHandoff: what one phase of a multi-agent workflow hands to the next. */

/** A decision as Build Studio writes it: a line (`<decision> — because <reason>`) or an object. */
export type PhaseDecision = string | { decision: string; reason?: string; rationale?: string };

/** The PhaseHandoff fields (FORMATS.md §3.5). */
export interface PhaseHandoff {
  fromPhase: string;
  toPhase: string;
  summary: string;
  /** One entry per piece of evidence: what was found, and where or how. */
  evidence: Record<string, unknown>;
  openIssues: string[];
  userPreferences: string[];
  decisionsMade?: PhaseDecision[];
}

/** Where phase handoffs live, relative to the repository root: `<toPhase>.md` for each phase. */
export const PHASES_DIR = '.baton/phases';

/** A phase name: a word that is safe as a file name (letters, digits, `.`, `_`, `-`; 1–64). */
export const PHASE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
