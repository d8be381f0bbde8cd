/** `run.json`: the summary of a run (time, goal, plan, results, events), rewritten atomically. */

import { writeFileAtomic } from '../fs/atomic.js';
import type { Plan } from '../plan/types.js';
import type { RunEvent } from './events.js';

/** A task's line in the summary. */
export interface TaskSummary {
  id: string;
  title: string;
  status: 'pending' | 'running' | 'committed' | 'failed' | 'needs-planning';
  attempts: number;
  windows: number;
  /** Handoffs the task's agents made (each one a continuation window, or a refusal). */
  handoffs: number;
  commit?: string;
  /** Tokens of every dispatch of the task, and what forwarding every earlier handoff would cost. */
  tokens: number;
  tokensForwardAll: number;
  reason?: string;
  /** The task's own work tree, kept when the task did not commit (`--parallel` N > 1). */
  worktree?: string;
  /** Where its builder's last reply came from: a pool member or remote builder, else the run's host. */
  builtBy?: string;
}

/** The summary of a run. */
export interface RunSummary {
  id: string;
  status: 'running' | 'committed' | 'halted' | 'needs-planning' | 'interrupted';
  exitCode?: number;
  started: string;
  finished?: string;
  goal: string;
  /** Who started it and on which machine (the `run-started` event's). */
  startedBy?: string;
  host?: string;
  plan: { title: string; path?: string; tasks: number };
  tasks: TaskSummary[];
  events: number;
}

/** Builds the summary from the plan and the events recorded so far. */
export function summarize(id: string, plan: Plan, events: readonly RunEvent[]): RunSummary {
  const tasks = new Map<string, TaskSummary>(
    plan.tasks.map((t) => [
      t.id,
      {
        id: t.id,
        title: t.title,
        status: 'pending',
        attempts: 0,
        windows: 0,
        handoffs: 0,
        tokens: 0,
        tokensForwardAll: 0,
      },
    ]),
  );
  let status: RunSummary['status'] = 'running';
  let finished: string | undefined;
  let exitCode: number | undefined;
  let startedBy: string | undefined;
  let host: string | undefined;
  for (const e of events) {
    const t = e.task ? tasks.get(e.task) : undefined;
    if (e.event === 'run-started') {
      startedBy = e.started_by;
      host = e.host;
    }
    if (t && e.event === 'reply' && e.stage === 'builder') t.builtBy = e.built_by ?? host;
    if (e.event === 'run-finished') {
      status =
        e.status === 'committed' || e.status === 'needs-planning' || e.status === 'interrupted'
          ? e.status
          : 'halted';
      finished = e.time;
      exitCode = e.exit_code;
    }
    if (!t) continue;
    if (e.event === 'task-started') t.status = 'running';
    if (e.event === 'attempt-started') t.attempts = Math.max(t.attempts, e.attempt ?? 1);
    if (e.event === 'dispatch') {
      if (e.stage !== 'committer') t.windows++;
      t.tokens += Number(e.tokens ?? 0);
      t.tokensForwardAll += Number(e.tokens_forward_all ?? e.tokens ?? 0);
    }
    if (e.event === 'handoff') t.handoffs++;
    if (e.event === 'worktree-ended') {
      if (e.kept) t.worktree = e.path;
      else delete t.worktree;
    }
    if (e.event === 'task-finished') {
      t.status =
        e.status === 'committed' ? 'committed' : e.status === 'needs-planning' ? 'needs-planning' : 'failed';
      if (typeof e.commit === 'string') t.commit = e.commit;
      if (typeof e.reason === 'string') t.reason = e.reason;
    }
  }
  const summary: RunSummary = {
    id,
    status,
    started: events[0]?.time ?? new Date().toISOString(),
    goal: plan.title,
    plan: { title: plan.title, tasks: plan.tasks.length, ...(plan.path ? { path: plan.path } : {}) },
    tasks: [...tasks.values()],
    events: events.length,
  };
  if (startedBy) summary.startedBy = startedBy;
  if (host) summary.host = host;
  if (finished) summary.finished = finished;
  if (exitCode !== undefined) summary.exitCode = exitCode;
  return summary;
}

/** Writes `run.json` atomically. */
export function writeSummary(path: string, summary: RunSummary): void {
  writeFileAtomic(path, `${JSON.stringify(summary, null, 2)}\n`);
}
