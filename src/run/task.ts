/**
 * One task: attempts of builder → verifier → committer, at most `maxAttempts` (seed 000: two
 * retries). A failed attempt re-dispatches the builder with the reason and what the attempt left
 * behind; a task out of attempts is FAILED, and the run halts.
 */
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import type { PlanTask } from '../plan/types.js';
import { headCommit } from '../provenance/commit.js';
import { builderDispatch, committerDispatch, verifierDispatch } from '../window/assemble.js';
import { readRecord } from './_record-files.js';
import { gateAndCommit } from './commit-task.js';
import type { RunContext } from './context.js';
import { isInterruption, stopIfInterrupted } from './interrupt.js';
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
}

interface Retry {
  reason: string;
  verifier?: ContextHandoffXml;
  builder?: ContextHandoffXml;
}

/** How a task ended. */
export type TaskEnd = 'committed' | 'failed' | 'needs-planning';

/** Runs a task to committed, failed, or needs-planning. */
export async function runTask(ctx: RunContext, task: PlanTask, resume?: TaskResume): Promise<TaskEnd> {
  const { options, log, paths } = ctx;
  const max = options.maxAttempts ?? 3;
  let startCommit = resume?.startCommit;
  if (!resume) {
    startCommit = headCommit(paths.root);
    log.append({
      event: 'task-started',
      task: task.id,
      title: task.title,
      start_commit: startCommit ?? null,
    });
  }
  let retry = resume?.retry;
  for (let attempt = resume?.attempt ?? 1; attempt <= max; attempt++) {
    const resumed = resume && attempt === resume.attempt ? resume : undefined;
    if (!resumed) log.append({ event: 'attempt-started', task: task.id, attempt });
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
    if (stop) return stop;
    if (builder.verdict !== 'PASS') {
      retry = failAttempt(ctx, task, attempt, 'builder', builder.reason ?? 'builder failed', {
        builder: builder.handoff,
      });
      continue;
    }
    const verified = await runVerifyCommands(ctx, task, attempt);
    if (verified) {
      retry = failAttempt(ctx, task, attempt, 'verify', verified, { builder: builder.handoff });
      continue;
    }
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
    if (stopVerifier) return stopVerifier;
    if (verifier.verdict !== 'PASS') {
      retry = failAttempt(ctx, task, attempt, 'verifier', verifier.reason ?? 'verifier failed', {
        verifier: verifier.handoff,
        builder: builder.handoff,
      });
      continue;
    }
    const committed = await commitStage(ctx, task, attempt, startCommit, builder.handoff, verifier.handoff);
    if (committed.ok) {
      ctx.finals.set(task.id, builder.handoff);
      log.append({
        event: 'task-finished',
        task: task.id,
        status: 'committed',
        attempts: attempt,
        commit: committed.commit,
        handoff: builder.handoff,
      });
      return 'committed';
    }
    retry = failAttempt(ctx, task, attempt, 'committer', committed.reason, { builder: builder.handoff });
  }
  log.append({
    event: 'task-finished',
    task: task.id,
    status: 'failed',
    attempts: max,
    reason: retry?.reason,
  });
  return 'failed';
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
      cwd: ctx.paths.root,
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
  const instructions = [
    progressInstructions(relativePath(ctx, progressPath)),
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
    ctx.paths.root,
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

async function commitStage(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  startCommit: string | undefined,
  builder: ContextHandoffXml,
  verifier: ContextHandoffXml,
): Promise<{ ok: true; commit: string } | { ok: false; reason: string }> {
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
  const previous = ctx.commitLock;
  let release: () => void = () => {};
  ctx.commitLock = new Promise<void>((r) => {
    release = r;
  });
  await previous;
  try {
    stopIfInterrupted(ctx);
    const { gate, commit } = gateAndCommit(ctx, task, attempt, startCommit, { builder, verifier });
    ctx.log.append({
      event: 'gate',
      task: task.id,
      attempt,
      pass: gate.pass,
      ...(gate.pass ? { files: gate.files, notes: gate.notes } : { reason: gate.reason }),
    });
    if (!gate.pass || !commit) return { ok: false, reason: gate.pass ? 'the commit failed' : gate.reason };
    ctx.log.append({ event: 'commit', task: task.id, attempt, commit, files: gate.files.map((f) => f.path) });
    return { ok: true, commit };
  } catch (error) {
    if (isInterruption(error)) throw error;
    const reason = `the commit failed: ${(error as Error).message}`;
    ctx.log.append({ event: 'gate', task: task.id, attempt, pass: false, reason });
    return { ok: false, reason };
  } finally {
    release();
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
