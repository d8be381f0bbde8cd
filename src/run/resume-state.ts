/**
 * Reads a run's events back into where each task stands, so that `baton run --resume` continues
 * a run killed at any point: committed tasks are not redone, a commit made just before the crash
 * is found by its trailers instead of being made twice, and a half-finished stage is
 * re-dispatched in a new window.
 */
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import type { RunEvent } from './events.js';
import type { StageOutcome } from './stage.js';
import type { TaskResume } from './task.js';

/** Where one task stands after the recorded events. */
export type TaskState =
  | { status: 'pending' }
  | { status: 'committed'; commit: string | undefined; handoff: ContextHandoffXml | undefined }
  | { status: 'failed' | 'needs-planning'; reason: string | undefined }
  | { status: 'started'; resume: TaskResume };

/** Every task's state, from the events of a run. */
export function taskStates(events: readonly RunEvent[]): Map<string, TaskState> {
  const states = new Map<string, TaskState>();
  for (const e of events) {
    const task = e.task;
    if (!task) continue;
    const current = states.get(task);
    switch (e.event) {
      case 'task-started':
        states.set(task, {
          status: 'started',
          resume: { attempt: 1, startCommit: (e.start_commit as string | null) ?? undefined, next: {} },
        });
        break;
      case 'worktree':
        if (current?.status === 'started') current.resume.tree = e.path;
        break;
      case 'attempt-started':
        if (current?.status === 'started') {
          current.resume = { ...current.resume, attempt: e.attempt ?? 1, next: {} };
          delete current.resume.builder;
          delete current.resume.verifier;
        }
        break;
      case 'dispatch':
      case 'correction':
        if (current?.status === 'started' && e.stage && e.stage !== 'committer') {
          const next = current.resume.next[e.stage] ?? { window: 1, corrections: 0 };
          current.resume.next[e.stage] = {
            window: Math.max(next.window, (e.window ?? 0) + 1),
            corrections: next.corrections + (e.event === 'correction' ? 1 : 0),
          };
        }
        break;
      case 'stage-finished':
        if (current?.status === 'started' && (e.stage === 'builder' || e.stage === 'verifier')) {
          const outcome: StageOutcome = {
            verdict: e.verdict as StageOutcome['verdict'],
            handoff: e.handoff as ContextHandoffXml,
          };
          if (typeof e.reason === 'string') outcome.reason = e.reason;
          current.resume[e.stage] = outcome;
        }
        break;
      case 'attempt-failed':
        if (current?.status === 'started') {
          current.resume = {
            ...current.resume,
            attempt: (e.attempt ?? 1) + 1,
            retry: { reason: String(e.reason ?? 'failed') },
            next: {},
          };
          delete current.resume.builder;
          delete current.resume.verifier;
        }
        break;
      case 'commit':
        states.set(task, { status: 'committed', commit: e.commit as string, handoff: undefined });
        break;
      case 'task-finished':
        if (e.status === 'committed') {
          states.set(task, {
            status: 'committed',
            commit: e.commit as string | undefined,
            handoff: e.handoff as ContextHandoffXml | undefined,
          });
        } else {
          const status = e.status === 'needs-planning' ? 'needs-planning' : 'failed';
          states.set(task, { status, reason: e.reason as string | undefined });
        }
        break;
    }
  }
  return states;
}
