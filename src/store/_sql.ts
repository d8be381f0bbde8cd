/**
 * The SQL both backends run, written once with `?` placeholders (the PostgreSQL backend numbers
 * them). Only search and the full-text index differ, and live in each backend.
 */
import { type HandoffRow, prefixEnd, SUMMARY_COLUMNS } from './_records.js';
import type { HandoffFilter } from './types.js';

/** A statement and its parameters. */
export interface Query {
  sql: string;
  params: unknown[];
}

/** The summary columns of a handoff, on the table aliased `h`. */
export const SUMMARY_SELECT = SUMMARY_COLUMNS.map((c) => `h.${c}`).join(', ');

const EQUAL_FILTERS: [keyof HandoffFilter, string][] = [
  ['repository', 'repository'],
  ['branch', 'branch'],
  ['task', 'task'],
  ['from', 'from_agent'],
  ['status', 'status'],
];

/** `AND …` conditions of a filter on the table aliased `h` (empty when it filters nothing). */
export function filterConditions(filter: HandoffFilter = {}): Query {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [key, column] of EQUAL_FILTERS) {
    const value = filter[key];
    if (typeof value === 'string') {
      parts.push(`h.${column} = ?`);
      params.push(value);
    }
  }
  if (filter.since) {
    parts.push('h.created_ms >= ?');
    params.push(filter.since.getTime());
  }
  if (filter.until) {
    parts.push('h.created_ms <= ?');
    params.push(filter.until.getTime());
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

/** `LIMIT ? OFFSET ?` for a filter, with `defaultLimit` when it sets none (no clause when neither is set). */
export function limitClause(filter: HandoffFilter = {}, defaultLimit?: number): Query {
  const limit = filter.limit ?? defaultLimit;
  if (limit === undefined && !filter.offset) return { sql: '', params: [] };
  return { sql: ' LIMIT ? OFFSET ?', params: [limit ?? Number.MAX_SAFE_INTEGER, filter.offset ?? 0] };
}

/** The columns of a handoff's row (its text goes to `baton_handoff_texts`). */
const HANDOFF_INSERT_COLUMNS = [...SUMMARY_COLUMNS, 'created_ms', 'archived_ms'] as const;

/** Inserts a handoff's row unless its id or content hash is there already; returns its `seq` when inserted. */
export const INSERT_HANDOFF_SQL = `INSERT INTO baton_handoffs (${HANDOFF_INSERT_COLUMNS.join(', ')})
  VALUES (${HANDOFF_INSERT_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING RETURNING seq`;

/** The parameters of `INSERT_HANDOFF_SQL` for a row. */
export function insertHandoffParams(row: HandoffRow): unknown[] {
  return HANDOFF_INSERT_COLUMNS.map((c) => row[c]);
}

/**
 * How many matches a search ranks: the most recently archived ones. A word found in most of a
 * large store would otherwise make every search rank all of them; below this many matches the
 * ranking is exact.
 */
export const SEARCH_CANDIDATES = 2000;

/** Handoffs matching a filter, newest first. */
export function listHandoffsQuery(filter: HandoffFilter = {}): Query {
  const where = filterConditions(filter);
  const limit = limitClause(filter);
  return {
    sql: `SELECT ${SUMMARY_SELECT} FROM baton_handoffs h WHERE 1 = 1${where.sql} ORDER BY h.created_ms DESC, h.id DESC${limit.sql}`,
    params: [...where.params, ...limit.params],
  };
}

/** How many handoffs match a filter. */
export function countHandoffsQuery(filter: HandoffFilter = {}): Query {
  const where = filterConditions(filter);
  return {
    sql: `SELECT count(*) AS n FROM baton_handoffs h WHERE 1 = 1${where.sql}`,
    params: where.params,
  };
}

/** A handoff by exact id, or up to two whose ids start with the prefix (two tell "ambiguous"). */
export function findHandoffQuery(idOrPrefix: string): Query {
  return {
    sql: `SELECT ${SUMMARY_SELECT}, t.text FROM baton_handoffs h JOIN baton_handoff_texts t ON t.seq = h.seq
          WHERE h.id >= ? AND h.id < ? ORDER BY (h.id = ?) DESC, h.id LIMIT 6`,
    params: [idOrPrefix, prefixEnd(idOrPrefix), idOrPrefix],
  };
}

/** The existing row that an insert collided with (by id or by content hash). */
export const COLLISION_SQL =
  'SELECT h.id, h.content_hash FROM baton_handoffs h WHERE h.id = ? OR h.content_hash = ?';

/** A handoff summary by exact id. */
export const SUMMARY_BY_ID_SQL = `SELECT ${SUMMARY_SELECT} FROM baton_handoffs h WHERE h.id = ?`;

/** The text of the handoffs in a window of seqs, with the hash each was archived under. */
export const TEXTS_AFTER_SQL = `SELECT t.seq, h.id, h.content_hash, t.text
  FROM baton_handoff_texts t JOIN baton_handoffs h ON h.seq = t.seq WHERE t.seq > ? ORDER BY t.seq LIMIT ?`;

/** Runs whose counted events (`baton_run_stats`) are not what their events say (must be 0). */
export const MISCOUNTED_RUNS_SQL = `SELECT
  (SELECT count(*) FROM
    (SELECT run_id, count(*) AS events, min(seq) AS first_seq, max(seq) AS last_seq
     FROM baton_run_events GROUP BY run_id) a
    LEFT JOIN baton_run_stats s ON s.run_id = a.run_id
    WHERE s.run_id IS NULL OR s.events <> a.events OR s.first_seq <> a.first_seq OR s.last_seq <> a.last_seq)
  + (SELECT count(*) FROM baton_run_stats s
     WHERE NOT EXISTS (SELECT 1 FROM baton_run_events e WHERE e.run_id = s.run_id)) AS n`;

/** Handoffs without text and texts without a handoff (both must be 0). */
export const ORPHANS_SQL = `SELECT
  (SELECT count(*) FROM baton_handoffs h WHERE NOT EXISTS (SELECT 1 FROM baton_handoff_texts t WHERE t.seq = h.seq)) AS textless,
  (SELECT count(*) FROM baton_handoff_texts t WHERE NOT EXISTS (SELECT 1 FROM baton_handoffs h WHERE h.seq = t.seq)) AS orphans`;

/** Appends an event unless its (run_id, seq) exists. */
export const INSERT_EVENT_SQL = `INSERT INTO baton_run_events
  (run_id, seq, time, time_ms, event, task, stage, window_number, data, digest)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`;

/**
 * Counts an appended event in its run's row of `baton_run_stats` (in the append's transaction):
 * one more event, and the first and last by seq, whatever order events come in.
 */
export const COUNT_EVENT_SQL = `INSERT INTO baton_run_stats AS s
  (run_id, events, first_seq, first_time, last_seq, last_time, last_ms, last_event)
  VALUES (?, 1, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (run_id) DO UPDATE SET events = s.events + 1,
    first_seq = CASE WHEN excluded.first_seq < s.first_seq THEN excluded.first_seq ELSE s.first_seq END,
    first_time = CASE WHEN excluded.first_seq < s.first_seq THEN excluded.first_time ELSE s.first_time END,
    last_seq = CASE WHEN excluded.last_seq > s.last_seq THEN excluded.last_seq ELSE s.last_seq END,
    last_time = CASE WHEN excluded.last_seq > s.last_seq THEN excluded.last_time ELSE s.last_time END,
    last_ms = CASE WHEN excluded.last_seq > s.last_seq THEN excluded.last_ms ELSE s.last_ms END,
    last_event = CASE WHEN excluded.last_seq > s.last_seq THEN excluded.last_event ELSE s.last_event END`;

/** The digest of the event already at (run_id, seq). */
export const EVENT_DIGEST_SQL = 'SELECT digest FROM baton_run_events WHERE run_id = ? AND seq = ?';

/** A run's events from a seq on, in order. */
export const LIST_EVENTS_SQL = `SELECT run_id, seq, time, event, task, stage, window_number, data
  FROM baton_run_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?`;

/** Puts a run summary, replacing the previous one. */
export const UPSERT_RUN_SQL = `INSERT INTO baton_runs
  (run_id, status, started_at, ended_at, title, started_by, host, data, updated_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (run_id) DO UPDATE SET status = excluded.status, started_at = excluded.started_at,
    ended_at = excluded.ended_at, title = excluded.title,
    started_by = COALESCE(excluded.started_by, baton_runs.started_by),
    host = COALESCE(excluded.host, baton_runs.host), data = excluded.data, updated_ms = excluded.updated_ms`;

/** A run summary by id. */
export const GET_RUN_SQL =
  'SELECT run_id, status, started_at, ended_at, title, started_by, host, data FROM baton_runs WHERE run_id = ?';

/**
 * Runs (by summary or events) with what their events add up to, read from `baton_run_stats`:
 * the time is the number of runs', never the number of events'. Optionally only ids in a prefix range.
 */
export function listRunsQuery(options: { prefix?: string; limit?: number } = {}): Query {
  const params: unknown[] = [];
  let where = '';
  if (options.prefix !== undefined) {
    where = 'WHERE ids.run_id >= ? AND ids.run_id < ?';
    params.push(options.prefix, prefixEnd(options.prefix));
  }
  let limit = '';
  if (options.limit !== undefined) {
    limit = ' LIMIT ?';
    params.push(options.limit);
  }
  return {
    sql: `SELECT ids.run_id, r.status, r.started_at, r.ended_at, r.title, r.started_by, r.host, r.data,
        s.events, s.first_time AS first_event_at, s.last_time AS last_event_at, s.last_event
      FROM (SELECT run_id FROM baton_runs UNION SELECT run_id FROM baton_run_stats) ids
      LEFT JOIN baton_runs r ON r.run_id = ids.run_id
      LEFT JOIN baton_run_stats s ON s.run_id = ids.run_id
      ${where}
      ORDER BY coalesce(s.last_ms, r.updated_ms) DESC, ids.run_id${limit}`,
    params,
  };
}

/** Counts over the whole store. */
export const STATS_SQL = `SELECT
  (SELECT count(*) FROM baton_handoffs) AS handoffs,
  (SELECT count(*) FROM (SELECT run_id FROM baton_runs UNION SELECT run_id FROM baton_run_stats) ids) AS runs,
  (SELECT count(*) FROM baton_run_events) AS events,
  (SELECT max(version) FROM baton_migrations) AS version`;
