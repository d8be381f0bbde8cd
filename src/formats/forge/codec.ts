/**
 * FORGE cross-agent handoff JSON (seed 003), mapped as FORMATS.md §3.4 says: task_intent → Goal,
 * evidence → Facts with epistemic tags, reasoning_chain done/failed/pending → Done / Dead ends /
 * Remaining, next_actions → Remaining, constraints → Preferences, escalation_note → Open
 * concerns, floor_state and provenance → Notes as fenced JSON blocks. baton's other front
 * matter and title ride along under a `baton` key, which FORGE readers ignore.
 */
import { type Finding, finding } from '../../handoff/finding.js';
import type { DoneItem, Fact, SubSpec } from '../../handoff/types.js';
import { emptySections } from '../../handoff/types.js';
import {
  EPISTEMIC_RUNGS,
  FACT_VERDICTS,
  HANDOFF_SCHEMA,
  ULID_RE,
  VERIFICATIONS,
} from '../../handoff/values.js';
import { batonBlock, readBatonBlock, unheldLosses, unknownKeyNotes } from '../_meta.js';
import { asLine, asLines, jsonText, readJsonObject } from '../json-text.js';
import { codeSpan, readCodeSpan } from '../text.js';
import type { ParsedHandoff, ParseResult, RenderLoss, RenderResult } from '../types.js';
import { forgeNotes, splitForgeNotes } from './_notes.js';

/** The keys of a FORGE handoff, in the order the skill documents them. */
const FORGE_KEYS = [
  'handoff_id',
  'from_agent',
  'to_agent',
  'task_intent',
  'constraints',
  'evidence',
  'reasoning_chain',
  'floor_state',
  'provenance',
  'next_actions',
  'escalation_note',
] as const;

const NOT_HELD = ['summary', 'decisions', 'files_touched', 'validation'] as const;

/** Renders a handoff as FORGE JSON, with what the format could not hold. */
export function renderForge(h: ParsedHandoff): RenderResult {
  const losses: RenderLoss[] = unheldLosses(h, NOT_HELD, 'FORGE JSON');
  const notes = splitForgeNotes(h.notes);
  if (notes.rest)
    losses.push({
      field: 'notes',
      message: 'FORGE JSON keeps only its floor_state and provenance blocks of Notes',
    });
  const chain: Record<string, unknown>[] = [
    ...h.done.map((d) => ({ action: d.text, result: doneResult(d), status: 'done' })),
    ...h.dead_ends.map((d) => ({ action: d.attempt, result: d.reason ?? '', status: 'failed' })),
    ...h.remaining.map((s) => ({
      action: s.title,
      result: '',
      status: 'pending',
      ...(s.goal === undefined ? {} : { goal: s.goal }),
      ...(s.files_in_scope.length ? { files_in_scope: s.files_in_scope } : {}),
      ...(s.verify_by.length ? { verify_by: s.verify_by } : {}),
      ...(s.notes === undefined ? {} : { notes: s.notes }),
    })),
  ].map((entry, i) => ({ step: i + 1, ...entry }));
  const out = {
    handoff_id: h.id ?? h.extra?.handoff_id ?? '',
    from_agent: h.from ?? '',
    to_agent: h.to ?? '',
    task_intent: h.goal ?? '',
    constraints: h.preferences,
    evidence: h.facts.map((f) => ({
      source: f.evidence,
      ...(f.tag ? { rung: f.tag.rung } : {}),
      ...(f.tag?.confidence === undefined ? {} : { confidence: f.tag.confidence }),
      claim: f.claim,
      verdict: f.verdict,
      ...(f.note === undefined ? {} : { note: f.note }),
    })),
    reasoning_chain: chain,
    floor_state: notes.floor_state ?? {},
    provenance: notes.provenance ?? [],
    next_actions: h.remaining.map((s) => s.title),
    escalation_note: h.open_concerns.join('\n'),
    baton: batonBlock(h, ['schema', 'id', 'from', 'to']),
  };
  return { text: `${jsonText(out, true)}\n`, losses };
}

function doneResult(d: DoneItem): string {
  return d.command ? `verified by ${codeSpan(d.command)} → ${d.result}` : d.result;
}

