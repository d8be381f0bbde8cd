/** Flat YAML front matter (`key: value` per line), read with line numbers and written back. */
import { type Finding, finding } from '../handoff/finding.js';

/** One front matter entry as written. */
export interface FrontMatterEntry {
  key: string;
  value: string;
  line: number;
}

/** Front matter read from a document. */
export interface FrontMatter {
  entries: FrontMatterEntry[];
  /** Values by key (the first one when a key is repeated). */
  values: Map<string, string>;
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
  for (let i = 1; i < close; i++) {
    const raw = lines[i] as string;
    const no = i + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const colon = raw.indexOf(':');
    if (/^\s/.test(raw) || colon < 0) {
      findings.push(
        finding('INVALID', 'front-matter-not-flat', 'front matter must be flat `key: value` lines', {
          line: no,
        }),
      );
      continue;
    }
    const key = raw.slice(0, colon).trim();
    const value = unquote(raw.slice(colon + 1).trim());
    if (!KEY_RE.test(key)) {
      findings.push(
        finding(
          'INVALID',
          'front-matter-key',
          `front matter key ${JSON.stringify(key)} is not a plain name`,
          {
            line: no,
          },
        ),
      );
      continue;
    }
    if (value === '') {
      findings.push(
        finding(
          'INVALID',
          'front-matter-empty',
          `front matter \`${key}\` has no value (leave the key out instead)`,
          {
            line: no,
            field: key,
          },
        ),
      );
      continue;
    }
    if (values.has(key)) {
      findings.push(
        finding('INVALID', 'front-matter-duplicate', `front matter \`${key}\` appears more than once`, {
          line: no,
          field: key,
        }),
      );
      continue;
    }
    entries.push({ key, value, line: no });
    values.set(key, value);
  }
  return {
    frontMatter: { entries, values, openLine: 1, closeLine: close + 1 },
    findings,
    bodyIndex: close + 1,
  };
}

/** Strips one pair of YAML quotes (single: `''` is a quote; double: JSON escapes). */
export function unquote(value: string): string {
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
