/** Reading a JSON document that must be one object, with a finding (and a line) when it is not. */
import { type Finding, finding } from '../handoff/finding.js';

/** The object a JSON document holds, or the finding that says why there is none. */
export type JsonObjectRead = { ok: true; value: Record<string, unknown> } | { ok: false; finding: Finding };

/** Parses `text` as JSON and checks that it is an object (not an array or a bare value). */
export function readJsonObject(text: string, what = 'a handoff'): JsonObjectRead {
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('\ufeff') ? text.slice(1) : text);
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : undefined;
    return {
      ok: false,
      finding: finding('INVALID', 'json-syntax', `not valid JSON: ${message}`, line ? { line } : {}),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    return {
      ok: false,
      finding: finding('INVALID', 'json-shape', `expected a JSON object (${what}), not ${kind}`),
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** A JSON value as one line of handoff text: strings trimmed with line breaks folded, others as JSON. */
export function asLine(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'string' ? value : jsonText(value, false);
  const line = text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  return line === '' ? undefined : line;
}

/**
 * A JSON array of lines (strings, or values written as JSON); a value that is not an array is
 * an INVALID finding naming `key`.
 */
export function asLines(value: unknown, key: string, findings: Finding[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    findings.push(finding('INVALID', 'json-field', `\`${key}\` must be an array`, { field: key }));
    return [];
  }
  return value.map(asLine).filter((s): s is string => s !== undefined);
}

/** The JSON object at `key`, or undefined; a value that is not an object is a finding. */
export function asObject(
  value: unknown,
  key: string,
  findings: Finding[],
): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    findings.push(finding('INVALID', 'json-field', `\`${key}\` must be an object`, { field: key }));
    return undefined;
  }
  return value as Record<string, unknown>;
}

/** The canonical front matter and title a JSON format carries under its `baton` key. */
export interface BatonBlock {
  front_matter?: Record<string, string>;
  title?: string;
}

/**
 * `value` as JSON text; nesting too deep for `JSON.stringify` (which recurses) is written by a
 * loop instead, compact, so no input can overflow the stack.
 */
export function jsonText(value: unknown, pretty: boolean): string {
  try {
    return JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
  } catch {
    return compactJson(value);
  }
}

// A piece of JSON punctuation on the work stack (a class, so no data value can pass for one).
class Token {
  constructor(readonly text: string) {}
}

function compactJson(value: unknown): string {
  let out = '';
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Token) out += v.text;
    else if (Array.isArray(v)) {
      out += '[';
      stack.push(new Token(']'));
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i], ...(i > 0 ? [new Token(',')] : []));
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      out += '{';
      stack.push(new Token('}'));
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i] as [string, unknown];
        stack.push(x, new Token(`${JSON.stringify(k)}:`), ...(i > 0 ? [new Token(',')] : []));
      }
    } else out += JSON.stringify(v) ?? 'null';
  }
  return out;
}
