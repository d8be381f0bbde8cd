/**
 * `validate`: is this handoff well formed, is it about the same work, and what has moved since.
 * Returns a report with a verdict and exit code (FORMATS.md §2); never throws on bad input.
 */
import { detect } from '../formats/detect.js';
import type { FormatName } from '../formats/types.js';
import type { CurrentRole } from '../governance/classes.js';
import { type Finding, finding } from '../handoff/finding.js';
import type { Limits } from '../handoff/values.js';
import type { Capture, ComparedField, GitAnswers } from '../provenance/index.js';
import { decodeUtf8, readArtifact } from './read.js';
import { EXIT_CODES, type Report, verdictOf } from './report.js';
import { readSubject } from './subject.js';

// The modules validate loads when it needs them, kept once loaded: `await import()` of a loaded
// module still resolves it and creates promises, a few microseconds each time.
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
};
const integrity = once(() => import('./integrity.js'));
const governance = once(() => import('./governance.js'));
const compare = once(() => import('../provenance/compare.js'));

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
  /** Also return the parsed handoff in the report (`resume` needs it). */
  withHandoff?: boolean;
  /** Captures by folder and base ref, shared by the artifacts of one run. */
  captureCache?: Map<string, Capture | Error>;
  /**
   * A long-lived process's git answers (the servers'): git asked off the event loop, and once
   * per repository state. Without them git is asked synchronously, every time (the CLI).
   */
  gitAnswers?: GitAnswers;
  /**
   * The writer's role, as the run engine declared it (`BATON_ROLE`): a class the role may not
   * write is UNTRUSTED. Unset, the writer is unknown.
   */
  role?: CurrentRole;
  /** Where trusted public keys are (default `.baton/trusted-keys` of the artifact's repository). */
  trustedKeysDir?: string;
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
  // The bytes of a text are made only when a content hash or a signature is checked: encoding
  // 8 KiB of text costs more than counting its bytes.
  let encoded = typeof input === 'string' ? undefined : input;
  const raw = () => {
    encoded ??= Buffer.from(input);
    return encoded;
  };
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  const text = typeof input === 'string' ? input : decodeUtf8(input);
  if (text === undefined) {
    const f = finding('INVALID', 'not-utf8', 'artifact is not valid UTF-8 text (is it a binary file?)');
    return report(path, 'unknown', [f], { bytes: size, lines: 0, items: 0 });
  }
  const format: FormatName = !options.format || options.format === 'auto' ? detect(text) : options.format;
  // The text is the UTF-8 decoding of the bytes (or they are its encoding): their sizes are one.
  const subject = await readSubject(text, format, { ...options, bytes: size });
  const findings: Finding[] = [...subject.findings];
  const compat = format === 'context-kit' && options.git === false;
  if (!compat) {
    const { checkContentHash, checkExpiry } = await integrity();
    const offset = subject.contentHash ? await subject.bodyOffset() : undefined;
    const hash = offset === undefined ? undefined : subject.contentHash;
    findings.push(
      ...(await checkContentHash(hash, () => raw().subarray(offset ?? 0), subject.fieldLines.content_hash)),
    );
    findings.push(
      ...checkExpiry(subject.expiresAt, options.now ?? new Date(), subject.fieldLines.expires_at),
    );
    const { checkGovernance } = await governance();
    findings.push(
      ...(await checkGovernance(subject, raw, text, {
        path,
        now: options.now ?? new Date(),
        ...(options.role ? { role: options.role } : {}),
        ...(options.trustedKeysDir ? { trustedKeysDir: options.trustedKeysDir } : {}),
        ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
      })),
    );
  }
  let lines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  if (text !== '' && !text.endsWith('\n')) lines++;
  const stats = { bytes: size, lines, items: subject.items };
  const out = (r: Report) =>
    subject.handoff && options.withHandoff ? { ...r, handoff: subject.handoff } : r;
  if (verdictOf(findings) === 'INVALID') return out(report(path, format, findings, stats));
  if (options.git === false) {
    // Without git only the values given are compared: the comparison is all that is loaded.
    const { compareProvenance } = await compare();
    findings.push(...compareProvenance(subject.provenance, { flags: options.current }));
    return out(report(path, format, findings, stats));
  }
  const { checkFreshness } = await import('./freshness.js');
  const fresh = await checkFreshness(path, subject.provenance, { ...options, git: true });
  findings.push(...fresh.findings);
  return out(report(path, format, findings, stats, fresh.since, fresh.capture));
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
