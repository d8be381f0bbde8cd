/**
 * One task: attempts of builder → verifier → committer, at most `maxAttempts` (seed 000: two
 * retries). A failed attempt re-dispatches the builder with the reason and what the attempt left
 * behind; a task out of attempts is FAILED, and the run halts.
 */
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import type { PlanTask } from '../plan/types.js';
import { headCommit } from '../provenance/commit.js';
import { landCommit } from '../provenance/land.js';
import { builderDispatch, committerDispatch, verifierDispatch } from '../window/assemble.js';
import { readRecord } from './_record-files.js';
import { gateAndCommit } from './commit-task.js';
import type { RunContext } from './context.js';
import { isInterruption, stopIfInterrupted } from './interrupt.js';
import { endTreeFor, isolated, openTreeFor, workDir } from './isolation.js';
import { progressInstructions } from './progress-file.js';
import { replyInstructions } from './reply.js';
import { renderFor, runStage, type StageOutcome, type StageStart } from './stage.js';
import { verifyBuiltin } from './verifier.js';

/** Where a resumed task picks up: its attempt, what that attempt finished, and window numbers. */
export interface TaskResume {
  attempt: number;
  startCommit: string | undefined;
  builder?: StageOutcome;
  verifier?: StageOutcome;
  retry?: Retry;
  next: Record<string, StageStart>;
  /** The task's work tree when it was interrupted, relative to the root (`--parallel` N > 1). */
  tree?: string;
}

interface Retry {
  reason: string;
  /** The change no longer applied to HEAD: the retry starts in a new work tree at HEAD. */
  stale?: boolean;
  verifier?: ContextHandoffXml;
  builder?: ContextHandoffXml;
}

/** How a task ended. */
export type TaskEnd = 'committed' | 'failed' | 'needs-planning';

/** Runs a task to committed, failed, or needs-planning. */
export async function runTask(ctx: RunContext, task: PlanTask, resume?: TaskResume): Promise<TaskEnd> {
  let startCommit = resume?.startCommit;
  if (!resume) {
    startCommit = headCommit(ctx.paths.root);
    ctx.log.append({
      event: 'task-started',
      task: task.id,
      title: task.title,
      start_commit: startCommit ?? null,
    });
  }
  const end = await runAttempts(ctx, task, startCommit, resume);
  if (isolated(ctx)) await endTreeFor(ctx, task.id, end === 'committed');
  return end;
}

// Attempts until one commits, a stage ends the task, or the attempts are used up.
async function runAttempts(
  ctx: RunContext,
  task: PlanTask,
  startCommit: string | undefined,
  resume: TaskResume | undefined,
): Promise<TaskEnd> {
  const max = ctx.options.maxAttempts ?? 3;
  let retry = resume?.retry;
  for (let attempt = resume?.attempt ?? 1; attempt <= max; attempt++) {
    let resumed = resume && attempt === resume.attempt ? resume : undefined;
    if (!resumed) ctx.log.append({ event: 'attempt-started', task: task.id, attempt });
    if (resumed?.tree) {
      // What the resumed attempt's finished stages did was in a work tree that is gone: they run again.
      const { builder: _builder, verifier: _verifier, ...rest } = resumed;
      resumed = rest;
    }
    if (isolated(ctx) && (!ctx.trees.has(task.id) || retry?.stale)) await openTreeFor(ctx, task.id, attempt);
    const step = await runAttempt(ctx, task, attempt, startCommit, retry, resumed);
    if ('end' in step) return step.end;
    retry = step.retry;
  }
  ctx.log.append({
    event: 'task-finished',
    task: task.id,
    status: 'failed',
    attempts: max,
    reason: retry?.reason,
  });
  return 'failed';
}

