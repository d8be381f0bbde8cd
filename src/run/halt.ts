/**
 * A halted run, picked up again: the halted task's leftovers go to a git stash named in the
 * output (not left in the work tree), and `--resume` (or `--retry TASK-NN`) starts a failed or
 * needs-planning task again from HEAD once the person has fixed the plan or the code.
 */
import { UserError } from '../errors.js';
import { captureProvenance } from '../provenance/capture.js';
import { stashPaths } from '../provenance/stash.js';
import type { RunContext } from './context.js';
import type { TaskState } from './resume-state.js';

/**
 * Sets aside what the halted tasks left uncommitted: every change now that was not there when
 * the run started (the person's own changes, and the plan file, stay). One stash, named after the
 * run and the tasks; one `leftovers-stashed` event.
 */
export function setLeftoversAside(ctx: RunContext, tasks: readonly string[]): void {
  if (tasks.length === 0) return;
  const root = ctx.options.root;
  const changed = captureProvenance(root).changes.map((c) => c.path);
  const leftovers = changed.filter((p) => !ctx.dirtyAtStart.has(p));
  const message = `baton run ${ctx.runId}: ${tasks.join(', ')} halted`;
  const result = stashPaths(root, leftovers, message);
  if (result.stashed) {
    ctx.log.append({
      event: 'leftovers-stashed',
      task: tasks.join(', '),
      stash: result.commit,
      message,
      files: result.files,
    });
  }
}

/**
 * Turns failed and needs-planning tasks back into pending ones for a resume: all of them, or only
 * those `retry` names (each must be a task of the plan that did not commit). Returns the ids it
 * turned back.
 */
export function retryHalted(
  ctx: RunContext,
  states: Map<string, TaskState>,
  retry?: readonly string[],
): string[] {
  const halted = [...states].filter(([, s]) => s.status === 'failed' || s.status === 'needs-planning');
  if (retry) {
    for (const id of retry) {
      if (!ctx.options.plan.tasks.some((t) => t.id === id))
        throw new UserError('USAGE', `--retry ${id}: the run's plan has no task ${id}`);
      if (states.get(id)?.status === 'committed')
        throw new UserError('USAGE', `--retry ${id}: ${id} is committed already`);
    }
  }
  const retried: string[] = [];
  for (const [id, state] of halted) {
    if (retry && !retry.includes(id)) continue;
    states.delete(id);
    ctx.log.append({ event: 'task-retried', task: id, previous: state.status });
    retried.push(id);
  }
  return retried;
}
