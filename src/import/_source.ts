/**
 * Reads a free-form handoff into the section tree: Markdown (with optional front matter),
 * JSON, YAML or XML. Data that is not well formed is an error with a position; Markdown is
 * always readable; XML that is not well formed is read as Markdown with `<tag>` sections.
 */
import { UserError } from '../errors.js';
import { readData } from './_data.js';
import { markEntries, readMarkdownTree, type SourceDoc } from './_tree.js';

/** Reads `text` (`name` is the file name, whose extension may say YAML). */
export async function readSource(text: string, name = ''): Promise<SourceDoc> {
  const trimmed = text.trimStart();
  if (/^[[{]/.test(trimmed)) return readData(parseJson(text), 'json');
  if (trimmed.startsWith('<') && !trimmed.startsWith('<!--')) {
    const xml = await readXml(text);
    if (xml) return xml;
  }
  if (/\.ya?ml$/i.test(name) || looksLikeYaml(text)) {
    const value = await parseYaml(text, /\.ya?ml$/i.test(name));
    if (value !== undefined) {
      const doc = readData(value, 'yaml');
      // Comments are not data, but they are text the writer wrote: they go to Notes.
      const comments = yamlComments(text);
      if (comments.length) {
        const raw = ['```yaml', ...comments, '```'].join('\n');
        doc.preamble.push({ kind: 'code', lang: 'yaml', lines: comments, raw, line: 1 });
      }
      return doc;
    }
  }
  return readMarkdown(text);
}

// Whole-line and end-of-line comments: ` #` starts one in YAML, outside quotes.
function yamlComments(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const unquoted = line.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, (q) => ' '.repeat(q.length));
    const at = /(?:^|\s)#/.exec(unquoted);
    if (at) out.push(line.slice(at.index).trim());
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    const where = pos ? ` (line ${text.slice(0, Number(pos[1])).split('\n').length})` : '';
    throw new UserError('HANDOFF_INVALID', `not valid JSON${where}: ${message}`);
  }
}

// YAML: the first line that says something is `key:` and no line is a Markdown section heading.
function looksLikeYaml(text: string): boolean {
  const first = text.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#') && l.trim() !== '---');
  return first !== undefined && /^[\w"'][\w "'.-]*:(\s|$)/.test(first) && !/^#{2,6}\s/m.test(text);
}

async function parseYaml(text: string, required: boolean): Promise<unknown> {
  const { parseDocument } = await import('yaml');
  const fail = (message: string) => {
    if (!required) return undefined;
    throw new UserError('HANDOFF_INVALID', `not valid YAML: ${message.split('\n')[0]}`);
  };
  try {
    // Warnings are not printed; errors are refused, a key given twice among them (one of the two
    // would be lost: a guessed file is then read as Markdown, which keeps both lines); aliases are
    // capped (billion laughs).
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
    if (doc.errors.length > 0) return fail((doc.errors[0] as Error).message);
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    if (typeof value === 'object' && value !== null) return value;
    return required ? fail('the file holds no mapping or list') : undefined;
  } catch (error) {
    if (error instanceof UserError) throw error;
    return fail((error as Error).message ?? String(error));
  }
}

async function readXml(text: string): Promise<SourceDoc | undefined> {
  const { readXmlDocument } = await import('../formats/pipeline-xml/index.js');
  const read = readXmlDocument(text);
  if (!('ok' in read)) return undefined;
  return readData(dataOf(read.root), 'xml');
}

// An element as data: text alone is a string; attributes and children are keys, repeated children a list.
function dataOf(el: XmlElementLike): unknown {
  const elements = el.children.filter((c): c is XmlElementLike => typeof c !== 'string');
  const text = el.children
    .filter((c): c is string => typeof c === 'string')
    .join('')
    .trim();
  if (elements.length === 0 && Object.keys(el.attrs).length === 0) return text;
  // A list element (`<completed><item/><item/></completed>`) is the list of its items.
  const names = new Set(elements.map((e) => e.name));
  if (names.size === 1 && elements.length > 1 && Object.keys(el.attrs).length === 0 && !text) {
    return elements.map(dataOf);
  }
  // Own properties only: an element named `__proto__` is a key, never the object's prototype.
  const out = new Map<string, unknown>(Object.entries(el.attrs));
  const count = new Map<string, number>();
  for (const child of elements) count.set(child.name, (count.get(child.name) ?? 0) + 1);
  for (const child of elements) {
    const v = dataOf(child);
    if ((count.get(child.name) ?? 0) > 1) {
      const list = (out.get(child.name) ?? []) as unknown[];
      list.push(v);
      out.set(child.name, list);
    } else out.set(child.name, v);
  }
  if (text) out.set('text', text);
  return Object.fromEntries(out);
}

interface XmlElementLike {
  name: string;
  attrs: Record<string, string>;
  children: (string | XmlElementLike)[];
}

/** Markdown: front matter when it is `key: value` lines, then the heading tree. */
function readMarkdown(text: string): SourceDoc {
  const lines = text.split('\n');
  let offset = 0;
  const meta: SourceDoc['meta'] = [];
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    const inner = end > 0 ? lines.slice(1, end) : [];
    const kv = inner.filter((l) => /^[\w.-]+\s*:/.test(l));
    if (
      end > 0 &&
      end < 200 &&
      kv.length > 0 &&
      kv.length >= inner.filter((l) => l.trim() !== '').length / 2
    ) {
      inner.forEach((l, i) => {
        const m = /^([\w.-]+)\s*:\s*(.*)$/.exec(l);
        if (m && (m[2] as string).trim()) {
          meta.push({
            key: m[1] as string,
            value: (m[2] as string).trim().replace(/^['"]|['"]$/g, ''),
            line: i + 2,
            raw: l,
          });
        }
      });
      offset = end + 1;
    }
  }
  const doc = readMarkdownTree(lines.slice(offset), offset);
  markEntries(doc.sections);
  return { ...doc, meta: [...meta, ...doc.meta] };
}