// One attempt: builder, `--verify` commands, verifier, committer; how the task ends, or the retry.
async function runAttempt(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  startCommit: string | undefined,
  retry: Retry | undefined,
  resumed: TaskResume | undefined,
): Promise<{ end: TaskEnd } | { retry: Retry }> {
  const { options } = ctx;
  const start = (stage: string) => resumed?.next[stage] ?? { window: 1, corrections: 0 };
  const builder =
    resumed?.builder ??
    (await finishStage(ctx, task, attempt, 'builder', () =>
      runStage(
        ctx,
        options.builder,
        'builder',
        task,
        attempt,
        builderInput(ctx, task, retry),
        start('builder'),
      ),
    ));
  const stop = stopped(ctx, task, attempt, builder);
  if (stop) return { end: stop };
  if (builder.verdict !== 'PASS') {
    const reason = builder.reason ?? 'builder failed';
    return { retry: failAttempt(ctx, task, attempt, 'builder', reason, { builder: builder.handoff }) };
  }
  const verified = await runVerifyCommands(ctx, task, attempt);
  if (verified)
    return { retry: failAttempt(ctx, task, attempt, 'verify', verified, { builder: builder.handoff }) };
  const verifier =
    resumed?.verifier ??
    (await finishStage(ctx, task, attempt, 'verifier', () =>
      options.verifier
        ? runStage(
            ctx,
            options.verifier,
            'verifier',
            task,
            attempt,
            verifierDispatch(task, builder.handoff, replyInstructions('verifier')),
            start('verifier'),
          )
        : builtinVerifier(ctx, task, attempt),
    ));
  const stopVerifier = stopped(ctx, task, attempt, verifier);
  if (stopVerifier) return { end: stopVerifier };
  if (verifier.verdict !== 'PASS') {
    const reason = verifier.reason ?? 'verifier failed';
    const handoffs = { verifier: verifier.handoff, builder: builder.handoff };
    return { retry: failAttempt(ctx, task, attempt, 'verifier', reason, handoffs) };
  }
  const committed = await commitStage(ctx, task, attempt, startCommit, builder.handoff, verifier.handoff);
  if (!committed.ok) {
    const failed = failAttempt(ctx, task, attempt, 'committer', committed.reason, {
      builder: builder.handoff,
    });
    return { retry: committed.stale ? { ...failed, stale: true } : failed };
  }
  ctx.finals.set(task.id, builder.handoff);
  ctx.log.append({
    event: 'task-finished',
    task: task.id,
    status: 'committed',
    attempts: attempt,
    commit: committed.commit,
    handoff: builder.handoff,
  });
  return { end: 'committed' };
}

// A stage that escalated, or that outgrew the task, ends the task: no retry can fix either.
function stopped(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  outcome: StageOutcome,
): TaskEnd | undefined {
  if (outcome.verdict === 'ESCALATE') {
    ctx.log.append({
      event: 'task-finished',
      task: task.id,
      status: 'failed',
      attempts: attempt,
      reason: outcome.reason,
      escalated: true,
    });
    return 'failed';
  }
  if (outcome.verdict === 'NEEDS-PLANNING') {
    ctx.log.append({
      event: 'task-finished',
      task: task.id,
      status: 'needs-planning',
      attempts: attempt,
      reason: outcome.reason,
    });
    return 'needs-planning';
  }
  return undefined;
}

// `--verify` commands, run after the builder's last window: the first failure, or undefined.
async function runVerifyCommands(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
): Promise<string | undefined> {
  const commands = ctx.options.verify ?? [];
  if (commands.length === 0) return undefined;
  const { runCheck } = await import('../resume/reverify.js');
  for (const command of commands) {
    const r = await runCheck(command, {
      cwd: workDir(ctx, task.id),
      timeoutMs: ctx.options.verifyTimeoutMs ?? 300_000,
      tailLines: 10,
      ...(ctx.options.signal ? { signal: ctx.options.signal } : {}),
    });
    stopIfInterrupted(ctx);
    ctx.log.append({
      event: 'verify',
      task: task.id,
      attempt,
      scope: 'run',
      command,
      passed: r.passed,
      exit_code: r.exitCode,
      timed_out: r.timedOut,
      duration_ms: r.millis,
      tail: r.tail,
    });
    if (!r.passed)
      return `--verify \`${command}\` failed${r.timedOut ? ' (timed out)' : ` (exit ${r.exitCode})`}: ${r.tail.split('\n').slice(-2).join(' | ')}`;
  }
  return undefined;
}

function builderInput(ctx: RunContext, task: PlanTask, retry: Retry | undefined) {
  const progressPath = ctx.paths.progress(task.id);
  // In a task's own work tree the run folder is not below the working folder: its full path.
  const instructions = [
    progressInstructions(ctx.trees.has(task.id) ? progressPath : relativePath(ctx, progressPath)),
    '',
    ...replyInstructions('builder'),
  ];
  const input: Parameters<typeof builderDispatch>[0] = {
    plan: ctx.options.plan,
    task,
    finals: ctx.finals,
    instructions,
  };
  if (ctx.options.window) input.sizes = ctx.options.window;
  if (retry) {
    input.retry = { ...retry };
    const progress = readRecord(ctx.paths, progressPath);
    if (progress && 'text' in progress) input.retry.progress = progress.text;
  }
  return builderDispatch(input);
}

