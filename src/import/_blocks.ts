/**
 * The blocks of free-form Markdown: lists (with checkboxes and nested lines), tables, code,
 * quotes, `**Key**: value` lines and paragraphs. Each block keeps its source lines verbatim, so
 * whatever import does not map goes to Notes exactly as it was written.
 */
import { FenceTracker } from '../formats/text.js';

/** A top-level list item: its first line, its checkbox, and the lines nested under it. */
export interface ListItem {
  text: string;
  /** `[x]` true, `[ ]` false, no checkbox undefined. */
  checked?: boolean;
  /** Nested lines, dedented, markers kept. */
  children: string[];
  line: number;
  /** For items read from JSON, YAML or XML: the object the item was. */
  fields?: Record<string, unknown>;
}

/** A block of section content, with its source text. */
export type Block = (
  | { kind: 'list'; items: ListItem[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'code'; lang: string; lines: string[] }
  | { kind: 'text'; text: string; quote: boolean }
  | { kind: 'kv'; key: string; value: string }
) & { raw: string; line: number };

const LIST_RE = /^(\s*)([-*+•]|\d{1,3}[.)])\s+(.*)$/;
const FENCE_LANG = /^\s{0,3}(?:`{3,}|~{3,})\s*([\w+-]*)/;
const KV_RE = /^\s*(?:\*\*|__)([^*_\n]{1,60}?)(?::\s*(?:\*\*|__)|(?:\*\*|__)\s*[:：])\s*(.+)$/;
/** True for the rule under a table's header row (`|---|:--:|`): only pipes, dashes, colons and spaces. */
export function isTableRule(line: string): boolean {
  // Cell by cell, not one regex: nested quantifiers backtrack without end on a long line.
  const t = line.trim();
  const inner = t.slice(t.startsWith('|') ? 1 : 0, t.endsWith('|') && t.length > 1 ? -1 : undefined);
  return inner.split('|').every((c) => RULE_CELL.test(c.trim()));
}
const RULE_CELL = /^:?-{2,}:?$/;
/** A thematic break: three or more of one of `-`, `*`, `_` (spaces between), checked without a regex. */
function isRule(line: string): boolean {
  const t = line.trimEnd();
  const lead = t.length - t.trimStart().length;
  if (lead > 3 || t.length === lead) return false;
  const mark = t[lead] as string;
  if (mark !== '-' && mark !== '*' && mark !== '_') return false;
  let n = 0;
  for (let i = lead; i < t.length; i++) {
    const ch = t[i];
    if (ch === mark) n++;
    else if (ch !== ' ' && ch !== '\t') return false;
  }
  return n >= 3;
}

/** Splits lines (numbered from `first`) into blocks. */
export function readBlocks(lines: readonly string[], first = 1): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  const at = (k: number) => lines[k] as string;
  while (i < lines.length) {
    const line = at(i);
    if (line.trim() === '' || isRule(line)) {
      i++;
      continue;
    }
    const start = i;
    // The one fence reader (formats/text.ts): a `~~~` block ends only at a `~~~` line.
    const fence = new FenceTracker();
    if (fence.step(line)) {
      i++;
      while (i < lines.length) {
        fence.step(at(i));
        i++;
        if (!fence.inFence) break;
      }
      const body = lines.slice(start + 1, fence.inFence ? i : i - 1);
      blocks.push({
        kind: 'code',
        lang: FENCE_LANG.exec(line)?.[1] ?? '',
        lines: body,
        raw: lines.slice(start, i).join('\n'),
        line: first + start,
      });
      continue;
    }
    if (/^\s*\|/.test(line)) {
      while (i < lines.length && /^\s*\|/.test(at(i))) i++;
      blocks.push({ ...readTable(lines.slice(start, i)), line: first + start });
      continue;
    }
    if (/^\s*>/.test(line)) {
      while (i < lines.length && /^\s*>/.test(at(i))) i++;
      const raw = lines.slice(start, i).join('\n');
      const text = lines
        .slice(start, i)
        .map((l) => l.replace(/^\s*>\s?/, ''))
        .join('\n')
        .trim();
      blocks.push({ kind: 'text', text, quote: true, raw, line: first + start });
      continue;
    }
    if (LIST_RE.test(line)) {
      i = readList(lines, i, first, blocks);
      continue;
    }
    const kv = KV_RE.exec(line);
    if (kv) {
      i++;
      blocks.push({
        kind: 'kv',
        key: (kv[1] as string).trim(),
        value: (kv[2] as string).trim(),
        raw: line,
        line: first + start,
      });
      continue;
    }
    while (i < lines.length && at(i).trim() !== '' && !startsBlock(at(i))) i++;
    if (i === start) i++;
    const raw = lines.slice(start, i).join('\n');
    const marked = markedLines(lines.slice(start, i), first + start);
    if (marked) blocks.push({ kind: 'list', items: marked, raw, line: first + start });
    else blocks.push({ kind: 'text', text: raw.trim(), quote: false, raw, line: first + start });
  }
  return blocks;
}

/**
 * Lines that each start with a status mark (`✅ splitter rewritten`, `❌ CRLF test`) are a list
 * without markers: one item a line, so that each goes where its own mark says.
 */
function markedLines(lines: readonly string[], first: number): ListItem[] | undefined {
  if (!lines.every((l) => LEADING_MARK.test(l))) return undefined;
  return lines.map((l, k) => ({ text: l.trim(), children: [], line: first + k }));
}
const LEADING_MARK = /^\s*(?:✅|✔️?|☑️?|✓|🟢|🔴|❌|⛔|🚫|✗|✘|🔄|🟡|⏳|🚧|🟠|⬜|🔲|☐)\s*\S/u;

function startsBlock(line: string): boolean {
  return (
    new FenceTracker().step(line) ||
    LIST_RE.test(line) ||
    /^\s*[|>]/.test(line) ||
    KV_RE.test(line) ||
    isRule(line)
  );
}

// A list runs while lines are items, indented continuations, or blank lines before either.
function readList(lines: readonly string[], start: number, first: number, blocks: Block[]): number {
  const base = (LIST_RE.exec(lines[start] as string)?.[1] ?? '').length;
  const items: ListItem[] = [];
  let i = start;
  let end = start;
  while (i < lines.length) {
    const line = lines[i] as string;
    const m = LIST_RE.exec(line);
    const indent = (/^\s*/.exec(line)?.[0] ?? '').length;
    if (m && indent <= base) {
      const box = /^\[([ xX✓✔])\]\s*(.*)$/.exec(m[3] as string);
      const item: ListItem = { text: (box ? box[2] : m[3]) as string, children: [], line: first + i };
      if (box) item.checked = box[1] !== ' ';
      items.push(item);
      end = ++i;
      continue;
    }
    if (line.trim() === '') {
      i++;
      continue;
    }
    const current = items.at(-1);
    if (!current || (indent <= base && !m)) break;
    current.children.push(line.slice(Math.min(indent, base + 2)));
    end = ++i;
  }
  blocks.push({ kind: 'list', items, raw: lines.slice(start, end).join('\n'), line: first + start });
  return end;
}

function readTable(lines: readonly string[]): {
  kind: 'table';
  header: string[];
  rows: string[][];
  raw: string;
} {
  const cells = (l: string) =>
    l
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
  const rows = lines.filter((l) => !isTableRule(l)).map(cells);
  const separated = lines.length > 1 && isTableRule(lines[1] as string);
  return {
    kind: 'table',
    header: separated ? (rows[0] ?? []) : [],
    rows: separated ? rows.slice(1) : rows,
    raw: lines.join('\n'),
  };
}

/** A list item with its nested lines folded into one line (markers dropped, `; ` between). */
export function flattenItem(item: ListItem): string {
  const nested = item.children
    .map((c) => c.replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s*)?/, '').trim())
    // Fence lines of nested code are markup, not words of the item.
    .filter((c) => c !== '' && !new FenceTracker().step(c));
  if (nested.length === 0) return oneLine(item.text);
  return oneLine(`${item.text}${/[:：]$/.test(item.text.trim()) ? ' ' : '; '}${nested.join('; ')}`);
}

/** Text folded to one trimmed line. */
export function oneLine(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Text without Markdown emphasis markers (`**bold**`, `__bold__`, `*em*`, `_em_`); other `*` and `_` stay. */
export function stripEmphasis(text: string): string {
  return text
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(?<![\p{L}\p{N}*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\p{L}\p{N}*])/gu, '$1')
    .replace(/(?<![\p{L}\p{N}_])_(?=\S)([^_]+?)(?<=\S)_(?![\p{L}\p{N}_])/gu, '$1');
}
