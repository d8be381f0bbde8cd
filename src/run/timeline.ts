/**
 * A run's story from its events: each task's attempts, each attempt's stages, each stage's
 * windows and what happened in them (dispatch, reply, corrections, handoffs, budget notices, the
 * gate, the commit), plus the token count of every dispatch beside what forwarding every earlier
 * handoff would have cost. The viewer draws it; it reads events as the store keeps them.
 */
import type { RunEventName } from '../run-events.js';
import type { StoredRunEvent } from '../store/types.js';

/** An event as the store returns it (its run id is not needed). */
export type TimelineEvent = Omit<StoredRunEvent, 'run_id'>;

/** What one step of a window was, in words a person reads at a glance. */
export type StepKind =
  | 'dispatch'
  | 'reply'
  | 'failover'
  | 'correction'
  | 'handoff'
  | 'budget-notice'
  | 'failed-budget'
  | 'handoff-vague'
  | 'needs-planning'
  | 'handoff-cap-reached'
  | 'verify'
  | 'gate-passed'
  | 'gate-failed'
  | 'commit'
  | 'attempt-failed'
  | 'stage-finished';

/** One thing that happened, where it happened. */
export interface TimelineStep {
  seq: number;
  time: string;
  kind: StepKind;
  /** One line: the verdict, the reason, the command, the commit. */
  label: string;
  tokens?: number;
  /** The dispatch or reply file in the run folder, relative to the repository root. */
  file?: string;
  failed?: boolean;
}

/** A stage's window: a fresh context, with what happened in it. */
export interface TimelineWindow {
  window: number;
  steps: TimelineStep[];
}

/** One stage of one attempt. */
export interface TimelineStage {
  stage: string;
  verdict?: string;
  windows: TimelineWindow[];
}

/** One attempt of a task. */
export interface TimelineAttempt {
  attempt: number;
  stages: TimelineStage[];
  failed?: string;
}

/** A task of the run and how it went. */
export interface TimelineTask {
  id: string;
  title: string;
  status: 'pending' | 'running' | 'committed' | 'failed' | 'needs-planning';
  attempts: TimelineAttempt[];
  commit?: string;
  reason?: string;
  tokens: number;
  tokensForwardAll: number;
  /** Where its builder's last reply came from: a pool member or remote builder, else the run's host. */
  builtBy?: string;
  /** Its own work tree, while it runs or when it was kept after a failure (`--parallel` N > 1). */
  worktree?: string;
}

/** One dispatch's size, for the token plot. */
export interface DispatchPoint {
  seq: number;
  task: string;
  stage: string;
  attempt: number;
  window: number;
  tokens: number;
  forwardAll: number;
}

/** A run as the viewer shows it. */
export interface RunTimeline {
  runId: string;
  plan: string;
  status: string;
  started?: string;
  finished?: string;
  /** Who started the run, and on which machine. */
  startedBy?: string;
  host?: string;
  tasks: TimelineTask[];
  dispatches: DispatchPoint[];
  /** The highest seq read, for a live view to ask for what comes after. */
  lastSeq: number;
}

// Names are checked against the engine's union, so a renamed event breaks the build here.
const is = (e: TimelineEvent, name: RunEventName) => e.event === name;

/** Builds the story of run `runId` from its events, in seq order. */
export function runTimeline(runId: string, events: readonly TimelineEvent[]): RunTimeline {
  const view: RunTimeline = { runId, plan: '', status: 'running', tasks: [], dispatches: [], lastSeq: 0 };
  const tasks = new Map<string, TimelineTask>();
  for (const e of events) {
    view.lastSeq = Math.max(view.lastSeq, e.seq);
    if (is(e, 'run-started')) startRun(view, tasks, e);
    else if (is(e, 'run-finished')) {
      view.status = String(e.data.status ?? 'finished');
      view.finished = e.time;
    } else if (is(e, 'run-halted') && view.status === 'running') view.status = 'halted';
    else if (is(e, 'interrupted')) view.status = 'interrupted';
    if (e.task) applyTaskEvent(view, taskOf(tasks, view, e.task), e);
  }
  return view;
}

function startRun(view: RunTimeline, tasks: Map<string, TimelineTask>, e: TimelineEvent): void {
  view.plan = String(e.data.plan ?? '');
  view.started ??= e.time;
  if (typeof e.data.started_by === 'string') view.startedBy = e.data.started_by;
  if (typeof e.data.host === 'string') view.host = e.data.host;
  const ids = Array.isArray(e.data.tasks) ? e.data.tasks : [];
  for (const id of ids) if (typeof id === 'string') taskOf(tasks, view, id);
}

function taskOf(tasks: Map<string, TimelineTask>, view: RunTimeline, id: string): TimelineTask {
  let task = tasks.get(id);
  if (!task) {
    task = { id, title: '', status: 'pending', attempts: [], tokens: 0, tokensForwardAll: 0 };
    tasks.set(id, task);
    view.tasks.push(task);
  }
  return task;
}

