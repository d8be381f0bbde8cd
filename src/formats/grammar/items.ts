/**
 * The item grammar of canonical sections (FORMATS.md §1): one function pair per item kind, so
 * that what `render` writes `parse` reads back exactly.
 */
import type { DeadEnd, Decision, DoneItem, Fact, FileTouched, ValidationEntry } from '../../handoff/types.js';
import { FACT_VERDICTS, FILE_ACTIONS, VALIDATION_RESULTS, VERIFICATIONS } from '../../handoff/values.js';
import {
  codeSpan,
  escapeComments,
  escapeField,
  escapeSpecials,
  readCodeSpan,
  SEP,
  splitFields,
  unescapeComments,
  unescapeField,
  unescapeSpecials,
} from '../text.js';

/** An item that could not be read, with what was expected. */
export class ItemError extends Error {}

const TAG_LIKE = /^\[[A-Z][^\]]*\]$/;
const TAG_RE = /[ \t]\[(OBS|DER|INT|SPEC)(?:[ \t]+([^\]\s]+))?\]$/;
const tagAt = (s: string, i: number) => TAG_LIKE.test(s.slice(i));

function escapeTagged(text: string, dashes: boolean): string {
  return escapeComments(escapeSpecials(text, dashes ? '—[' : '[', (s, i) => s[i] === '—' || tagAt(s, i)));
}

function unescapeTagged(text: string, dashes: boolean): string {
  return unescapeSpecials(unescapeComments(text), dashes ? '—[' : '[');
}

/** A list item's text that reads as the "None." sentinel gets a backslash, and loses it on read. */
export function protectSentinel(content: string): string {
  return /^\\*none\.?$/i.test(content) ? `\\${content}` : content;
}

/** True when an item's text is the empty-section sentinel `None.`. */
export function isSentinel(content: string): boolean {
  return /^none\.?$/i.test(content.trim());
}

/** Removes the backslash `protectSentinel` added. */
export function unprotectSentinel(content: string): string {
  return /^\\+none\.?$/i.test(content) ? content.slice(1) : content;
}

/** `[x] text — verified by \`cmd\` → result`, or a bare `[x] text` when unverified without a command. */
export function renderDone(item: DoneItem): string {
  const text = `[x] ${escapeField(item.text)}`;
  if (!item.command) return item.result === 'unverified' ? text : `${text}${SEP}${item.result}`;
  return `${text}${SEP}verified by ${codeSpan(item.command)} → ${item.result}`;
}

/** Reads a Done item (tolerant: the checkbox and the verification are optional). */
export function parseDone(content: string): DoneItem {
  let rest = content;
  const box = /^\[([ xX])\][ \t]+/.exec(rest);
  if (box) {
    if (box[1] === ' ')
      throw new ItemError('a Done item is checked (`- [x] …`); move unchecked work to Remaining');
    rest = rest.slice(box[0].length);
  }
  const [head, tail] = splitFields(rest, 2) as [string, string | undefined];
  if (tail !== undefined) {
    const verified = /^verified by[ \t]+/i.exec(tail);
    if (verified) {
      const after = tail.slice(verified[0].length);
      let command: string;
      let remainder: string;
      const span = after.startsWith('`') ? readCodeSpan(after, 0) : undefined;
      if (span) {
        command = span.code;
        remainder = after.slice(span.end);
      } else {
        const arrow = after.search(/[ \t]*(?:→|->)/);
        command = (arrow < 0 ? after : after.slice(0, arrow)).trim();
        remainder = arrow < 0 ? '' : after.slice(arrow);
      }
      const result = /^[ \t]*(?:→|->)[ \t]*(\S+)[ \t]*$/.exec(remainder);
      const value = result?.[1]?.toLowerCase();
      if (!value || !(VERIFICATIONS as readonly string[]).includes(value)) {
        throw new ItemError('expected `— verified by `<cmd>` → pass|fail|unverified` after the item');
      }
      return {
        text: unescapeField(head),
        command: command || undefined,
        result: value as DoneItem['result'],
      };
    }
    const bare = tail.trim().toLowerCase();
    if ((VERIFICATIONS as readonly string[]).includes(bare)) {
      return { text: unescapeField(head), result: bare as DoneItem['result'] };
    }
    return { text: unescapeField(rest), result: 'unverified' };
  }
  return { text: unescapeField(head), result: 'unverified' };
}

