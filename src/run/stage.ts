/**
 * One stage of one attempt: a sequence of windows (one agent call each). Before every dispatch
 * the tokens are counted for the agent's model: over its window the dispatch is not sent
 * (failed-budget); near it a BUDGET NOTICE asks for a handoff. A handoff continues in a fresh
 * window within the guardrails; a malformed reply gets a corrective re-dispatch that says exactly
 * what was wrong; the stage ends with a result, FAIL, an escalation, or a call for planning.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Agent } from '../agents/types.js';
import type { ContextHandoffXml, DispatchXml } from '../formats/pipeline-xml/index.js';
import { renderContextHandoff, renderDispatch } from '../formats/pipeline-xml/index.js';
import type { SubSpec } from '../handoff/types.js';
import type { PlanTask } from '../plan/types.js';
import { loadTokenCounter, type TokenCounter } from '../tokens/count.js';
import {
  accumulate,
  budgetNotice,
  type Carried,
  continuationDispatch,
  nothingCarried,
} from '../window/continuation.js';
import { renderDispatchMarkdown } from '../window/markdown.js';
import type { RunContext } from './context.js';
import { sameRemaining, scopeViolations, vagueSubSpecs } from './guardrails.js';
import { classifyReply, type StageResult } from './reply.js';

/** How a stage ended. */
export interface StageOutcome {
  /**
   * PASS or FAIL; ESCALATE when a handoff stayed vague after its corrective retry; NEEDS-PLANNING
   * when the work outgrew the task (scope widened, or more windows than allowed).
   */
  verdict: 'PASS' | 'FAIL' | 'ESCALATE' | 'NEEDS-PLANNING';
  handoff: ContextHandoffXml;
  reason?: string;
  result?: StageResult;
}

/** Where a stage starts: a resumed run continues its window numbering. */
export interface StageStart {
  window: number;
  corrections: number;
}

/** Renders a dispatch in the run's dispatch format. */
export function renderFor(ctx: RunContext, d: DispatchXml): string {
  return ctx.options.dispatchFormat === 'markdown' ? renderDispatchMarkdown(d) : `${renderDispatch(d)}\n`;
}

