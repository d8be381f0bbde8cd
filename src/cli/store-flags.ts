/** What the store commands share: the filter flags, the store to open, one line per handoff. */
import { UserError } from '../errors.js';
import { isRfc3339, STATUSES } from '../handoff/values.js';
import type { OpenStoreOptions } from '../store/open.js';
import type { HandoffFilter, StoredHandoffSummary } from '../store/types.js';
import { badValue, type FlagSpec, integerFlag } from './args.js';
import type { CommandIO } from './io.js';

/** The flags that narrow `log` and `search` (each command adds `--limit` with its own default). */
export const FILTER_FLAGS = {
  task: { type: 'string', value: 'id', description: "only this task's handoffs" },
  repository: {
    type: 'string',
    value: 'r',
    description: 'only handoffs anchored to this repository (owner/name)',
  },
  branch: { type: 'string', value: 'b', description: 'only handoffs written on this branch' },
  from: { type: 'string', value: 'agent', description: 'only handoffs by this writer' },
  status: { type: 'string', value: 's', description: 'only handoffs with this status' },
  since: {
    type: 'string',
    value: 'time',
    description: "created at or after (RFC 3339, or YYYY-MM-DD for that day's start, UTC)",
  },
  until: {
    type: 'string',
    value: 'time',
    description: 'created at or before (RFC 3339, or YYYY-MM-DD for that whole day, UTC)',
  },
} as const satisfies Record<string, FlagSpec>;

/** The `--limit` flag of a listing command, with its default in the description. */
export function limitFlag(what: string, defaultLimit: number) {
  return {
    type: 'string',
    value: 'n',
    description: `at most n ${what} (default ${defaultLimit})`,
  } as const satisfies FlagSpec;
}

/** The filter the flags describe; `defaultLimit` applies unless `--limit` (or `all`) says otherwise. */
export function filterFromFlags(
  command: string,
  flags: Partial<Record<keyof typeof FILTER_FLAGS | 'limit', string | boolean>>,
  defaultLimit: number | undefined,
): HandoffFilter {
  const filter: HandoffFilter = {};
  for (const key of ['task', 'repository', 'branch', 'from', 'status'] as const) {
    const value = flags[key];
    if (typeof value === 'string') filter[key] = value;
  }
  // A status that no handoff can have is a typo, not an empty answer.
  if (filter.status !== undefined && !(STATUSES as readonly string[]).includes(filter.status)) {
    throw badValue(command, 'status', filter.status, STATUSES);
  }
  if (typeof flags.since === 'string') filter.since = timeFlag(command, 'since', flags.since, false);
  if (typeof flags.until === 'string') filter.until = timeFlag(command, 'until', flags.until, true);
  if (typeof flags.limit === 'string') {
    filter.limit = integerFlag(command, 'limit', flags.limit, { min: 1 });
  } else if (defaultLimit !== undefined) {
    filter.limit = defaultLimit;
  }
  return filter;
}

function timeFlag(command: string, flag: string, value: string, endOfDay: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(day.getTime()) && day.toISOString().startsWith(value)) {
      return endOfDay ? new Date(day.getTime() + 86_400_000 - 1) : day;
    }
  } else if (isRfc3339(value)) {
    return new Date(value);
  }
  throw new UserError(
    'USAGE',
    `--${flag} must be an RFC 3339 time or a YYYY-MM-DD date, not "${value}" (see \`baton ${command} --help\`)`,
  );
}

/** How a command opens the store: from its working directory and environment. */
export function storeOptions(io: CommandIO, create: boolean): OpenStoreOptions {
  return { cwd: io.cwd, env: io.env, create };
}

/** One line per handoff: id, time, the verdict it was archived with, status, task, writer, title. */
export function handoffLine(h: StoredHandoffSummary): string {
  const fields = [h.id, h.created_at, h.verdict ?? '-', h.status ?? '-', h.task ?? '-', h.from ?? '-'];
  return [...fields, h.title ?? '(untitled)'].join('  ');
}