/** `decision — because reason`, with the rejected alternatives as indented continuation lines. */
export function renderDecision(d: Decision): string[] {
  const lines = [`${escapeField(d.decision)}${d.reason ? `${SEP}because ${escapeComments(d.reason)}` : ''}`];
  for (const r of d.rejected) {
    lines.push(
      `Rejected: ${escapeField(r.alternative)}${r.reason ? `${SEP}${escapeComments(r.reason)}` : ''}`,
    );
  }
  return lines;
}

/** Reads a decision and its continuation lines. */
export function parseDecision(content: string, continuations: readonly string[]): Decision {
  const [head, tail] = splitFields(content, 2) as [string, string | undefined];
  const decision: Decision = { decision: unescapeField(head), rejected: [] };
  if (tail !== undefined) decision.reason = unescapeComments(tail.replace(/^because[ \t]+/i, ''));
  for (const c of continuations) {
    const m = /^[-*+][ \t]+Rejected:[ \t]*(.*)$/i.exec(c);
    if (m) {
      const [alt, why] = splitFields(m[1] ?? '', 2) as [string, string | undefined];
      decision.rejected.push({
        alternative: unescapeField(alt),
        reason: why ? unescapeComments(why) : undefined,
      });
    } else {
      const extra = c.replace(/^[-*+][ \t]+/, '');
      if (decision.reason) decision.reason = `${decision.reason} ${extra}`;
      else decision.decision = `${decision.decision} ${extra}`;
    }
  }
  return decision;
}

/** `verdict — claim — evidence[ — note][ [RUNG conf]]`. */
export function renderFact(f: Fact): string {
  let line = `${f.verdict}${SEP}${escapeField(f.claim)}${SEP}${escapeTagged(f.evidence, true)}`;
  if (f.note) line += `${SEP}${escapeTagged(f.note, false)}`;
  if (f.tag) line += ` [${f.tag.rung}${f.tag.confidence === undefined ? '' : ` ${f.tag.confidence}`}]`;
  return line;
}

/** Reads a fact; the verdict must be one of the taxonomy. */
export function parseFact(content: string): Fact {
  let rest = content;
  let tag: Fact['tag'];
  const t = TAG_RE.exec(rest);
  if (t) {
    tag = { rung: t[1] as NonNullable<Fact['tag']>['rung'] };
    if (t[2] !== undefined) {
      const c = Number(t[2]);
      if (!Number.isFinite(c) || c < 0 || c > 1) {
        throw new ItemError(`epistemic confidence must be a number from 0.0 to 1.0, got ${t[2]}`);
      }
      tag.confidence = c;
    }
    rest = rest.slice(0, t.index);
  }
  const parts = splitFields(rest, 4);
  const verdict = (parts[0] ?? '').trim().toLowerCase();
  if (!(FACT_VERDICTS as readonly string[]).includes(verdict) || parts.length < 3) {
    throw new ItemError(`expected \`- ${FACT_VERDICTS.join('|')} — <claim> — <evidence>\``);
  }
  const fact: Fact = {
    verdict: verdict as Fact['verdict'],
    claim: unescapeField(parts[1] ?? ''),
    evidence: unescapeTagged(parts[2] ?? '', true),
  };
  if (parts[3] !== undefined) fact.note = unescapeTagged(parts[3], false);
  if (tag) fact.tag = tag;
  return fact;
}

const ACTION_ALIASES: Record<string, FileTouched['action']> = {
  added: 'created',
  new: 'created',
  create: 'created',
  updated: 'modified',
  changed: 'modified',
  edited: 'modified',
  modify: 'modified',
  removed: 'deleted',
  delete: 'deleted',
  moved: 'renamed',
  rename: 'renamed',
};