/** Reads FORGE JSON into the canonical model; shape errors are INVALID findings, never throws. */
export function parseForge(text: string): ParseResult {
  const h: ParsedHandoff = { ...emptySections(), schema: HANDOFF_SCHEMA };
  const read = readJsonObject(text, 'a FORGE handoff');
  if (!read.ok) return { format: 'forge', handoff: h, findings: [read.finding] };
  const o = read.value;
  const findings: Finding[] = [];
  const extraNotes: string[] = [];
  const id = asLine(o.handoff_id);
  if (id && ULID_RE.test(id)) h.id = id;
  else if (id) h.extra = { handoff_id: id };
  const from = asLine(o.from_agent);
  if (from) h.from = from;
  const to = asLine(o.to_agent);
  if (to) h.to = to;
  const goal = typeof o.task_intent === 'string' ? o.task_intent.trim() : asLine(o.task_intent);
  if (goal) h.goal = goal;
  h.preferences = asLines(o.constraints, 'constraints', findings);
  h.facts = readEvidence(o.evidence, findings);
  readChain(o.reasoning_chain, h, findings);
  for (const action of asLines(o.next_actions, 'next_actions', findings)) {
    if (!h.remaining.some((s) => s.title === action))
      h.remaining.push({ title: action, files_in_scope: [], verify_by: [] });
  }
  const note = typeof o.escalation_note === 'string' ? o.escalation_note : asLine(o.escalation_note);
  h.open_concerns = (note ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  extraNotes.push(...unknownKeyNotes(o, FORGE_KEYS, findings));
  const notes = [...extraNotes, forgeNotes(o.floor_state, o.provenance)].filter((n) => n !== '').join('\n\n');
  if (notes) h.notes = notes;
  h.status = h.remaining.length > 0 ? 'in-progress' : h.open_concerns.length > 0 ? 'blocked' : 'complete';
  readBatonBlock(o.baton, h, findings);
  return { format: 'forge', handoff: h, findings };
}

// OBS and DER are what the agent observed or derived; INT and SPEC are interpretation.
const VERDICT_OF_RUNG: Record<string, Fact['verdict']> = {
  OBS: 'confirmed',
  DER: 'confirmed',
  INT: 'dubious',
  SPEC: 'dubious',
};

function readEvidence(value: unknown, findings: Finding[]): Fact[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    findings.push(finding('INVALID', 'json-field', '`evidence` must be an array', { field: 'evidence' }));
    return [];
  }
  const facts: Fact[] = [];
  for (const item of value) {
    const e: Record<string, unknown> =
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? (item as Record<string, unknown>)
        : { source: item };
    const source = asLine(e.source);
    const claim = asLine(e.claim);
    if (!claim && !source) continue;
    const rung = typeof e.rung === 'string' ? e.rung.trim().toUpperCase() : undefined;
    const verdict =
      typeof e.verdict === 'string' && (FACT_VERDICTS as readonly string[]).includes(e.verdict)
        ? (e.verdict as Fact['verdict'])
        : undefined;
    const fact: Fact = {
      verdict: verdict ?? VERDICT_OF_RUNG[rung ?? ''] ?? 'unable-to-check',
      claim: (claim ?? source) as string,
      evidence: claim ? (source ?? 'none') : 'none',
    };
    const note = asLine(e.note);
    if (note) fact.note = note;
    if (rung && (EPISTEMIC_RUNGS as readonly string[]).includes(rung)) {
      fact.tag = { rung: rung as NonNullable<Fact['tag']>['rung'] };
      const c = e.confidence;
      if (typeof c === 'number' && c >= 0 && c <= 1) fact.tag.confidence = c;
      else if (c !== undefined)
        findings.push(
          finding(
            'INVALID',
            'json-field',
            `evidence confidence must be a number from 0.0 to 1.0, got ${jsonText(c, false)}`,
            { field: 'evidence' },
          ),
        );
    } else if (rung) {
      findings.push(
        finding('INVALID', 'json-field', `evidence rung must be OBS, DER, INT or SPEC, not "${rung}"`, {
          field: 'evidence',
        }),
      );
    }
    facts.push(fact);
  }
  return facts;
}

function readChain(value: unknown, h: ParsedHandoff, findings: Finding[]): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) {
    findings.push(
      finding('INVALID', 'json-field', '`reasoning_chain` must be an array', { field: 'reasoning_chain' }),
    );
    return;
  }
  value.forEach((item, i) => {
    const e = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
    const action = asLine(e.action);
    const result = asLine(e.result);
    const status = typeof e.status === 'string' ? e.status.trim().toLowerCase() : '';
    if (!action || !['done', 'failed', 'pending'].includes(status)) {
      findings.push(
        finding(
          'INVALID',
          'json-field',
          `reasoning_chain[${i}] needs an action and status done|failed|pending`,
          {
            field: 'reasoning_chain',
          },
        ),
      );
      return;
    }
    if (status === 'done') h.done.push(readDone(action, result));
    else if (status === 'failed')
      h.dead_ends.push(result ? { attempt: action, reason: result } : { attempt: action });
    else h.remaining.push(readPending(action, result, e, findings));
  });
}

function readDone(action: string, result: string | undefined): DoneItem {
  if (result?.startsWith('verified by `')) {
    const span = readCodeSpan(result, 'verified by '.length);
    const verdict = span && /^[ \t]*→[ \t]*(\S+)$/.exec(result.slice(span.end))?.[1];
    if (span && verdict && (VERIFICATIONS as readonly string[]).includes(verdict)) {
      return { text: action, command: span.code, result: verdict as DoneItem['result'] };
    }
  }
  if (result && (VERIFICATIONS as readonly string[]).includes(result)) {
    return { text: action, result: result as DoneItem['result'] };
  }
  return { text: result ? `${action} → ${result}` : action, result: 'unverified' };
}

function readPending(
  action: string,
  result: string | undefined,
  e: Record<string, unknown>,
  findings: Finding[],
): SubSpec {
  const spec: SubSpec = {
    title: action,
    files_in_scope: asLines(e.files_in_scope, 'reasoning_chain.files_in_scope', findings),
    verify_by: asLines(e.verify_by, 'reasoning_chain.verify_by', findings),
  };
  const goal = asLine(e.goal);
  if (goal) spec.goal = goal;
  const notes = [asLine(e.notes), result].filter((n) => n !== undefined).join(' ');
  if (notes) spec.notes = notes;
  return spec;
}
