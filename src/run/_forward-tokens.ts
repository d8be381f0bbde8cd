/**
 * What a dispatch would cost if it carried every earlier handoff at FULL instead of the sliding
 * window: the dispatch without its previous results, plus each earlier handoff's own tokens
 * (counted once and kept), so the comparison does not grow quadratic over a long run.
 */
import type { ContextHandoffXml, DispatchXml } from '../formats/pipeline-xml/index.js';
import { renderContextHandoff } from '../formats/pipeline-xml/index.js';
import { renderFor } from './_stage-common.js';
import type { RunContext } from './context.js';

/** The tokens of `d` with every earlier handoff at FULL; at least `tokens`, its own count. */
export function forwardAllTokens(ctx: RunContext, d: DispatchXml, tokens: number): number {
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
