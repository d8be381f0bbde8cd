/**
 * `archive`: keep a handoff in the store as evidence. By default only while it is still current
 * (VALID now), as context-kit archives only a freshness-checked handoff; with `keep: 'any'` any
 * handoff that can be read is kept, and the result says the verdict it had at that moment
 * (`baton archive`, `--history`, and the handoff `write` replaces).
 */
import { InternalError } from '../errors.js';
import type { FormatName } from '../formats/types.js';
import type { GitAnswers } from '../provenance/index.js';
import type { PutResult, Store } from '../store/types.js';
import { readArtifact } from '../validate/read.js';
import { EXIT_CODES, type Report } from '../validate/report.js';
import { validateText } from '../validate/validate.js';

/** Options of `archiveHandoff`. */
export interface ArchiveOptions {
  /**
   * Where to keep it: a store, or a function that opens one. The function is called only once the
   * handoff is VALID (a refused handoff never creates a store), and the store it opens is closed.
   */
  store: Store | (() => Promise<Store>);
  /** Format of the artifact; `auto` (the default) recognises it by content. */
  format?: FormatName | 'auto';
  /** The time `expires_at` is compared with (default: now). */
  now?: Date;
  /** `valid` (the default): refuse what is not VALID now; `any`: keep whatever can be read, with its verdict. */
  keep?: 'valid' | 'any';
  /** A long-lived process's git answers (the servers): git asked off the event loop, once per state. */
  gitAnswers?: GitAnswers;
}

/** Refused (with validate's report), or archived (stored now, or found already there). */
export type ArchiveResult =
  | { ok: false; report: Report }
  | { ok: true; report: Report; put: PutResult /** The store's location. */; location: string };

/** Validates the handoff at `path` against its repository now and archives it (when VALID, unless `keep: 'any'`). */
export async function archiveHandoff(path: string, options: ArchiveOptions): Promise<ArchiveResult> {
  // The bytes validated are the bytes stored: the file is read once.
  const read = readArtifact(path);
  if (!read.ok) {
    const verdict = 'INVALID';
    const report: Report = {
      verdict,
      exitCode: EXIT_CODES[verdict],
      path,
      format: options.format ?? 'auto',
      findings: [read.finding],
      stats: { bytes: read.size ?? 0, lines: 0, items: 0 },
    };
    return { ok: false, report };
  }
  const report = await validateText(read.raw, {
    path,
    format: options.format ?? 'auto',
    git: true,
    since: false,
    withHandoff: true,
    ...(options.now ? { now: options.now } : {}),
    ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
  });
  const keepAny = options.keep === 'any' && report.handoff?.id !== undefined;
  if (report.verdict !== 'VALID' && !keepAny) return { ok: false, report };
  if (!report.handoff) throw new InternalError(`validate called ${path} VALID but returned no handoff`);
  const input = {
    text: Buffer.from(read.raw).toString('utf8'),
    format: report.format,
    handoff: report.handoff,
    verdict: report.verdict,
  };
  if (typeof options.store !== 'function') {
    const put = await options.store.putHandoff({ ...input, source: path });
    return { ok: true, report, put, location: options.store.location };
  }
  const store = await options.store();
  try {
    const put = await store.putHandoff({ ...input, source: path });
    return { ok: true, report, put, location: store.location };
  } finally {
    await store.close();
  }
}

/**
 * Keeps the handoff that `write` replaced (now at `historyPath`) in the store, with the verdict it
 * has now, and says so in one line. A store that cannot be opened or refuses it is said in that
 * line too: the write itself has already happened and stands.
 */
export async function keepReplaced(
  historyPath: string,
  store: () => Promise<Store>,
  gitAnswers?: GitAnswers,
): Promise<string> {
  try {
    const result = await archiveHandoff(historyPath, {
      keep: 'any',
      store,
      ...(gitAnswers ? { gitAnswers } : {}),
    });
    if (!result.ok)
      return `the replaced handoff was not archived: it is ${result.report.verdict} and has no id`;
    const { handoff, status } = result.put;
    return status === 'stored'
      ? `archived the replaced handoff ${handoff.id} (${result.report.verdict} now) in ${result.location}`
      : `the replaced handoff ${handoff.id} was already archived`;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `the replaced handoff was not archived: ${message}`;
  }
}