async function finishStage(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  stage: string,
  run: () => Promise<StageOutcome>,
): Promise<StageOutcome> {
  stopIfInterrupted(ctx);
  const outcome = await run();
  stopIfInterrupted(ctx);
  ctx.allHandoffs.push(outcome.handoff);
  ctx.log.append({
    event: 'stage-finished',
    task: task.id,
    stage,
    attempt,
    verdict: outcome.verdict,
    reason: outcome.reason,
    handoff: outcome.handoff,
  });
  return outcome;
}

async function builtinVerifier(ctx: RunContext, task: PlanTask, attempt: number): Promise<StageOutcome> {
  const result = await verifyBuiltin(
    task,
    workDir(ctx, task.id),
    ctx.options.verifyTimeoutMs ?? 300_000,
    (r) =>
      ctx.log.append({
        event: 'verify',
        task: task.id,
        attempt,
        command: r.command,
        passed: r.passed,
        exit_code: r.exitCode,
        timed_out: r.timedOut,
        duration_ms: r.millis,
        tail: r.tail,
      }),
    ctx.options.signal,
  );
  stopIfInterrupted(ctx);
  const outcome: StageOutcome = { verdict: result.verdict, handoff: result.handoff };
  if (result.verdict === 'FAIL') outcome.reason = `verification failed: ${result.handoff.incomplete}`;
  return outcome;
}

type CommitOutcome = { ok: true; commit: string } | { ok: false; reason: string; stale?: boolean };

async function commitStage(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  startCommit: string | undefined,
  builder: ContextHandoffXml,
  verifier: ContextHandoffXml,
): Promise<CommitOutcome> {
  // The committer is built in; its dispatch is still assembled and counted, for the records.
  const text = renderFor(ctx, committerDispatch(task, verifier, builder));
  ctx.log.append({
    event: 'dispatch',
    task: task.id,
    stage: 'committer',
    attempt,
    window: 1,
    tokens: ctx.counter.count(text),
  });
  const tree = ctx.trees.get(task.id);
  const judge = () =>
    judged(ctx, task, attempt, () =>
      gateAndCommit(ctx, task, attempt, startCommit, { builder, verifier }, tree),
    );
  // In its own work tree a task's gate and commit touch nothing of another task's: only the
  // landing on the branch waits for its turn.
  const inTree = tree ? judge() : undefined;
  if (inTree && !inTree.ok) return inTree;
  const previous = ctx.commitLock;
  let release: () => void = () => {};
  ctx.commitLock = new Promise<void>((r) => {
    release = r;
  });
  await previous;
  try {
    stopIfInterrupted(ctx);
    const done = inTree ?? judge();
    if (!done.ok || !tree) return done;
    const landed = landCommit(ctx.paths.root, done.commit, done.message);
    if (!landed.ok) return { ok: false, reason: landed.reason, stale: true };
    ctx.log.append({
      event: 'commit',
      task: task.id,
      attempt,
      commit: landed.commit,
      files: done.files,
      tree_commit: done.commit,
    });
    return { ok: true, commit: landed.commit };
  } finally {
    release();
  }
}

// Runs the gate and the commit, records the gate's verdict (and, for a commit on the branch, the
// commit); a commit that fails is a failed attempt with git's reason.
function judged(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  run: () => ReturnType<typeof gateAndCommit>,
): { ok: true; commit: string; message: string; files: string[] } | { ok: false; reason: string } {
  try {
    const { gate, commit, message } = run();
    ctx.log.append({
      event: 'gate',
      task: task.id,
      attempt,
      pass: gate.pass,
      ...(gate.pass ? { files: gate.files, notes: gate.notes } : { reason: gate.reason }),
    });
    if (!gate.pass) return { ok: false, reason: gate.reason };
    if (!commit || !message) return { ok: false, reason: 'the commit failed' };
    const files = gate.files.map((f) => f.path);
    if (!ctx.trees.has(task.id)) ctx.log.append({ event: 'commit', task: task.id, attempt, commit, files });
    return { ok: true, commit, message, files };
  } catch (error) {
    if (isInterruption(error)) throw error;
    const reason = `the commit failed: ${(error as Error).message}`;
    ctx.log.append({ event: 'gate', task: task.id, attempt, pass: false, reason });
    return { ok: false, reason };
  }
}

function failAttempt(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  stage: string,
  reason: string,
  handoffs: { builder?: ContextHandoffXml; verifier?: ContextHandoffXml },
): Retry {
  ctx.log.append({ event: 'attempt-failed', task: task.id, attempt, stage, reason });
  return { reason, ...handoffs };
}

function relativePath(ctx: RunContext, path: string): string {
  return path.slice(ctx.paths.root.length + 1);
}
