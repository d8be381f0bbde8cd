/**
 * Maps the section tree of a free-form handoff onto the canonical fields. A section's heading
 * picks its field; its lists, tables and sub-sections become that field's items; checkboxes and
 * status emoji route items wherever they stand; whatever has no field goes to Notes verbatim.
 * Entries of an append log other than the newest contribute only what was done and learned:
 * their plans and worries are history, kept in Notes.
 */
import type { FileTouched, SubSpec } from '../../handoff/types.js';
import { codeSpan } from '../_text.js';
import { type Block, flattenItem, type ListItem, oneLine, stripEmphasis } from './_blocks.js';
import { actionOf, cleanText, itemOf, itemOfRecord, type ListField, type TypedItem } from './_items.js';
import {
  classifyHeading,
  classifyMetaKey,
  type ImportField,
  isExactSynonym,
  statusMark,
} from './_synonyms.js';
import type { Section } from './_tree.js';

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

const HISTORY_FIELDS = new Set<ImportField>(['done', 'decisions', 'facts', 'dead_ends', 'files_touched']);
// Labelled lines of a sub-spec, in the languages headings are read in.
const LABEL =
  /^(goal|objective|objetivo|meta|цель|目标|files?(?: in scope)?|scope|archivos|ficheros|файлы|文件|verify(?: by)?|verification|test|verificar|verificación|comprobar|проверка|проверить|验证|notes?|notas|заметки|备注)\s*[:：]\s*(.+)$/iu;

/** An empty collection. */
export function collected(): Collected {
  return { goal: [], summary: [], items: [], notes: [], mappings: [], kv: [] };
}

const bytes = (s: string) => Buffer.byteLength(s);

/** Keeps source text in Notes under its section (appended when the section already has some). */
function keep(source: string, body: string, out: Collected, line?: number, extra = 0): void {
  const last = out.notes.at(-1);
  if (last && last.source === source) last.body += `\n\n${body}`;
  else out.notes.push({ source, body });
  const m = out.mappings.at(-1);
  if (m && m.source === source && m.field === 'notes') m.bytes += bytes(body) + extra;
  else out.mappings.push({ source, line, field: 'notes', bytes: bytes(body) + extra });
}
const headingText = (s: Section) => cleanText(stripEmphasis(s.heading)) ?? s.heading;
// A heading as written, for the report's paths and the headings of Notes blocks (verbatim text).
const pathPart = (s: Section) => oneLine(s.heading) || s.heading;

/** Maps the sections, skipping `folded` ones (moved to an archive by `--fit`). */
export function mapSections(
  sections: readonly Section[],
  out: Collected,
  folded: ReadonlySet<Section> = new Set(),
): void {
  for (const s of sections) walk(s, [], out, folded, false);
}

function walk(
  s: Section,
  path: string[],
  out: Collected,
  folded: ReadonlySet<Section>,
  history: boolean,
): void {
  if (folded.has(s)) return;
  const here = [...path, pathPart(s)];
  const source = here.join(' › ');
  const old = history || (s.entry !== undefined && s.entry.order < s.entry.count - 1);
  let field = fieldOf(s);
  if (old && field && !HISTORY_FIELDS.has(field)) field = field === 'summary' ? 'done' : undefined;
  if (field === 'goal' || field === 'summary') {
    const kept = extract(s.blocks, undefined, source, out, old);
    const text = kept
      .map((b) => b.raw)
      .join('\n\n')
      .trim();
    if (text) out[field].push({ text, source });
    // An empty section was still recognised: its heading is structure, mapped with no text.
    out.mappings.push({ source, line: s.line, field, bytes: bytes(s.heading) + bytes(text) });
    for (const c of s.children) walk(c, here, out, folded, old);
    return;
  }
  if (field) {
    listSection(s, field, here, out, folded, old);
    return;
  }
  const kept = extract(s.blocks, undefined, source, out, old);
  keepNotes(kept, s, source, out);
  // A heading nothing was kept under (a bold line with no text below, a section whose items all
  // went elsewhere) is still text of the source: it stays in Notes.
  if (s.children.length === 0 && s.line !== undefined && !out.mappings.some((m) => m.source === source)) {
    keep(source, s.raw.split('\n')[0] ?? s.heading, out, s.line);
  }
  for (const c of s.children) walk(c, here, out, folded, old);
}

function fieldOf(s: Section): ImportField | undefined {
  const own =
    classifyHeading(s.heading) ?? (classifyMetaKey(s.heading) === 'summary' ? 'summary' : undefined);
  if (own) return own;
  return fieldOfMark(statusMark(s.heading));
}

