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

// The base64 characters (`A-Za-z0-9+/_-`) are 1, `=` is 2, the rest of ASCII 0.
const BASE64_CHARS = new Uint8Array(128);
const MAX_RUN = 16384;

const NOT_BASE64_RE = /[^A-Za-z0-9+/_-]/g;
const MIN_RUN = 20;

/**
 * Every run of 20 or more base64 characters (at most 16,384 of them, then up to two `=`) that
 * starts the text or follows a character that is neither base64 nor `=`: what
 * `/(?:^|[^A-Za-z0-9+/=_-])([A-Za-z0-9+/_-]{20,16384}={0,2})/g` finds. A run of 20 holds one of
 * any 20 characters in a row, so only every 20th character is looked at, and the run it is in
 * (if any) read out: in prose most characters are never read. One pass serves decoding and the
 * blob rule.
 */
export function base64Runs(raw: string): Run[] {
  if (BASE64_CHARS[0x41] === 0) {
    for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-')
      BASE64_CHARS[c.charCodeAt(0)] = 1;
    BASE64_CHARS[0x3d] = 2;
  }
  const isBase64 = (c: number) => c < 0x80 && BASE64_CHARS[c] === 1;
  const runs: Run[] = [];
  const n = raw.length;
  // `from`: where the next run may start (runs before it are read out).
  let from = 0;
  for (let probe = MIN_RUN - 1; probe < n; ) {
    if (!isBase64(raw.charCodeAt(probe))) {
      from = probe + 1;
      probe += MIN_RUN;
      continue;
    }
    let start = probe;
    while (start > from && isBase64(raw.charCodeAt(start - 1))) start--;
    let end = probe + 1;
    // Short runs are read to their end here; a long one is left to the expression.
    while (end < n && end - start < 64 && isBase64(raw.charCodeAt(end))) end++;
    if (end < n && isBase64(raw.charCodeAt(end))) {
      NOT_BASE64_RE.lastIndex = end;
      end = NOT_BASE64_RE.exec(raw)?.index ?? n;
    }
    const length = end - start;
    // Before the run is a character that is not base64 (the run would be longer): is it `=`?
    if (length >= MIN_RUN && (start === 0 || raw.charCodeAt(start - 1) !== 0x3d)) {
      let stop = start + Math.min(length, MAX_RUN);
      if (stop === end) for (let pad = 0; pad < 2 && raw.charCodeAt(stop) === 0x3d; pad++) stop++;
      runs.push({ index: start, text: raw.slice(start, stop) });
    }
    from = end + 1;
    probe = end + MIN_RUN;
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
    const digits = hex ? (hex[1] as string) : s;
    // A long run is first counted without being decoded (most are not text); a short one is
    // as quick to decode.
    if (digits.length > 256 && !mayBeReadable(digits, hex ? 'hex' : 'base64')) continue;
    const text = Buffer.from(digits, hex ? 'hex' : 'base64').toString('utf8');
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

// The value of each base64 digit (`-` and `_` as `+` and `/`, as Buffer reads them), and of each
// hex digit; -1 for the rest of ASCII.
const BASE64_VALUE = new Int8Array(128);
const HEX_VALUE = new Int8Array(128);

/**
 * False when the text `digits` decode to (bytes, then UTF-8) cannot be `readable`: what `readable`
 * counts of it, counted from the digits without making the text, and given up as soon as a tenth
 * of the most characters the text can have are already replacement or control characters. Most
 * encoded runs are ids, hashes and binary data, rejected after a part of their digits. UTF-8 is
 * decoded as Buffer and the WHATWG Encoding Standard decode it (one U+FFFD per maximal invalid
 * part), which a test checks against Buffer on many random byte strings.
 */
export function mayBeReadable(digits: string, encoding: 'hex' | 'base64'): boolean {
  if (BASE64_VALUE[0x41] === 0) fillDigitTables();
  const hex = encoding === 'hex';
  const values = hex ? HEX_VALUE : BASE64_VALUE;
  const width = hex ? 4 : 6;
  let n = digits.length;
  while (n > 0 && digits.charCodeAt(n - 1) === 0x3d) n--;
  const total = hex ? n >> 1 : Math.floor((n * 6) / 8);
  const count = new ReadableCount();
  let bytes = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < n; i++) {
    acc = (acc << width) | (values[digits.charCodeAt(i)] as number);
    bits += width;
    if (bits >= 8) {
      bits -= 8;
      count.byte((acc >> bits) & 0xff);
      acc &= (1 << bits) - 1;
      bytes++;
    }
    // At most one UTF-16 unit per byte left (and per byte of a character begun): past a tenth of
    // the most the text can hold, its bad units keep it from being nine tenths good.
    if ((i & 127) === 0 && (count.units - count.good) * 10 >= count.units + (total - bytes) + 4) return false;
  }
  count.end();
  return count.units >= 8 && count.good / count.units >= 0.9 && count.letters / count.units >= 0.5;
}

// What `readable` counts of a text (UTF-16 units, good ones, letters among them), fed its UTF-8
// bytes one at a time and decoded as the WHATWG decoder reads them: the bytes a character still
// needs and has, its code point so far, and the bounds of its next byte.
class ReadableCount {
  units = 0;
  good = 0;
  letters = 0;
  private needed = 0;
  private seen = 0;
  private cp = 0;
  private lower = 0x80;
  private upper = 0xbf;

  byte(b: number): void {
    if (this.needed === 0) {
      this.lead(b);
      return;
    }
    if (b < this.lower || b > this.upper) {
      // The character begun is cut short: one U+FFFD, and this byte is read again.
      this.needed = 0;
      this.seen = 0;
      this.cp = 0;
      this.lower = 0x80;
      this.upper = 0xbf;
      this.units++;
      this.lead(b);
      return;
    }
    this.lower = 0x80;
    this.upper = 0xbf;
    this.cp = (this.cp << 6) | (b & 0x3f);
    if (++this.seen === this.needed) this.complete();
  }

  // A character begun and not ended: U+FFFD.
  end(): void {
    if (this.needed !== 0) this.units++;
  }

  private lead(b: number): void {
    if (b < 0x80) {
      this.units++;
      if (b >= 0x20 ? b !== 0x7f : b === 10 || b === 9) {
        this.good++;
        if ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a) this.letters++;
      }
    } else if (b >= 0xc2 && b <= 0xdf) {
      this.needed = 1;
      this.cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      this.lower = b === 0xe0 ? 0xa0 : 0x80;
      this.upper = b === 0xed ? 0x9f : 0xbf;
      this.needed = 2;
      this.cp = b & 0xf;
    } else if (b >= 0xf0 && b <= 0xf4) {
      this.lower = b === 0xf0 ? 0x90 : 0x80;
      this.upper = b === 0xf4 ? 0x8f : 0xbf;
      this.needed = 3;
      this.cp = b & 0x7;
    } else this.units++; // U+FFFD
  }

  private complete(): void {
    // Beyond the BMP: a surrogate pair, both halves good letters as `readable` sees them.
    if (this.cp > 0xffff) {
      this.units += 2;
      this.good += 2;
      this.letters += 2;
    } else {
      this.units++;
      if (!isBad(this.cp)) {
        this.good++;
        if (this.cp >= 0xc0) this.letters++;
      }
    }
    this.needed = 0;
    this.seen = 0;
    this.cp = 0;
  }
}

// The value of each base64 (standard and URL-safe) and hex digit, -1 for anything else; filled on
// the first call.
function fillDigitTables(): void {
  BASE64_VALUE.fill(-1);
  HEX_VALUE.fill(-1);
  const b64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < 64; i++) BASE64_VALUE[b64.charCodeAt(i)] = i;
  BASE64_VALUE[0x2d] = 62;
  BASE64_VALUE[0x5f] = 63;
  for (let i = 0; i < 16; i++) {
    HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
    HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
  }
}

// A replacement or control character (what `readable` does not count as good).
function isBad(c: number): boolean {
  return c === 0xfffd || (c < 0x20 && c !== 10 && c !== 9) || (c >= 0x7f && c < 0xa0);
}

/** True when text is mostly letters, digits, punctuation and spaces (not binary noise). */
export function readable(text: string): boolean {
  if (text.length < 8) return false;
  let good = 0;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Written out, as in isBad: this loop runs over every decoded run, often before it is optimized.
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
