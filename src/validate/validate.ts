/**
 * `validate`: is this handoff well formed, is it about the same work, and what has moved since.
 * Returns a report with a verdict and exit code (FORMATS.md §2); never throws on bad input.
 */
import { detect } from '../formats/detect.js';
import { loadCodec } from '../formats/index.js';
import type { FormatName, ParseResult } from '../formats/types.js';
import { type Finding, finding } from '../handoff/finding.js';
import { DEFAULT_LIMITS, type Limits } from '../handoff/values.js';
import type { Capture, ComparedField } from '../provenance/index.js';
import { checkFreshness } from './freshness.js';
import { checkContentHash, checkExpiry } from './integrity.js';
import { decodeUtf8, readArtifact } from './read.js';
import { EXIT_CODES, type Report, verdictOf } from './report.js';
import { CANONICAL_RULES } from './rules.js';

/** Options of the validate functions. */
export interface ValidateOptions {
  /** Format of the artifact; `auto` (the default) recognises it by content. */
  format?: FormatName | 'auto';
  /** Read current values from git (default true); false compares only `current` (`--no-git`). */
  git?: boolean;
  /** Current values that override git's, one field each (`--current-*`). */
  current?: Partial<Record<ComparedField, string>>;
  /** The time `expires_at` is compared with (default: now). */
  now?: Date;
  limits?: Partial<Limits>;
  /** Describe commits and files since a moved HEAD (default true; costs two git processes). */
  since?: boolean;
  /** Captures by folder and base ref, shared by the artifacts of one run. */
  captureCache?: Map<string, Capture | Error>;
}

/**
 * Validates a handoff given as text or bytes; `path` names it and locates its repository.
 * `--format context-kit` without git is context-kit's own validator, exactly: the same verdict
 * and exit code for the same input, with none of baton's own checks added.
 */
export async function validateText(
  input: string | Uint8Array,
  options: ValidateOptions & { path?: string } = {},
): Promise<Report> {
  const path = options.path ?? '<stdin>';
  const raw = typeof input === 'string' ? Buffer.from(input) : input;
  const text = typeof input === 'string' ? input : decodeUtf8(input);
  if (text === undefined) {
    const f = finding('INVALID', 'not-utf8', 'artifact is not valid UTF-8 text (is it a binary file?)');
    return report(path, 'unknown', [f], { bytes: raw.length, lines: 0, items: 0 });
  }
  const format: FormatName = !options.format || options.format === 'auto' ? detect(text) : options.format;
  const parse = (await loadCodec(format)).parse(text);
  const findings: Finding[] = [...parse.findings];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (format !== 'context-kit') await applyRules(parse, text, lines, raw.length, options, findings);
  const compat = format === 'context-kit' && options.git === false;
  if (!compat) {
    findings.push(...(await checkContentHash(parse, raw)), ...checkExpiry(parse, options.now ?? new Date()));
    if (parse.handoff.signature) {
      findings.push(
        finding(
          'INFO',
          'signature-unchecked',
          'a signature is present; `baton context` checks it against trusted keys',
        ),
      );
    }
  }
  const stats = { bytes: raw.length, lines: lines.length, items: countItems(parse) };
  if (verdictOf(findings) === 'INVALID')
    return { ...report(path, format, findings, stats), handoff: parse.handoff };
  const fresh = await checkFreshness(
    path,
    { ...parse.handoff.provenance },
    { ...options, git: options.git !== false },
  );
  findings.push(...fresh.findings);
  return { ...report(path, format, findings, stats, fresh.since, fresh.capture), handoff: parse.handoff };
}

/** Validates the handoff file at `path` (already resolved). */
export async function validateFile(path: string, options: ValidateOptions = {}): Promise<Report> {
  const read = readArtifact(path);
  if (!read.ok) {
    return report(path, options.format ?? 'auto', [read.finding], {
      bytes: read.size ?? 0,
      lines: 0,
      items: 0,
    });
  }
  return validateText(read.raw, { ...options, path });
}

// The canonical rules; a JSON handoff is checked as the Markdown it renders to.
async function applyRules(
  parse: ParseResult,
  text: string,
  lines: string[],
  bytes: number,
  options: ValidateOptions,
  findings: Finding[],
): Promise<void> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  let subject = { parse, text, lines, bytes };
  if (parse.format === 'json') {
    const baton = await loadCodec('baton');
    const md = baton.render(parse.handoff).text;
    const mdParse = baton.parse(md);
    subject = {
      parse: { ...mdParse, handoff: parse.handoff },
      text: md,
      lines: md.split('\n').slice(0, -1),
      bytes: Buffer.byteLength(md),
    };
  }
  const add = (f: Finding) => {
    if (parse.format === 'json') delete f.line;
    findings.push(f);
  };
  for (const rule of CANONICAL_RULES) rule.check({ ...subject, limits, add });
}

function report(
  path: string,
  format: string,
  findings: Finding[],
  stats: Report['stats'],
  since?: Report['since'],
  capture?: Capture,
): Report {
  const verdict = verdictOf(findings);
  const out: Report = { verdict, exitCode: EXIT_CODES[verdict], path, format, findings, stats };
  if (since) out.since = since;
  if (capture) out.capture = capture;
  return out;
}

function countItems(parse: ParseResult): number {
  if (parse.itemCounts) return Object.values(parse.itemCounts).reduce((n, c) => n + c.count, 0);
  const h = parse.handoff;
  return (
    h.done.length +
    h.remaining.length +
    h.decisions.length +
    h.facts.length +
    h.files_touched.length +
    h.validation.length +
    h.open_concerns.length +
    h.dead_ends.length +
    h.preferences.length
  );
}
