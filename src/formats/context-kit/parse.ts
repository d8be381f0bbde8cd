/**
 * Reads a context-kit `handoff-v1` artifact into the canonical model (FORMATS.md §3.1). The
 * structure is read exactly as context-kit's validator reads it; the items tolerantly, and
 * anything that does not map is kept under Notes.
 */
import { type Finding, finding } from '../../handoff/finding.js';
import type { Handoff, Provenance } from '../../handoff/types.js';
import { emptySections, PROVENANCE_KEYS } from '../../handoff/types.js';
import { ARTIFACT_CLASSES, HANDOFF_SCHEMA, STATUSES } from '../../handoff/values.js';
import { readRemaining } from '../grammar/document.js';
import {
  ItemError,
  parseDeadEnd,
  parseDecision,
  parseDone,
  parseFact,
  parseFileTouched,
  parsePlain,
  parseValidation,
  unprotectSentinel,
} from '../grammar/items.js';
import { type ListItem, listItems, onlySentinel } from '../grammar/sections.js';
import { bodyOffsetOf, type Line, trimBlank } from '../markdown.js';
import { codeSpans, unescapeBlock, unescapeComments } from '../text.js';
import type { ParsedHandoff, ParseResult } from '../types.js';
import { unescapeCkBlock } from './_block.js';
import { type CkSection, checkContextKit } from './check.js';
import { provenanceNote } from './render.js';

/** Front matter keys baton adds to a context-kit artifact so that nothing it holds is lost. */
export const CK_EXTRA_KEYS = [
  'id',
  'from',
  'to',
  'task',
  'parent',
  'window',
  'status',
  'class',
  'expires_at',
  'content_hash',
  'signature',
  'title',
] as const;

/** Reads a context-kit artifact; findings are context-kit's structural ones plus item notes. */
export function parseContextKit(text: string): ParseResult {
  const check = checkContextKit(text);
  const findings: Finding[] = [...check.findings];
  const h: ParsedHandoff = emptySections();
  const f = check.fields;
  h.schema = HANDOFF_SCHEMA;
  if (f.get('generated_at')) h.created_at = f.get('generated_at');
  if (PROVENANCE_KEYS.every((k) => f.get(k))) {
    h.provenance = Object.fromEntries(PROVENANCE_KEYS.map((k) => [k, f.get(k)])) as Provenance;
  }
  const extra: Record<string, string> = {};
  for (const [key, value] of f) {
    if ((CK_EXTRA_KEYS as readonly string[]).includes(key)) {
      if (key === 'window') {
        if (/^[1-9]\d{0,8}$/.test(value)) h.window = Number(value);
      } else if (key === 'status') {
        if ((STATUSES as readonly string[]).includes(value)) h.status = value as Handoff['status'];
      } else if (key === 'class') {
        if ((ARTIFACT_CLASSES as readonly string[]).includes(value)) h.class = value as Handoff['class'];
      } else {
        (h as Record<string, unknown>)[key] = value;
      }
    } else if (
      key !== 'schema' &&
      key !== 'generated_at' &&
      !(PROVENANCE_KEYS as readonly string[]).includes(key)
    ) {
      extra[key] = value;
    }
  }
  if (Object.keys(extra).length > 0) h.extra = extra;

  const notes: string[] = [];
  for (const section of check.sections) readSection(section, h, findings, notes);
  if (notes.length > 0) h.notes = notes.join('\n\n');
  return {
    format: 'context-kit',
    handoff: h,
    findings,
    fieldLines: check.fieldLines,
    bodyOffset: bodyOffsetOf(text),
  };
}

interface Part {
  name: string | undefined;
  line: number;
  lines: Line[];
}

// Splits a section at `### ` lines: the part before the first one has no name.
function parts(lines: readonly Line[]): Part[] {
  const out: Part[] = [{ name: undefined, line: lines[0]?.no ?? 0, lines: [] }];
  for (const line of lines) {
    const m = /^###[ \t]+(.*)$/.exec(line.text);
    if (m) out.push({ name: (m[1] ?? '').trim(), line: line.no, lines: [] });
    else (out.at(-1) as Part).lines.push(line);
  }
  return out.map((p) => ({ ...p, lines: trimBlank(p.lines) }));
}

const block = (lines: readonly Line[]) => unescapeCkBlock(lines.map((l) => l.text).join('\n')).trim();

