/**
 * Interrupting a run: the CLI turns SIGINT and SIGTERM into an abort; the engine records an
 * `interrupted` event at once, every agent and check command in flight ends (its whole process
 * tree, shell/run-shell.ts), no new step starts, and the run ends with exit code 130.
 */
import { UserError } from '../errors.js';
import type { RunContext } from './context.js';

/** The exit code of an interrupted run (128 + SIGINT, as shells report Ctrl-C). */
export const INTERRUPTED_EXIT_CODE = 130;

/** Thrown inside the engine when the run was interrupted; the engine turns it into its outcome. */
export class RunInterrupted extends UserError {
  constructor(signal: string) {
    super('RUN_INTERRUPTED', `the run was interrupted (${signal})`, { exitCode: INTERRUPTED_EXIT_CODE });
  }
}

/** True for the interruption the engine throws. */
export function isInterruption(error: unknown): error is RunInterrupted {
  return error instanceof RunInterrupted;
}

/** Records the `interrupted` event once, when the run's signal is aborted. */
export function watchInterrupt(ctx: RunContext): void {
  const signal = ctx.options.signal;
  if (!signal) return;
  const record = () => {
    if (ctx.interrupted) return;
    ctx.interrupted = reasonOf(signal);
    ctx.halted = true;
    ctx.log.append({ event: 'interrupted', signal: ctx.interrupted });
  };
  if (signal.aborted) record();
  else signal.addEventListener('abort', record, { once: true });
}

/** Throws `RunInterrupted` when the run was interrupted: no new step starts. */
export function stopIfInterrupted(ctx: RunContext): void {
  if (ctx.options.signal?.aborted) throw new RunInterrupted(ctx.interrupted ?? reasonOf(ctx.options.signal));
}

function reasonOf(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'aborted';
}
