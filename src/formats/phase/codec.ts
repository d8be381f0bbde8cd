/**
 * PhaseHandoff JSON (seed 002), mapped as FORMATS.md §3.5 says: summary → Summary, evidence →
 * Facts (one per key, the value as evidence), openIssues → Open concerns, userPreferences →
 * Preferences, decisionsMade → Decisions, fromPhase/toPhase → from/to. baton's other front
 * matter and title ride along under a `baton` key, which PhaseHandoff readers ignore.
 */
import { type Finding, finding } from '../../handoff/finding.js';
import type { Decision, Fact } from '../../handoff/types.js';
import { emptySections } from '../../handoff/types.js';
import { HANDOFF_SCHEMA } from '../../handoff/values.js';
import { batonBlock, readBatonBlock, unheldLosses, unknownKeyNotes } from '../_meta.js';
import { parseDecision, renderDecision } from '../grammar/items.js';
import { asLine, asLines, asObject, jsonText, readJsonObject } from '../json-text.js';
import type { ParsedHandoff, ParseResult, RenderLoss, RenderResult } from '../types.js';

const PHASE_KEYS = [
  'fromPhase',
  'toPhase',
  'summary',
  'evidence',
  'openIssues',
  'userPreferences',
  'decisionsMade',
] as const;

const NOT_HELD = ['goal', 'done', 'remaining', 'files_touched', 'validation', 'dead_ends', 'notes'] as const;

/** Renders a handoff as PhaseHandoff JSON, with what the format could not hold. */
export function renderPhase(h: ParsedHandoff): RenderResult {
  const losses: RenderLoss[] = unheldLosses(h, NOT_HELD, 'PhaseHandoff JSON');
  const evidence: Record<string, string> = {};
  for (const f of h.facts) {
    if (Object.hasOwn(evidence, f.claim)) {
      losses.push({
        field: 'facts',
        message: `two facts claim "${f.claim}"; PhaseHandoff evidence keeps the first`,
      });
      continue;
    }
    if (f.verdict !== 'confirmed' || f.note !== undefined || f.tag !== undefined) {
      losses.push({
        field: 'facts',
        message: `PhaseHandoff evidence holds a claim and its evidence only; the verdict, note and tag of "${f.claim}" are dropped`,
      });
    }
    evidence[f.claim] = f.evidence;
  }
  const claims = [...new Set(h.facts.map((f) => f.claim))];
  if (Object.keys(evidence).some((k, i) => k !== claims[i])) {
    losses.push({
      field: 'facts',
      message: 'PhaseHandoff evidence is a JSON object: claims that look like numbers are read back first',
    });
  }
  for (const d of h.decisions) {
    if (d.rejected.length > 0) {
      losses.push({
        field: 'decisions',
        message: `PhaseHandoff decisions are one line each; the rejected alternatives of "${d.decision}" are dropped`,
      });
    }
  }
  const out = {
    fromPhase: h.from ?? '',
    toPhase: h.to ?? '',
    summary: h.summary ?? '',
    evidence,
    openIssues: h.open_concerns,
    userPreferences: h.preferences,
    decisionsMade: h.decisions.map((d) => renderDecision({ ...d, rejected: [] })[0] as string),
    baton: batonBlock(h, ['schema', 'from', 'to']),
  };
  return { text: `${jsonText(out, true)}\n`, losses };
}

/** Reads PhaseHandoff JSON into the canonical model; shape errors are INVALID findings. */
export function parsePhase(text: string): ParseResult {
  const h: ParsedHandoff = { ...emptySections(), schema: HANDOFF_SCHEMA };
  const read = readJsonObject(text, 'a PhaseHandoff');
  if (!read.ok) return { format: 'phase', handoff: h, findings: [read.finding] };
  const o = read.value;
  const findings: Finding[] = [];
  const from = asLine(o.fromPhase);
  if (from) h.from = from;
  const to = asLine(o.toPhase);
  if (to) h.to = to;
  const summary = typeof o.summary === 'string' ? o.summary.trim() : asLine(o.summary);
  if (summary) h.summary = summary;
  h.facts = readEvidence(o.evidence, findings);
  h.open_concerns = asLines(o.openIssues, 'openIssues', findings);
  h.preferences = asLines(o.userPreferences, 'userPreferences', findings);
  h.decisions = readDecisions(o.decisionsMade, findings);
  const notes = unknownKeyNotes(o, PHASE_KEYS, findings);
  if (notes.length > 0) h.notes = notes.join('\n\n');
  // A phase handoff passes work on to the next phase: the work itself goes on.
  h.status = 'in-progress';
  readBatonBlock(o.baton, h, findings);
  return { format: 'phase', handoff: h, findings };
}

function readEvidence(value: unknown, findings: Finding[]): Fact[] {
  const evidence = asObject(value, 'evidence', findings);
  if (!evidence) return [];
  const facts: Fact[] = [];
  for (const [key, v] of Object.entries(evidence)) {
    const claim = asLine(key);
    if (!claim) continue;
    facts.push({ verdict: 'confirmed', claim, evidence: asLine(v) ?? 'none' });
  }
  return facts;
}

function readDecisions(value: unknown, findings: Finding[]): Decision[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    findings.push(
      finding('INVALID', 'json-field', '`decisionsMade` must be an array', { field: 'decisionsMade' }),
    );
    return [];
  }
  const out: Decision[] = [];
  for (const item of value) {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const o = item as Record<string, unknown>;
      const decision = asLine(o.decision ?? o.title ?? o.text ?? o.choice);
      if (!decision) continue;
      const reason = asLine(o.reason ?? o.rationale ?? o.why);
      out.push(reason ? { decision, reason, rejected: [] } : { decision, rejected: [] });
      continue;
    }
    const line = asLine(item);
    if (line) out.push(parseDecision(line, []));
  }
  return out;
}
