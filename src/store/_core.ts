/**
 * The `Store` contract implemented once over a small SQL interface: both backends run this same
 * code and differ only in how they execute statements, keep the full-text index and search it.
 */
import { createHash } from 'node:crypto';
import { UserError } from '../errors.js';
import {
  eventFromRow,
  eventRow,
  type HandoffRow,
  handoffRow,
  runFromRow,
  runRow,
  summaryFromRow,
} from './_records.js';
import { replayable } from './_retry.js';
import { parseQuery, type QueryTerm, snippetOf } from './_search.js';
import {
  COLLISION_SQL,
  COUNT_EVENT_SQL,
  countHandoffsQuery,
  EVENT_DIGEST_SQL,
  findHandoffQuery,
  GET_RUN_SQL,
  INSERT_EVENT_SQL,
  INSERT_HANDOFF_SQL,
  insertHandoffParams,
  LIST_EVENTS_SQL,
  listHandoffsQuery,
  listRunsQuery,
  MISCOUNTED_RUNS_SQL,
  ORPHANS_SQL,
  STATS_SQL,
  SUMMARY_BY_ID_SQL,
  TEXTS_AFTER_SQL,
  UPSERT_RUN_SQL,
} from './_sql.js';
import type {
  AppendResult,
  HandoffFilter,
  IntegrityReport,
  ListEventsOptions,
  PutHandoffInput,
  PutResult,
  RunInfo,
  RunSummary,
  SearchHit,
  Store,
  StoredHandoff,
  StoredHandoffSummary,
  StoredRunEvent,
  StoreStats,
} from './types.js';

/** Runs statements with `?` placeholders. */
export interface SqlExec {
  all(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs a statement and returns how many rows it changed. */
  run(sql: string, params?: unknown[]): Promise<number>;
}

/** What a backend supplies: transactions, its full-text index, and its own integrity check. */
export interface Backend {
  location: string;
  /** Runs `fn` in a write transaction; retries it (from the start) when it lost a race. */
  write<T>(fn: (db: SqlExec) => Promise<T>): Promise<T>;
  /** Runs `fn` for reading (on SQLite inside one read transaction, so it sees one snapshot). */
  read<T>(fn: (db: SqlExec) => Promise<T>): Promise<T>;
  /**
   * Stores the text of the handoff just inserted as `seq`, and indexes the words of its title and
   * text (`searchDocument`), now or before the next search.
   */
  insertText(db: SqlExec, seq: unknown, text: string, title: string): Promise<void>;
  /** Brings a search index that follows the archive in batches up to date (before a search). */
  indexArchived?(): Promise<void>;
  /**
   * Searches: rows of `SUMMARY_SELECT` and `t.text` of the best of the `SEARCH_CANDIDATES` most
   * recently archived matches, best first.
   */
  search(db: SqlExec, terms: QueryTerm[], filter: HandoffFilter): Promise<Record<string, unknown>[]>;
  /** Problems the database itself reports, plus a check that each handoff is in the index. */
  checkDatabase(db: SqlExec): Promise<string[]>;
  close(): Promise<void>;
}

/** A `Store` over a backend. */
export class SqlStore implements Store {
  readonly location: string;

  constructor(private readonly backend: Backend) {
    this.location = backend.location;
  }

  async putHandoff(input: PutHandoffInput): Promise<PutResult> {
    const [result] = await this.putHandoffs([input]);
    return result as PutResult;
  }

  async putHandoffs(inputs: Iterable<PutHandoffInput>): Promise<PutResult[]> {
    // A retried transaction starts again from the first item, so the items must be replayable.
    const items = replayable(inputs);
    return this.backend.write(async (db) => {
      const results: PutResult[] = [];
      for (const input of items) results.push(await this.putOne(db, handoffRow(input)));
      return results;
    });
  }

