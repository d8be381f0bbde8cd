/**
 * What import reports about a source beyond the mapping: absolute local paths (a privacy
 * finding: they name a user and a machine), and branch, commit and date lines, reported as
 * provenance candidates — what the writer saw, never trusted as the current state.
 */
import { type Finding, finding } from '../handoff/finding.js';
import { classifyMetaKey } from './_synonyms.js';

/** A provenance value a free-form handoff mentions. */
export interface ProvenanceCandidate {
  field: 'branch' | 'head' | 'date' | 'repository' | 'worktree';
  value: string;
  line?: number;
  /** Where it was found: a `key: value` line, or running text. */
  from: 'key' | 'text';
}

const LOCAL_PATH =
  /(?:^|[\s"'`(=:[])((?:\/Users|\/home)\/[^\s/"'`)<>\]]+|[A-Za-z]:\\Users\\[^\s\\"'`)<>\]]+)/g;

/** One privacy finding per user folder an absolute local path names (with its first line). */
export function privacyFindings(text: string): Finding[] {
  const seen = new Map<string, number>();
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(LOCAL_PATH)) {
      const root = m[1] as string;
      if (!seen.has(root)) seen.set(root, i + 1);
    }
  });
  return [...seen].map(([root, line]) =>
    finding(
      'INFO',
      'privacy-local-path',
      `absolute local path ${root}${root.includes('\\') ? '\\' : '/'}… names a user and a machine; remove it before sharing this handoff`,
      { line },
    ),
  );
}

const TEXT_PATTERNS: [ProvenanceCandidate['field'], RegExp][] = [
  ['branch', /\b(?:branch|分支|rama|ветка)\b[^:：=\n]{0,20}[:：=]\s*`?([\w./@-]{2,100})`?/giu],
  ['head', /\b(?:HEAD|commit|提交|коммит)\b\s*(?:[:：=]|is|at)?\s*`?([0-9a-f]{7,40})\b/giu],
  ['date', /\b(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2})?)?)\b/g],
];

/** Provenance candidates from `key: value` pairs and from running text, each value once. */
export function provenanceCandidates(
  pairs: readonly { key: string; value: string; line?: number }[],
  text: string,
): ProvenanceCandidate[] {
  const out: ProvenanceCandidate[] = [];
  const seen = new Set<string>();
  const push = (c: ProvenanceCandidate) => {
    const key = `${c.field}\0${c.value}`;
    if (seen.has(key) || out.filter((o) => o.field === c.field).length >= 5) return;
    seen.add(key);
    out.push(c);
  };
  for (const p of pairs) {
    const field = classifyMetaKey(p.key);
    if (
      field === 'branch' ||
      field === 'head' ||
      field === 'date' ||
      field === 'repository' ||
      field === 'worktree'
    ) {
      const value = p.value.replace(/^`|`$/g, '').trim();
      if (value) push({ field, value, line: p.line, from: 'key' });
    }
  }
  const lines = text.split('\n');
  for (const [field, re] of TEXT_PATTERNS) {
    lines.forEach((line, i) => {
      for (const m of line.matchAll(re)) push({ field, value: m[1] as string, line: i + 1, from: 'text' });
    });
  }
  return out;
}
