/**
 * The viewer's JSON API: each route reads the library (the store, validate, the boot context,
 * a run's timeline) and returns what it said, shaped for the page. No behaviour of its own.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { handoffChain } from '../../archive/chain.js';
import { diffLines } from '../../archive/diff.js';
import { isBatonError, UserError } from '../../errors.js';
import { checkConfined, resolveLinks } from '../../fs/index.js';
import { loadContext } from '../../governance/context.js';
import { handoffLabel } from '../../governance/judge.js';
import type { GitAnswers } from '../../provenance/index.js';
import { runOverview } from '../../run/overview.js';
import type { HandoffFilter, Store } from '../../store/types.js';
import { validateText } from '../../validate/validate.js';
import type { RunEventsCache } from './runs-cache.js';
import type {
  HandoffDetail,
  HandoffDiff,
  HandoffList,
  RunDetail,
  RunFile,
  RunOverview,
  SearchAnswer,
} from './types.js';

/** What every route needs. */
export interface ApiContext {
  root: string;
  store: Store;
  events: RunEventsCache;
  /** Git asked off the event loop, once per state of the repository (verdicts now, trusted keys). */
  git: GitAnswers;
}

/** A route's answer. */
export interface ApiResult {
  status: number;
  body: unknown;
}

// Each route's body is its type in types.ts, the one the page reads.
const ok = <T>(body: T): ApiResult => ({ status: 200, body });
const notFound = (what: string): ApiResult => ({ status: 404, body: { error: `no such ${what}` } });

/** Answers one API request. */
export async function routeApi(ctx: ApiContext, url: URL): Promise<ApiResult> {
  const parts = url.pathname.split('/').slice(2).map(decodeURIComponent);
  const q = url.searchParams;
  const [kind, id, sub] = parts;
  if (kind === 'runs' && id === undefined) return ok(await listRuns(ctx, limitOf(q, 200)));
  if (kind === 'runs' && id !== undefined && sub === undefined) return runDetail(ctx, id);
  if (kind === 'runs' && id !== undefined && sub === 'file') return runFile(ctx, id, q.get('path') ?? '');
  if (kind === 'handoffs' && id === undefined) return ok(await listHandoffs(ctx.store, q));
  if (kind === 'handoffs' && id !== undefined && sub === undefined) return handoffDetail(ctx, id);
  if (kind === 'handoffs' && id !== undefined && sub === 'diff')
    return handoffDiff(ctx.store, id, q.get('with'));
  if (kind === 'context' && id === undefined)
    return ok(await loadContext({ root: ctx.root, gitAnswers: ctx.git }));
  if (kind === 'search' && id === undefined) return ok(await search(ctx.store, q.get('q') ?? ''));
  return notFound('route');
}

function limitOf(q: URLSearchParams, fallback: number): number {
  const n = Number(q.get('limit') ?? fallback);
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, 1000) : fallback;
}

async function listRuns(ctx: ApiContext, limit: number): Promise<RunOverview[]> {
  const runs = await ctx.store.listRuns({ limit });
  return Promise.all(runs.map((run) => runOverview(run, (id) => ctx.events.timeline(id))));
}

async function runDetail(ctx: ApiContext, id: string): Promise<ApiResult> {
  const run = await ctx.store.getRun(id);
  if (!run) return notFound('run');
  const view = await ctx.events.timeline(run.run_id);
  return ok<RunDetail>({
    run: { id: run.run_id, events: run.events, last_event_at: run.last_event_at },
    timeline: view,
  });
}

// A dispatch or reply the engine wrote, only from inside that run's folder (the one rule of fs/).
async function runFile(ctx: ApiContext, id: string, path: string): Promise<ApiResult> {
  const run = await ctx.store.getRun(id);
  if (!run) return notFound('run');
  const folder = join(ctx.root, '.baton', 'runs', run.run_id);
  const full = isAbsolute(path) ? path : `${ctx.root}/${path}`;
  const where = checkConfined(folder, full);
  if (where.refused || where.real === resolveLinks(folder)) {
    return { status: 403, body: { error: 'only files of the run folder can be read' } };
  }
  let text: string;
  try {
    text = await readFile(where.real, 'utf8');
  } catch {
    return notFound('file');
  }
  return ok<RunFile>({
    path,
    text: text.length > 512 * 1024 ? `${text.slice(0, 512 * 1024)}\n…(cut)` : text,
  });
}

function filterOf(q: URLSearchParams): HandoffFilter {
  const filter: HandoffFilter = { limit: limitOf(q, 100) };
  for (const key of ['task', 'branch', 'from', 'status', 'repository'] as const) {
    const v = q.get(key);
    if (v) filter[key] = v;
  }
  return filter;
}

async function listHandoffs(store: Store, q: URLSearchParams): Promise<HandoffList> {
  const filter = filterOf(q);
  const query = q.get('q')?.trim();
  if (query) return { hits: await store.searchHandoffs(query, filter) };
  return { hits: (await store.listHandoffs(filter)).map((handoff) => ({ handoff })) };
}

async function handoffDetail(ctx: ApiContext, id: string): Promise<ApiResult> {
  const handoff = await ctx.store.getHandoff(id);
  if (!handoff) return notFound('handoff');
  const report = await validateText(handoff.text, {
    path: join(ctx.root, '.baton', 'handoff.md'),
    format: handoff.format === 'baton' || handoff.format === 'context-kit' ? handoff.format : 'auto',
    gitAnswers: ctx.git,
  });
  const chain = await handoffChain(ctx.store, handoff);
  return ok<HandoffDetail>({
    handoff,
    verdict: { verdict: report.verdict, exitCode: report.exitCode, findings: report.findings },
    governance: handoffLabel(report.findings),
    chain,
  });
}

async function handoffDiff(store: Store, id: string, other: string | null): Promise<ApiResult> {
  if (!other) throw new UserError('USAGE', 'diff needs ?with=<another handoff id>');
  const [a, b] = await Promise.all([store.getHandoff(id), store.getHandoff(other)]);
  if (!a || !b) return notFound('handoff');
  const lines = diffLines(a.text, b.text);
  return ok<HandoffDiff>({ from: a.id, to: b.id, lines: lines ?? null, tooDifferent: lines === undefined });
}

async function search(store: Store, query: string): Promise<SearchAnswer> {
  const q = query.trim();
  if (!q) return { handoffs: [], runs: [] };
  const runs = (await store.listRuns({ limit: 500 })).filter(
    (r) =>
      r.run_id.startsWith(q.toUpperCase()) ||
      (r.summary?.title ?? '').toLowerCase().includes(q.toLowerCase()),
  );
  let handoffs: SearchAnswer['handoffs'] = [];
  try {
    handoffs = await store.searchHandoffs(q, { limit: 50 });
  } catch (error) {
    // A query with no word to search (only punctuation) finds no handoff; anything else is real.
    if (!(isBatonError(error) && error.code === 'STORE_QUERY')) throw error;
  }
  return { handoffs, runs: runs.slice(0, 50).map((r) => ({ id: r.run_id, title: r.summary?.title ?? '' })) };
}
