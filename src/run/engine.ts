/**
 * The run engine: runs a plan's ready tasks in dependency order (independent ones in parallel
 * when asked), each through builder → verifier → committer, records every step, halts when a
 * task fails, and resumes a run killed at any point.
 */
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { resolve } from 'node:path';
import { UserError } from '../errors.js';
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import { relativeInside } from '../fs/inside.js';
import { newUlid } from '../handoff/ulid.js';
import { topologicalOrder } from '../plan/graph.js';
import { parsePlan } from '../plan/load.js';
import type { PlanTask } from '../plan/types.js';
import { captureProvenance } from '../provenance/capture.js';
import { committerIdentity, headCommit, pathStates } from '../provenance/commit.js';
import { syncLanded } from '../provenance/land.js';
import type { NewRunEvent } from '../run-events.js';
import { endProcessesWithEnv } from '../shell/run-shell.js';
import { loadTokenCounter } from '../tokens/count.js';
import { ensureRecordFolder, readRecord, writeRecord } from './_record-files.js';
import { findTaskCommit } from './commit-task.js';
import type { RunContext, RunOptions } from './context.js';
import { EventLog } from './events.js';
import { retryHalted, setLeftoversAside } from './halt.js';
import { INTERRUPTED_EXIT_CODE, isInterruption, watchInterrupt } from './interrupt.js';
import { removeOrphanTrees } from './isolation.js';
import { type RunLock, takeRunLock } from './lock.js';
import { existingRunPaths, type RunPaths, runPaths } from './records.js';
import { type TaskState, taskStates } from './resume-state.js';
import { storeSink } from './store-sink.js';
import { type RunSummary, summarize, writeSummary } from './summary.js';
import { runTask, type TaskEnd } from './task.js';

/** Exit codes of `baton run`. */
const RUN_EXIT_CODES = {
  /** Every task committed. */
  committed: 0,
  /** The plan or the repository was refused: nothing ran. */
  refused: 1,
  /** A task failed after its attempts (or escalated); the run halted. */
  halted: 5,
  /** A task outgrew its plan (scope widened, or more windows than allowed); the planner decides. */
  needsPlanning: 6,
  /** The run was interrupted (SIGINT, SIGTERM): its agents were ended; `--resume` continues it. */
  interrupted: INTERRUPTED_EXIT_CODE,
} as const;

/** What a run ended with. */
export interface RunResult {
  runId: string;
  runDir: string;
  status: RunStatus;
  exitCode: number;
  summary: RunSummary;
}

/** How a run ended. */
export type RunStatus = 'committed' | 'halted' | 'needs-planning' | 'interrupted';

/** The plan file's path relative to `root` (as git status names it), when it is inside. */
function planInside(root: string, planPath: string | undefined): string | undefined {
  if (!planPath) return undefined;
  let full = resolve(planPath);
  try {
    full = realpathSync(full);
  } catch {
    // A plan that cannot be resolved is not in the work tree.
  }
  const rel = relativeInside(root, full);
  return rel === '' ? undefined : rel;
}

/** Starts a new run of `options.plan` in the repository at `options.root`. */
export async function startRun(options: RunOptions): Promise<RunResult> {
  const root = options.root;
  const capture = captureProvenance(root);
  if (!headCommit(capture.root)) {
    throw new UserError('RUN_REFUSED', 'the repository has no commits yet', {
      hint: 'commit once before a run',
    });
  }
  // The plan the run reads is not a change the run could commit: an uncommitted plan file is
  // allowed (its hash is recorded in run-started), everything else still blocks.
  // Like any change there at the start, it is never committed by the run.
  const planFile = planInside(capture.root, options.plan.path);
  const dirty = capture.changes.map((c) => c.path);
  const blocking = dirty.filter((p) => p !== planFile);
  if (blocking.length > 0 && !options.allowDirty) {
    const shown =
      blocking.slice(0, 5).join(', ') + (blocking.length > 5 ? `, and ${blocking.length - 5} more` : '');
    throw new UserError('RUN_REFUSED', `the work tree has uncommitted changes: ${shown}`, {
      hint: 'commit or stash them, or pass --allow-dirty (they are never committed by the run)',
    });
  }
  const dirtyAtStart = new Map<string, string | undefined>(
    dirty.length ? pathStates(capture.root, undefined, dirty).map((s) => [s.path, s.now]) : [],
  );
  const runId = newUlid();
  const paths = runPaths(capture.root, runId);
  ensureRecordFolder(paths, paths.dir);
  return held(takeRunLock(paths), async () => {
    writeRecord(paths, paths.plan, options.planText);
    const ctx = await context(
      { ...options, root: capture.root },
      runId,
      EventLog.open<NewRunEvent>(paths.events),
      dirtyAtStart,
    );
    ctx.log.append({
      event: 'run-started',
      run_id: runId,
      plan: options.plan.title,
      plan_path: options.plan.path ?? null,
      plan_sha256: createHash('sha256').update(options.planText).digest('hex'),
      head: headCommit(capture.root),
      tasks: options.plan.tasks.map((t) => t.id),
      builder: options.builder.name,
      verifier: options.verifier?.name ?? 'built-in',
      parallel: options.parallel ?? 1,
      max_attempts: options.maxAttempts ?? 3,
      dispatch_format: options.dispatchFormat ?? 'xml',
      dirty_at_start: Object.fromEntries(dirtyAtStart),
      started_by: committerIdentity(capture.root) ?? userInfo().username,
      host: hostname(),
    });
    watchInterrupt(ctx);
    return finish(ctx, await schedule(ctx, new Map()));
  });
}