function applyTaskEvent(view: RunTimeline, task: TimelineTask, e: TimelineEvent): void {
  const d = e.data;
  if (is(e, 'task-started')) {
    task.title = String(d.title ?? task.title);
    task.status = 'running';
    return;
  }
  if (is(e, 'task-finished')) {
    const status = String(d.status);
    task.status = status === 'committed' || status === 'needs-planning' ? status : 'failed';
    if (typeof d.commit === 'string') task.commit = d.commit;
    if (typeof d.reason === 'string') task.reason = d.reason;
    return;
  }
  if (is(e, 'worktree') || is(e, 'worktree-ended')) {
    if (is(e, 'worktree') || d.kept === true) task.worktree = String(d.path ?? '');
    else delete task.worktree;
    return;
  }
  if (is(e, 'reply') && e.stage === 'builder') {
    const by = typeof d.built_by === 'string' ? d.built_by : view.host;
    if (by) task.builtBy = by;
  }
  const attemptNo = Number(d.attempt ?? 1);
  const attempt = attemptOf(task, attemptNo);
  if (is(e, 'attempt-started')) return;
  if (is(e, 'attempt-failed')) attempt.failed = String(d.reason ?? 'failed');
  const stageName = e.stage ?? (typeof d.stage === 'string' ? d.stage : stageFor(e.event));
  const stage = stageOf(attempt, stageName);
  if (is(e, 'stage-finished')) stage.verdict = String(d.verdict ?? '');
  const step = stepOf(e);
  if (!step) return;
  windowOf(stage, e.window ?? lastWindow(stage)).steps.push(step);
  if (is(e, 'dispatch')) {
    const tokens = Number(d.tokens ?? 0);
    const forwardAll = Number(d.tokens_forward_all ?? tokens);
    task.tokens += tokens;
    task.tokensForwardAll += forwardAll;
    view.dispatches.push({
      seq: e.seq,
      task: task.id,
      stage: stageName,
      attempt: attemptNo,
      window: e.window ?? 1,
      tokens,
      forwardAll,
    });
  }
}

// Events that name no stage belong to the stage that runs them.
function stageFor(event: TimelineEvent['event']): string {
  if (event === 'verify') return 'verifier';
  if (event === 'gate' || event === 'commit') return 'committer';
  return 'builder';
}

function attemptOf(task: TimelineTask, n: number): TimelineAttempt {
  let a = task.attempts.find((x) => x.attempt === n);
  if (!a) {
    a = { attempt: n, stages: [] };
    task.attempts.push(a);
  }
  return a;
}

function stageOf(attempt: TimelineAttempt, name: string): TimelineStage {
  let s = attempt.stages.find((x) => x.stage === name);
  if (!s) {
    s = { stage: name, windows: [] };
    attempt.stages.push(s);
  }
  return s;
}

function lastWindow(stage: TimelineStage): number {
  return stage.windows.at(-1)?.window ?? 1;
}

function windowOf(stage: TimelineStage, n: number): TimelineWindow {
  let w = stage.windows.find((x) => x.window === n);
  if (!w) {
    w = { window: n, steps: [] };
    stage.windows.push(w);
  }
  return w;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

// The step an event adds to its window, or nothing for bookkeeping events.
function stepOf(e: TimelineEvent): TimelineStep | undefined {
  const d = e.data;
  const base = { seq: e.seq, time: e.time };
  const file = typeof d.file === 'string' ? { file: d.file } : {};
  const tokens = typeof d.tokens === 'number' ? { tokens: d.tokens } : {};
  switch (e.event as RunEventName) {
    case 'dispatch':
      return { ...base, kind: 'dispatch', label: `dispatch, ${d.tokens ?? '?'} tokens`, ...tokens, ...file };
    case 'reply': {
      const verdict = text(d.verdict);
      const failed = verdict !== 'PASS' && verdict !== 'HANDOFF';
      const reason = d.reason ? `: ${text(d.reason)}` : '';
      const by = typeof d.built_by === 'string' ? ` by ${d.built_by}` : '';
      return { ...base, kind: 'reply', label: `reply ${verdict}${by}${reason}`, failed, ...tokens, ...file };
    }
    case 'failover':
      return {
        ...base,
        kind: 'failover',
        label: `${text(d.from)} did not take it (${text(d.cause)})${d.to ? `, moved to ${text(d.to)}` : ''}`,
      };
    case 'correction':
      return { ...base, kind: 'correction', label: `corrected: ${text(d.reason)}`, failed: true };
    case 'handoff':
      return { ...base, kind: 'handoff', label: `handoff, ${d.remaining ?? 0} remaining` };
    case 'budget-notice':
      return { ...base, kind: 'budget-notice', label: `BUDGET NOTICE at ${d.tokens} of ${d.max_context}` };
    case 'failed-budget':
      return {
        ...base,
        kind: 'failed-budget',
        label: `failed-budget: ${d.tokens} over ${d.max_context}`,
        failed: true,
      };
    case 'handoff-vague':
      return { ...base, kind: 'handoff-vague', label: 'vague handoff (no Verify by)', failed: true };
    case 'handoff-scope-refused':
      return {
        ...base,
        kind: 'needs-planning',
        label: 'needs-planning: the handoff widened the scope',
        failed: true,
      };
    case 'handoff-cap-reached':
      return { ...base, kind: 'handoff-cap-reached', label: 'needs-planning: out of windows', failed: true };
    case 'verify':
      return {
        ...base,
        kind: 'verify',
        label: `${d.passed ? 'passed' : 'failed'}: ${text(d.command)}`,
        failed: d.passed !== true,
      };
    case 'gate':
      return d.pass
        ? { ...base, kind: 'gate-passed', label: 'gate passed' }
        : { ...base, kind: 'gate-failed', label: `gate failed: ${text(d.reason)}`, failed: true };
    case 'commit':
      return { ...base, kind: 'commit', label: `commit ${text(d.commit).slice(0, 10)}` };
    case 'attempt-failed':
      return { ...base, kind: 'attempt-failed', label: `attempt failed: ${text(d.reason)}`, failed: true };
    default:
      return undefined;
  }
}
