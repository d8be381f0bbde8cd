/**
 * Escaping that lets any text survive a trip through the line-based Markdown grammar: field
 * separators (` — `), HTML comment openers, heading and fence lines, and a trailing tag. Every
 * escape doubles the backslashes in front of a special character, so unescaping is exact.
 */

/** The separator between fields of one list item. */
export const SEP = ' — ';

/**
 * Escapes the characters in `specials` by putting a backslash before each one for which
 * `needs(text, index)` is true; backslash runs before any special are doubled first.
 */
export function escapeSpecials(
  text: string,
  specials: string,
  needs: (s: string, i: number) => boolean,
): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '\\') {
      run++;
      continue;
    }
    if (run > 0) {
      out += specials.includes(ch) ? '\\'.repeat(run * 2) : '\\'.repeat(run);
      run = 0;
    }
    if (specials.includes(ch) && needs(text, i)) out += '\\';
    out += ch;
  }
  return out + '\\'.repeat(run);
}

/** Reverses `escapeSpecials` for the same `specials`. */
export function unescapeSpecials(text: string, specials: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  let run = 0;
  for (const ch of text) {
    if (ch === '\\') {
      run++;
      continue;
    }
    if (run > 0) {
      out += specials.includes(ch) ? '\\'.repeat(Math.floor(run / 2)) : '\\'.repeat(run);
      run = 0;
    }
    out += ch;
  }
  return out + '\\'.repeat(run);
}

const always = () => true;

/** Escapes a field that another field follows: every em dash gets a backslash. */
export function escapeField(text: string): string {
  return escapeComments(escapeSpecials(text, '—', always));
}

/** Reverses `escapeField`. */
export function unescapeField(text: string): string {
  return unescapeSpecials(unescapeComments(text), '—');
}

/**
 * Splits an item at unescaped separators, at most `max` parts (the last part keeps the rest).
 * A dash with a backslash before it is escaped; one after a space is a separator.
 */
export function splitFields(text: string, max: number): string[] {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (parts.length < max - 1) {
    const at = text.indexOf(SEP, i);
    if (at < 0) break;
    parts.push(text.slice(start, at));
    start = at + SEP.length;
    i = start;
  }
  parts.push(text.slice(start));
  return parts;
}

/** Escapes `<!--` (as `<\!--`) so that a parser stripping HTML comments keeps the text. */
export function escapeComments(text: string): string {
  if (!text.includes('!--')) return text;
  return text.replace(/<(\\*)!--/g, (_m, run: string) => `<${run}${run}\\!--`);
}

/** Reverses `escapeComments`. */
export function unescapeComments(text: string): string {
  if (!text.includes('!--')) return text;
  return text.replace(/<(\\+)!--/g, (_m, run: string) => `<${'\\'.repeat(Math.floor(run.length / 2))}!--`);
}

