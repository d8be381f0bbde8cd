/**
 * The value vocabulary of `baton/handoff-v1`: enums, patterns and limits. Both the zod schema
 * (JSON) and the Markdown rules check values against these, so they cannot drift apart.
 */

/** The schema identifier written in every canonical handoff. */
export const HANDOFF_SCHEMA = 'baton/handoff-v1';

/** Where the work stands. */
export const STATUSES = ['in-progress', 'blocked', 'complete', 'failed'] as const;
/** How a done item was checked. */
export const VERIFICATIONS = ['pass', 'fail', 'unverified'] as const;
/** Verdicts of the `verify` taxonomy used by facts (seed 001). */
export const FACT_VERDICTS = ['confirmed', 'dubious', 'refuted', 'unable-to-check'] as const;
/** Epistemic rungs a fact may carry (seed 003). */
export const EPISTEMIC_RUNGS = ['OBS', 'DER', 'INT', 'SPEC'] as const;
/** What happened to a touched file. */
export const FILE_ACTIONS = ['created', 'modified', 'deleted', 'renamed'] as const;
/** Outcome of a validation command. */
export const VALIDATION_RESULTS = ['passed', 'failed', 'not run'] as const;
/** Whether the work tree had uncommitted changes. */
export const WORKTREE_STATES = ['clean', 'dirty'] as const;
/** Governance classes (FORMATS.md §5), including the sibling-writable ones. */
export const ARTIFACT_CLASSES = [
  'observation',
  'operational_handoff',
  'guidance',
  'policy',
  'constitution',
  'memory',
  'question',
  'proposal',
  'answer',
] as const;

/** A ULID: 26 Crockford base32 characters, the first at most 7 (48-bit time). */
export const ULID_RE = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
/** RFC 3339 date-time with an explicit offset (`Z` or `±hh:mm`). */
const RFC3339_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
/** A commit id as written by git, full or abbreviated (context-kit accepts 7–64 hex). */
export const COMMIT_RE = /^[0-9a-fA-F]{7,64}$/;
/** `sha256:` and 64 lowercase hex digits. */
export const CONTENT_HASH_RE = /^sha256:[0-9a-f]{64}$/;
/** `ed25519:<key id>:<base64 signature>`. */
export const SIGNATURE_RE = /^ed25519:[A-Za-z0-9._-]+:[A-Za-z0-9+/]+={0,2}$/;
/** `{{…}}` template placeholders left in a document (same pattern as context-kit). */
export const PLACEHOLDER_RE = /\{\{[^{}\n]+\}\}/;
/** Item text that only says work is missing. */
export const TODO_ONLY_RE = /^\s*(?:todo|tbd|fixme|xxx|tba|\.\.\.|…)\s*[.:!]*\s*$/i;
/**
 * Characters that may not appear in handoff text: C0 controls other than tab and newline,
 * DEL, and the Unicode line breaks that other tools split lines on (NEL, LS, PS).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job
export const FORBIDDEN_CHAR_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u0085\u2028\u2029]/;

/** Default caps (context-kit's, seed 001): a handoff must fit a small window. */
export const DEFAULT_LIMITS = {
  /** Raw bytes of the whole file. */
  maxBytes: 32 * 1024,
  /** Lines of the whole file. */
  maxLines: 300,
  /** Top-level list items (at column 0) in one section. */
  maxItemsPerSection: 25,
  /** Lines of the Summary section. */
  maxSummaryLines: 5,
} as const;

/** The caps a handoff is checked against. */
export interface Limits {
  maxBytes: number;
  maxLines: number;
  maxItemsPerSection: number;
  maxSummaryLines: number;
}

/** True when `value` is a real RFC 3339 date-time with an offset (calendar checked). */
export function isRfc3339(value: string): boolean {
  const m = RFC3339_RE.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  const offset = m[8] ?? 'Z';
  if (offset.length === 6) {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return false;
  }
  return true;
}

/**
 * True when `text` can be a `context_manifest` block that reads back unchanged: dedented, no
 * blank lines at the ends, no whitespace-only lines, no tab indentation, no `---`/`...` line
 * (which would end the front matter), no control characters.
 */
export function isManifestText(text: string): boolean {
  if (text.trim() === '' || FORBIDDEN_CHAR_RE.test(text) || text.includes('\r')) return false;
  const lines = text.split('\n');
  if (lines[0] === '' || lines.at(-1) === '') return false;
  let column0 = false;
  for (const line of lines) {
    if (line !== '' && line.trim() === '') return false;
    if (line.startsWith('\t') || line.trim() === '---' || line.trim() === '...') return false;
    if (line !== '' && !line.startsWith(' ')) column0 = true;
  }
  return column0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Milliseconds since the epoch of an RFC 3339 value (leap seconds folded into the next second). */
export function rfc3339ToMillis(value: string): number {
  return Date.parse(value.replace(/:60(\.\d+)?([Zz]|[+-])/, ':59$1$2'));
}

/** The current time as RFC 3339 in UTC with second precision, e.g. `2026-11-30T01:14:19Z`. */
export function nowRfc3339(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}