function readSection(section: CkSection, h: ParsedHandoff, findings: Finding[], notes: string[]): void {
  const keep = (title: string, lines: readonly Line[]) => {
    const text = lines
      .map((l) => l.text)
      .join('\n')
      .trim();
    if (text) notes.push(`### ${title}\n\n${text}`);
  };
  switch (section.name) {
    case 'Scope': {
      const goal: string[] = [];
      for (const part of parts(section.lines)) {
        if (part.name === 'Summary') h.summary = block(part.lines) || undefined;
        else if (part.name === 'Preferences') h.preferences.push(...plainItems(part.lines));
        else
          goal.push(part.name === undefined ? block(part.lines) : `### ${part.name}\n\n${block(part.lines)}`);
      }
      const text = goal.filter((g) => g && !/^[-*+] none\.?$/i.test(g)).join('\n\n');
      if (text) h.goal = text;
      return;
    }
    case 'Verified Facts':
      readItems(section, findings, keep, (c) => h.facts.push(parseFact(c)));
      return;
    case 'Decisions': {
      const [main, ...subs] = parts(section.lines);
      for (const item of itemsOf(main?.lines ?? [])) {
        h.decisions.push(parseDecision(unprotectSentinel(item.content), item.continuations));
      }
      for (const sub of subs) {
        if (sub.name === 'Dead ends') {
          for (const item of itemsOf(sub.lines))
            h.dead_ends.push(parseDeadEnd(unprotectSentinel(item.content)));
        } else keep(`Decisions: ${sub.name}`, sub.lines);
      }
      return;
    }
    case 'Changed Files':
      readItems(section, findings, keep, (c) => h.files_touched.push(parseChangedFile(c)));
      return;
    case 'Completed Work':
      readItems(section, findings, keep, (c) => h.done.push(parseDone(c)));
      return;
    case 'Unresolved Items':
      readUnresolved(section, h, notes, keep);
      return;
    case 'Next Steps': {
      // context-kit judges structure only: what baton notices inside a step is information.
      const own: Finding[] = [];
      h.remaining = readRemaining(section.lines, own).specs;
      for (const f of own) findings.push({ ...f, verdict: 'INFO' });
      return;
    }
    case 'Validation State':
      readItems(section, findings, keep, (c) => h.validation.push(parseValidation(c)));
      return;
    case 'Provenance and Freshness': {
      const text = section.lines
        .map((l) => l.text)
        .join('\n')
        .trim();
      if (text && text !== provenanceNote(h)) keep('Provenance and Freshness', trimBlank([...section.lines]));
      return;
    }
    default:
      keep(section.name, trimBlank([...section.lines]));
  }
}

// Unresolved Items: the open concerns, then (under `### Notes`, to the end) the handoff's notes.
function readUnresolved(
  section: CkSection,
  h: ParsedHandoff,
  notes: string[],
  keep: (title: string, lines: readonly Line[]) => void,
): void {
  const [main, ...subs] = parts(section.lines);
  h.open_concerns.push(...plainItems(main?.lines ?? []));
  const at = subs.findIndex((s) => s.name === 'Notes');
  for (const sub of at < 0 ? subs : subs.slice(0, at)) keep(`Unresolved Items: ${sub.name}`, sub.lines);
  if (at < 0) return;
  const rest = section.lines.filter((l) => l.no > (subs[at] as Part).line);
  const text = unescapeBlock(
    trimBlank(rest)
      .map((l) => l.text)
      .join('\n'),
  ).trim();
  if (text) notes.unshift(text);
}

function itemsOf(lines: readonly Line[]): ListItem[] {
  const items = listItems(lines);
  return onlySentinel(items) ? [] : items;
}

function plainItems(lines: readonly Line[]): string[] {
  return itemsOf(lines).map((item) =>
    parsePlain([unprotectSentinel(item.content), ...item.continuations].join(' ')),
  );
}

function readItems(
  section: CkSection,
  findings: Finding[],
  keep: (title: string, lines: readonly Line[]) => void,
  read: (content: string) => void,
): void {
  const unread: Line[] = [];
  for (const item of itemsOf(section.lines)) {
    const content = [unprotectSentinel(item.content), ...item.continuations].join(' ');
    try {
      read(content);
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      unread.push({ text: `- ${item.content}`, no: item.line });
      findings.push(
        finding('INFO', 'item-unmapped', `${section.name} item kept under Notes: ${error.message}`, {
          line: item.line,
        }),
      );
    }
  }
  if (unread.length > 0) keep(section.name, unread);
}

const ACTION_WORD = /\b(created|modified|deleted|renamed|added|updated|changed|removed|moved)\b/i;

// context-kit describes a changed file as "path, status, and purpose" in any order.
function parseChangedFile(content: string): ReturnType<typeof parseFileTouched> {
  try {
    return parseFileTouched(content);
  } catch (error) {
    const span = codeSpans(content)[0];
    const action = ACTION_WORD.exec(content);
    if (!span || !action) throw error;
    const rest = (content.slice(0, span.start) + content.slice(span.end))
      .replace(action[0], '')
      .replace(/^[\s—:-]+|[\s—:-]+$/g, '')
      .replace(/\s+—\s+—\s+/g, ' — ');
    const item = parseFileTouched(`${action[0]} ${content.slice(span.start, span.end)}`);
    if (rest) item.note = unescapeComments(rest);
    return item;
  }
}
