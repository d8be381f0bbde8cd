/**
 * Presenting text as data: a wrapper element whose name carries a nonce the text does not
 * contain, so nothing inside can close it, with the provenance as attributes; characters that
 * hide text (bidirectional controls, tag characters, zero-width spaces) are shown as escapes.
 */

/** The wrapper's element name, before its nonce. */
const WRAPPER_PREFIX = 'baton-data';

// Bidirectional controls, tag characters and zero-width spaces (not the joiners emoji need).
const HIDING_RE =
  /[\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u180E\u115F\u1160\u3164\uFFA0\u{E0000}-\u{E007F}]/gu;

/** `text` with the characters that hide text shown as `\u{…}` escapes. */
export function defang(text: string): string {
  return text.replace(HIDING_RE, (ch) => `\\u{${(ch.codePointAt(0) as number).toString(16).toUpperCase()}}`);
}

/** Wraps `text` as data: `<baton-data-<nonce> key="value"…>` … `</baton-data-<nonce>>`. */
export function wrapAsData(text: string, attributes: Readonly<Record<string, string | undefined>>): string {
  const shown = defang(text);
  const lower = shown.toLowerCase();
  let nonce = '';
  for (let salt = 0; ; salt++) {
    nonce = hashHex(`${salt}\0${shown}`);
    if (!lower.includes(`${WRAPPER_PREFIX}-${nonce}`)) break;
  }
  const tag = `${WRAPPER_PREFIX}-${nonce}`;
  const attrs = Object.entries(attributes)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
    .join('');
  const body = shown.endsWith('\n') ? shown : `${shown}\n`;
  return `<${tag}${attrs}>\n${body}</${tag}>`;
}

/** An attribute value with `&`, `"`, `<`, `>` and line breaks escaped. */
function escapeAttribute(value: string): string {
  return defang(value)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r?\n/g, '&#10;');
}

// Two 32-bit FNV-1a hashes with different seeds, as 16 hex digits: a nonce that depends on the
// text, without loading node:crypto. Unforgeable because the text is checked not to contain it.
function hashHex(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
