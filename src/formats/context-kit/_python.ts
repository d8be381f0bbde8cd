/**
 * The string semantics of Python 3.11 that context-kit's validator relies on, so that baton
 * reads a context-kit artifact line for line, character for character, as that validator does.
 */

/** Python's `str.isspace()` characters (what `strip()` removes). */
const PY_SPACE =
  '\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

/** True when `ch` (one character) is whitespace to Python. */
export function pyIsSpace(ch: string | undefined): boolean {
  return ch !== undefined && ch !== '' && PY_SPACE.includes(ch);
}

/** Python's `str.strip()` with no argument. */
export function pyStrip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && PY_SPACE.includes(s[a] as string)) a++;
  while (b > a && PY_SPACE.includes(s[b - 1] as string)) b--;
  return s.slice(a, b);
}

// Python's `str.splitlines()` boundaries; `\r\n` is one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the line breaks Python splits on
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/** Python's `str.splitlines()`: no trailing empty line after a final line break. */
export function pySplitlines(s: string): string[] {
  if (s === '') return [];
  const parts = s.split(LINE_BREAK);
  if (parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * Python 3.11's `\d` (Unicode category Nd as of Unicode 14.0); Node's `\p{Nd}` knows newer
 * digits that Python 3.11 does not, so the ranges are spelled out.
 */
const PY_DIGIT = new RegExp(
  '[' +
    '\\u{30}-\\u{39}\\u{660}-\\u{669}\\u{6f0}-\\u{6f9}\\u{7c0}-\\u{7c9}\\u{966}-\\u{96f}\\u{9e6}-\\u{9ef}\\u{a66}-' +
    '\\u{a6f}\\u{ae6}-\\u{aef}\\u{b66}-\\u{b6f}\\u{be6}-\\u{bef}\\u{c66}-\\u{c6f}\\u{ce6}-\\u{cef}\\u{d66}-\\u{d6f' +
    '}\\u{de6}-\\u{def}\\u{e50}-\\u{e59}\\u{ed0}-\\u{ed9}\\u{f20}-\\u{f29}\\u{1040}-\\u{1049}\\u{1090}-\\u{1099}\\' +
    'u{17e0}-\\u{17e9}\\u{1810}-\\u{1819}\\u{1946}-\\u{194f}\\u{19d0}-\\u{19d9}\\u{1a80}-\\u{1a89}\\u{1a90}-\\u{' +
    '1a99}\\u{1b50}-\\u{1b59}\\u{1bb0}-\\u{1bb9}\\u{1c40}-\\u{1c49}\\u{1c50}-\\u{1c59}\\u{a620}-\\u{a629}\\u{a8d' +
    '0}-\\u{a8d9}\\u{a900}-\\u{a909}\\u{a9d0}-\\u{a9d9}\\u{a9f0}-\\u{a9f9}\\u{aa50}-\\u{aa59}\\u{abf0}-\\u{abf9}' +
    '\\u{ff10}-\\u{ff19}\\u{104a0}-\\u{104a9}\\u{10d30}-\\u{10d39}\\u{11066}-\\u{1106f}\\u{110f0}-\\u{110f9}\\u{' +
    '11136}-\\u{1113f}\\u{111d0}-\\u{111d9}\\u{112f0}-\\u{112f9}\\u{11450}-\\u{11459}\\u{114d0}-\\u{114d9}\\u{1' +
    '1650}-\\u{11659}\\u{116c0}-\\u{116c9}\\u{11730}-\\u{11739}\\u{118e0}-\\u{118e9}\\u{11950}-\\u{11959}\\u{11' +
    'c50}-\\u{11c59}\\u{11d50}-\\u{11d59}\\u{11da0}-\\u{11da9}\\u{16a60}-\\u{16a69}\\u{16ac0}-\\u{16ac9}\\u{16b' +
    '50}-\\u{16b59}\\u{1d7ce}-\\u{1d7ff}\\u{1e140}-\\u{1e149}\\u{1e2f0}-\\u{1e2f9}\\u{1e950}-\\u{1e959}\\u{1fbf' +
    '0}-\\u{1fbf9}' +
    ']',
  'u',
);

/** context-kit's `LIST_ITEM_RE` (`^(?:[-*+] |\d+[.)] )`) with Python's digits. */
export const PY_LIST_ITEM_RE = new RegExp(`^(?:[-*+] |${PY_DIGIT.source}+[.)] )`, 'u');

/** context-kit's `_unquote`: strips one pair of matching outer quotes, no escapes. */
export function pyUnquote(value: string): string {
  if (value.length >= 2 && value[0] === value[value.length - 1] && (value[0] === "'" || value[0] === '"')) {
    return value.slice(1, -1);
  }
  return value;
}
