/**
 * Rows as both backends store them, built and read back by the same code so that the backends
 * cannot drift apart: what a handoff's row holds, how an event is fingerprinted for replays, and
 * how rows turn back into the types of the `Store` contract.
 */
import { createHash } from 'node:crypto';
import { UserError } from '../errors.js';
import { canonicalJson } from '../handoff/canonical-json.js';
import { isRfc3339, rfc3339ToMillis } from '../handoff/values.js';
import type { PutHandoffInput, RunSummary, StoredHandoffSummary, StoredRunEvent } from './types.js';

/** The columns of a handoff row (the text and search document included). */
export interface HandoffRow {
  id: string;
  content_hash: string;
  format: string;
  created_at: string;
  created_ms: number;
  archived_at: string;
  archived_ms: number;
  from_agent: string | null;
  to_agent: string | null;
  task: string | null;
  status: string | null;
  title: string | null;
  repository: string | null;
  branch: string | null;
  head: string | null;
  parent: string | null;
  window_number: number | null;
  source: string | null;
  verdict: string | null;
  bytes: number;
  text: string;
}

/** The columns every summary query selects, in order. */
export const SUMMARY_COLUMNS = [
  'id',
  'content_hash',
  'format',
  'created_at',
  'archived_at',
  'from_agent',
  'to_agent',
  'task',
  'status',
  'title',
  'repository',
  'branch',
  'head',
  'parent',
  'window_number',
  'source',
  'verdict',
  'bytes',
] as const;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAX_ID = 200;

/** Builds the row of a handoff to archive; throws STORE_BAD_INPUT for input no backend could keep. */
export function handoffRow(input: PutHandoffInput, now: Date = new Date()): HandoffRow {
  if (typeof input?.text !== 'string' || input.text === '') {
    throw new UserError('STORE_BAD_INPUT', 'a handoff to archive needs its text');
  }
  if (typeof input.format !== 'string' || input.format === '') {
    throw new UserError('STORE_BAD_INPUT', 'a handoff to archive needs its format name');
  }
  const h = input.handoff ?? {};
  const bytes = Buffer.from(input.text, 'utf8');
  const digest = createHash('sha256').update(bytes).digest();
  const archivedAt = now.toISOString();
  const createdAt = typeof h.created_at === 'string' && isRfc3339(h.created_at) ? h.created_at : archivedAt;
  const createdMs = rfc3339ToMillis(createdAt);
  let id = h.id;
  if (id === undefined) {
    id = derivedId(createdMs, digest);
  } else if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID || /[\s\p{C}]/u.test(id)) {
    throw new UserError('STORE_BAD_INPUT', 'a handoff id must be one word of at most 200 characters');
  }
  return {
    id,
    content_hash: `sha256:${digest.toString('hex')}`,
    format: input.format,
    created_at: createdAt,
    created_ms: createdMs,
    archived_at: archivedAt,
    archived_ms: now.getTime(),
    from_agent: h.from ?? null,
    to_agent: h.to ?? null,
    task: h.task ?? null,
    status: h.status ?? null,
    title: h.title ?? null,
    repository: h.provenance?.repository ?? null,
    branch: h.provenance?.branch ?? null,
    head: h.provenance?.head ?? null,
    parent: h.parent ?? null,
    window_number: typeof h.window === 'number' ? h.window : null,
    source: input.source ?? null,
    verdict: typeof input.verdict === 'string' && /^[A-Z]{1,20}$/.test(input.verdict) ? input.verdict : null,
    bytes: bytes.length,
    text: input.text,
  };
}

// A ULID for an artifact that carries no id (context-kit): its time, then 80 bits of its hash,
// so archiving the same bytes again finds the same id.
function derivedId(ms: number, digest: Buffer): string {
  let t = Math.min(Math.max(0, Math.floor(ms)), 2 ** 48 - 1);
  let time = '';
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let bits = 0n;
  for (let i = 0; i < 10; i++) bits = (bits << 8n) | BigInt(digest[i] ?? 0);
  let random = '';
  for (let i = 0; i < 16; i++) {
    random = CROCKFORD[Number(bits & 31n)] + random;
    bits >>= 5n;
  }
  return time + random;
}

/** A summary read back from a row (both backends select `SUMMARY_COLUMNS`). */
export function summaryFromRow(row: Record<string, unknown>): StoredHandoffSummary {
  const out: StoredHandoffSummary = {
    id: String(row.id),
    content_hash: String(row.content_hash),
    format: String(row.format),
    created_at: String(row.created_at),
    archived_at: String(row.archived_at),
    bytes: Number(row.bytes),
  };
  const optional: [keyof StoredHandoffSummary, string][] = [
    ['from', 'from_agent'],
    ['to', 'to_agent'],
    ['task', 'task'],
    ['status', 'status'],
    ['title', 'title'],
    ['repository', 'repository'],
    ['branch', 'branch'],
    ['head', 'head'],
    ['parent', 'parent'],
    ['source', 'source'],
    ['verdict', 'verdict'],
  ];
  for (const [key, column] of optional) {
    const value = row[column];
    if (value !== null && value !== undefined)
      (out as unknown as Record<string, unknown>)[key] = String(value);
  }
  if (row.window_number !== null && row.window_number !== undefined) out.window = Number(row.window_number);
  return out;
}

/** The columns of a run event row. */
export interface EventRow {
  run_id: string;
  seq: number;
  time: string;
  time_ms: number;
  event: string;
  task: string | null;
  stage: string | null;
  window_number: number | null;
  data: string;
  /** Fingerprint of everything but the key, to tell a replay from a conflict. */
  digest: string;
}