interface Windows {
  window: number;
  corrections: number;
  vagueRetries: number;
  respawns: number;
  carried: Carried;
  remaining?: SubSpec[];
  continuation: boolean;
}

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
  const { options, paths, log } = ctx;
  const id = task.id;
  const w: Windows = {
    ...start,
    vagueRetries: 0,
    respawns: 0,
    carried: nothingCarried(),
    continuation: false,
  };
  const counter = agent.budget ? await loadTokenCounter(agent.budget.tokenizer) : ctx.counter;
  const end = (verdict: StageOutcome['verdict'], reason: string): StageOutcome => ({
    verdict,
    reason,
    handoff: { from: stage, task: id, detail: 'FULL', what: reason, incomplete: 'the whole stage' },
  });
  // Where an event happened: the first fields of every event this stage logs.
  const at = () => ({ task: id, stage, attempt, window: w.window });
  let current = dispatch;
  for (;;) {
    const budgeted = withBudget(ctx, agent, counter, current, w, stage, id, attempt);
    if ('outcome' in budgeted) return budgeted.outcome;
    const text = budgeted.text;
    const file = paths.dispatch(id, stage, attempt, w.window);
    write(file, text);
    const tokens = ctx.counter.count(text);
    log.append({
      event: 'dispatch',
      ...at(),
      tokens,
      tokens_forward_all: forwardAllTokens(ctx, current, tokens),
      ...(agent.budget?.maxContext
        ? { tokens_endpoint: budgeted.tokens, max_context: agent.budget.maxContext }
        : {}),
      file: relativeTo(paths.root, file),
    });
    const reply = await agent.call({
      dispatch: text,
      dispatchFile: file,
      task: id,
      stage,
      window: w.window,
      attempt,
      // Every agent the engine spawns is its child (governance, FORMATS.md §5): it may hand off
      // and observe, never write guidance or policy, whatever its payload claims.
      role: 'child',
      runDir: paths.dir,
      cwd: paths.root,
      timeoutMs: options.timeoutMs ?? 600_000,
    });
    const replyFile = paths.reply(id, stage, attempt, w.window);
    write(replyFile, reply.text);
    const base = {
      ...at(),
      duration_ms: reply.durationMs,
      file: relativeTo(paths.root, replyFile),
    };
    const usage = reply.usage ? { usage: reply.usage } : {};
    if (!reply.ok) {
      const reason = `agent failed: ${reply.error ?? 'unknown error'}`;
      log.append({
        event: 'reply',
        ...base,
        ...usage,
        verdict: 'AGENT-FAILED',
        reason,
        stderr_tail: reply.stderrTail,
      });
      return end('FAIL', reason);
    }
    const classified = classifyReply(reply.text, stage, id);
    const replyTokens = ctx.counter.count(reply.text);
    if (classified.kind === 'result') {
      log.append({ event: 'reply', ...base, ...usage, verdict: classified.verdict, tokens: replyTokens });
      const outcome: StageOutcome = {
        verdict: classified.verdict,
        handoff: classified.handoff,
        result: classified,
      };
      if (classified.verdict === 'FAIL')
        outcome.reason = `${stage} reported FAIL: ${firstLine(classified.handoff.what)}`;
      return outcome;
    }
    if (classified.kind === 'handoff') {
      log.append({ event: 'reply', ...base, ...usage, verdict: 'HANDOFF', tokens: replyTokens });
      const h = classified.handoff;
      const vague = vagueSubSpecs(h.remaining);
      if (vague.length > 0) {
        const escalated = w.vagueRetries >= 1;
        log.append({ event: 'handoff-vague', ...at(), items: vague, escalated });
        if (escalated) {
          return end(
            'ESCALATE',
            `the handoff stayed vague after a corrective retry: no Verify by for ${quote(vague)}`,
          );
        }
        w.vagueRetries++;
        w.window++;
        current = withNotice(
          current,
          'correction',
          `Your handoff cannot be dispatched: every remaining sub-spec needs a \`- Verify by: \\\`<command>\\\`\` line, and ${quote(vague)} ${vague.length === 1 ? 'has' : 'have'} none. Reply again with the same handoff, each sub-spec saying how it is verified.`,
        );
        continue;
      }
      const outside = scopeViolations(h.remaining, task, paths.root);
      if (outside.length > 0) {
        log.append({
          event: 'handoff-scope-refused',
          ...at(),
          paths: outside,
          scope: task.filesInScope,
        });
        return end(
          'NEEDS-PLANNING',
          `the handoff widens the task's scope (${task.filesInScope.join(', ')}) to ${outside.join(', ')}: scope may only shrink, so the planner decides`,
        );
      }
      const unchanged = w.remaining !== undefined && sameRemaining(w.remaining, h.remaining);
      log.append({
        event: 'handoff',
        ...at(),
        remaining: h.remaining.length,
        remaining_titles: h.remaining.map((s) => s.title),
        tokens: replyTokens,
        unchanged,
        format: classified.format,
      });
      const cap = options.maxRespawns ?? 2;
      if (w.respawns >= cap) {
        log.append({
          event: 'handoff-cap-reached',
          ...at(),
          respawns: w.respawns,
          cap,
        });
        return end(
          'NEEDS-PLANNING',
          cap === 0
            ? 'the task handed off, and continuations are disabled (--max-respawns 0): it needs splitting'
            : `the task still had work after ${cap} continuation window(s): it needs splitting, not another window`,
        );
      }
      w.respawns++;
      w.carried = accumulate(w.carried, h);
      w.remaining = h.remaining;
      w.window++;
      w.continuation = true;
      current = continuationDispatch(dispatch, w.carried, h.remaining, w.window);
      continue;
    }
    log.append({ event: 'reply', ...base, ...usage, verdict: 'MALFORMED', reason: classified.message });
    if (w.corrections >= (options.maxCorrections ?? 1)) {
      return end('FAIL', `malformed reply after ${w.corrections} correction(s): ${classified.message}`);
    }
    w.corrections++;
    w.window++;
    log.append({
      event: 'correction',
      ...at(),
      reason: classified.message,
    });
    current = withNotice(
      current,
      'correction',
      `Your last reply could not be used: ${classified.message}. Reply again, in the format the task asks for.`,
    );
  }
}