/** `action \`path\`[ — note]`; a rename is `renamed \`old\` → \`new\``. */
export function renderFileTouched(f: FileTouched): string {
  const target = f.from ? `${codeSpan(f.from)} → ${codeSpan(f.path)}` : codeSpan(f.path);
  return `${f.action} ${target}${f.note ? `${SEP}${escapeComments(f.note)}` : ''}`;
}

/** Reads a touched file: an action word, then the path (in backticks or bare). */
export function parseFileTouched(content: string): FileTouched {
  const m = /^([A-Za-z]+)[ \t]+/.exec(content);
  const word = m?.[1]?.toLowerCase() ?? '';
  const action = (FILE_ACTIONS as readonly string[]).includes(word)
    ? (word as FileTouched['action'])
    : ACTION_ALIASES[word];
  if (!m || !action) {
    throw new ItemError(`expected \`- ${FILE_ACTIONS.join('|')} \`<path>\`\``);
  }
  let rest = content.slice(m[0].length);
  const first = readPath(rest);
  rest = first.rest;
  const item: FileTouched = { action, path: first.path };
  const arrow = /^[ \t]*(?:→|->)[ \t]*/.exec(rest);
  if (arrow) {
    const second = readPath(rest.slice(arrow[0].length));
    item.from = item.path;
    item.path = second.path;
    rest = second.rest;
  }
  if (rest.startsWith(SEP)) item.note = unescapeComments(rest.slice(SEP.length));
  else if (rest.trim() !== '') item.note = unescapeComments(rest.trim());
  if (!item.path) throw new ItemError('expected a path after the action');
  return item;
}

function readPath(text: string): { path: string; rest: string } {
  const span = text.startsWith('`') ? readCodeSpan(text, 0) : undefined;
  if (span) return { path: span.code, rest: text.slice(span.end) };
  const end = text.search(/[ \t](?:—|→|->)/);
  const path = (end < 0 ? text : text.slice(0, end)).trim();
  return { path, rest: end < 0 ? '' : text.slice(end) };
}

/** `result — \`cmd\`[ — outcome]`. */
export function renderValidation(v: ValidationEntry): string {
  return `${v.result}${SEP}${codeSpan(v.command)}${v.outcome ? `${SEP}${escapeComments(v.outcome)}` : ''}`;
}

/** Reads a validation entry; the result must be `passed`, `failed` or `not run`. */
export function parseValidation(content: string): ValidationEntry {
  const [head, tail] = splitFields(content, 2) as [string, string | undefined];
  const result = head.trim().toLowerCase();
  if (!(VALIDATION_RESULTS as readonly string[]).includes(result) || tail === undefined) {
    throw new ItemError(`expected \`- ${VALIDATION_RESULTS.join('|')} — \`<cmd>\` — <result>\``);
  }
  const span = tail.startsWith('`') ? readCodeSpan(tail, 0) : undefined;
  let command: string;
  let rest: string;
  if (span) {
    command = span.code;
    rest = tail.slice(span.end);
  } else {
    const [cmd, out] = splitFields(tail, 2) as [string, string | undefined];
    command = unescapeField(cmd);
    rest = out === undefined ? '' : `${SEP}${out}`;
  }
  const entry: ValidationEntry = { result: result as ValidationEntry['result'], command };
  if (rest.startsWith(SEP)) entry.outcome = unescapeComments(rest.slice(SEP.length));
  else if (rest.trim() !== '') entry.outcome = unescapeComments(rest.trim());
  if (!command) throw new ItemError('expected a command in backticks');
  return entry;
}

/** `attempt — reason`. */
export function renderDeadEnd(d: DeadEnd): string {
  return `${escapeField(d.attempt)}${d.reason ? `${SEP}${escapeComments(d.reason)}` : ''}`;
}

/** Reads a dead end. */
export function parseDeadEnd(content: string): DeadEnd {
  const [head, tail] = splitFields(content, 2) as [string, string | undefined];
  return tail === undefined
    ? { attempt: unescapeField(head) }
    : { attempt: unescapeField(head), reason: unescapeComments(tail) };
}

/** A plain list item (open concerns, preferences). */
export function renderPlain(text: string): string {
  return escapeComments(text);
}

/** Reads a plain list item. */
export function parsePlain(content: string): string {
  return unescapeComments(content);
}