/** Checks a run event and builds its row; throws STORE_BAD_INPUT for a malformed one. */
export function eventRow(event: StoredRunEvent): EventRow {
  if (typeof event !== 'object' || event === null) throw badEvent('an event must be an object');
  checkRunId(event.run_id);
  if (!Number.isSafeInteger(event.seq) || event.seq < 1) throw badEvent('seq must be an integer from 1 up');
  if (typeof event.time !== 'string' || !isRfc3339(event.time)) {
    throw badEvent('time must be an RFC 3339 date-time with an offset');
  }
  if (typeof event.event !== 'string' || event.event.trim() === '') throw badEvent('event must be named');
  for (const key of ['task', 'stage'] as const) {
    const v = event[key];
    if (v !== undefined && (typeof v !== 'string' || v === '')) throw badEvent(`${key} must be a string`);
  }
  if (event.window !== undefined && (!Number.isSafeInteger(event.window) || event.window < 1)) {
    throw badEvent('window must be an integer from 1 up');
  }
  const data = jsonObject(event.data, 'data of an event');
  const row = {
    run_id: event.run_id,
    seq: event.seq,
    time: event.time,
    time_ms: rfc3339ToMillis(event.time),
    event: event.event,
    task: event.task ?? null,
    stage: event.stage ?? null,
    window_number: event.window ?? null,
    data,
  };
  const digest = createHash('sha256')
    .update(canonicalJson([row.time, row.event, row.task, row.stage, row.window_number, JSON.parse(data)]))
    .digest('hex');
  return { ...row, digest };
}

/** An event read back from a row. */
export function eventFromRow(row: Record<string, unknown>): StoredRunEvent {
  const out: StoredRunEvent = {
    run_id: String(row.run_id),
    seq: Number(row.seq),
    time: String(row.time),
    event: String(row.event),
    data: JSON.parse(String(row.data)) as Record<string, unknown>,
  };
  if (row.task !== null && row.task !== undefined) out.task = String(row.task);
  if (row.stage !== null && row.stage !== undefined) out.stage = String(row.stage);
  if (row.window_number !== null && row.window_number !== undefined) out.window = Number(row.window_number);
  return out;
}

/** The columns of a run summary row. */
export interface RunRow {
  run_id: string;
  status: string;
  started_at: string;
  ended_at: string | null;
  title: string | null;
  started_by: string | null;
  host: string | null;
  data: string;
  updated_ms: number;
}

/** Checks a run summary and builds its row. */
export function runRow(summary: RunSummary, now: Date = new Date()): RunRow {
  if (typeof summary !== 'object' || summary === null) throw badEvent('a run summary must be an object');
  checkRunId(summary.run_id);
  if (typeof summary.status !== 'string' || summary.status.trim() === '') {
    throw new UserError('STORE_BAD_INPUT', 'a run summary needs a status');
  }
  for (const key of ['started_at', 'ended_at'] as const) {
    const v = summary[key];
    if ((v !== undefined || key === 'started_at') && (typeof v !== 'string' || !isRfc3339(v))) {
      throw new UserError('STORE_BAD_INPUT', `${key} of a run summary must be an RFC 3339 date-time`);
    }
  }
  return {
    run_id: summary.run_id,
    status: summary.status,
    started_at: summary.started_at,
    ended_at: summary.ended_at ?? null,
    title: summary.title ?? null,
    started_by: optionalText(summary.started_by, 'started_by'),
    host: optionalText(summary.host, 'host'),
    data: jsonObject(summary.data, 'data of a run summary'),
    updated_ms: now.getTime(),
  };
}

/** A run summary read back from a row. */
export function runFromRow(row: Record<string, unknown>): RunSummary {
  const out: RunSummary = {
    run_id: String(row.run_id),
    status: String(row.status),
    started_at: String(row.started_at),
    data: JSON.parse(String(row.data)) as Record<string, unknown>,
  };
  if (row.ended_at !== null && row.ended_at !== undefined) out.ended_at = String(row.ended_at);
  if (row.title !== null && row.title !== undefined) out.title = String(row.title);
  if (row.started_by !== null && row.started_by !== undefined) out.started_by = String(row.started_by);
  if (row.host !== null && row.host !== undefined) out.host = String(row.host);
  return out;
}

// A short single line, or nothing: a name or host read from elsewhere, never a document.
function optionalText(value: unknown, what: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > 300 || /[\p{Cc}]/u.test(value)) {
    throw new UserError(
      'STORE_BAD_INPUT',
      `${what} of a run summary must be one line of at most 300 characters`,
    );
  }
  return value;
}

/**
 * The exclusive upper bound of the ids that start with `prefix` (in binary order), so a prefix
 * lookup is an index range on both backends.
 */
export function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

function checkRunId(runId: unknown): void {
  if (typeof runId !== 'string' || runId.length === 0 || runId.length > MAX_ID || /[\s\p{C}]/u.test(runId)) {
    throw badEvent('run_id must be one word of at most 200 characters');
  }
}

function jsonObject(value: unknown, what: string): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UserError('STORE_BAD_INPUT', `${what} must be a JSON object`);
  }
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new UserError('STORE_BAD_INPUT', `${what} cannot be stored as JSON: ${(error as Error).message}`);
  }
}

function badEvent(message: string): UserError {
  return new UserError('STORE_BAD_INPUT', `bad run event: ${message}`);
}
