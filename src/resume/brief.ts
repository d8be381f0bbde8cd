/**
 * The resume brief: what a fresh agent needs to carry on, built from a validated handoff and
 * what git says moved since it was written.
 */
import type { ParsedHandoff } from '../formats/types.js';
import type { Finding, Verdict } from '../handoff/finding.js';
import type { Provenance } from '../handoff/types.js';
import type { Since } from '../provenance/since.js';
import type { Report } from '../validate/report.js';
import { type AffectedClaim, affectedClaims, type Changes } from './affected.js';
import { claimsOf } from './claims.js';
import type { ReverifyResult } from './reverify.js';

/** One provenance field then and now. */
export interface ProvenanceRow {
  field: keyof Provenance;
  saved: string | undefined;
  current: string | undefined;
  changed: boolean;
}

/** Everything the brief says, as data (`--json`). */
export interface Brief {
  verdict: Verdict;
  exitCode: number;
  path: string;
  handoff: ParsedHandoff;
  provenance: ProvenanceRow[];
  /** Findings of the validation (stale fields, notes). */
  findings: Finding[];
  since?: Since;
  changes?: Changes;
  /** Claims to re-verify because what they rest on changed. */
  reverify: AffectedClaim[];
  /**
   * The commands of the claims to re-verify, once each, with where each was written: they are
   * the handoff writer's commands, which `--reverify` runs only with consent.
   */
  commands: ReverifyCommand[];
  /** Results of running the claims' commands again (`--reverify`), one per command. */
  reverified?: (ReverifyResult & { claims: AffectedClaim[] })[];
  /** Why `--reverify` ran nothing, when it did not (no consent, or declined). */
  reverifySkipped?: string;
  /** True when the handoff is STALE and every claim the move touched was re-verified now and passed (exit 0). */
  reverifiedPassed?: boolean;
}

/** A command a handoff records, which `--reverify` would run: whose it is and where it is written. */
export interface ReverifyCommand {
  command: string;
  /** Where in the handoff each claim resting on it is written (`Done item 2`). */
  sources: string[];
  /** Who wrote the handoff (its `from`), when it says. */
  writer?: string;
  /** The handoff file it comes from. */
  path: string;
  claims: AffectedClaim[];
}

const FIELDS: (keyof Provenance)[] = [
  'repository',
  'branch',
  'base_ref',
  'head',
  'base_commit',
  'worktree_state',
  'worktree',
];

/** Builds the brief from a report that validate returned (VALID or STALE). */
export function buildBrief(report: Report): Brief {
  const handoff = report.handoff as ParsedHandoff;
  const saved = handoff.provenance;
  const now = report.capture?.current;
  const stale = new Set(report.findings.filter((f) => f.verdict === 'STALE').map((f) => f.field));
  const provenance = FIELDS.map((field) => ({
    field,
    saved: saved?.[field],
    current: now?.[field],
    changed: stale.has(field),
  }));
  const brief: Brief = {
    verdict: report.verdict,
    exitCode: report.exitCode,
    path: report.path,
    handoff,
    provenance,
    findings: report.findings,
    reverify: [],
    commands: [],
  };
  if (report.since) brief.since = report.since;
  if (report.verdict === 'STALE') {
    const changes: Changes = {
      committed: report.since?.files.map((f) => f.path) ?? [],
      uncommitted: report.capture?.changes.map((c) => c.path) ?? [],
    };
    if (report.since?.relation === 'unknown') {
      changes.unknown = 'the saved HEAD is not in this repository, so what changed cannot be known';
    } else if (stale.has('expires_at')) {
      changes.unknown = 'the handoff has expired';
    }
    brief.changes = changes;
    brief.reverify = affectedClaims(claimsOf(handoff), changes);
    brief.commands = commandsOf(brief);
  }
  return brief;
}

// Each command once, however many claims rest on it, with every place it is written.
function commandsOf(brief: Brief): ReverifyCommand[] {
  const byCommand = new Map<string, ReverifyCommand>();
  for (const claim of brief.reverify) {
    if (!claim.command) continue;
    let c = byCommand.get(claim.command);
    if (!c) {
      c = { command: claim.command, sources: [], path: brief.path, claims: [] };
      if (brief.handoff.from) c.writer = brief.handoff.from;
      byCommand.set(claim.command, c);
    }
    c.sources.push(claim.source);
    c.claims.push(claim);
  }
  return [...byCommand.values()];
}