  private async putOne(db: SqlExec, row: HandoffRow): Promise<PutResult> {
    const [inserted] = await db.all(INSERT_HANDOFF_SQL, insertHandoffParams(row));
    if (inserted) {
      await this.backend.insertText(db, inserted.seq, row.text, row.title ?? '');
      const { text: _text, ...rest } = row;
      return { status: 'stored', handoff: summaryFromRow(rest as unknown as Record<string, unknown>) };
    }
    const existing = await db.all(COLLISION_SQL, [row.id, row.content_hash]);
    const same = existing.find((e) => e.id === row.id && e.content_hash === row.content_hash);
    if (same) {
      const [summary] = await db.all(SUMMARY_BY_ID_SQL, [row.id]);
      return { status: 'unchanged', handoff: summaryFromRow(summary as Record<string, unknown>) };
    }
    const other = existing[0];
    const why =
      other?.id === row.id
        ? `a different handoff with id ${row.id} is already archived (${String(other.content_hash)})`
        : `the same text is already archived under another id (${String(other?.id)})`;
    throw new UserError('STORE_CONFLICT', `${why}; archived handoffs are never replaced`);
  }

  async getHandoff(idOrPrefix: string): Promise<StoredHandoff | undefined> {
    if (typeof idOrPrefix !== 'string' || idOrPrefix === '') {
      throw new UserError('STORE_BAD_INPUT', 'give a handoff id or the start of one');
    }
    return this.backend.read(async (db) => {
      const q = findHandoffQuery(idOrPrefix);
      const rows = await db.all(q.sql, q.params);
      const first = rows[0];
      if (!first) return undefined;
      if (first.id !== idOrPrefix && rows.length > 1) {
        throw ambiguous(
          'handoff',
          idOrPrefix,
          rows.map((r) => String(r.id)),
        );
      }
      return { ...summaryFromRow(first), text: String(first.text) };
    });
  }

  async listHandoffs(filter: HandoffFilter = {}): Promise<StoredHandoffSummary[]> {
    const q = listHandoffsQuery(checkFilter(filter));
    return this.backend.read(async (db) => (await db.all(q.sql, q.params)).map(summaryFromRow));
  }

  async countHandoffs(filter: HandoffFilter = {}): Promise<number> {
    const q = countHandoffsQuery(checkFilter(filter));
    return this.backend.read(async (db) => Number((await db.all(q.sql, q.params))[0]?.n ?? 0));
  }

  async searchHandoffs(query: string, filter: HandoffFilter = {}): Promise<SearchHit[]> {
    const terms = parseQuery(typeof query === 'string' ? query : '');
    checkFilter(filter);
    await this.backend.indexArchived?.();
    return this.backend.read(async (db) =>
      (await this.backend.search(db, terms, filter)).map((row) => ({
        handoff: summaryFromRow(row),
        snippet: snippetOf(String(row.text), terms),
      })),
    );
  }

  async appendEvent(event: StoredRunEvent): Promise<AppendResult> {
    const row = eventRow(event);
    return this.backend.write(async (db) => {
      const params = [row.run_id, row.seq, row.time, row.time_ms, row.event, row.task, row.stage];
      if ((await db.run(INSERT_EVENT_SQL, [...params, row.window_number, row.data, row.digest])) === 1) {
        const at = [row.seq, row.time];
        await db.run(COUNT_EVENT_SQL, [row.run_id, ...at, ...at, row.time_ms, row.event]);
        return { status: 'appended' } as const;
      }
      const [existing] = await db.all(EVENT_DIGEST_SQL, [row.run_id, row.seq]);
      if (existing?.digest === row.digest) return { status: 'unchanged' } as const;
      throw new UserError(
        'STORE_CONFLICT',
        `run ${row.run_id} already has a different event at seq ${row.seq}; events are never replaced`,
      );
    });
  }

  async listEvents(runId: string, options: ListEventsOptions = {}): Promise<StoredRunEvent[]> {
    const params = [runId, options.afterSeq ?? 0, options.limit ?? Number.MAX_SAFE_INTEGER];
    return this.backend.read(async (db) => (await db.all(LIST_EVENTS_SQL, params)).map(eventFromRow));
  }

  async putRunSummary(summary: RunSummary): Promise<void> {
    const r = runRow(summary);
    await this.backend.write((db) =>
      db.run(UPSERT_RUN_SQL, [
        r.run_id,
        r.status,
        r.started_at,
        r.ended_at,
        r.title,
        r.started_by,
        r.host,
        r.data,
        r.updated_ms,
      ]),
    );
  }

  async getRunSummary(runId: string): Promise<RunSummary | undefined> {
    return this.backend.read(async (db) => {
      const [row] = await db.all(GET_RUN_SQL, [runId]);
      return row ? runFromRow(row) : undefined;
    });
  }

