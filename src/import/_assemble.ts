/**
 * Puts a canonical handoff together from what mapping collected and the source's title,
 * metadata and preamble. Goal and Summary fall back to what the source states about itself — a
 * project line, a TL;DR, the opening paragraph, the title — and the report says so.
 */

import type { ParsedHandoff } from '../formats/types.js';
import { emptySections } from '../handoff/types.js';
import { HANDOFF_SCHEMA } from '../handoff/values.js';
import type { Block } from './_blocks.js';
import { oneLine, stripEmphasis } from './_blocks.js';
import { add } from './_collect.js';
import { itemOf } from './_items.js';
import type { Collected, Mapping } from './_map.js';
import {
  classifyHeading,
  classifyMetaKey,
  isExactSynonym,
  readsAsOutstanding,
  statusWord,
} from './_synonyms.js';
import type { MetaLine, SourceDoc } from './_tree.js';

/** Summary lines a canonical handoff allows; more is kept in Notes. */
const SUMMARY_LINES = 5;
const PLAIN_KV = /^\s*([\p{L}][\p{L}\p{N} /_.-]{0,30}?)\s*[:：]\s+(\S.*)$/u;

/** Builds the handoff and adds the mappings of title, metadata and preamble. */
export function assemble(
  doc: SourceDoc,
  c: Collected,
  options: { from?: string; source?: string },
): ParsedHandoff {
  const h: ParsedHandoff = { ...emptySections(), schema: HANDOFF_SCHEMA };
  const map = (m: Mapping) => c.mappings.push(m);
  const preambleNotes: string[] = [];
  const summaryCandidates: SummaryCandidate[] = [];
  const meta = readMeta(doc, c, summaryCandidates, preambleNotes);
  // Metadata is mapped only where it is used; the rest stays in Notes with the preamble.
  const used = new Set<string>();
  const use = (key: string, field: Mapping['field']) => {
    const m = meta[key];
    if (m && !used.has(key)) {
      used.add(key);
      map({ source: m.key, line: m.line, field, bytes: bytes(m.raw) });
    }
    return m?.value;
  };
  if (doc.title) {
    h.title = oneLine(stripEmphasis(doc.title.text)) || undefined;
    map({ source: 'title', line: doc.title.line, field: 'title', bytes: bytes(doc.title.raw) });
  }
  h.title ??= use('title', 'title') ?? 'Imported handoff';
  // A front matter `title:` names the work as a `#` title does.
  const titleGoal = goalFromTitle(doc.title?.text ?? meta.title?.value);
  h.goal = c.goal[0]?.text ?? use('project', 'goal') ?? titleGoal;
  if (!c.goal[0] && !meta.project && titleGoal)
    map({
      source: 'title (as the goal)',
      line: doc.title?.line ?? meta.title?.line,
      field: 'goal',
      bytes: 0,
    });
  if (h.goal === undefined) delete h.goal;
  // Each fallback is taken (and mapped) only when nothing before it gave a summary.
  const metaSummary = () =>
    meta.summary ? { text: use('summary', 'summary') as string, source: meta.summary.key } : undefined;
  // A `Status:` line that names no status is a sentence about where the work stands.
  const statusSummary = () =>
    meta.status && !statusWord(meta.status.value)
      ? { text: use('status', 'summary') as string, source: meta.status.key }
      : undefined;
  const summary = c.summary[0] ?? metaSummary() ?? statusSummary() ?? pickCandidate(summaryCandidates, map);
  const from = options.from ?? use('from', 'front matter');
  const to = use('to', 'front matter');
  const task = use('task', 'front matter');
  const status =
    meta.status && statusWord(meta.status.value) ? (use('status', 'front matter') as string) : undefined;
  // Metadata nothing used stays with the preamble in Notes.
  for (const key of ['title', 'project', 'summary', 'from', 'to', 'task', 'status']) {
    const m = meta[key];
    if (m && !used.has(key)) preambleNotes.push(m.raw);
  }
  const notes = [
    ...(preambleNotes.length ? [preambleNotes.join('\n')] : []),
    ...summaryCandidates.map((x) => x.raw),
  ];
  if (summary) {
    const [head, rest] = splitSummary(summary.text);
    h.summary = head;
    if (rest) notes.push(`### ${summary.source} (continued)\n\n${rest}`);
  }
  notes.push(
    ...c.goal.slice(1).map((g) => `### ${g.source}\n\n${g.text}`),
    ...c.summary.slice(1).map((x) => `### ${x.source}\n\n${x.text}`),
    ...c.notes.map((n) => `### ${n.source}\n\n${n.body}`),
  );
  pushItems(h, c);
  if (notes.length) h.notes = notes.join('\n\n');
  h.from = from ?? 'import';
  if (to) h.to = to;
  if (task) h.task = task;
  h.status = statusOf(h, c, status);
  if (options.source) h.extra = { imported_from: options.source };
  return h;
}

