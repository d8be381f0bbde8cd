/**
 * Encoded text hidden in an artifact: base64, hex, percent-encoding and `\x`/`\u` escapes. Each
 * candidate that decodes to readable text is handed back to be scanned like any other text.
 */

/** A stretch of encoded text and what it decodes to. */
export interface Decoded {
  /** Position of the encoded text in the raw text. */
  index: number;
  kind: 'base64' | 'hex' | 'percent-encoded' | 'escaped';
  text: string;
}

// Every repetition has an upper bound: over megabytes of one character an unbounded one
// overflows the regular expression engine's stack. A longer run is decoded in part.
// Starts with the character before the run (or the start): quicker to scan than a look-behind.
const BASE64_RE = /(?:^|[^A-Za-z0-9+/=_-])([A-Za-z0-9+/_-]{20,16384}={0,2})/g;
const HEX_RUN_RE = /^(?:0x)?((?:[0-9A-Fa-f]{2}){12,})$/;
const PERCENT_RE = /(?:%[0-9A-Fa-f]{2}|[^\s%]){6,4096}/g;
const ESCAPE_RE = /(?:\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|u\{[0-9A-Fa-f]{1,6}\})|[^\s\\]){6,4096}/g;
const MAX_CANDIDATES = 500;
const MAX_DECODED = 16 * 1024;

/** A run of base64 characters (20 or more) in a text. */
export interface Run {
  index: number;
  text: string;
}

/** Every run of 20 or more base64 characters: one pass serves decoding and the blob rule. */
export function base64Runs(raw: string): Run[] {
  const runs: Run[] = [];
  BASE64_RE.lastIndex = 0;
  for (let m = BASE64_RE.exec(raw); m; m = BASE64_RE.exec(raw)) {
    const text = m[1] as string;
    runs.push({ index: m.index + m[0].length - text.length, text });
  }
  return runs;
}

/** Every stretch of `raw` that decodes to readable text (at most a bounded number). */
export function decodeCandidates(raw: string, runs: readonly Run[] = base64Runs(raw)): Decoded[] {
  const out: Decoded[] = [];
  let budget = MAX_CANDIDATES;
  for (const run of runs) {
    if (budget-- <= 0) break;
    const s = run.text.slice(0, MAX_DECODED * 2);
    // Hex digits are base64 characters too: a run of hex pairs is decoded as hex.
    const hex = HEX_RUN_RE.exec(s);
    const text = hex
      ? Buffer.from(hex[1] as string, 'hex').toString('utf8')
      : Buffer.from(s, 'base64').toString('utf8');
    if (readable(text)) out.push({ index: run.index, kind: hex ? 'hex' : 'base64', text });
  }
  // `inLine`: the decoded stretch is put back into its line, since escapes often encode only
  // a word or two of a sentence.
  const each = (
    pattern: RegExp,
    kind: Decoded['kind'],
    decode: (s: string) => string | undefined,
    inLine = false,
  ) => {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(raw); m && budget > 0; m = pattern.exec(raw)) {
      budget--;
      const decoded = decode(m[0].slice(0, MAX_DECODED * 2));
      if (decoded === undefined) continue;
      const text = inLine ? lineAround(raw, m.index, m[0].length, decoded) : decoded;
      if (readable(text)) out.push({ index: m.index, kind, text });
    }
  };
  // These two patterns match any long word; they run only where their escapes are.
  if (raw.includes('%')) {
    const percent = (s: string) => (count(s, /%[0-9A-Fa-f]{2}/g) >= 6 ? percentDecode(s) : undefined);
    each(PERCENT_RE, 'percent-encoded', percent, true);
  }
  if (raw.includes('\\x') || raw.includes('\\u')) {
    each(ESCAPE_RE, 'escaped', (s) => (count(s, /\\[xu]/g) >= 6 ? unescapeJs(s) : undefined), true);
  }
  return out;
}

/** True when text is mostly letters, digits, punctuation and spaces (not binary noise). */
export function readable(text: string): boolean {
  if (text.length < 8) return false;
  let good = 0;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || (c < 0x20 && c !== 10 && c !== 9) || (c >= 0x7f && c < 0xa0)) continue;
    good++;
    // ASCII letters, and anything above Latin-1 punctuation (other scripts' letters, mostly).
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c >= 0xc0) letters++;
  }
  return good / text.length >= 0.9 && letters / text.length >= 0.5;
}

// The line that holds raw[index, index + length), with that stretch replaced (at most 2 KiB around).
function lineAround(raw: string, index: number, length: number, replacement: string): string {
  const start = Math.max(raw.lastIndexOf('\n', index - 1) + 1, index - 1024);
  const nl = raw.indexOf('\n', index + length);
  const end = Math.min(nl < 0 ? raw.length : nl, index + length + 1024);
  return raw.slice(start, index) + replacement + raw.slice(index + length, end);
}

function count(s: string, re: RegExp): number {
  return s.match(re)?.length ?? 0;
}

function percentDecode(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (s[i] === '+') bytes.push(0x20);
    else bytes.push(...Buffer.from(s[i] as string));
  }
  return Buffer.from(bytes).toString('utf8');
}

function unescapeJs(s: string): string {
  return s.replace(/\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]{1,6})\})/g, (_m, x, u, b) => {
    const cp = Number.parseInt(x ?? u ?? b, 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}
