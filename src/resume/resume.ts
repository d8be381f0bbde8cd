/** `resume`: validate, refuse what must not be resumed, and brief the next agent. */
import type { FormatName } from '../formats/types.js';
import type { GitAnswers } from '../provenance/index.js';
import type { Report } from '../validate/report.js';
import { validateFile } from '../validate/validate.js';
import { type Brief, buildBrief, type ReverifyCommand } from './brief.js';
import { runCheck } from './reverify.js';

/** Options of `resumeHandoff`. */
export interface ResumeOptions {
  format?: FormatName | 'auto';
  /**
   * Run each affected claim's command again and report pass/fail now. The commands were written
   * by the agent that wrote the handoff: they run only when `consent` says yes.
   */
  reverify?: boolean;
  /**
   * Asked once with every command `reverify` would run and where each comes from; nothing runs
   * unless it returns true. Without it nothing runs.
   */
  consent?: (commands: readonly ReverifyCommand[]) => boolean | Promise<boolean>;
  /** Timeout of each re-verification command. */
  timeoutMs?: number;
  now?: Date;
  /** A long-lived process's git answers (the servers'): see `ValidateOptions.gitAnswers`. */
  gitAnswers?: GitAnswers;
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
    ...(options.gitAnswers ? { gitAnswers: options.gitAnswers } : {}),
  });
  if (REFUSED.has(report.verdict) || !report.handoff) return { ok: false, report };
  const brief = buildBrief(report);
  if (options.reverify && brief.commands.length > 0) {
    const agreed = options.consent ? await options.consent(brief.commands) : false;
    if (!agreed) {
      brief.reverifySkipped = options.consent
        ? 'declined: none of the handoff writer’s commands was run'
        : 'no consent was given: none of the handoff writer’s commands was run';
    } else {
      brief.reverified = [];
      const cwd = report.capture?.root ?? process.cwd();
      for (const c of brief.commands) {
        const result = await runCheck(c.command, { cwd, timeoutMs: options.timeoutMs ?? 120_000 });
        brief.reverified.push({ ...result, claims: c.claims });
      }
    }
  } else if (options.reverify) brief.reverified = [];
  if (brief.verdict === 'STALE' && everyClaimPassed(brief)) {
    // The move touched only claims that were just run again and held: nothing is left to doubt.
    brief.reverifiedPassed = true;
    brief.exitCode = 0;
  }
  return { ok: true, brief, report };
}

/** True when --reverify ran and every claim the move touched has a command that passed now. */
function everyClaimPassed(brief: Brief): boolean {
  if (!brief.reverified) return false;
  if (brief.reverify.some((claim) => !claim.command)) return false;
  return brief.reverified.every((r) => r.passed) && brief.reverified.length === brief.commands.length;
}