/** The field a status mark sends an item to: ✅ Done, 🟡 Remaining, 🔴 Open concerns. */
function fieldOfMark(mark: ReturnType<typeof statusMark>): ListField | undefined {
  return mark === 'done'
    ? 'done'
    : mark === 'progress'
      ? 'remaining'
      : mark === 'blocked'
        ? 'open_concerns'
        : undefined;
}

function keepNotes(blocks: readonly Block[], s: Section, source: string, out: Collected): void {
  if (blocks.length === 0) return;
  // A Markdown section kept whole keeps its own spacing; otherwise the blocks left are joined.
  const whole =
    s.line !== undefined && blocks.length === s.blocks.length && blocks.every((b, i) => b === s.blocks[i]);
  const body = whole
    ? s.raw.split('\n').slice(1).join('\n').trim()
    : blocks
        .map((b) => b.raw)
        .join('\n\n')
        .trim();
  if (!body) return;
  keep(source, body, out, s.line, bytes(s.heading));
}

/**
 * Takes out of `blocks` what belongs to a field wherever it stands — checkbox items, items with
 * status emoji, `key: value` lines naming a field — and returns the blocks left.
 */
function extract(
  blocks: readonly Block[],
  field: ListField | undefined,
  source: string,
  out: Collected,
  old = false,
): Block[] {
  const kept: Block[] = [];
  for (const b of blocks) {
    if (b.kind === 'kv') {
      // A `key: value` line names a field only with a key that is one synonym, whole.
      let f = isExactSynonym(b.key)
        ? classifyHeading(b.key)
        : classifyMetaKey(b.key) === 'summary'
          ? 'summary'
          : undefined;
      // An old entry's summary is work that was done; its plans are history, kept in Notes.
      if (old && f && !HISTORY_FIELDS.has(f)) f = f === 'summary' ? 'done' : undefined;
      if ((f === 'goal' || f === 'summary') && !field) {
        out[f].push({ text: b.value, source: `${source} › ${b.key}` });
        out.mappings.push({ source: `${source} › ${b.key}`, field: f, bytes: bytes(b.raw) });
        continue;
      }
      if (f && f !== 'goal' && f !== 'summary' && !field) {
        add(itemOf(f, b.value), source, b.raw, out);
        continue;
      }
      out.kv.push({ key: b.key, value: b.value, line: b.line || undefined, source });
      kept.push(b);
      continue;
    }
    if (b.kind === 'table') {
      kept.push(...routeRows(b, field, source, out));
      continue;
    }
    if (b.kind !== 'list') {
      kept.push(b);
      continue;
    }
    const rest: ListItem[] = [];
    for (const item of b.items) {
      const routed = routeOf(item, field);
      if (routed && (!field || routed !== field)) add(makeItem(routed, item), source, flattenItem(item), out);
      else rest.push(item);
    }
    if (rest.length === b.items.length) kept.push(b);
    else if (rest.length > 0) kept.push({ ...b, items: rest, raw: rest.map(rawItem).join('\n') });
  }
  return kept;
}

// Rows of a status table (a cell with ✅, 🟡 or 🔴) go where their mark says; the rest stay.
function routeRows(
  b: Extract<Block, { kind: 'table' }>,
  field: ListField | undefined,
  source: string,
  out: Collected,
): Block[] {
  if (field === 'validation' || field === 'facts' || field === 'decisions' || field === 'preferences')
    return [b];
  const rest: string[][] = [];
  for (const row of b.rows) {
    const mark = row.map((c) => statusMark(c)).find((m) => m !== undefined);
    const to = fieldOfMark(mark);
    const text = rowText(
      b.header,
      row.map((c) => cleanText(c) ?? ''),
    );
    if (to && to !== field && text) add(itemOf(to, text), source, `| ${row.join(' | ')} |`, out);
    else rest.push(row);
  }
  if (rest.length === b.rows.length) return [b];
  if (rest.length === 0) return [];
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const head = b.header.length ? [line(b.header), line(b.header.map(() => '---'))] : [];
  return [{ ...b, rows: rest, raw: [...head, ...rest.map(line)].join('\n') }];
}

function rawItem(item: ListItem): string {
  const box = item.checked === undefined ? '' : item.checked ? '[x] ' : '[ ] ';
  return [`- ${box}${item.text}`, ...item.children.map((c) => `  ${c}`)].join('\n');
}

