/** What mapping collects — typed items, text fields, Notes blocks — and the record of where each went. */
import type { TypedItem } from './_items.js';
import type { ImportField } from './_synonyms.js';

/** Where one piece of the source went. */
export interface Mapping {
  source: string;
  line?: number;
  field: ImportField | 'notes' | 'title' | 'front matter';
  bytes: number;
}

/** What mapping collects: typed items, text fields, notes blocks and the record of it all. */
export interface Collected {
  goal: { text: string; source: string }[];
  summary: { text: string; source: string }[];
  items: TypedItem[];
  /** Notes blocks in source order, one per source section. */
  notes: { source: string; body: string }[];
  mappings: Mapping[];
  /** `key: value` lines met inside sections (dates, branches, authors in data records). */
  kv: { key: string; value: string; line?: number; source: string }[];
}

/** An empty collection. */
export function collected(): Collected {
  return { goal: [], summary: [], items: [], notes: [], mappings: [], kv: [] };
}

/** UTF-8 length of a text. */
export const bytes = (s: string) => Buffer.byteLength(s);

/** Keeps source text in Notes under its section (appended when the section already has some). */
export function keep(source: string, body: string, out: Collected, line?: number, extra = 0): void {
  const last = out.notes.at(-1);
  if (last && last.source === source) last.body += `\n\n${body}`;
  else out.notes.push({ source, body });
  const m = out.mappings.at(-1);
  if (m && m.source === source && m.field === 'notes') m.bytes += bytes(body) + extra;
  else out.mappings.push({ source, line, field: 'notes', bytes: bytes(body) + extra });
}

/** Adds a typed item, or keeps its source text in Notes when it could not be typed. */
export function add(item: TypedItem | undefined, source: string, raw: string, out: Collected): void {
  if (!item) {
    if (raw.trim() && !/^\s*(none|n\/a)\.?\s*$/i.test(raw)) keep(source, raw, out);
    return;
  }
  out.items.push(item);
  const last = out.mappings.at(-1);
  if (last && last.source === source && last.field === item.field) last.bytes += bytes(raw);
  else out.mappings.push({ source, field: item.field, bytes: bytes(raw) });
}
