/**
 * Classifies an agent's reply: a `<task-result>` (PASS or FAIL, with its context handoff), a
 * canonical handoff that says complete or failed, or malformed — with exactly what was wrong, in
 * words an agent can act on.
 */
import { NO_SUBSPEC_MESSAGE, parseAnchor } from '../formats/anchor/codec.js';
import { parseBaton } from '../formats/baton/parse.js';
import type { ContextHandoffXml, TaskResultXml } from '../formats/pipeline-xml/index.js';
import { contextHandoffOf, parseTaskResult } from '../formats/pipeline-xml/index.js';
import type { ParsedHandoff } from '../formats/types.js';

/** A reply that ends the stage. */
export interface StageResult {
  kind: 'result';
  verdict: 'PASS' | 'FAIL';
  /** The stage's handoff, as the next stage and the next task are sent it. */
  handoff: ContextHandoffXml;
  result?: TaskResultXml;
  canonical?: ParsedHandoff;
}

/** A reply that does not end the stage. */
export interface Malformed {
  kind: 'malformed';
  message: string;
}

/** A reply that hands the rest of the work to a fresh window (seed 004). */
export interface HandoffReply {
  kind: 'handoff';
  handoff: ParsedHandoff;
  format: 'anchor' | 'baton';
}

/** How a reply was read. */
export type Classified = StageResult | HandoffReply | Malformed;

/** The reply format every agent dispatch asks for. */
export function replyInstructions(stage: string): string[] {
  return [
    'Reply with exactly one result block:',
    '',
    '<task-result status="PASS|FAIL">',
    `  <context-handoff from="${stage}" detail-level="FULL">`,
    '    <what>what you did or found (2-5 lines)</what>',
    '    <why>the reasons for your decisions (2-4 lines)</why>',
    '    <caution>caveats, conditional completion (1-3 lines)</caution>',
    '    <incomplete>what is not done ("None" if nothing)</incomplete>',
    '  </context-handoff>',
    '</task-result>',
    '',
    'or with a canonical baton/handoff-v1 handoff whose status is complete or failed.',
  ];
}

const ANCHOR_HEADINGS = /^##[ \t]+(done|remaining|decisions made|files touched|open concerns)[ \t]*$/gim;

/**
 * Reads a reply of `stage` for `task`. A handoff (Anchor's headings, or a canonical handoff with
 * status in-progress) is recognised first: it has no result by design, and must never be
 * retried as a malformed answer. Then a result; anything else is malformed.
 */
export function classifyReply(text: string, stage: string, task: string): Classified {
  if (text.trim() === '') return { kind: 'malformed', message: 'the reply was empty' };
  const handoff = readHandoff(text);
  if (handoff) return handoff;
  if (/<task-result[\s>]/.test(text)) {
    const parsed = parseTaskResult(text);
    if (!parsed.ok) {
      const at = parsed.line
        ? ` at line ${parsed.line}${parsed.column ? `, column ${parsed.column}` : ''}`
        : '';
      return { kind: 'malformed', message: `the <task-result> could not be read${at}: ${parsed.message}` };
    }
    const r = parsed.result;
    const own = r.handoffs.find((h) => h.from === stage) ?? r.handoffs[0];
    const handoff: ContextHandoffXml = own
      ? { ...own, from: stage, task, detail: 'FULL' }
      : { from: stage, task, detail: 'FULL', what: r.summary ?? r.notes ?? `${stage} reported ${r.status}` };
    return { kind: 'result', verdict: r.status, handoff, result: r };
  }
  if (/^schema:\s*['"]?baton\/handoff-v1/m.test(text) || /^##\s+Remaining\b/im.test(text)) {
    const start = text.indexOf('---');
    const parse = parseBaton(start >= 0 ? text.slice(start) : text);
    const bad = parse.findings.find((f) => f.verdict === 'INVALID');
    if (bad) {
      return {
        kind: 'malformed',
        message: `the handoff is not valid${bad.line ? ` (line ${bad.line})` : ''}: ${bad.message}`,
      };
    }
    const status = parse.handoff.status;
    if (status === 'complete' || status === 'failed') {
      return {
        kind: 'result',
        verdict: status === 'complete' ? 'PASS' : 'FAIL',
        handoff: contextHandoffOf(parse.handoff, { from: stage, detail: 'FULL', task }),
        canonical: parse.handoff,
      };
    }
    return {
      kind: 'malformed',
      message: `the handoff has status ${status ?? '(none)'}; to end the stage, reply with status complete or failed, or with a <task-result>`,
    };
  }
  return {
    kind: 'malformed',
    message: 'the reply has no <task-result> element and is not a baton/handoff-v1 handoff',
  };
}

// A handoff whose Remaining is empty: the agent meant to finish (the message says how).
const EMPTY_REMAINING: Malformed = {
  kind: 'malformed',
  message: `the handoff's Remaining is empty, so this is a result, not a handoff: ${NO_SUBSPEC_MESSAGE}`,
};

function readHandoff(text: string): HandoffReply | Malformed | undefined {
  const headings = new Set([...text.matchAll(ANCHOR_HEADINGS)].map((m) => (m[1] as string).toLowerCase()));
  const canonical = /^schema:\s*['"]?baton\/handoff-v1/m.test(text);
  if (headings.size >= 3 && !canonical) {
    const parse = parseAnchor(text.slice(Math.max(0, text.search(/^(---|#)/m))));
    const bad = parse.findings.find((f) => f.verdict === 'INVALID');
    if (bad?.code === 'anchor-no-subspec') {
      return EMPTY_REMAINING;
    }
    if (bad)
      return {
        kind: 'malformed',
        message: `the handoff could not be read${bad.line ? ` (line ${bad.line})` : ''}: ${bad.message}`,
      };
    return { kind: 'handoff', handoff: parse.handoff, format: 'anchor' };
  }
  if (canonical && /^status:\s*['"]?in-progress/m.test(text)) {
    const start = text.indexOf('---');
    const parse = parseBaton(start >= 0 ? text.slice(start) : text);
    const bad = parse.findings.find((f) => f.verdict === 'INVALID' && f.code !== 'subspec-no-verify');
    if (parse.handoff.remaining.length === 0) {
      return EMPTY_REMAINING;
    }
    if (bad)
      return {
        kind: 'malformed',
        message: `the handoff is not valid${bad.line ? ` (line ${bad.line})` : ''}: ${bad.message}`,
      };
    return { kind: 'handoff', handoff: parse.handoff, format: 'baton' };
  }
  return undefined;
}