// The field a checkbox or a status mark sends an item to, if any.
function routeOf(item: ListItem, field: ListField | undefined): ListField | undefined {
  if (field === 'validation' || field === 'facts' || field === 'decisions' || field === 'preferences')
    return undefined;
  if (item.checked === true) return 'done';
  if (item.checked === false) return 'remaining';
  return fieldOfMark(statusMark(item.text));
}

function makeItem(field: ListField, item: ListItem, action?: FileTouched['action']): TypedItem | undefined {
  if (item.fields) return itemOfRecord(field, item.fields, { action });
  if (field === 'remaining') return subSpecOf(item);
  return itemOf(field, flattenItem(item), { action });
}

// A sub-spec from a list item: labelled nested lines (Goal, Files, Verify, Notes) fill its fields.
function subSpecOf(item: ListItem): TypedItem | undefined {
  const typed = itemOf('remaining', item.text);
  if (typed?.field !== 'remaining') return undefined;
  const notes: string[] = [];
  for (const c of item.children) {
    const line = c.replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s*)?/, '').trim();
    if (line) label(typed.item, line, notes);
  }
  if (notes.length) typed.item.notes = oneLine(notes.join('; '));
  return typed;
}

function label(spec: SubSpec, line: string, notes: string[]): void {
  const m = LABEL.exec(line);
  if (!m) {
    notes.push(line);
    return;
  }
  const name = (m[1] as string).toLowerCase();
  const value = (m[2] as string).trim();
  const spans = [...value.matchAll(/`([^`]+)`/g)].map((x) => x[1] as string);
  if (/^(goal|objective|objetivo|meta|цель|目标)/u.test(name)) spec.goal = oneLine(value);
  else if (/^(verif|test|compro|провер|验证)/u.test(name))
    spec.verify_by.push(...(spans.length ? spans : [oneLine(value)]));
  else if (/^(note|nota|замет|备注)/u.test(name)) notes.push(value);
  else spec.files_in_scope.push(...(spans.length ? spans : value.split(/,\s*/).filter(Boolean)));
}

/** Adds a typed item, or keeps its source text in Notes when it could not be typed. */
function add(item: TypedItem | undefined, source: string, raw: string, out: Collected): void {
  if (!item) {
    if (raw.trim() && !/^\s*(none|n\/a)\.?\s*$/i.test(raw)) keep(source, raw, out);
    return;
  }
  out.items.push(item);
  const last = out.mappings.at(-1);
  if (last && last.source === source && last.field === item.field) last.bytes += bytes(raw);
  else out.mappings.push({ source, field: item.field, bytes: bytes(raw) });
}

function listSection(
  s: Section,
  field: ListField,
  here: string[],
  out: Collected,
  folded: ReadonlySet<Section>,
  old: boolean,
): void {
  const source = here.join(' › ');
  const action = field === 'files_touched' ? actionOf(s.heading) : undefined;
  out.mappings.push({ source, line: s.line, field, bytes: bytes(s.heading) });
  const kept = extract(s.blocks, field, source, out);
  const hasLists = kept.some((b) => b.kind === 'list' || b.kind === 'table');
  const leftover: Block[] = [];
  for (const b of kept) {
    if (!blockItems(b, field, action, hasLists, source, out)) leftover.push(b);
  }
  keepNotes(leftover, s, source, out);
  for (const c of s.children) {
    if (folded.has(c)) continue;
    if (standsAlone(c, field)) walk(c, here, out, folded, old);
    else childItems(c, field, [...here, pathPart(c)], out, folded);
  }
}

// Items of one block; false when the block is not items of this field (it goes to Notes).
function blockItems(
  b: Block,
  field: ListField,
  action: FileTouched['action'] | undefined,
  hasLists: boolean,
  source: string,
  out: Collected,
): boolean {
  switch (b.kind) {
    case 'list':
      for (const item of b.items) {
        const made = makeItem(field, item, action);
        if (made) add(made, source, flattenItem(item), out);
        else keep(source, rawItem(item), out);
      }
      return true;
    case 'table':
      for (const row of b.rows) {
        const text = rowText(b.header, row);
        if (text) add(itemOf(field, text, { action }), source, row.join(' | '), out);
      }
      return true;
    case 'code': {
      if (field !== 'files_touched' && field !== 'validation') return false;
      // Commands (or paths) become items; a block with comments is also kept whole in Notes.
      let made = 0;
      let comments = false;
      for (const line of b.lines) {
        const cmd = line.replace(/^\s*\$\s+/, '').trim();
        if (!cmd) continue;
        if (cmd.startsWith('#') || cmd.startsWith('//')) {
          comments = true;
          continue;
        }
        const text = field === 'validation' ? codeSpan(cmd) : cmd;
        const item = itemOf(field, text, { action });
        if (item) {
          add(item, source, line, out);
          made++;
        } else comments = true;
      }
      if (made > 0 && comments) keep(source, b.raw, out);
      return made > 0;
    }
    case 'kv':
      add(itemOf(field, `${b.key}: ${b.value}`, { action }), source, b.raw, out);
      return true;
    default:
      if (hasLists || b.quote) return false;
      add(itemOf(field, b.text, { action }), source, b.raw, out);
      return true;
  }
}

function rowText(header: readonly string[], row: readonly string[]): string | undefined {
  const cells = row.map((c) => c.trim()).filter((c) => c !== '');
  if (cells.length === 0) return undefined;
  if (cells.length === 1) return cells[0];
  const [first, ...rest] = cells;
  // A header names each column: a row reads as `first: value; column: value`.
  const named = rest.map((c, i) => (header[i + 1] ? `${header[i + 1]}: ${c}` : c));
  return `${first}: ${header.length > 2 ? named.join('; ') : rest.join('; ')}`;
}

// A sub-section of a list section that is a list field of its own (`### Done` under `## State`);
// a Goal or Summary heading deep inside a list is part of the list, never the handoff's own.
function standsAlone(c: Section, field: ListField): boolean {
  const own = fieldOf(c);
  return (
    own !== undefined && own !== field && own !== 'goal' && own !== 'summary' && isExactSynonym(c.heading)
  );
}

// A sub-section inside a list field: one sub-spec (Remaining), or items named by its heading.
function childItems(
  c: Section,
  field: ListField,
  here: string[],
  out: Collected,
  folded: ReadonlySet<Section>,
): void {
  const source = here.join(' › ');
  const heading = headingText(c).replace(/^(?:\d+(?:\.\d+)*[.)]|[A-Za-z][.)])\s+/, '');
  const blocks = extract(c.blocks, field, source, out);
  if (blocks.length === 0 && c.blocks.length === 0 && c.children.length > 0) {
    for (const g of c.children) {
      if (folded.has(g)) continue;
      if (standsAlone(g, field)) walk(g, here, out, folded, false);
      else childItems(g, field, [...here, pathPart(g)], out, folded);
    }
    return;
  }
  const lists = blocks.filter((b) => b.kind === 'list' || b.kind === 'table');
  const labelled = lists.some((b) => b.kind === 'list' && b.items.some((i) => LABEL.test(i.text)));
  if (field === 'remaining' && (labelled || lists.length === 0 || c.children.length > 0)) {
    const typed = itemOf('remaining', heading);
    if (typed?.field === 'remaining') {
      const rest: Block[] = [];
      for (const b of blocks) {
        if (b.kind === 'list' && b.items.every((i) => LABEL.test(i.text))) {
          for (const i of b.items) label(typed.item, i.text, []);
        } else rest.push(b);
      }
      add(typed, source, c.heading, out);
      keepNotes(rest, c, source, out);
    } else keepNotes(blocks, c, source, out);
  } else if (lists.length > 0) {
    for (const b of lists) {
      if (b.kind === 'table') {
        blockItems(b, field, undefined, true, source, out);
        continue;
      }
      for (const item of b.items) {
        // Remaining work keeps its group as a note; other items carry their heading.
        const text = `${heading}: ${cleanText(item.text) ?? item.text}`;
        const made = makeItem(field, field === 'remaining' ? item : { ...item, text });
        if (made?.field === 'remaining')
          made.item.notes = made.item.notes ? `${heading}; ${made.item.notes}` : heading;
        add(made, source, flattenItem(item), out);
      }
    }
    keepNotes(
      blocks.filter((b) => b.kind !== 'list' && b.kind !== 'table'),
      c,
      source,
      out,
    );
  } else {
    const first = blocks.find((b) => b.kind === 'text' && !b.quote);
    const item =
      first?.kind === 'text' && first.text.length <= 400
        ? itemOf(field, `${heading}: ${first.text}`)
        : undefined;
    const merge = item !== undefined;
    add(item ?? itemOf(field, heading), source, c.heading, out);
    keepNotes(
      blocks.filter((b) => !merge || b !== first),
      c,
      source,
      out,
    );
  }
  for (const g of c.children) {
    if (folded.has(g)) continue;
    if (standsAlone(g, field)) walk(g, here, out, folded, false);
    else childItems(g, field, [...here, pathPart(g)], out, folded);
  }
}