/**
 * What `resumeRun` needs besides the run id: the agents, since a script cannot be stored; the
 * halted tasks to retry (default all); and a fixed plan, when the person changed it.
 */
export type ResumeOptions = Omit<RunOptions, 'plan' | 'planText'> & {
  retry?: string[];
  plan?: RunOptions['plan'];
  planText?: string;
};

/** Continues run `runId`: committed tasks are kept, unfinished ones continue. */
export async function resumeRun(runId: string, options: ResumeOptions): Promise<RunResult> {
  const capture = captureProvenance(options.root);
  const paths = existingRunPaths(capture.root, runId);
  const copy = readRecord(paths, paths.plan);
  if (!copy || 'refused' in copy)
    throw new UserError(
      'RUN_RECORD_UNSAFE',
      `the run's plan copy cannot be read: ${copy ? copy.refused : 'it is missing'}`,
    );
  // A plan the person fixed replaces the run's copy; otherwise the copy is the plan.
  const planText = options.planText ?? copy.text;
  const { plan, problems } = options.plan
    ? { plan: options.plan, problems: [] }
    : await parsePlan(planText, paths.plan);
  if (problems.length)
    throw new UserError('PLAN_INVALID', `the run's plan copy is not valid: ${problems[0]?.message}`);
  const lock = takeRunLock(paths);
  return held(lock, async () => {
    const log = EventLog.open<NewRunEvent>(paths.events);
    const started = log.events.find((e) => e.event === 'run-started');
    const dirty = new Map(Object.entries((started?.dirty_at_start as Record<string, string>) ?? {}));
    // A run resumes as it was started (one work tree per task, or the user's) unless told otherwise.
    const parallel = options.parallel ?? (typeof started?.parallel === 'number' ? started.parallel : 1);
    const ctx = await context(
      { ...options, parallel, root: capture.root, plan, planText },
      runId,
      log,
      dirty,
    );
    const states = taskStates(log.events);
    log.append({ event: 'run-resumed', run_id: runId, after_seq: log.events.length });
    if (options.planText !== undefined && options.planText !== copy.text)
      writeRecord(paths, paths.plan, planText);
    const retried = retryHalted(ctx, states, options.retry);
    endOrphans(ctx, paths, lock);
    const kept = [...states].filter(([, s]) => s.status === 'failed' || s.status === 'needs-planning');
    await removeOrphanTrees(ctx, new Set(kept.map(([id]) => id)), new Set(retried));
    watchInterrupt(ctx);
    return finish(ctx, await schedule(ctx, states));
  });
}

// Runs `work` holding the run's lock, and releases it however the work ends.
async function held<T>(lock: RunLock, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    lock.release();
  }
}

// Agents a killed baton left running carry the run's folder in BATON_RUN_DIR: with the lock
// held nobody else runs this run, so they are orphans, ended before a new agent starts.
function endOrphans(ctx: RunContext, paths: RunPaths, lock: RunLock): void {
  const ended = endProcessesWithEnv(`BATON_RUN_DIR=${paths.dir}`);
  if (ended.length > 0 || lock.replaced) {
    ctx.log.append({
      event: 'orphans-ended',
      pids: ended,
      ...(lock.replaced ? { stale_lock_pid: lock.replaced.pid } : {}),
    });
  }
}

async function context(
  options: RunOptions,
  runId: string,
  log: EventLog<NewRunEvent>,
  dirtyAtStart: Map<string, string | undefined>,
): Promise<RunContext> {
  const paths = runPaths(options.root, runId);
  const ctx: RunContext = {
    options,
    runId,
    paths,
    log,
    counter: options.tokenizer ?? (await loadTokenCounter('o200k_base')),
    finals: new Map(),
    allHandoffs: [],
    dirtyAtStart,
    trees: new Map(),
    commitLock: Promise.resolve(),
    halted: false,
  };
  if (options.store) {
    const sink = storeSink(options.store, runId, options.onStoreError ?? (() => {}));
    // Events a crash kept from the store are replayed first (appends are idempotent).
    for (const e of log.events) sink.add(e);
    log.subscribe((e) => sink.add(e));
    ctx.sink = sink;
  }
  for (const listener of options.listeners ?? []) log.subscribe(listener);
  // run.json follows every finished task, so a crash leaves a current summary behind; the store
  // gets it too, from the start, so that a team sees a running run with who started it.
  log.subscribe((e) => {
    if (e.event !== 'task-finished' && e.event !== 'run-started') return;
    const summary = summarize(runId, options.plan, log.events);
    if (e.event === 'task-finished') writeSummary(paths.summary, summary);
    void ctx.sink?.putSummary(summary);
  });
  return ctx;
}

