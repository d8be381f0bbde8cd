/**
 * What goes where, inside a section: checkboxes and status marks route items wherever they stand,
 * `key: value` lines that name a field go to it, list items become typed items (a sub-spec reads
 * its labelled lines), and table rows read as `first: value; column: value`.
 */

import { jsonText } from '../formats/json-text.js';
import { splitListOutsideBraces } from '../formats/list.js';
import type { FileTouched, SubSpec } from '../handoff/types.js';
import { type Block, flattenItem, type ListItem, oneLine } from './_blocks.js';
import { add, bytes, type Collected } from './_collect.js';
import { actionOf, cleanText, itemOf, itemOfRecord, type ListField, type TypedItem } from './_items.js';
import {
  classifyHeading,
  classifyMetaKey,
  fieldOfStatusWord,
  type ImportField,
  isExactSynonym,
  statusMark,
} from './_synonyms.js';

/** The fields an old entry of an append log still contributes to. */
export const HISTORY_FIELDS = new Set<ImportField>([
  'done',
  'decisions',
  'facts',
  'dead_ends',
  'files_touched',
]);
// Labelled lines of a sub-spec, in the languages headings are read in.
export const LABEL =
  /^(goal|objective|objetivo|meta|цель|目标|files?(?: in scope)?|scope|archivos|ficheros|файлы|文件|verify(?: by)?|verification|test|verificar|verificación|comprobar|проверка|проверить|验证|notes?|notas|заметки|备注)\s*[:：]\s*(.+)$/iu;

/** The field a status mark sends an item to: ✅ Done, 🟡 Remaining, 🔴 Open concerns. */
export function fieldOfMark(mark: ReturnType<typeof statusMark>): ListField | undefined {
  return mark === 'done'
    ? 'done'
    : mark === 'progress'
      ? 'remaining'
      : mark === 'blocked'
        ? 'open_concerns'
        : undefined;
}

/**
 * Takes out of `blocks` what belongs to a field wherever it stands — checkbox items, items with
 * status emoji, `key: value` lines naming a field — and returns the blocks left.
 */
