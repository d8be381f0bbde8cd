/**
 * The shape every free-form handoff is read into before mapping: a title, preamble blocks,
 * metadata lines, and a tree of sections (Markdown headings, `**Bold**:` lines used as headings,
 * XML-like `<tag>` blocks, or the keys of JSON, YAML and XML data).
 */
import { FenceTracker } from '../formats/text.js';
import { type Block, readBlocks } from './_blocks.js';
import { numberedHeadings } from './_numbered.js';

/** One section of the source: a heading (or key) and what is under it. */
export interface Section {
  /** The heading or key as written. */
  heading: string;
  line?: number;
  level: number;
  blocks: Block[];
  children: Section[];
  /** The section's own source text (heading and blocks, not children), verbatim. */
  raw: string;
  /** Sections that are entries of an append log: `order` 0 is the oldest of `count`. */
  entry?: { order: number; count: number };
  /** The whole source text of the section with everything under it, when `raw` is not that. */
  whole?: string;
  /** True for a `<tag>` block or a heading read from a bold or `Label:` line: never the title. */
  tag?: boolean;
}

/** A `key: value` pair from front matter, the preamble or the top level of data. */
export interface MetaLine {
  key: string;
  value: string;
  line?: number;
  raw: string;
}

/** A free-form handoff, read. */
export interface SourceDoc {
  kind: 'markdown' | 'json' | 'yaml' | 'xml';
  title?: { text: string; line?: number; raw: string };
  preamble: Block[];
  meta: MetaLine[];
  sections: Section[];
  /** Keys and element names of data (JSON, YAML, XML): markup, not text. */
  names?: string[];
}