type MetaValue = { key: string; value: string; raw: string; line?: number };
type SummaryCandidate = { text: string; source: string; raw: string };

// The metadata lines of the source (front matter, and `Key: value` lines of the preamble): the
// first of each key the handoff has a place for; a field line (`Goal:`) mapped as its field; the
// rest kept for Notes.
function readMeta(
  doc: SourceDoc,
  c: Collected,
  summaryCandidates: SummaryCandidate[],
  preambleNotes: string[],
): Partial<Record<string, MetaValue>> {
  const meta: Partial<Record<string, MetaValue>> = {};
  const pairs: MetaLine[] = [...doc.meta];
  for (const b of doc.preamble) pairs.push(...metaOf(b, summaryCandidates, preambleNotes));
  for (const p of pairs) {
    const key = classifyMetaKey(p.key);
    if (key && ['from', 'to', 'task', 'title', 'project', 'status', 'summary'].includes(key) && !meta[key]) {
      meta[key] = { key: p.key, value: oneLine(p.value), raw: p.raw, line: p.line };
    } else if (!key && fieldLine(p, c)) {
      // Mapped: a `Goal:`, `DONE:` or `"objective":` line outside any section.
    } else {
      c.kv.push({ key: p.key, value: p.value, line: p.line, source: 'preamble' });
      preambleNotes.push(p.raw);
    }
  }
  return meta;
}

