/**
 * A run as a list of runs shows it: its plan, where it stands, how many tasks were committed or
 * failed, and its tokens. Counted one way whether the run has finished (from the summary the
 * engine stored) or is still going (from its timeline).
 */
import type { RunInfo } from '../store/types.js';
import type { RunTimeline } from './timeline.js';

/** One line of a runs list. */
export interface RunOverview {
  id: string;
  plan: string;
  started?: string;
  status: string;
  committed: number;
  failed: number;
  tasks: number;
  tokens: number;
  tokensForwardAll: number;
  /** Who started the run, and on which machine (a team's shared store holds several people's). */
  startedBy?: string;
  host?: string;
  /** Every place its tasks were built, each once: the run's host, pool members, remote builders. */
  builtBy: string[];
}

// What both sources say of a task: run.json's task summaries and the timeline's tasks alike.
interface CountedTask {
  status: string;
  tokens?: number;
  tokensForwardAll?: number;
  builtBy?: string;
}

// The summary's data as the engine stores it (`RunSummary` of run/summary.ts, read back as JSON).
interface StoredSummaryData {
  tasks?: CountedTask[];
  plan?: { title?: string };
}

/**
 * The overview of a listed run: from the summary the engine stored at the end, or, for a run
 * still going (or one without a summary), from its timeline, read only then.
 */
export async function runOverview(
  run: RunInfo,
  timeline: (runId: string) => Promise<RunTimeline>,
): Promise<RunOverview> {
  const data = run.summary?.data as StoredSummaryData | undefined;
  if (data?.tasks && run.summary?.status !== 'running') {
    return {
      ...(run.summary?.started_by ? { startedBy: run.summary.started_by } : {}),
      ...(run.summary?.host ? { host: run.summary.host } : {}),
      id: run.run_id,
      plan: data.plan?.title ?? run.summary?.title ?? '',
      started: run.summary?.started_at ?? run.first_event_at,
      status: run.summary?.status ?? 'unknown',
      ...counts(data.tasks),
    };
  }
  const view = await timeline(run.run_id);
  return {
    ...(view.startedBy ? { startedBy: view.startedBy } : {}),
    ...(view.host ? { host: view.host } : {}),
    id: run.run_id,
    plan: view.plan,
    started: view.started ?? run.first_event_at,
    status: view.status,
    ...counts(view.tasks),
  };
}

function counts(tasks: readonly CountedTask[]) {
  return {
    committed: tasks.filter((t) => t.status === 'committed').length,
    failed: tasks.filter((t) => t.status === 'failed' || t.status === 'needs-planning').length,
    tasks: tasks.length,
    tokens: tasks.reduce((n, t) => n + (t.tokens ?? 0), 0),
    tokensForwardAll: tasks.reduce((n, t) => n + (t.tokensForwardAll ?? 0), 0),
    builtBy: [...new Set(tasks.flatMap((t) => (t.builtBy ? [t.builtBy] : [])))],
  };
}