  async getRun(idOrPrefix: string): Promise<RunInfo | undefined> {
    return this.backend.read(async (db) => {
      const q = listRunsQuery({ prefix: idOrPrefix });
      const runs = (await db.all(q.sql, q.params)).map(runInfoFromRow);
      const exact = runs.find((r) => r.run_id === idOrPrefix);
      if (exact) return exact;
      if (runs.length > 1)
        throw ambiguous(
          'run',
          idOrPrefix,
          runs.map((r) => r.run_id),
        );
      return runs[0];
    });
  }

  async listRuns(options: { limit?: number } = {}): Promise<RunInfo[]> {
    const q = listRunsQuery(options.limit === undefined ? {} : { limit: checkCount(options.limit, 'limit') });
    return this.backend.read(async (db) => (await db.all(q.sql, q.params)).map(runInfoFromRow));
  }

  async stats(): Promise<StoreStats> {
    return this.backend.read(async (db) => {
      const [row] = await db.all(STATS_SQL);
      return {
        schemaVersion: Number(row?.version ?? 0),
        handoffs: Number(row?.handoffs ?? 0),
        runs: Number(row?.runs ?? 0),
        events: Number(row?.events ?? 0),
      };
    });
  }

  async checkIntegrity(): Promise<IntegrityReport> {
    return this.backend.read(async (db) => {
      const problems = await this.backend.checkDatabase(db);
      const [orphans] = await db.all(ORPHANS_SQL);
      if (Number(orphans?.textless) > 0) problems.push(`${orphans?.textless} handoffs have no text`);
      if (Number(orphans?.orphans) > 0) problems.push(`${orphans?.orphans} texts belong to no handoff`);
      const [miscounted] = await db.all(MISCOUNTED_RUNS_SQL);
      if (Number(miscounted?.n) > 0)
        problems.push(`${miscounted?.n} runs are counted wrong in baton_run_stats`);
      // The text of each handoff must still hash to the hash it was archived under.
      const PAGE = 500;
      for (let after = -1; ; ) {
        const rows = await db.all(TEXTS_AFTER_SQL, [after, PAGE]);
        for (const r of rows) {
          const hash = `sha256:${createHash('sha256').update(String(r.text)).digest('hex')}`;
          if (hash !== r.content_hash)
            problems.push(`handoff ${String(r.id)}: its text no longer matches its hash`);
        }
        if (rows.length < PAGE) break;
        after = Number(rows[rows.length - 1]?.seq);
      }
      return { ok: problems.length === 0, problems };
    });
  }

  close(): Promise<void> {
    return this.backend.close();
  }

  /** Runs `fn` in a transaction of this store's database: for tables other parts add by migration (A2A tasks). */
  transact<T>(mode: 'read' | 'write', fn: (db: SqlExec) => Promise<T>): Promise<T> {
    return mode === 'write' ? this.backend.write(fn) : this.backend.read(fn);
  }
}

function runInfoFromRow(row: Record<string, unknown>): RunInfo {
  const info: RunInfo = { run_id: String(row.run_id), events: Number(row.events ?? 0) };
  if (row.status !== null && row.status !== undefined) info.summary = runFromRow(row);
  if (row.first_event_at !== null && row.first_event_at !== undefined) {
    info.first_event_at = String(row.first_event_at);
  }
  if (row.last_event_at !== null && row.last_event_at !== undefined)
    info.last_event_at = String(row.last_event_at);
  if (row.last_event !== null && row.last_event !== undefined) info.last_event = String(row.last_event);
  return info;
}

function ambiguous(what: string, prefix: string, ids: string[]): UserError {
  const shown = ids.slice(0, 5).join(', ');
  return new UserError('STORE_AMBIGUOUS', `"${prefix}" is the start of several ${what} ids: ${shown}…`, {
    hint: 'give more of the id',
  });
}

function checkFilter(filter: HandoffFilter): HandoffFilter {
  if (filter.limit !== undefined) checkCount(filter.limit, 'limit');
  if (filter.offset !== undefined) checkCount(filter.offset, 'offset');
  for (const key of ['since', 'until'] as const) {
    const v = filter[key];
    if (v !== undefined && (!(v instanceof Date) || Number.isNaN(v.getTime()))) {
      throw new UserError('STORE_BAD_INPUT', `${key} must be a valid Date`);
    }
  }
  return filter;
}

function checkCount(n: number, what: string): number {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new UserError('STORE_BAD_INPUT', `${what} must be a whole number from 0 up`);
  }
  return n;
}