// The mapped items into their fields; the same file listed twice (append logs repeat them) is
// one touched file.
function pushItems(h: ParsedHandoff, c: Collected): void {
  const seen = new Set<string>();
  for (const t of c.items) {
    if (t.field === 'files_touched') {
      const key = `${t.item.action}\0${t.item.path}\0${t.item.note ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    (h[t.field] as unknown[]).push(t.item);
  }
}

// The status the source names; with nothing remaining the work reads as complete, unless a
// section kept in Notes reads as outstanding work (`Still to do` under another heading,
// `Monitoring the active run`).
function statusOf(h: ParsedHandoff, c: Collected, named: string | undefined): ParsedHandoff['status'] {
  const outstanding = c.notes.some((n) => n.source.split(' › ').some(readsAsOutstanding));
  const status =
    (named && statusWord(named)) || (h.remaining.length > 0 || outstanding ? 'in-progress' : 'complete');
  return status === 'complete' && (h.remaining.length > 0 || outstanding) ? 'in-progress' : status;
}

const bytes = (s: string) => Buffer.byteLength(s);

// A metadata line whose key is one field synonym, whole, is that field's text (a goal, a summary)
// or one of its items; after the sections' own, so a `## Goal` section still comes first.
function fieldLine(p: MetaLine, c: Collected): boolean {
  const field = isExactSynonym(p.key) ? classifyHeading(p.key) : undefined;
  if (!field) return false;
  if (field === 'goal' || field === 'summary') {
    c[field].push({ text: p.value, source: p.key });
    c.mappings.push({ source: p.key, line: p.line, field, bytes: bytes(p.raw) });
  } else add(itemOf(field, p.value), p.key, p.raw, c);
  return true;
}

// `key: value` lines of the preamble are metadata; a TL;DR and the first paragraph may be the summary.
function metaOf(b: Block, candidates: SummaryCandidate[], notes: string[]): MetaLine[] {
  if (b.kind === 'kv') return [{ key: b.key, value: b.value, line: b.line, raw: b.raw }];
  if (b.kind === 'text') {
    const lines = b.raw.split('\n');
    // `Date: …` / `Updated: …` / `Branch / PR: …` lines (a line that is no pair continues the
    // one before) are metadata, never the summary.
    const pairs = lines.filter((l) => PLAIN_KV.test(l)).length;
    if (!b.quote && PLAIN_KV.test(lines[0] as string) && pairs * 2 > lines.length) {
      const out: MetaLine[] = [];
      lines.forEach((l, i) => {
        const m = PLAIN_KV.exec(l);
        const last = out.at(-1);
        if (m) out.push({ key: m[1] as string, value: (m[2] as string).trim(), line: b.line + i, raw: l });
        else if (last) {
          last.value = `${last.value} ${l.trim()}`;
          last.raw = `${last.raw}\n${l}`;
        }
      });
      return out;
    }
    const tldr = /^(?:\*\*)?tl;?dr(?:\*\*)?\s*(?:[:：]\s*)?(?:\*\*\s*)?/i.exec(b.text);
    if (tldr) candidates.unshift({ text: b.text.slice(tldr[0].length).trim(), source: 'TL;DR', raw: b.raw });
    else if (!b.quote && !/^\[!/.test(b.text))
      candidates.push({ text: b.text, source: 'opening paragraph', raw: b.raw });
    else notes.push(b.raw);
    return [];
  }
  notes.push(b.raw);
  return [];
}

// The best summary candidate is taken out of the candidates (the rest stay in Notes).
function pickCandidate(
  candidates: SummaryCandidate[],
  map: (m: Mapping) => void,
): { text: string; source: string } | undefined {
  const pick = candidates.shift();
  if (pick) map({ source: pick.source, field: 'summary', bytes: bytes(pick.raw) });
  return pick;
}

function splitSummary(text: string): [string, string | undefined] {
  const lines = text.split('\n');
  if (lines.length <= SUMMARY_LINES) return [text, undefined];
  const para = text.split(/\n\s*\n/)[0] as string;
  const head = para.split('\n').length <= SUMMARY_LINES ? para : lines.slice(0, SUMMARY_LINES).join('\n');
  return [head.trim(), text.slice(head.length).trim() || undefined];
}

// A title names the work once its "Handoff" wording is dropped; one or two words left (a
// project's name, `Carabiner`) name a project, not a goal a person would sign.
function goalFromTitle(title: string | undefined): string | undefined {
  if (!title) return undefined;
  let text = title
    .replace(/[`]/g, '')
    .replace(/\p{Extended_Pictographic}/gu, '')
    .replace(
      /^\s*(?:session\s+)?(?:handoff|hand-off|handover|context handoff|übergabe|passation|passagem de turno|traspaso|передача|交接|引き継ぎ)(?:\s+(?:document|log|notes?|&\s*session state))?\s*[:：—–-]*\s*/i,
      '',
    );
  // The trailing wording is cut without an unanchored regex (which backtracks on long titles).
  const tail = /(?:project\s+)?(?:handoff|handover)(?:\s+document)?\s*$/i.exec(text.slice(-60));
  if (tail) text = trimEnd(text.slice(0, text.length - tail[0].length), ' \t:—–-');
  const goal = oneLine(text);
  const words = goal.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(goal);
  return goal && (words >= 2 || (cjk && goal.length >= 6)) ? goal : undefined;
}

// `text` without any of `chars` at its end.
function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] as string)) end--;
  return text.slice(0, end);
}
