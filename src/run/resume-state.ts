/**
 * Reads a run's events back into where each task stands, so that `baton run --resume` continues
 * a run killed at any point: committed tasks are not redone, a commit made just before the crash
 * is found by its trailers instead of being made twice, and a half-finished stage is
 * re-dispatched in a new window.
 */
import { UserError } from '../errors.js';
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import { isRunEvent } from '../run-events.js';
import { EventLog, type RunEvent } from './events.js';
import { existingRunPaths } from './records.js';
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
          resume: { attempt: 1, startCommit: e.start_commit ?? undefined, next: {} },
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
        states.set(task, { status: 'committed', commit: e.commit, handoff: undefined });
        break;
      case 'task-finished':
        if (e.status === 'committed') {
          states.set(task, {
            status: 'committed',
            commit: e.commit,
            handoff: e.handoff as ContextHandoffXml | undefined,
          });
        } else {
          const status = e.status === 'needs-planning' ? 'needs-planning' : 'failed';
          states.set(task, { status, reason: e.reason });
        }
        break;
    }
  }
  return states;
}

/** The agents a run was started with, as given: what `--resume` reuses when no flag names them. */
export interface RecordedAgents {
  /** The builder, when it was a command or an endpoint (a scripted agent cannot be reused). */
  builder?: string;
  verifier?: string;
}

/** The agents run `runId` was started with, so that `--resume` needs no flags when they were commands. */
export function recordedAgents(root: string, runId: string): RecordedAgents {
  const paths = existingRunPaths(root, runId);
  let started: Extract<RunEvent, { event: 'run-started' }> | undefined;
  try {
    // Read only: the run may still be going in another process (its lock then refuses the resume).
    started = EventLog.read(paths.events).find((e) => isRunEvent(e, 'run-started'));
  } catch {
    throw new UserError('RUN_NOT_FOUND', `no run ${runId} in ${root}/.baton/runs`);
  }
  const out: RecordedAgents = {};
  // The run folder is shared with its agents, so the fields are checked, not trusted; a scripted
  // builder is code in the process that ran it, not a command line, and cannot be reused.
  if (typeof started?.builder === 'string' && !started.builder.startsWith('scripted'))
    out.builder = started.builder;
  if (typeof started?.verifier === 'string') out.verifier = started.verifier;
  return out;
}
