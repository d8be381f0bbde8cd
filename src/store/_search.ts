/**
 * Full-text search, the same on both backends: baton splits text into words itself (letters and
 * digits, lower-cased, accents removed) and hands the backends plain words, so SQLite's FTS5 and
 * PostgreSQL's `simple` text search see identical tokens. Queries are parsed here too and turned
 * into each backend's syntax; the user's text never reaches either parser as syntax.
 */
import { UserError } from '../errors.js';

/** One part of a query: a word or a phrase (several words in a row), maybe a prefix, maybe excluded. */
export interface QueryTerm {
  words: string[];
  /** The last word matches as a prefix (`pars*`). */
  prefix: boolean;
  /** Handoffs containing it are left out (`-word`). */
  exclude: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a text as the search index holds them. */
function searchWords(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(WORD) ?? [];
}

/** The document a handoff is indexed by: its words, space-separated. */
export function searchDocument(text: string): string {
  return searchWords(text).join(' ');
}

/**
 * Parses a query: words must all appear; `"a phrase"` must appear in that order; `word*` matches
 * words starting with it; `-word` excludes. Punctuation inside a word splits it into a phrase
 * (`src/formats` finds "src formats").
 */
export function parseQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const re = /(-?)"([^"]*)"(\*?)|(\S+)/g;
  for (let m = re.exec(query); m !== null; m = re.exec(query)) {
    let raw: string;
    let exclude: boolean;
    let prefix: boolean;
    if (m[4] !== undefined) {
      raw = m[4];
      exclude = raw.startsWith('-') && raw.length > 1;
      if (exclude) raw = raw.slice(1);
      prefix = raw.endsWith('*');
    } else {
      raw = m[2] ?? '';
      exclude = m[1] === '-';
      prefix = m[3] === '*';
    }
    const words = searchWords(raw);
    if (words.length > 0) terms.push({ words, prefix, exclude });
  }
  if (!terms.some((t) => !t.exclude)) {
    throw new UserError('STORE_QUERY', `nothing to search for in "${query}": give at least one word to find`);
  }
  return terms;
}

/** The FTS5 MATCH expression of a parsed query. */
export function fts5Query(terms: readonly QueryTerm[]): string {
  const phrase = (t: QueryTerm) => `"${t.words.join(' ')}"${t.prefix ? '*' : ''}`;
  const wanted = terms.filter((t) => !t.exclude).map(phrase);
  const unwanted = terms.filter((t) => t.exclude).map(phrase);
  return [`(${wanted.join(' AND ')})`, ...unwanted].join(' NOT ');
}

/** The `to_tsquery('simple', …)` text of a parsed query. */
export function tsQuery(terms: readonly QueryTerm[]): string {
  const phrase = (t: QueryTerm) => {
    const words = t.words.map((w, i) => `'${w}'${t.prefix && i === t.words.length - 1 ? ':*' : ''}`);
    return words.length === 1 ? (words[0] as string) : `(${words.join(' <-> ')})`;
  };
  return terms.map((t) => (t.exclude ? `!${phrase(t)}` : phrase(t))).join(' & ');
}

/** The first line of `text` holding a searched word (body before front matter), about 160 characters. */
export function snippetOf(text: string, terms: readonly QueryTerm[]): string {
  const wanted = terms.filter((t) => !t.exclude);
  const hits = (line: string) => {
    const words = searchWords(line);
    return wanted.some((t) =>
      t.words.some((w, i) =>
        words.some((x) => (t.prefix && i === t.words.length - 1 ? x.startsWith(w) : x === w)),
      ),
    );
  };
  const lines = text.split('\n');
  let bodyStart = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (end > 0) bodyStart = end + 1;
  }
  const order = [...lines.slice(bodyStart), ...lines.slice(0, bodyStart)];
  const line = order.find(hits) ?? order.find((l) => l.trim() !== '') ?? '';
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}
