/**
 * One stage of one attempt: a sequence of windows (one agent call each). A malformed reply gets
 * a corrective re-dispatch that says exactly what was wrong; the stage ends with a result, or
 * FAIL when the agent cannot run or keeps replying malformed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Agent } from '../agents/types.js';
import type { ContextHandoffXml, DispatchXml } from '../formats/pipeline-xml/index.js';
import { renderContextHandoff, renderDispatch } from '../formats/pipeline-xml/index.js';
import { renderDispatchMarkdown } from '../window/markdown.js';
import type { RunContext } from './context.js';
import { classifyReply, type StageResult } from './reply.js';

/** How a stage ended. */
export interface StageOutcome {
  verdict: 'PASS' | 'FAIL';
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

/** Runs `stage` of `task`, attempt `attempt`, with `agent`, from `dispatch`. */
export async function runStage(
  ctx: RunContext,
  agent: Agent,
  stage: string,
  task: string,
  attempt: number,
  dispatch: DispatchXml,
  start: StageStart = { window: 1, corrections: 0 },
): Promise<StageOutcome> {
  const { options, paths, log } = ctx;
  let window = start.window;
  let corrections = start.corrections;
  let current = dispatch;
  for (;;) {
    const text = renderFor(ctx, current);
    const file = paths.dispatch(task, stage, attempt, window);
    write(file, text);
    const tokens = ctx.counter.count(text);
    log.append({
      event: 'dispatch',
      task,
      stage,
      attempt,
      window,
      tokens,
      tokens_forward_all: forwardAllTokens(ctx, current, tokens),
      file: relativeTo(paths.root, file),
    });
    const reply = await agent.call({
      dispatch: text,
      dispatchFile: file,
      task,
      stage,
      window,
      attempt,
      role: stage,
      runDir: paths.dir,
      cwd: paths.root,
      timeoutMs: options.timeoutMs ?? 600_000,
    });
    const replyFile = paths.reply(task, stage, attempt, window);
    write(replyFile, reply.text);
    const base = {
      task,
      stage,
      attempt,
      window,
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
      return { verdict: 'FAIL', reason, handoff: failed(stage, task, reason) };
    }
    const classified = classifyReply(reply.text, stage, task);
    if (classified.kind === 'result') {
      log.append({
        event: 'reply',
        ...base,
        ...usage,
        verdict: classified.verdict,
        tokens: ctx.counter.count(reply.text),
      });
      const outcome: StageOutcome = {
        verdict: classified.verdict,
        handoff: classified.handoff,
        result: classified,
      };
      if (classified.verdict === 'FAIL')
        outcome.reason = `${stage} reported FAIL: ${firstLine(classified.handoff.what)}`;
      return outcome;
    }
    log.append({ event: 'reply', ...base, ...usage, verdict: 'MALFORMED', reason: classified.message });
    if (corrections >= (options.maxCorrections ?? 1)) {
      const reason = `malformed reply after ${corrections} correction(s): ${classified.message}`;
      return { verdict: 'FAIL', reason, handoff: failed(stage, task, reason) };
    }
    corrections++;
    window++;
    log.append({ event: 'correction', task, stage, attempt, window, reason: classified.message });
    current = {
      ...dispatch,
      notices: [
        ...(dispatch.notices ?? []),
        {
          name: 'correction',
          text: `Your last reply could not be used: ${classified.message}. Reply again, in the format the task asks for.`,
        },
      ],
    };
  }
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

function failed(stage: string, task: string, reason: string): ContextHandoffXml {
  return { from: stage, task, detail: 'FULL', what: reason, incomplete: 'the whole stage' };
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
