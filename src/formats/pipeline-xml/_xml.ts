/**
 * The XML layer of the pipeline format: escaping, multi-line text blocks, and a safe reader built
 * on fast-xml-parser that never expands entities, refuses DOCTYPEs and caps nesting depth. This
 * file is the only one that loads fast-xml-parser, and the pipeline-xml module is only ever
 * loaded lazily, so `baton validate` on other formats never pays for it.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element: its name, its attributes (decoded) and its children (elements or decoded text). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

/** A child of an element: an element, or a run of text. */
export type XmlNode = XmlElement | string;

/** A place in the text an error is about (1-based). */
export interface XmlPosition {
  line: number;
  column: number;
}

/** Why XML could not be read, with the parser's line and column. */
export interface XmlError {
  reason: 'malformed' | 'invalid';
  message: string;
  line?: number;
  column?: number;
}

/** Deepest element nesting accepted: a handoff needs four levels; this leaves room for notes. */
const MAX_DEPTH = 64;

/** Escapes element text: `&`, `<` and `>` (so `]]>` can never appear). */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Escapes an attribute value for double quotes; tabs and line breaks as character references. */
function escapeAttr(text: string): string {
  return text.replace(/[&<>"\t\n\r]/g, (c) => ATTR_ESCAPES[c] as string);
}

const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * Renders `<name attrs>text</name>`: one line when the text is one line, else the text on its
 * own lines indented under the tag, so that `readBlock` gives back exactly the same text.
 */
export function renderTextElement(
  name: string,
  text: string,
  indent: number,
  attrs: [string, string | undefined][] = [],
): string {
  const pad = ' '.repeat(indent);
  const open = `${pad}<${name}${renderAttrs(attrs)}>`;
  if (!text.includes('\n')) return `${open}${escapeText(text)}</${name}>`;
  const inner = ' '.repeat(indent + 2);
  const lines = escapeText(text)
    .split('\n')
    .map((l) => (l === '' ? '' : inner + l));
  return `${open}\n${lines.join('\n')}\n${pad}</${name}>`;
}

/** ` a="1" b="2"` for the attributes that have a value. */
export function renderAttrs(attrs: readonly [string, string | undefined][]): string {
  return attrs
    .filter((a): a is [string, string] => a[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
}

/**
 * The text of an element as its writer meant it: a leading and a trailing blank line dropped,
 * the indentation common to the lines below the opening tag removed, and the ends trimmed.
 */
export function readBlock(raw: string): string {
  if (!raw.includes('\n')) return raw.trim();
  const lines = raw.split('\n');
  const head = lines.shift() as string;
  let common: string | undefined;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const lead = /^[ \t]*/.exec(line)?.[0] ?? '';
    common = common === undefined ? lead : commonPrefix(common, lead);
  }
  const indent = common ?? '';
  const body = lines.map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()));
  return (head.trim() === '' ? body : [head, ...body]).join('\n').trim();
}

function commonPrefix(a: string, b: string): string {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return a.slice(0, n);
}

/** The text content of an element's children, concatenated (nested elements contribute theirs). */
export function textOf(element: XmlElement): string {
  let out = '';
  for (const child of element.children) out += typeof child === 'string' ? child : textOf(child);
  return out;
}

/** The child elements named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** Line and column (1-based) of character `index` in `text`. */
export function positionOf(text: string, index: number): XmlPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

/** Where element `name` starts and ends in `text`: a span to hand to `readElement`. */
export interface ElementSpan {
  start: number;
  end: number;
}

/**
 * Finds the last complete `<name …>…</name>` (or self-closing `<name …/>`) in `text`; text may
 * surround it. Returns the opening position of an unclosed one when no complete one exists.
 */
export function findElement(
  text: string,
  name: string,
): { span: ElementSpan } | { unclosed: number } | undefined {
  const starts: number[] = [];
  const open = new RegExp(`<${name}(?=[\\s/>])`, 'g');
  for (let m = open.exec(text); m; m = open.exec(text)) starts.push(m.index);
  if (starts.length === 0) return undefined;
  const close = `</${name}`;
  for (let i = starts.length - 1; i >= 0; i--) {
    const start = starts[i] as number;
    const tagEnd = endOfTag(text, start);
    if (tagEnd < 0) continue;
    if (text[tagEnd - 1] === '/') return { span: { start, end: tagEnd + 1 } };
    const at = text.indexOf(close, tagEnd);
    if (at < 0) continue;
    const gt = text.indexOf('>', at);
    if (gt < 0) continue;
    return { span: { start, end: gt + 1 } };
  }
  return { unclosed: starts.at(-1) as number };
}

// Index of the `>` that ends the tag opened at `start`, skipping quoted attribute values.
function endOfTag(text: string, start: number): number {
  let quote: string | undefined;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
    else if (c === '<') return -1;
  }
  return -1;
}

