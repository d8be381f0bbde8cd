/** `baton runs` and `baton runs show <run-id>`: the runs the store has recorded, and one run's events. */
import { UserError } from '../../errors.js';
import { type A2ATaskRecord, listA2ATasks } from '../../store/a2a-tasks.js';
import { withStore } from '../../store/open.js';
import type { RunInfo, StoredRunEvent } from '../../store/types.js';
import { type FlagSpec, helpText, integerFlag, parseFlags } from '../args.js';
import type { Command } from '../io.js';
import { storeOptions } from '../store-flags.js';

const DEFAULT_LIMIT = 50;
const FLAGS = {
  limit: { type: 'string', value: 'n', description: `at most n runs (default ${DEFAULT_LIMIT})` },
  json: { type: 'boolean', description: 'print JSON: an array of runs, or {run, events}' },
} as const satisfies Record<string, FlagSpec>;

/** The runs command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton runs [options]
       baton runs show <run-id> [--json]

Lists the runs the store has recorded (a summary or events), most recently active
first, one per line (who started it and where, when the run recorded them):
  <run-id>  <status>  <started>  [by <who> on <host>]  <n> events  <last event>
\`runs show\` prints one run (its id, or the start of it): the summary, where each
task was built, the remote builders' tasks the store holds for it, then every
event in order, one per line:
  #<seq>  <time>  <event>  [task/stage/window]  <data as JSON>

With BATON_STORE=postgres://… shared by a team, every person's runs and every
remote builder's tasks are in one list.`,
    flags: FLAGS,
    after: `Exit codes: 0; 1 no such run (or the store cannot be read); 64 usage error.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('runs', args, FLAGS);
    const [sub, id, ...extra] = positionals;
    if (sub !== undefined && (sub !== 'show' || id === undefined || extra.length > 0)) {
      throw new UserError(
        'USAGE',
        'use `baton runs` or `baton runs show <run-id>` (see `baton runs --help`)',
      );
    }
    const limit =
      flags.limit === undefined ? DEFAULT_LIMIT : integerFlag('runs', 'limit', flags.limit, { min: 1 });
    return withStore(storeOptions(io, false), async (store) => {
      if (id === undefined) {
        const runs = await store.listRuns({ limit });
        if (flags.json) io.stdout(`${JSON.stringify(runs, null, 2)}\n`);
        else for (const run of runs) io.stdout(`${runLine(run)}\n`);
        if (runs.length === 0 && !flags.json) io.stderr(`baton: no runs recorded in ${store.location}\n`);
        return 0;
      }
      const run = await store.getRun(id);
      if (!run)
        throw new UserError(
          'STORE_NOT_FOUND',
          `no recorded run has an id starting with "${id}" in ${store.location}`,
        );
      const events = await store.listEvents(run.run_id);
      const { tasks: remote } = await listA2ATasks(store, { runId: run.run_id, limit: 1000 });
      if (flags.json) {
        io.stdout(`${JSON.stringify({ run, events, remote_tasks: remote.map(remoteTask) }, null, 2)}\n`);
        return 0;
      }
      io.stdout(runHeader(run, remote));
      for (const e of events) io.stdout(`${eventLine(e)}\n`);
      return 0;
    });
  },
};

function runLine(run: RunInfo): string {
  const started = run.summary?.started_at ?? run.first_event_at ?? '-';
  const who = whoAndWhere(run);
  return [
    run.run_id,
    run.summary?.status ?? '-',
    started,
    ...(who ? [who] : []),
    `${run.events} event${run.events === 1 ? '' : 's'}`,
    run.last_event ?? '-',
  ].join('  ');
}

// `by Ann <ann@x> on build-1`, from the columns migration 4 added (empty for older runs).
function whoAndWhere(run: RunInfo): string {
  const s = run.summary;
  return [s?.started_by ? `by ${s.started_by}` : '', s?.host ? `on ${s.host}` : ''].filter(Boolean).join(' ');
}

function runHeader(run: RunInfo, remote: readonly A2ATaskRecord[]): string {
  const s = run.summary;
  const lines = [`run: ${run.run_id}`];
  if (s) {
    lines.push(`status: ${s.status}`);
    if (s.title) lines.push(`title: ${s.title}`);
    lines.push(`started: ${s.started_at}`);
    if (s.started_by) lines.push(`started by: ${s.started_by}`);
    if (s.host) lines.push(`host: ${s.host}`);
    if (s.ended_at) lines.push(`ended: ${s.ended_at}`);
    lines.push(...builtLines(s.data));
    if (Object.keys(s.data).length > 0) lines.push(`summary: ${JSON.stringify(s.data)}`);
  } else {
    lines.push('status: - (no summary recorded)');
  }
  for (const t of remote.map(remoteTask)) {
    lines.push(`remote task: ${t.id}  ${t.state}  ${t.task ?? '-'} ${t.stage ?? ''}`.trimEnd());
  }
  lines.push(`events: ${run.events}`, '');
  return `${lines.join('\n')}\n`;
}

// `task: TASK-01  committed  built by one (http://…)`, for a summary the engine wrote.
function builtLines(data: Record<string, unknown>): string[] {
  const tasks = Array.isArray(data.tasks) ? (data.tasks as Record<string, unknown>[]) : [];
  return tasks
    .filter((t) => typeof t?.id === 'string')
    .map(
      (t) =>
        `task: ${t.id}  ${t.status ?? '-'}${typeof t.builtBy === 'string' ? `  built by ${t.builtBy}` : ''}`,
    );
}

// A remote builder's task as the store keeps it, reduced to what names it.
function remoteTask(r: A2ATaskRecord): { id: string; state: string; task?: string; stage?: string } {
  const meta = (r.task.metadata ?? {}) as Record<string, unknown>;
  const state = r.state.replace(/^TASK_STATE_/, '').toLowerCase();
  return {
    id: r.id,
    state,
    ...(typeof meta.task === 'string' ? { task: meta.task } : {}),
    ...(typeof meta.stage === 'string' ? { stage: meta.stage } : {}),
  };
}

function eventLine(e: StoredRunEvent): string {
  const where = [e.task, e.stage, e.window === undefined ? undefined : `window ${e.window}`].filter(Boolean);
  const parts = [`#${e.seq}`, e.time, e.event];
  if (where.length > 0) parts.push(`[${where.join('/')}]`);
  if (Object.keys(e.data).length > 0) parts.push(JSON.stringify(e.data));
  return parts.join('  ');
}
