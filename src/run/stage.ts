/**
 * One stage of one attempt: a sequence of windows (one agent call each). Before every dispatch
 * the tokens are counted for the agent's model: over its window the dispatch is not sent
 * (failed-budget); near it a BUDGET NOTICE asks for a handoff (_budget.ts). Each reply is one
 * step (_steps.ts): a result ends the stage, a handoff continues in a fresh window within the
 * guardrails, a malformed reply gets a corrective re-dispatch; each step returns the next
 * dispatch or the stage's outcome (openai-agents-js's NextStep).
 */
import type { Agent, AgentNote, AgentReply } from '../agents/types.js';
import type { DispatchXml } from '../formats/pipeline-xml/index.js';
import type { PlanTask } from '../plan/types.js';
import { loadTokenCounter } from '../tokens/count.js';
import { nothingCarried } from '../window/continuation.js';
import { type Budgeted, withBudget } from './_budget.js';
import { forwardAllTokens } from './_forward-tokens.js';
import { writeRecord } from './_record-files.js';
import {
  at,
  done,
  end,
  type Next,
  type StageOutcome,
  type StageRun,
  type StageStart,
} from './_stage-common.js';
import { handoffStep, malformedStep, resultStep } from './_steps.js';
import type { RunContext } from './context.js';
import { RunInterrupted } from './interrupt.js';
import { workDir } from './isolation.js';
import { classifyReply } from './reply.js';

export { renderFor, type StageOutcome, type StageStart } from './_stage-common.js';

/** Runs `stage` of `task`, attempt `attempt`, with `agent`, from `dispatch`. */
export async function runStage(
  ctx: RunContext,
  agent: Agent,
  stage: string,
  task: PlanTask,
  attempt: number,
  dispatch: DispatchXml,
  start: StageStart = { window: 1, corrections: 0 },
): Promise<StageOutcome> {
  const s: StageRun = {
    ctx,
    agent,
    stage,
    task,
    attempt,
    first: dispatch,
    counter: agent.budget ? await loadTokenCounter(agent.budget.tokenizer) : ctx.counter,
    w: { ...start, vagueRetries: 0, respawns: 0, carried: nothingCarried(), continuation: false },
  };
  let next: Next = { next: 'dispatch', dispatch };
  while (next.next === 'dispatch') next = await runWindow(s, next.dispatch);
  return next.outcome;
}

// One window: budget, dispatch, the agent's reply, and the step that reply calls for.
async function runWindow(s: StageRun, current: DispatchXml): Promise<Next> {
  const budgeted = withBudget(s, current);
  if ('outcome' in budgeted) return done(budgeted.outcome);
  const reply = await call(s, current, budgeted);
  const { ctx, stage, task } = s;
  const replyFile = ctx.paths.reply(task.id, stage, s.attempt, s.w.window);
  writeRecord(ctx.paths, replyFile, reply.text);
  const base = {
    ...at(s),
    duration_ms: reply.durationMs,
    file: relativeTo(ctx.paths.root, replyFile),
    ...(reply.usage ? { usage: reply.usage } : {}),
    ...(reply.builtBy ? { built_by: reply.builtBy } : {}),
    ...(reply.remoteTask ? { remote_task: reply.remoteTask } : {}),
  };
  const interrupted = ctx.options.signal?.aborted === true;
  if (!reply.ok || interrupted) {
    const reason = `agent failed: ${interrupted ? 'interrupted' : (reply.error ?? 'unknown error')}`;
    ctx.log.append({
      event: 'reply',
      ...base,
      verdict: 'AGENT-FAILED',
      reason,
      stderr_tail: reply.stderrTail,
    });
    // An interrupted run stops here: the stage is neither failed nor retried.
    if (interrupted) throw new RunInterrupted(ctx.interrupted ?? 'aborted');
    return done(end(s, 'FAIL', reason));
  }
  const classified = classifyReply(reply.text, stage, task.id);
  const tokens = ctx.counter.count(reply.text);
  if (classified.kind === 'result') return resultStep(s, classified, { ...base, tokens });
  if (classified.kind === 'handoff') return handoffStep(s, classified, current, { ...base, tokens });
  return malformedStep(s, classified, current, base);
}

// Writes and records the dispatch, then calls the agent.
function call(s: StageRun, current: DispatchXml, budgeted: Budgeted): Promise<AgentReply> {
  const { ctx, agent, stage, task } = s;
  const { options, paths } = ctx;
  const file = paths.dispatch(task.id, stage, s.attempt, s.w.window);
  writeRecord(paths, file, budgeted.text);
  const tokens = ctx.counter.count(budgeted.text);
  ctx.log.append({
    event: 'dispatch',
    ...at(s),
    tokens,
    tokens_forward_all: forwardAllTokens(ctx, current, tokens),
    ...(agent.budget?.maxContext
      ? { tokens_endpoint: budgeted.tokens, max_context: agent.budget.maxContext }
      : {}),
    file: relativeTo(paths.root, file),
  });
  return agent.call({
    dispatch: budgeted.text,
    dispatchFile: file,
    task: task.id,
    stage,
    window: s.w.window,
    attempt: s.attempt,
    // Every agent the engine spawns is its child (governance, FORMATS.md §5): it may hand off
    // and observe, never write guidance or policy, whatever its payload claims.
    role: 'child',
    runDir: paths.dir,
    runId: ctx.runId,
    filesInScope: task.filesInScope,
    report: (note) => ctx.log.append({ event: 'failover', ...at(s), ...noteFields(note) }),
    // Its own work tree when the task has one (`--parallel` N > 1), else the repository.
    cwd: workDir(ctx, task.id),
    timeoutMs: options.timeoutMs ?? 600_000,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

function noteFields(note: AgentNote) {
  const { kind: _kind, ...fields } = note;
  return fields;
}

function relativeTo(root: string, file: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}