// Counts the dispatch for the agent's model: over its window it is not sent; at or over the
// threshold it carries a BUDGET NOTICE; a continuation already over the threshold cannot help.
function withBudget(
  ctx: RunContext,
  agent: Agent,
  counter: TokenCounter,
  d: DispatchXml,
  w: Windows,
  stage: string,
  task: string,
  attempt: number,
): { text: string; tokens: number } | { outcome: StageOutcome } {
  let text = renderFor(ctx, d);
  let tokens = counter.count(text);
  const max = agent.budget?.maxContext;
  if (!max) return { text, tokens };
  const threshold = ctx.options.handoffThreshold ?? 0.8;
  const fail = (verdict: StageOutcome['verdict'], reason: string): { outcome: StageOutcome } => ({
    outcome: {
      verdict,
      reason,
      handoff: { from: stage, task, detail: 'FULL', what: reason, incomplete: 'the whole stage' },
    },
  });
  if (tokens >= threshold * max) {
    if (w.continuation) {
      ctx.log.append({
        event: 'handoff-cap-reached',
        task,
        stage,
        attempt,
        window: w.window,
        tokens,
        max_context: max,
        reason: 'continuation over the threshold',
      });
      return fail(
        'NEEDS-PLANNING',
        `the continuation alone is ${tokens} tokens, over ${Math.round(threshold * 100)}% of the ${max}-token window: the task needs splitting`,
      );
    }
    const notice = budgetNotice(tokens, max, agent.name);
    text = renderFor(ctx, withNotice(d, 'budget-notice', notice));
    const before = tokens;
    tokens = counter.count(text);
    ctx.log.append({
      event: 'budget-notice',
      task,
      stage,
      attempt,
      window: w.window,
      tokens: before,
      with_notice: tokens,
      max_context: max,
      threshold,
    });
  }
  if (tokens > max) {
    ctx.log.append({
      event: 'failed-budget',
      task,
      stage,
      attempt,
      window: w.window,
      tokens,
      max_context: max,
    });
    return fail(
      'FAIL',
      `failed-budget: the dispatch is ${tokens} tokens, over the ${max}-token window of ${agent.name}; it was not sent`,
    );
  }
  return { text, tokens };
}

function withNotice(d: DispatchXml, name: string, text: string): DispatchXml {
  return { ...d, notices: [...(d.notices ?? []).filter((n) => n.name !== name), { name, text }] };
}

/**
 * What the dispatch would cost if it carried every earlier handoff at FULL instead of the
 * window: the dispatch without its previous results, plus each earlier handoff's own tokens
 * (counted once and kept), so the comparison does not grow quadratic over a long run.
 */
function forwardAllTokens(ctx: RunContext, d: DispatchXml, tokens: number): number {
  const windowed = d.previousResults ?? [];
  if (ctx.allHandoffs.length === 0 && windowed.length === 0) return tokens;
  const base = windowed.length ? ctx.counter.count(renderFor(ctx, { ...d, previousResults: [] })) : tokens;
  let all = base;
  for (const h of ctx.allHandoffs) all += handoffTokens(ctx, h);
  return Math.max(all, tokens);
}

const counted = new WeakMap<ContextHandoffXml, number>();

function handoffTokens(ctx: RunContext, h: ContextHandoffXml): number {
  let n = counted.get(h);
  if (n === undefined) {
    n = ctx.counter.count(renderContextHandoff({ ...h, detail: 'FULL' }, 4));
    counted.set(h, n);
  }
  return n;
}

function quote(items: readonly string[]): string {
  return items.map((i) => `"${i}"`).join(', ');
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function firstLine(s: string): string {
  return s.split('\n')[0] ?? '';
}

function relativeTo(root: string, file: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}
