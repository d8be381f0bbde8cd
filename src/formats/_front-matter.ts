/** Flat YAML front matter (`key: value` per line), read with line numbers and written back. */
import { type Finding, finding } from '../handoff/finding.js';

/** One front matter entry as written. */
export interface FrontMatterEntry {
  key: string;
  value: string;
  line: number;
}

/**
 * A nested YAML block under one of `BLOCK_KEYS`: its lines after the key, dedented, exactly as
 * written otherwise (blank lines at either end left out).
 */
export interface FrontMatterBlock {
  key: string;
  /** YAML text of the block, dedented so that its least indented line starts at column 0. */
  text: string;
  /** 1-based line of the `key:` line. */
  line: number;
  /** 1-based line of the block's last line. */
  endLine: number;
}

/** Front matter read from a document. */
export interface FrontMatter {
  entries: FrontMatterEntry[];
  /** Values by key (the first one when a key is repeated). */
  values: Map<string, string>;
  /** Nested blocks by key (only keys in `BLOCK_KEYS`). */
  blocks: Map<string, FrontMatterBlock>;
  /** Line of the opening and closing `---` (1-based). */
  openLine: number;
  closeLine: number;
}

/** The outcome of reading front matter: entries, findings, and where the body starts. */
export interface FrontMatterResult {
  frontMatter: FrontMatter | undefined;
  findings: Finding[];
  /** Index into `lines` of the first body line. */
  bodyIndex: number;
}

const KEY_RE = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * The only keys whose value may be a nested YAML block: the governance manifest (FORMATS.md §5)
 * lives in the front matter of any file that can load into an agent's context.
 */
const BLOCK_KEYS: ReadonlySet<string> = new Set(['context_manifest']);

/** Reads flat front matter from the start of `lines`; reports what is not flat `key: value`. */
export function readFrontMatter(lines: readonly string[]): FrontMatterResult {
  const findings: Finding[] = [];
  if (lines[0]?.trim() !== '---') {
    findings.push(
      finding('INVALID', 'front-matter-missing', 'document must begin with front matter: a `---` line', {
        line: 1,
      }),
    );
    return { frontMatter: undefined, findings, bodyIndex: 0 };
  }
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]?.trim() === '---') {
      close = i;
      break;
    }
  }
  if (close < 0) {
    findings.push(
      finding('INVALID', 'front-matter-unclosed', 'front matter has no closing `---` line', { line: 1 }),
    );
    return { frontMatter: undefined, findings, bodyIndex: lines.length };
  }
  const entries: FrontMatterEntry[] = [];
  const values = new Map<string, string>();
  const blocks = new Map<string, FrontMatterBlock>();
  const taken = (key: string) => values.has(key) || blocks.has(key);
  for (let i = 1; i < close; i++) {
    const raw = lines[i] as string;
    const no = i + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const block = readBlock(lines, i, close);
    if (block) {
      if (taken(block.key)) findings.push(duplicate(block.key, no));
      else blocks.set(block.key, { key: block.key, text: block.text, line: no, endLine: block.end });
      i = block.end - 1;
      continue;
    }
    const entry = readEntry(raw, no);
    if ('verdict' in entry) findings.push(entry);
    else if (values.has(entry.key)) findings.push(duplicate(entry.key, no));
    else {
      entries.push(entry);
      values.set(entry.key, entry.value);
    }
  }
  return {
    frontMatter: { entries, values, blocks, openLine: 1, closeLine: close + 1 },
    findings,
    bodyIndex: close + 1,
  };
}

const duplicate = (key: string, line: number) =>
  finding('INVALID', 'front-matter-duplicate', `front matter \`${key}\` appears more than once`, {
    line,
    field: key,
  });

// One flat `key: value` line, or the finding that says why it is not one.
function readEntry(raw: string, no: number): FrontMatterEntry | Finding {
  const colon = raw.indexOf(':');
  if (/^\s/.test(raw) || colon < 0) {
    return finding('INVALID', 'front-matter-not-flat', 'front matter must be flat `key: value` lines', {
      line: no,
    });
  }
  const key = raw.slice(0, colon).trim();
  const value = unquote(raw.slice(colon + 1).trim());
  if (!KEY_RE.test(key)) {
    return finding(
      'INVALID',
      'front-matter-key',
      `front matter key ${JSON.stringify(key)} is not a plain name`,
      {
        line: no,
      },
    );
  }
  if (value === '') {
    return finding(
      'INVALID',
      'front-matter-empty',
      `front matter \`${key}\` has no value (leave the key out instead)`,
      { line: no, field: key },
    );
  }
  return { key, value, line: no };
}

// A `key:` line of a block key followed by indented lines, or with its value on the same line;
// `end` is the index of the first line after the block.
function readBlock(
  lines: readonly string[],
  start: number,
  close: number,
): { key: string; text: string; end: number } | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*:[ \t]*(.*)$/.exec(lines[start] as string);
  if (!m || !BLOCK_KEYS.has(m[1] as string)) return undefined;
  const key = m[1] as string;
  const inline = (m[2] as string).trim();
  // A value on the key's own line (a flow mapping, or anything else) is the block's whole text:
  // governance reads it and says what is wrong with it.
  if (inline !== '') return { key, text: inline, end: start + 1 };
  let end = start + 1;
  let last = start;
  while (end < close) {
    const l = lines[end] as string;
    if (l.trim() !== '' && !/^[ \t]/.test(l)) break;
    if (l.trim() !== '') last = end;
    end++;
  }
  if (last === start) return undefined;
  const body = lines.slice(start + 1, last + 1).map((l) => (l.trim() === '' ? '' : l));
  const indent = Math.min(
    ...body.filter((l) => l !== '').map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0].length),
  );
  return { key, text: body.map((l) => l.slice(indent)).join('\n'), end: last + 1 };
}

/** The front matter lines of a nested block: `key:` and its text indented by two spaces. */
export function renderBlock(key: string, text: string): string[] {
  return [`${key}:`, ...text.split('\n').map((l) => (l === '' ? '' : `  ${l}`))];
}

/** Strips one pair of YAML quotes (single: `''` is a quote; double: JSON escapes). */
function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
    return value.slice(1, -1).replace(/''/g, "'");
  }
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'string') return parsed;
    } catch {
      // Not JSON-compatible escapes: keep the text between the quotes as written.
    }
    return value.slice(1, -1);
  }
  return value;
}

/** Renders a value as a YAML scalar: plain when that reads back the same, else single-quoted. */
export function renderScalar(value: string): string {
  const plain =
    value !== '' &&
    value === value.trim() &&
    !/^[-?:,[\]{}#&*!|>'"%@`]/.test(value) &&
    !value.includes(': ') &&
    !value.includes(' #') &&
    !value.endsWith(':');
  return plain ? value : `'${value.replace(/'/g, "''")}'`;
}
