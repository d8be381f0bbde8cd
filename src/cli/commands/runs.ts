/** `baton runs` and `baton runs show <run-id>`: the runs the store has recorded, and one run's events. */
import { UserError } from '../../errors.js';
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
first, one per line:
  <run-id>  <status>  <started>  <n> events  <last event>
\`runs show\` prints one run (its id, or the start of it): the summary, then every
event in order, one per line:
  #<seq>  <time>  <event>  [task/stage/window]  <data as JSON>`,
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
      if (flags.json) {
        io.stdout(`${JSON.stringify({ run, events }, null, 2)}\n`);
        return 0;
      }
      io.stdout(runHeader(run));
      for (const e of events) io.stdout(`${eventLine(e)}\n`);
      return 0;
    });
  },
};

function runLine(run: RunInfo): string {
  const started = run.summary?.started_at ?? run.first_event_at ?? '-';
  return [
    run.run_id,
    run.summary?.status ?? '-',
    started,
    `${run.events} event${run.events === 1 ? '' : 's'}`,
    run.last_event ?? '-',
  ].join('  ');
}

function runHeader(run: RunInfo): string {
  const s = run.summary;
  const lines = [`run: ${run.run_id}`];
  if (s) {
    lines.push(`status: ${s.status}`);
    if (s.title) lines.push(`title: ${s.title}`);
    lines.push(`started: ${s.started_at}`);
    if (s.ended_at) lines.push(`ended: ${s.ended_at}`);
    if (Object.keys(s.data).length > 0) lines.push(`summary: ${JSON.stringify(s.data)}`);
  } else {
    lines.push('status: - (no summary recorded)');
  }
  lines.push(`events: ${run.events}`, '');
  return `${lines.join('\n')}\n`;
}

function eventLine(e: StoredRunEvent): string {
  const where = [e.task, e.stage, e.window === undefined ? undefined : `window ${e.window}`].filter(Boolean);
  const parts = [`#${e.seq}`, e.time, e.event];
  if (where.length > 0) parts.push(`[${where.join('/')}]`);
  if (Object.keys(e.data).length > 0) parts.push(JSON.stringify(e.data));
  return parts.join('  ');
}