export function extract(
  blocks: readonly Block[],
  field: ListField | undefined,
  source: string,
  out: Collected,
  old = false,
  /** The blocks are a Goal's: its sentences are the request, whatever they say. */
  goal = false,
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
      kept.push(...(fileTable(b, field, source, out) ? [] : routeRows(b, field, source, out)));
      continue;
    }
    if (b.kind === 'text' && !b.quote && !goal) {
      const to = fieldOfSentence(b.text, field);
      if (to) add(itemOf(to, oneLine(b.text.replace(PS, ''))), source, b.raw, out);
      else kept.push(b);
      continue;
    }
    if (b.kind !== 'list') {
      kept.push(b);
      continue;
    }
    const rest: ListItem[] = [];
    for (const item of b.items) {
      const routed = routeOf(item, field);
      // A `P.S.` is how the aside was introduced, not part of what the person prefers.
      const own = routed === 'preferences' ? { ...item, text: item.text.replace(PS, '') } : item;
      if (routed && (!field || routed !== field)) add(makeItem(routed, own), source, flattenItem(item), out);
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
  // A column named Status (or State, Estado, 状态 …) says where each row goes, by word or by mark.
  const statusColumn = b.header.findIndex((h) => classifyMetaKey(h) === 'status');
  for (const row of b.rows) {
    const mark = row.map((c) => statusMark(c)).find((m) => m !== undefined);
    const word = statusColumn >= 0 ? fieldOfStatusWord(row[statusColumn] ?? '') : undefined;
    const to = fieldOfMark(mark) ?? word;
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

/** A list item written back as Markdown. */
export function rawItem(item: ListItem): string {
  // A record from data has no text of its own: it is kept as the JSON it was.
  if (item.fields) return `- ${jsonText(item.fields, false)}`;
  const box = item.checked === undefined ? '' : item.checked ? '[x] ' : '[ ] ';
  return [`- ${box}${item.text}`, ...item.children.map((c) => `  ${c}`)].join('\n');
}

// The field a checkbox or a status mark sends an item to, if any.
function routeOf(item: ListItem, field: ListField | undefined): ListField | undefined {
  if (field === 'validation' || field === 'facts' || field === 'decisions' || field === 'preferences')
    return undefined;
  if (item.checked === true) return 'done';
  if (item.checked === false) return 'remaining';
  if (item.fields) return recordStatus(item.fields);
  const tag = STATUS_TAG.exec(item.text);
  const tagged = tag ? fieldOfStatusWord(tag[1] ?? tag[2] ?? tag[3] ?? '') : undefined;
  if (tagged) return tagged;
  const mark = statusMark(item.text);
  // `❌ CRLF test — not written yet` is work still to do, not a worry about work done.
  if (mark === 'blocked' && NOT_YET.test(item.text)) return 'remaining';
  return fieldOfMark(mark) ?? (field === 'done' ? undefined : fieldOfSentence(item.text, field));
}

const NOT_YET = /\b(not (?:yet|written|done|started|implemented)|to do|todo|pending|missing)\b|\byet\b/i;
// `P.S.` (`PS:`, `P.P.S.`) before an aside.
const PS = /^\s*(?:P\.?\s?)+S\.?\s*[:,—-]?\s*/i;
// A sentence that records a choice, and one that records what the person wants.
const DECISION_LEAD =
  /^\s*(?:(?:we|I)\s+)?(?:(?:chose|choose|decided|opted|went with|picked|settled on)\b|decision\s*[:：])/i;
const PREFERENCE =
  /\b(?:the\s+)?(?:user|person|client|owner|maintainer)s?\s+(?:prefers?|wants?|likes?|does not want|doesn't want|dislikes?|insists?)\b/i;

/**
 * The field a sentence's own words name, outside a section of that field: a choice with its
 * reason (`Chose to keep zero deps because …`) is a decision; what the person prefers (`P.S. the
 * user prefers tabs`) a preference.
 */
function fieldOfSentence(text: string, field: ListField | undefined): ListField | undefined {
  const t = text.replace(PS, '');
  if (field !== 'decisions' && DECISION_LEAD.test(t)) return 'decisions';
  if (field !== 'preferences' && PREFERENCE.test(t) && t.length <= 300) return 'preferences';
  return undefined;
}

/**
 * A table with a file column (`| file | what I did |`) lists files touched: one item a row, the
 * path from that column, the action from the other cells' words (modified when they name none).
 */
function fileTable(
  b: Extract<Block, { kind: 'table' }>,
  field: ListField | undefined,
  source: string,
  out: Collected,
): boolean {
  if (field === 'files_touched' || field === 'validation') return false;
  const col = b.header.findIndex((h) => FILE_COLUMN.test(cleanText(h) ?? h));
  if (col < 0 || b.rows.length === 0) return false;
  for (const row of b.rows) {
    const path = (row[col] ?? '').replace(/`/g, '').trim();
    const note = oneLine(row.filter((_, k) => k !== col).join('; '));
    if (!path) continue;
    const text = `\`${path}\`${note ? ` — ${note}` : ''}`;
    add(
      itemOf('files_touched', text, { action: actionOf(note) ?? 'modified' }),
      source,
      `| ${row.join(' | ')} |`,
      out,
    );
  }
  return true;
}
const FILE_COLUMN =
  /^(?:files?|paths?|file ?names?|archivos?|ficheros?|файлы?|文件|datei(?:en)?|fichiers?)$/iu;

// `[DONE] …`, `(wip) …`, `TODO: …`, `DONE — …` at the start of an item.
const STATUS_TAG = /^\s*(?:\[([^\]]{2,15})\]|\(([^)]{2,15})\)|([A-Z][A-Z ]{1,12})\s*[:—–-])\s+/u;

// A record's own status (`status: done`, `state: blocked`) says where it goes.
function recordStatus(fields: Record<string, unknown>): ListField | undefined {
  for (const [key, value] of Object.entries(fields)) {
    if (classifyMetaKey(key) === 'status' && typeof value === 'string') return fieldOfStatusWord(value);
    if (/^(done|completed?|finished)$/i.test(key) && typeof value === 'boolean')
      return value ? 'done' : 'remaining';
  }
  return undefined;
}

/** A typed item of `field` from a list item (a record's fields, a sub-spec's labels). */
export function makeItem(
  field: ListField,
  item: ListItem,
  action?: FileTouched['action'],
): TypedItem | undefined {
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

/** Reads one labelled line (`Goal:`, `Files:`, `Verify:`, `Notes:`) into a sub-spec. */
export function label(spec: SubSpec, line: string, notes: string[]): void {
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
  else spec.files_in_scope.push(...(spans.length ? spans : splitListOutsideBraces(value)));
}

/** A table row as one line: `first: value; column: value`. */
export function rowText(header: readonly string[], row: readonly string[]): string | undefined {
  const cells = row.map((c) => c.trim()).filter((c) => c !== '');
  if (cells.length === 0) return undefined;
  if (cells.length === 1) return cells[0];
  const [first, ...rest] = cells;
  // A header names each column: a row reads as `first: value; column: value`.
  const named = rest.map((c, i) => (header[i + 1] ? `${header[i + 1]}: ${c}` : c));
  return `${first}: ${header.length > 2 ? named.join('; ') : rest.join('; ')}`;
}