async function schedule(ctx: RunContext, states: Map<string, TaskState>): Promise<RunStatus> {
  const order = topologicalOrder(ctx.options.plan);
  const status = new Map<string, 'pending' | 'running' | TaskEnd>();
  for (const task of order) {
    const state = states.get(task.id);
    if (state?.status === 'committed') {
      status.set(task.id, 'committed');
      if (state.handoff) ctx.finals.set(task.id, state.handoff);
    } else if (state?.status === 'failed' || state?.status === 'needs-planning') {
      status.set(task.id, state.status);
      ctx.halted = true;
    } else status.set(task.id, 'pending');
  }
  const running = new Map<string, Promise<[string, TaskEnd | 'interrupted']>>();
  const ran = new Set<string>();
  const parallel = Math.max(1, ctx.options.parallel ?? 1);
  for (;;) {
    for (const task of order) {
      if (ctx.halted || running.size >= parallel) break;
      if (status.get(task.id) !== 'pending') continue;
      if (!task.dependsOn.every((d) => status.get(d) === 'committed')) continue;
      status.set(task.id, 'running');
      ran.add(task.id);
      running.set(
        task.id,
        start(ctx, task, states.get(task.id)).then(
          (r): [string, TaskEnd | 'interrupted'] => [task.id, r],
          (error: unknown): [string, TaskEnd | 'interrupted'] => {
            if (isInterruption(error)) return [task.id, 'interrupted'];
            throw error;
          },
        ),
      );
    }
    if (running.size === 0) break;
    const [id, result] = await Promise.race(running.values());
    running.delete(id);
    if (result === 'interrupted') {
      // The task stays where it was (started): `--resume` continues it.
      status.set(id, 'pending');
      ctx.halted = true;
      continue;
    }
    status.set(id, result);
    if (result !== 'committed' && !ctx.interrupted) {
      ctx.halted = true;
      ctx.log.append({
        event: 'run-halted',
        task: id,
        reason:
          result === 'failed'
            ? `${id} failed: no new task starts`
            : `${id} needs planning: no new task starts`,
      });
    }
  }
  if (ctx.interrupted) return 'interrupted';
  // What the tasks that halted now left in the work tree goes to a stash, named in the output.
  setLeftoversAside(
    ctx,
    [...status]
      .filter(([id, s]) => (s === 'failed' || s === 'needs-planning') && ran.has(id))
      .map(([id]) => id),
  );
  const all = [...status.values()];
  if (all.every((s) => s === 'committed')) return 'committed';
  return all.includes('needs-planning') ? 'needs-planning' : 'halted';
}

// A task that was started before a crash may already have its commit: find it, never redo it.
async function start(ctx: RunContext, task: PlanTask, state: TaskState | undefined): Promise<TaskEnd> {
  if (state?.status === 'started') {
    const commit = findTaskCommit(ctx, task.id, state.resume.startCommit);
    if (commit) {
      // Landed from a work tree just before the crash: the user's work tree may be a step behind.
      const synced = state.resume.tree ? syncLanded(ctx.paths.root, commit) : [];
      const handoff = state.resume.builder?.handoff as ContextHandoffXml | undefined;
      ctx.log.append({
        event: 'commit',
        task: task.id,
        attempt: state.resume.attempt,
        commit,
        recovered: true,
        ...(synced.length ? { synced } : {}),
      });
      if (handoff) ctx.finals.set(task.id, handoff);
      ctx.log.append({
        event: 'task-finished',
        task: task.id,
        status: 'committed',
        attempts: state.resume.attempt,
        commit,
        handoff,
        recovered: true,
      });
      return 'committed';
    }
    return runTask(ctx, task, state.resume);
  }
  return runTask(ctx, task);
}

async function finish(ctx: RunContext, status: RunStatus): Promise<RunResult> {
  const exitCode = {
    committed: RUN_EXIT_CODES.committed,
    'needs-planning': RUN_EXIT_CODES.needsPlanning,
    halted: RUN_EXIT_CODES.halted,
    interrupted: RUN_EXIT_CODES.interrupted,
  }[status];
  ctx.log.append({ event: 'run-finished', status, exit_code: exitCode });
  const summary = summarize(ctx.runId, ctx.options.plan, ctx.log.events);
  writeSummary(ctx.paths.summary, summary);
  ctx.log.close();
  await ctx.sink?.putSummary(summary);
  return { runId: ctx.runId, runDir: ctx.paths.dir, status, exitCode, summary };
}
