/**
 * The line-level structure of a Markdown handoff: front matter, one `#` title, `##` sections.
 * Fenced code blocks are opaque and HTML comments are dropped (line numbers are kept).
 */
import { type Finding, finding } from '../handoff/finding.js';
import { type FrontMatter, readFrontMatter } from './_front-matter.js';
import { FenceTracker } from './text.js';

/** A line of the body with its 1-based number in the file. */
export interface Line {
  text: string;
  no: number;
}

/** A `##` section: its heading as written and its lines, blank lines at both ends removed. */
export interface Section {
  heading: string;
  line: number;
  lines: Line[];
}

/** A Markdown handoff split into its parts. */
export interface MarkdownDocument {
  lines: string[];
  frontMatter: FrontMatter | undefined;
  /** Byte offset where the body (after the closing `---` line) starts. */
  bodyOffset: number;
  titles: Line[];
  /** Lines before the first `##` section that are not the title. */
  preamble: Line[];
  sections: Section[];
  findings: Finding[];
}

/** Splits text into lines on `\n`, dropping the `\r` of CRLF line ends. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (l.endsWith('\r')) lines[i] = l.slice(0, -1);
  }
  return lines;
}

/** Reads the structure of a Markdown handoff. */
export function readMarkdown(text: string): MarkdownDocument {
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  const lines = splitLines(source);
  const fm = readFrontMatter(lines);
  const findings = [...fm.findings];
  const body = stripComments(lines, fm.bodyIndex);
  const titles: Line[] = [];
  const preamble: Line[] = [];
  const sections: Section[] = [];
  const fence = new FenceTracker();
  let current: Section | undefined;
  for (const line of body) {
    if (!fence.step(line.text)) {
      const h = /^(#{1,2})(?:[ \t]+(.*))?$/.exec(line.text);
      if (h) {
        const heading = (h[2] ?? '').trim();
        if (h[1] === '#') {
          titles.push({ text: heading, no: line.no });
          continue;
        }
        current = { heading, line: line.no, lines: [] };
        sections.push(current);
        continue;
      }
    }
    (current ? current.lines : preamble).push(line);
  }
  if (fence.inFence) {
    findings.push(
      finding(
        'INVALID',
        'fence-unclosed',
        'a ``` code block is never closed, so the sections after it are lost',
        {
          line: body.at(-1)?.no,
        },
      ),
    );
  }
  for (const s of sections) s.lines = trimBlank(s.lines);
  return {
    lines,
    frontMatter: fm.frontMatter,
    bodyOffset: byteOffsetOfLine(text, fm.bodyIndex),
    titles,
    preamble: trimBlank(preamble),
    sections,
    findings,
  };
}

/** Removes blank lines at both ends. */
export function trimBlank(lines: Line[]): Line[] {
  let a = 0;
  let b = lines.length;
  while (a < b && (lines[a] as Line).text.trim() === '') a++;
  while (b > a && (lines[b - 1] as Line).text.trim() === '') b--;
  return a === 0 && b === lines.length ? lines : lines.slice(a, b);
}

// HTML comments vanish from the body (outside code fences); every line keeps its number.
function stripComments(lines: readonly string[], from: number): Line[] {
  const out: Line[] = [];
  const fence = new FenceTracker();
  let inComment = false;
  for (let i = from; i < lines.length; i++) {
    let text = lines[i] as string;
    if (!inComment && fence.step(text)) {
      out.push({ text, no: i + 1 });
      continue;
    }
    let kept = '';
    while (text.length > 0) {
      if (inComment) {
        const end = text.indexOf('-->');
        if (end < 0) {
          text = '';
          break;
        }
        text = text.slice(end + 3);
        inComment = false;
      } else {
        const start = text.indexOf('<!--');
        if (start < 0) {
          kept += text;
          break;
        }
        kept += text.slice(0, start);
        text = text.slice(start + 4);
        inComment = true;
      }
    }
    out.push({ text: inComment || kept !== lines[i] ? kept.trimEnd() : kept, no: i + 1 });
  }
  return out;
}

/** Byte offset where the body after the front matter starts (0 without front matter). */
export function bodyOffsetOf(text: string): number {
  const source = text.startsWith('\ufeff') ? text.slice(1) : text;
  const fm = readFrontMatter(splitLines(source));
  return fm.frontMatter ? byteOffsetOfLine(text, fm.bodyIndex) : 0;
}

// Byte offset (UTF-8) at which line `index` starts in `text`.
function byteOffsetOfLine(text: string, index: number): number {
  let pos = 0;
  for (let i = 0; i < index; i++) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) return Buffer.byteLength(text);
    pos = nl + 1;
  }
  return Buffer.byteLength(text.slice(0, pos));
}

/** Joins section lines into text, dedenting nothing. */
export function joinLines(lines: readonly Line[]): string {
  return lines.map((l) => l.text).join('\n');
}