const HEADING_LINE = /^(\\*)(#{1,2})(?=[ \t]|$)/;
const FENCE_LINE = /^( {0,3})(\\*)(`{3,}|~{3,})/;

/**
 * Escapes free Markdown text (goal, summary, notes) so that none of its lines reads as a `#` or
 * `##` heading or an unmatched code fence, and no `<!--` opens a comment.
 */
export function escapeBlock(text: string, options: { fenced?: boolean } = {}): string {
  const lines = escapeComments(text).split('\n');
  const balanced = fencesBalanced(lines);
  // `fenced`: the reader follows code fences (baton's does), so a `# comment` inside a balanced
  // fence is code, kept as written rather than escaped.
  const inside = options.fenced && balanced ? fenceBodies(lines) : undefined;
  return lines
    .map((line, i) => {
      if (inside?.[i]) return line;
      const h = HEADING_LINE.exec(line);
      if (h) return `\\${line}`;
      const f = FENCE_LINE.exec(line);
      if (f && ((f[2] ?? '').length > 0 || !balanced)) {
        return `${f[1]}\\${line.slice((f[1] ?? '').length)}`;
      }
      return line;
    })
    .join('\n');
}

// For each line, true when it is inside a fenced block (not its opening or closing line).
function fenceBodies(lines: readonly string[]): boolean[] {
  const tracker = new FenceTracker();
  return lines.map((line) => {
    const was = tracker.inFence;
    return tracker.step(line) && was && tracker.inFence;
  });
}

/** Reverses `escapeBlock` (with the same `fenced` option). */
export function unescapeBlock(text: string, options: { fenced?: boolean } = {}): string {
  const lines = text.split('\n');
  const inside = options.fenced ? fenceBodies(lines) : undefined;
  return unescapeComments(
    lines
      .map((line, i) => {
        if (inside?.[i]) return line;
        if (/^\\+#{1,2}(?=[ \t]|$)/.test(line)) return line.slice(1);
        const f = /^( {0,3})\\(\\*(?:`{3,}|~{3,}))/.exec(line);
        if (f) return (f[1] ?? '') + line.slice((f[1] ?? '').length + 1);
        return line;
      })
      .join('\n'),
  );
}

/** True when the fences among `lines` open and close in pairs (CommonMark rules, simplified). */
export function fencesBalanced(lines: readonly string[]): boolean {
  const tracker = new FenceTracker();
  for (const line of lines) tracker.step(line);
  return !tracker.inFence;
}

/** Follows fenced code blocks line by line, so that structure inside them is ignored. */
export class FenceTracker {
  private fence: { char: string; length: number } | undefined;

  /** True while inside a fenced block (after its opening line, up to its closing line). */
  get inFence(): boolean {
    return this.fence !== undefined;
  }

  /** Feeds one line; returns true when the line is part of a fence (opener, body or closer). */
  step(line: string): boolean {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (this.fence) {
      if (m && (m[1] as string)[0] === this.fence.char && (m[1] as string).length >= this.fence.length) {
        if ((m[2] ?? '').trim() === '') this.fence = undefined;
      }
      return true;
    }
    if (m) {
      const marker = m[1] as string;
      if (marker[0] === '`' && (m[2] ?? '').includes('`')) return false;
      this.fence = { char: marker[0] as string, length: marker.length };
      return true;
    }
    return false;
  }
}

/** Renders `code` as a Markdown code span, with a longer fence when it holds backticks. */
export function codeSpan(code: string): string {
  let longest = 0;
  for (const m of code.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
  const pad =
    code.startsWith('`') ||
    code.endsWith('`') ||
    (code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
      ? ' '
      : '';
  return `${fence}${pad}${escapeComments(code)}${pad}${fence}`;
}

/** A code span found in a line: its content and where it ends. */
export interface CodeSpanMatch {
  code: string;
  start: number;
  end: number;
}

/** Reads the code span that starts at `from` (a backtick), or undefined when there is none. */
export function readCodeSpan(line: string, from: number): CodeSpanMatch | undefined {
  let n = 0;
  while (line[from + n] === '`') n++;
  if (n === 0) return undefined;
  let i = from + n;
  while (i < line.length) {
    const at = line.indexOf('`', i);
    if (at < 0) return undefined;
    let m = 0;
    while (line[at + m] === '`') m++;
    if (m === n) {
      let code = line.slice(from + n, at);
      if (code.length >= 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') {
        code = code.slice(1, -1);
      }
      return { code: unescapeComments(code), start: from, end: at + m };
    }
    i = at + m;
  }
  return undefined;
}

/** All code spans of a line, in order. */
export function codeSpans(line: string): CodeSpanMatch[] {
  const spans: CodeSpanMatch[] = [];
  let i = 0;
  while (i < line.length) {
    const at = line.indexOf('`', i);
    if (at < 0) break;
    const span = readCodeSpan(line, at);
    if (!span) {
      let n = 0;
      while (line[at + n] === '`') n++;
      i = at + n;
      continue;
    }
    spans.push(span);
    i = span.end;
  }
  return spans;
}
