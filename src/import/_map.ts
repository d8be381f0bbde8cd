/**
 * Maps the section tree of a free-form handoff onto the canonical fields. A section's heading
 * picks its field; its lists, tables and sub-sections become that field's items; whatever has
 * no field goes to Notes verbatim. Entries of an append log other than the newest contribute
 * only what was done and learned: their plans and worries are history, kept in Notes.
 */

import { codeSpan } from '../formats/text.js';
import type { FileTouched } from '../handoff/types.js';
import { type Block, flattenItem, oneLine, stripEmphasis } from './_blocks.js';
import { add, bytes, type Collected, keep } from './_collect.js';
import { readsAsCommand } from './_command.js';
import { actionOf, cleanText, itemOf, type ListField } from './_items.js';
import { extract, fieldOfMark, HISTORY_FIELDS, LABEL, label, makeItem, rawItem, rowText } from './_route.js';
import {
  classifyHeading,
  classifyMetaKey,
  type ImportField,
  isExactSynonym,
  readsAsOngoing,
  statusMark,
} from './_synonyms.js';
import { isTaskHeading } from './_tasks.js';
import type { Section } from './_tree.js';

export { type Collected, collected, type Mapping } from './_collect.js';

const FIELD_WORDS: Partial<Record<ListField, [string, string]>> = {
  done: ['done', 'done'],
  remaining: ['to do', 'to do'],
  open_concerns: ['open concern', 'open concerns'],
  decisions: ['decision', 'decisions'],
  files_touched: ['file touched', 'files touched'],
};

// "2 done, 1 to do, 1 open concern (the source's status lines, under their sections)".
function statusSummary(items: readonly { field: ListField }[]): string {
  const counts = new Map<ListField, number>();
  for (const i of items) counts.set(i.field, (counts.get(i.field) ?? 0) + 1);
  const parts = [...counts].map(([f, n]) => {
    const [one, many] = FIELD_WORDS[f] ?? [f.replace(/_/g, ' '), f.replace(/_/g, ' ')];
    return `${n} ${n === 1 ? one : many}`;
  });
  return `Where things stand, as the source's lines say: ${parts.join(', ')} (each under its section).`;
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
    const before = out.items.length;
    const kept = extract(s.blocks, undefined, source, out, old, field === 'goal');
    if (field === 'summary' && isRemnant(s.blocks, kept)) {
      // A status board whose marked lines went to their fields leaves `**Key**: value` lines
      // (`**Version**: 0.1.0-beta`): metadata, kept in Notes, not a summary a person would sign.
      keepNotes(kept, s, source, out);
      for (const c of s.children) walk(c, here, out, folded, old);
      return;
    }
    const text = kept
      .map((b) => b.raw)
      .join('\n\n')
      .trim();
    if (text) out[field].push({ text, source });
    else if (field === 'summary' && out.items.length > before) {
      // A status board whose every line went to its field (✅ Done, ❌ Remaining…) still says where
      // things stand: in baton's words, counted, so the handoff keeps a Summary.
      out.summary.push({ text: statusSummary(out.items.slice(before)), source });
    }
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
  // A section about work under way (`Monitoring the active run`) stays in Notes, and its heading
  // is also a remaining task: the handoff is not complete while it runs.
  if (!old && readsAsOngoing(s.heading)) add(itemOf('remaining', headingText(s)), source, '', out);
  // A heading nothing was kept under (a bold line with no text below, a section whose items all
  // went elsewhere) is still text of the source: it stays in Notes.
  if (s.children.length === 0 && s.line !== undefined && !out.mappings.some((m) => m.source === source)) {
    keep(source, s.raw.split('\n')[0] ?? s.heading, out, s.line);
  }
  for (const c of s.children) walk(c, here, out, folded, old);
}

const KEYED = /^\s*(?:\*\*|__)[^*_]{1,60}(?:\*\*|__)\s*[:：]|^\s*(?:\*\*|__)[^*_]{1,60}[:：](?:\*\*|__)/;

// What extraction left of a section that had items taken out: only keyed lines, no prose.
function isRemnant(before: readonly Block[], kept: readonly Block[]): boolean {
  if (kept.length === 0 || (kept.length === before.length && kept.every((b, i) => b === before[i])))
    return false;
  return kept.every((b) => b.kind === 'list' && b.items.every((i) => KEYED.test(i.text)));
}

