/**
 * JSON, YAML and XML data read into the section tree: each key is a section, strings are
 * Markdown text, arrays of values are lists, arrays of records are entries (an append log) or
 * items with fields. Depth is capped, so deeply nested input is kept as text, not walked.
 */

import { jsonText } from '../formats/json-text.js';
import type { Block, ListItem } from './_blocks.js';
import { oneLine } from './_blocks.js';
import { classifyMetaKey } from './_synonyms.js';
import { blocksOfText, type Section, type SourceDoc } from './_tree.js';

/** Nesting deeper than this is kept verbatim as JSON text instead of being mapped. */
const MAX_DATA_DEPTH = 12;

// Keys under which an array of records is a log of sessions or attempts, oldest first.
const LOG_KEY =
  /^(entries|sessions?|history|log|logs|journal|updates|attempts|events|runs|iterations|previous[\w ]*|past[\w ]*|older[\w ]*)$/i;
// Keys whose entries are all in the past (the current state lives elsewhere).
const PAST_KEY = /^(previous|past|older|history)/i;
const TIME_KEYS = [
  'ts',
  'timestamp',
  'time',
  'date',
  'updated',
  'updated_at',
  'updatedAt',
  'created',
  'created_at',
  'createdAt',
  'at',
];

/** Reads a parsed JSON or YAML value (or XML turned into one) into the section tree. */
export function readData(data: unknown, kind: SourceDoc['kind']): SourceDoc {
  const doc: SourceDoc = { kind, preamble: [], meta: [], sections: [], names: namesOf(data) };
  const value = unwrap(data);
  if (Array.isArray(value)) {
    doc.sections = isTaskList(value)
      ? [{ heading: 'entries', level: 1, blocks: [listOf(value, 'entries')], children: [], raw: 'entries' }]
      : entriesOf('entries', value, 1, 1);
    return doc;
  }
  if (typeof value !== 'object' || value === null) {
    doc.preamble = blocksOfText(String(value));
    return doc;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (isShort(v)) {
      if (v !== null && String(v).trim() !== '')
        doc.meta.push({ key, value: String(v).trim(), raw: `${key}: ${String(v)}` });
      continue;
    }
    doc.sections.push(...sectionsOf(key, v, 1, 1));
  }
  return doc;
}

// A document that is one key holding a mapping (`handoff: {…}`) is that mapping, as the root
// element of XML is: the wrapper names the file, not a section.
function unwrap(value: unknown): unknown {
  let v = value;
  for (let i = 0; i < MAX_DATA_DEPTH && isRecord(v); i++) {
    const values = Object.values(v);
    if (values.length !== 1 || !isRecord(values[0])) break;
    v = values[0];
  }
  return v;
}

// Records that each carry a short status (`[{task, status: "done"}]`) are a task list, not a log.
function isTaskList(values: readonly unknown[]): boolean {
  return (
    values.length > 0 &&
    values.every(
      (r) => isRecord(r) && !hasLongText(r) && Object.keys(r).some((k) => classifyMetaKey(k) === 'status'),
    )
  );
}

function isScalar(v: unknown): v is string | number | boolean | null {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rawOf(key: string, v: unknown): string {
  return typeof v === 'string' ? `${key}:\n${v}` : `${key}:\n${jsonText(v, true)}`;
}

function sectionsOf(key: string, v: unknown, level: number, depth: number): Section[] {
  const section: Section = { heading: key, level, blocks: [], children: [], raw: rawOf(key, v) };
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return [];
  if (depth > MAX_DATA_DEPTH) {
    section.blocks = [
      { kind: 'code', lang: 'json', lines: section.raw.split('\n').slice(1), raw: section.raw, line: 0 },
    ];
    return [section];
  }
  if (isScalar(v)) {
    section.blocks = blocksOfText(String(v));
    return [section];
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return [];
    const records = v.filter(isRecord);
    if (
      records.length === v.length &&
      (LOG_KEY.test(key) || records.every((r) => Object.keys(r).length >= 3 && hasLongText(r)))
    ) {
      section.children = entriesOf(key, v as Record<string, unknown>[], level + 1, depth + 1);
      section.raw = key;
      return [section];
    }
    section.blocks = [listOf(v, key)];
    return [section];
  }
  section.raw = key;
  for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
    if (isShort(child)) {
      if (child !== null && String(child).trim() !== '') {
        const value = String(child).trim();
        section.blocks.push({ kind: 'kv', key: k, value, raw: `${k}: ${value}`, line: 0 });
      }
    } else section.children.push(...sectionsOf(k, child, level + 1, depth + 1));
  }
  return section.children.length || section.blocks.length ? [section] : [];
}

// A value that reads as `key: value` metadata rather than a section of its own.
function isShort(v: unknown): v is string | number | boolean | null {
  return isScalar(v) && !String(v).includes('\n') && String(v).length <= 200;
}

function hasLongText(r: Record<string, unknown>): boolean {
  return Object.values(r).some((x) => typeof x === 'string' && x.length > 80);
}

// An array of values as a list block; records become items that keep their fields.
function listOf(values: readonly unknown[], key: string): Block {
  const items: ListItem[] = [];
  // Strings read best as a Markdown list; anything else is kept as the JSON it was.
  const raw = values.every((v) => typeof v === 'string')
    ? values.map((v) => `- ${String(v).replace(/\n/g, '\n  ')}`).join('\n')
    : rawOf(key, values).split('\n').slice(1).join('\n');
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (isRecord(v)) items.push({ text: '', children: [], line: 0, fields: v });
    else if (Array.isArray(v)) items.push({ text: oneLine(jsonText(v, false)), children: [], line: 0 });
    else items.push({ text: String(v), children: [], line: 0 });
  }
  return { kind: 'list', items, raw, line: 0 };
}

/** The records of a log as entry sections, ordered oldest first (by time when they have one). */
function entriesOf(key: string, records: readonly unknown[], level: number, depth: number): Section[] {
  const time = (r: unknown) => {
    if (!isRecord(r)) return undefined;
    for (const k of TIME_KEYS) if (typeof r[k] === 'string') return r[k] as string;
    return undefined;
  };
  const indexed = records.map((r, i) => ({ r, i, t: time(r) }));
  const timed = indexed.every((x) => x.t !== undefined);
  const order = [...indexed].sort((a, b) =>
    timed ? (a.t as string).localeCompare(b.t as string) : a.i - b.i,
  );
  const rank = new Map(order.map((x, k) => [x.i, k]));
  const past = PAST_KEY.test(key);
  const count = records.length + (past ? 1 : 0);
  const sections: Section[] = [];
  for (const { r, i, t } of indexed) {
    const heading = `${key}[${i}]${t ? ` (${t})` : ''}`;
    const made = sectionsOf(heading, r, level, depth);
    for (const s of made) {
      // Entries of a "previous …" key all come before the current state, which is not among them.
      s.entry = { order: rank.get(i) ?? 0, count };
      s.whole = `### ${heading}\n\n\`\`\`json\n${rawOf(heading, r).split('\n').slice(1).join('\n')}\n\`\`\``;
      sections.push(s);
    }
  }
  return sections;
}

/** Every key of `value`, walked with a loop (no recursion, so no nesting overflows the stack). */
function namesOf(value: unknown): string[] {
  const names = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    // One push per element: spreading a huge array into push() overflows the stack.
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isRecord(v)) {
      for (const [k, x] of Object.entries(v)) {
        names.add(k);
        stack.push(x);
      }
    }
  }
  return [...names];
}