const ATX = /^\s{0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
// No two `\s*` side by side around an optional part: on a long blank run they backtrack quadratically.
const PSEUDO = /^\s*(\*\*|__)([^*_\n]{1,80}?)\1\s*(?:[:：]\s*)?$/;
const PSEUDO_COLON_INSIDE = /^\s*(\*\*|__)([^*_\n]{1,80}?)[:：]\1\s*$/;
// A short label alone on its line (`Done:`, `Next steps:`), used as a heading when text follows it.
const LABEL = /^\s{0,3}([\p{L}][\p{L}\p{N} '’/&()+-]{0,40}?)\s*[:：]\s*$/u;
const NUMBERED_LABEL =
  /^\s{0,3}\d{1,2}[.)]\s+(?:\*\*)?([\p{L}][^:：*]{0,60}?)(?:\*\*)?\s*[:：]\s*(?:\*\*\s*)?$/u;
const SETEXT = /^\s{0,3}(=+|-+)\s*$/;
const TAG_OPEN = /^\s*<([A-Za-z][\w.-]*)(?:\s[^<>]*)?>\s*$/;
const TAG_CLOSE = /^\s*<\/([A-Za-z][\w.-]*)>\s*$/;
const TAG_LINE = /^\s*<([A-Za-z][\w.-]*)(?:\s[^<>]*)?>(.*)<\/\1>\s*$/;
// HTML inside Markdown is content, not structure.
const HTML_TAGS = new Set(
  'a abbr b br blockquote code details div em h1 h2 h3 h4 h5 h6 hr i img kbd li ol p pre small span strong sub summary sup table tbody td th thead tr u ul'.split(
    ' ',
  ),
);

interface Open {
  section: Section;
  lines: string[];
  first: number;
  tag?: string;
  base: number;
}

/** Reads free-form Markdown (front matter already removed; `offset` lines came before it). */
export function readMarkdownTree(
  lines: readonly string[],
  offset = 0,
): Omit<SourceDoc, 'meta'> & { meta: MetaLine[] } {
  const root: Section = { heading: '', level: 0, blocks: [], children: [], raw: '' };
  const stack: Open[] = [{ section: root, lines: [], first: offset + 1, base: 0 }];
  const fence = new FenceTracker();
  // The level tags nest under, and the level of the last heading.
  const at = { base: 0, realLevel: 0 };
  const close = (o: Open) => {
    o.section.blocks = readBlocks(o.lines, o.first);
    const head = o.section.line === undefined ? [] : [lines[o.section.line - offset - 1] as string];
    o.section.raw = [...head, ...o.lines].join('\n').trim();
  };
  const open = (heading: string, level: number, no: number, tag?: string) => {
    while (stack.length > 1 && (stack.at(-1) as Open).section.level >= level && !(stack.at(-1) as Open).tag) {
      close(stack.pop() as Open);
    }
    const section: Section = { heading, level, line: no, blocks: [], children: [], raw: '' };
    if (tag) section.tag = true;
    (stack.at(-1) as Open).section.children.push(section);
    stack.push({ section, lines: [], first: no + 1, tag, base: at.base });
  };
  const tree: TreeState = { stack, at, open, close };
  let skip = -1;
  const numberedAt = numberedHeadings(lines);
  lines.forEach((line, i) => {
    if (i === skip) return;
    const no = offset + i + 1;
    const top = stack.at(-1) as Open;
    if (fence.step(line)) {
      top.lines.push(line);
      return;
    }
    const atx = ATX.exec(line);
    if (atx) {
      at.realLevel = at.base + (atx[1] as string).length;
      open(atx[2] as string, at.realLevel, no);
      return;
    }
    const next = lines[i + 1];
    const labelled = labelHeading(line, next, numberedAt.get(i));
    if (labelled !== undefined) {
      open(labelled, at.realLevel + 1, no);
      (stack.at(-1) as Open).section.tag = true;
      return;
    }
    // A setext heading: a line of text underlined with === (level 1) or --- (level 2).
    const under = next === undefined ? null : SETEXT.exec(next);
    const prev = top.lines.at(-1);
    const alone = prev === undefined || prev.trim() === '';
    if (under && alone && line.trim() !== '' && !/^\s*([-*+>|]|\d+[.)])/.test(line)) {
      at.realLevel = at.base + ((under[1] as string)[0] === '=' ? 1 : 2);
      open(line.trim(), at.realLevel, no);
      skip = i + 1;
      return;
    }
    if (!tagStep(line, no, tree)) top.lines.push(line);
  });
  while (stack.length > 0) close(stack.pop() as Open);
  return { kind: 'markdown', ...splitTitle(root), meta: [] };
}

// What the tree reader keeps while it reads: the open sections, the levels, and how to open and
// close a section.
interface TreeState {
  stack: Open[];
  at: { base: number; realLevel: number };
  open: (heading: string, level: number, no: number, tag?: string) => void;
  close: (o: Open) => void;
}

// An XML-style tag line: `<tag>text</tag>` is a section of its own, `<tag>` opens one that holds
// what follows (headings inside it nest under it), `</tag>` closes it. False for any other line.
function tagStep(line: string, no: number, tree: TreeState): boolean {
  const { stack, at, open, close } = tree;
  const tagLine = TAG_LINE.exec(line);
  if (tagLine && !HTML_TAGS.has((tagLine[1] as string).toLowerCase())) {
    open(tagLine[1] as string, at.realLevel + 1, no);
    (stack.at(-1) as Open).lines.push(tagLine[2] as string);
    close(stack.pop() as Open);
    return true;
  }
  const tagOpen = TAG_OPEN.exec(line);
  if (tagOpen && !HTML_TAGS.has((tagOpen[1] as string).toLowerCase())) {
    at.realLevel += 1;
    open(tagOpen[1] as string, at.realLevel, no, tagOpen[1]);
    at.base = at.realLevel;
    return true;
  }
  const tagClose = TAG_CLOSE.exec(line);
  if (tagClose && stack.some((o) => o.tag === tagClose[1])) {
    while (stack.length > 1) {
      const o = stack.pop() as Open;
      close(o);
      if (o.tag === tagClose[1]) {
        at.base = o.base;
        at.realLevel = o.section.level - 1;
        break;
      }
    }
    return true;
  }
  return false;
}

// A line that heads what follows without Markdown heading syntax: `**Goal:**`-style pseudo
// headings, numbered headings, `1. Pending Tasks:` over indented lines, `Label:` over text.
function labelHeading(
  line: string,
  next: string | undefined,
  numbered: string | undefined,
): string | undefined {
  const pseudo = PSEUDO_COLON_INSIDE.exec(line) ?? PSEUDO.exec(line);
  if (pseudo) return (pseudo[2] as string).trim();
  if (numbered !== undefined) return numbered;
  const label = NUMBERED_LABEL.exec(line);
  if (label && next !== undefined && /^\s+\S/.test(next)) return (label[1] as string).trim();
  const plain = LABEL.exec(line);
  if (plain && next !== undefined && next.trim() !== '' && (plain[1] as string).split(/\s+/).length <= 6) {
    return (plain[1] as string).trim();
  }
  return undefined;
}

// The title: the first heading when it is a `#` heading, or when it stands alone as a banner.
function splitTitle(root: Section): Omit<SourceDoc, 'kind' | 'meta'> {
  const first = root.children[0];
  const preamble = root.blocks;
  if (!first || first.tag) return { preamble, sections: root.children };
  const banner = first.blocks.length === 0 && first.children.length === 0 && root.children.length > 1;
  const single = first.level === 1 && root.children.filter((s) => s.level === 1).length === 1;
  if ((first.level === 1 && preamble.length === 0) || single || banner) {
    const title = { text: first.heading, line: first.line, raw: first.raw.split('\n')[0] ?? first.heading };
    const rest =
      first.level === 1 && !banner ? [...first.children, ...root.children.slice(1)] : root.children.slice(1);
    return { title, preamble: [...preamble, ...first.blocks], sections: rest };
  }
  return { preamble, sections: root.children };
}

/** Marks sibling sections whose headings carry dates or session numbers as entries of a log. */
export function markEntries(sections: readonly Section[]): void {
  const dated = sections.filter((s) => entryKey(s.heading) !== undefined);
  if (dated.length >= 2) {
    const order = [...dated].sort((a, b) =>
      (entryKey(a.heading) as string).localeCompare(entryKey(b.heading) as string),
    );
    order.forEach((s, i) => {
      s.entry = { order: i, count: order.length };
    });
  }
  for (const s of sections) markEntries(s.children);
}

// A sortable key for a dated or numbered session heading.
function entryKey(heading: string): string | undefined {
  const date = /\b(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(heading);
  if (date) return `${date[1]}${date[2] ?? ''}`;
  const session = /\b(?:session|sesión|sesion|сессия|会话|第)\s*#?(\d{1,4})\b/i.exec(heading);
  return session ? `s${(session[1] as string).padStart(4, '0')}` : undefined;
}

/** Blocks of text lines (for strings in JSON, YAML and XML values, which may hold Markdown). */
export function blocksOfText(text: string, line?: number): Block[] {
  return readBlocks(text.replace(/\r\n?/g, '\n').split('\n'), line ?? 1);
}
