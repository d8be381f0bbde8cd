/** `resume`: validate, refuse what must not be resumed, and brief the next agent. */
import type { FormatName } from '../formats/types.js';
import type { Report } from '../validate/report.js';
import { validateFile } from '../validate/validate.js';
import { type Brief, buildBrief } from './brief.js';
import { runCheck } from './reverify.js';

/** Options of `resumeHandoff`. */
export interface ResumeOptions {
  format?: FormatName | 'auto';
  /** Run each affected claim's command again and report pass/fail now. */
  reverify?: boolean;
  /** Timeout of each re-verification command. */
  timeoutMs?: number;
  now?: Date;
}

/** A refusal (INVALID, MISMATCH, UNTRUSTED) or the brief. */
export type ResumeResult = { ok: false; report: Report } | { ok: true; brief: Brief; report: Report };

const REFUSED = new Set(['INVALID', 'MISMATCH', 'UNTRUSTED']);

/** Validates the handoff at `path` against the repository it is in and builds the brief. */
export async function resumeHandoff(path: string, options: ResumeOptions = {}): Promise<ResumeResult> {
  const report = await validateFile(path, {
    format: options.format ?? 'auto',
    git: true,
    since: true,
    withHandoff: true,
    ...(options.now ? { now: options.now } : {}),
  });
  if (REFUSED.has(report.verdict) || !report.handoff) return { ok: false, report };
  const brief = buildBrief(report);
  if (options.reverify) {
    const cwd = report.capture?.root ?? process.cwd();
    brief.reverified = [];
    // Each command runs once, however many claims rest on it.
    const runs = new Map<string, Awaited<ReturnType<typeof runCheck>>>();
    for (const claim of brief.reverify) {
      if (!claim.command || runs.has(claim.command)) continue;
      const result = await runCheck(claim.command, { cwd, timeoutMs: options.timeoutMs ?? 120_000 });
      runs.set(claim.command, result);
      brief.reverified.push({ ...result, claims: brief.reverify.filter((c) => c.command === claim.command) });
    }
  }
  return { ok: true, brief, report };
}