function fieldOf(s: Section): ImportField | undefined {
  const own =
    classifyHeading(s.heading) ?? (classifyMetaKey(s.heading) === 'summary' ? 'summary' : undefined);
  if (own) return own;
  return fieldOfMark(statusMark(s.heading));
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
        // Comments, and lines of a validation block that are output rather than commands.
        if (cmd.startsWith('#') || cmd.startsWith('//') || (field === 'validation' && !readsAsCommand(cmd))) {
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
      // Beside a list, a `**Key:** value` line is a label of its own, not one more item, unless
      // its key names this field (`**Next step:** …` under Next Steps).
      if (hasLists && !(isExactSynonym(b.key) && classifyHeading(b.key) === field)) return false;
      add(itemOf(field, `${b.key}: ${b.value}`, { action }), source, b.raw, out);
      return true;
    default:
      if (hasLists || b.quote) return false;
      add(itemOf(field, b.text, { action }), source, b.raw, out);
      return true;
  }
}

// A section kept whole in Notes with everything under it, as written.
function keepDetail(s: Section, path: string[], out: Collected, folded: ReadonlySet<Section>): void {
  if (folded.has(s)) return;
  const here = [...path, pathPart(s)];
  const source = here.join(' › ');
  if (s.blocks.length > 0) keepNotes(s.blocks, s, source, out);
  else keep(source, s.raw.split('\n')[0] ?? s.heading, out, s.line);
  for (const g of s.children) keepDetail(g, here, out, folded);
}

// A sub-section of a list section that is a list field of its own (`### Done` under `## State`);
// a Goal or Summary heading deep inside a list is part of the list, never the handoff's own.
// Rules, dead ends and decisions are never tasks: under remaining work a heading naming one
// (`CONSTRAINTS (Canonical List)`) stands alone even when it is not one synonym whole.
const NEVER_TASKS = new Set<ImportField>(['preferences', 'dead_ends', 'decisions']);

function standsAlone(c: Section, field: ListField): boolean {
  const own = fieldOf(c);
  if (own === undefined || own === field || own === 'goal' || own === 'summary') return false;
  return isExactSynonym(c.heading) || (field === 'remaining' && NEVER_TASKS.has(own));
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
  const task = field === 'remaining' && isTaskHeading(headingText(c));
  // A heading with only sub-sections groups tasks, unless it is numbered as a task itself.
  if (!task && blocks.length === 0 && c.blocks.length === 0 && c.children.length > 0) {
    childrenItems(c, field, here, out, folded);
    return;
  }
  const lists = blocks.filter((b) => b.kind === 'list' || b.kind === 'table');
  const labelled = lists.some((b) => b.kind === 'list' && b.items.some((i) => LABEL.test(i.text)));
  if (field === 'remaining' && (task || labelled || lists.length === 0 || c.children.length > 0)) {
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
      // A task's sub-sections are its detail: kept in Notes, never more tasks.
      for (const g of c.children) keepDetail(g, here, out, folded);
      return;
    }
    keepNotes(blocks, c, source, out);
  } else if (lists.length > 0) {
    for (const b of lists) listBlockItems(b, c, field, { heading, source }, out);
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
  childrenItems(c, field, here, out, folded);
}

// The sub-sections of a section in a field: each on its own when it stands alone, else more items.
function childrenItems(
  c: Section,
  field: ListField,
  here: string[],
  out: Collected,
  folded: ReadonlySet<Section>,
): void {
  for (const g of c.children) {
    if (folded.has(g)) continue;
    if (standsAlone(g, field)) walk(g, here, out, folded, false);
    else childItems(g, field, [...here, pathPart(g)], out, folded);
  }
}

// The items of one list or table under a section heading.
function listBlockItems(
  b: Block,
  c: Section,
  field: ListField,
  at: { heading: string; source: string },
  out: Collected,
): void {
  const { heading, source } = at;
  if (b.kind === 'table') {
    blockItems(b, field, undefined, true, source, out);
    return;
  }
  if (b.kind !== 'list') return;
  // A heading that only names the field again (`done:` under `progress:`) adds nothing.
  const named = !(isExactSynonym(c.heading) && fieldOf(c) === field);
  for (const item of b.items) {
    // Remaining work keeps its group as a note; other items carry their heading.
    const text = named ? `${heading}: ${cleanText(item.text) ?? item.text}` : item.text;
    const made = makeItem(field, field === 'remaining' ? item : { ...item, text });
    if (made?.field === 'remaining' && named)
      made.item.notes = made.item.notes ? `${heading}; ${made.item.notes}` : heading;
    add(made, source, flattenItem(item), out);
  }
}