const PARSER_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities are never expanded by the parser: baton decodes the five XML ones and character
  // references itself, and refuses every other entity (billion-laughs safe).
  processEntities: false,
  htmlEntities: false,
  cdataPropName: '#cdata',
  maxNestedTags: MAX_DEPTH,
  ignoreDeclaration: true,
  ignorePiTags: true,
} as const;

let parser: XMLParser | undefined;

/**
 * Reads the element at `span` of `text`. Errors carry the line and column in `text` (not in the
 * span), so a reply's author can find them. Never throws on bad input.
 */
export function readElement(text: string, span: ElementSpan): { ok: true; root: XmlElement } | XmlError {
  const xml = text.slice(span.start, span.end);
  const at = (offset: number) => positionOf(text, span.start + offset);
  const declaration = /<!(DOCTYPE|ENTITY)/i.exec(xml);
  if (declaration) {
    return {
      reason: 'invalid',
      message: `<!${declaration[1]?.toUpperCase()}> declarations are not allowed: baton never expands entities`,
      ...at(declaration.index),
    };
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    const lineIn = line ?? 1;
    const pos = positionOf(text, span.start);
    return {
      reason: 'malformed',
      message: `not well-formed XML: ${msg.replace(/\.$/, '')}`,
      line: pos.line + lineIn - 1,
      column: lineIn === 1 ? pos.column + (col ?? 1) - 1 : (col ?? 1),
    };
  }
  let raw: unknown;
  try {
    parser ??= new XMLParser(PARSER_OPTIONS);
    raw = parser.parse(xml);
  } catch (error) {
    const message = (error as Error).message;
    const deep = /nested/i.test(message);
    return {
      reason: 'invalid',
      message: deep ? `elements are nested deeper than ${MAX_DEPTH} levels` : `XML refused: ${message}`,
      ...at(0),
    };
  }
  // CDATA sections and comments may hold any `&`; blank them out (keeping offsets) first.
  const masked = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, (m) => ' '.repeat(m.length));
  const bad = /&(?!(?:lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)[^\s&;<]*;?/.exec(masked);
  if (bad) {
    return {
      reason: 'malformed',
      message: `undefined entity ${bad[0]}: only &lt; &gt; &amp; &quot; &apos; and character references are allowed`,
      ...at(bad.index),
    };
  }
  const roots = toNodes(raw).filter((n): n is XmlElement => typeof n !== 'string');
  const root = roots[0];
  if (!root) return { reason: 'malformed', message: 'no element found', ...at(0) };
  return { ok: true, root };
}

// fast-xml-parser's ordered output: `[{ name: [children], ':@': attrs } | { '#text': s } | { '#cdata': [...] }]`.
function toNodes(raw: unknown): XmlNode[] {
  const out: XmlNode[] = [];
  if (!Array.isArray(raw)) return out;
  for (const item of raw as Record<string, unknown>[]) {
    for (const [key, value] of Object.entries(item)) {
      if (key === ':@') continue;
      if (key === '#text') out.push(decodeEntities(String(value)));
      else if (key === '#cdata') out.push(cdataText(value));
      else {
        const attrs: Record<string, string> = {};
        const rawAttrs = (item[':@'] ?? {}) as Record<string, unknown>;
        for (const [k, v] of Object.entries(rawAttrs)) attrs[k] = decodeEntities(String(v));
        out.push({ name: key, attrs, children: toNodes(value) });
      }
    }
  }
  return out;
}

function cdataText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((v) => String((v as Record<string, unknown>)['#text'] ?? '')).join('');
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five XML entities and character references (anything else was refused before). */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g, (m, name: string) => {
    if (name[0] !== '#') return NAMED[name] ?? m;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** Reads a whole XML document (one root element); errors carry the line and column. */
export function readXmlDocument(text: string): { ok: true; root: XmlElement } | XmlError {
  return readElement(text, { start: 0, end: text.length });
}
