/**
 * Receiving a handoff from another agent: verify it against this checkout before taking it
 * (parse, identity, freshness, hash, signature, governance, the injection scan), and archive it
 * before saying yes. Library behaviour, protocol-free: the A2A executor calls it with the
 * part's text and only translates the result into task states.
 */
import { join } from 'node:path';
import { isBatonError } from '../errors.js';
import { type Finding, finding, type Verdict } from '../handoff/finding.js';
import type { GitAnswers } from '../provenance/index.js';
import { buildBrief } from '../resume/brief.js';
import { renderBrief } from '../resume/render.js';
import type { Store } from '../store/types.js';
import { EXIT_CODES, type Report } from '../validate/report.js';
import { validateText } from '../validate/validate.js';

// Verdicts under which a handoff is taken: VALID, and STALE with the resume brief attached.
const ACCEPTED_VERDICTS: ReadonlySet<Verdict> = new Set(['VALID', 'STALE']);

/** What to verify and where to keep it. */
export interface ReceiveOptions {
  /** The repository root of this checkout: the handoff is judged against it. */
  root: string;
  store: Store;
  /** Who sent it (a display value for the record, never authority). */
  sender: string;
  /** The A2A task the handoff came in. */
  taskId: string;
  /** For tests of the durable order: called after the archive is committed, before the answer. */
  afterArchive?: () => void;
  /**
   * The server's git answers: handoffs verified at the same time share one capture of this
   * checkout, asked for off the event loop.
   */
  gitAnswers?: GitAnswers;
}

/** A refusal (the sender keeps the handoff) or an acceptance (archived under `handoffId`). */
export type ReceiveResult =
  | { accepted: false; verdict: Verdict; exitCode: number; findings: Finding[]; report: Report }
  | {
      accepted: true;
      verdict: Verdict;
      exitCode: number;
      findings: Finding[];
      report: Report;
      handoffId: string;
      /** The resume brief, for a STALE handoff: the receiver must re-verify before it builds on it. */
      brief?: string;
      /**
       * The text the agent starts from: the resume brief of the handoff, rendered when first read
       * (a server without an agent never reads it for a VALID handoff).
       */
      readonly dispatch: string;
    };

/** Verifies `text` against this checkout and archives it when it may be taken. */
export async function receiveHandoff(text: string, options: ReceiveOptions): Promise<ReceiveResult> {
  const report = await validateText(text, {
    // The name locates the repository (this checkout) and labels findings; nothing is written there.
    path: join(options.root, `a2a-task-${options.taskId}`),
    git: true,
    since: true,
    withHandoff: true,
    ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
  });
  const base = { verdict: report.verdict, exitCode: report.exitCode, findings: report.findings, report };
  if (!ACCEPTED_VERDICTS.has(report.verdict) || !report.handoff) return { accepted: false, ...base };
  // Accepted means archived: the archive is committed before the task says WORKING.
  let put: Awaited<ReturnType<Store['putHandoff']>>;
  try {
    put = await options.store.putHandoff({
      text,
      format: report.format,
      handoff: report.handoff,
      verdict: report.verdict,
      source: `a2a:${options.sender}:task/${options.taskId}`,
    });
  } catch (error) {
    if (!isBatonError(error) || error.code !== 'STORE_CONFLICT') throw error;
    // Other bytes under an id already taken: not the handoff that was archived, so not taken.
    const conflict = finding(
      'UNTRUSTED',
      'id-conflict',
      `${error.message}; send the archived bytes, or write a new handoff`,
    );
    const findings = [...report.findings, conflict];
    return { accepted: false, verdict: 'UNTRUSTED', exitCode: EXIT_CODES.UNTRUSTED, findings, report };
  }
  options.afterArchive?.();
  let rendered: string | undefined;
  const result: ReceiveResult = {
    accepted: true,
    ...base,
    handoffId: put.handoff.id,
    get dispatch() {
      rendered ??= renderBrief(buildBrief(report));
      return rendered;
    },
  };
  if (report.verdict === 'STALE') result.brief = result.dispatch;
  return result;
}
