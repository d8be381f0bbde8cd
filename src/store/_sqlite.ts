/**
 * The embedded backend: one SQLite file (better-sqlite3, loaded only here), in WAL mode with a
 * busy timeout so that several baton processes can write it at once, FTS5 for search. A file
 * that is not a baton store is refused by name and never written to.
 *
 * The search index follows the archive in batches: a handoff's text is committed with it, and its
 * words are added to the index when the store has been quiet for a moment, when a hundred wait,
 * before any search (by any process: what is archived and not yet indexed is found from the
 * files, not from memory) and before the store closes. A burst of handoffs pays for one index
 * update, not one per commit.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { UserError } from '../errors.js';
import { type Backend, type SqlExec, SqlStore } from './_core.js';
import { isMissingSchema, storeCorrupt, storeTooNew, storeUnavailable } from './_errors.js';
import { retryTransient } from './_retry.js';
import { missingParts } from './_schema.js';
import { fts5Query, type QueryTerm, searchDocument } from './_search.js';
import { filterConditions, limitClause, SEARCH_CANDIDATES, SUMMARY_SELECT } from './_sql.js';
import { type Migration, SQLITE_MIGRATIONS } from './_sqlite-migrations.js';
import type { HandoffFilter, Store } from './types.js';

const MOVE_ASIDE = 'move the file aside (baton starts a new store), or point BATON_STORE elsewhere';
const RESTORE = `restore the file from a backup, or ${MOVE_ASIDE}`;

/** How long one statement waits for another process's lock before retrying. */
const BUSY_TIMEOUT_MS = 5_000;

/** The index is brought up to date after this long without a write, or once this many wait. */
const INDEX_QUIET_MS = 25;
const INDEX_WAITING = 100;
/** Handoffs indexed in one transaction. */
const INDEX_PAGE = 500;

// What is archived and not yet in the index: the handoffs after the last one indexed. Handoffs
// are only ever appended (seq grows; nothing is deleted), so the index is always a prefix.
const BEHIND_SQL = `SELECT h.seq, h.title, t.text FROM baton_handoffs h
  JOIN baton_handoff_texts t ON t.seq = h.seq
  WHERE h.seq > (SELECT coalesce(max(id), 0) FROM baton_handoff_fts_docsize)
  ORDER BY h.seq LIMIT ${INDEX_PAGE}`;
const IS_BEHIND_SQL = `SELECT (SELECT coalesce(max(seq), 0) FROM baton_handoffs) >
  (SELECT coalesce(max(id), 0) FROM baton_handoff_fts_docsize) AS behind`;

/** Options of `openSqliteStore`. */
export interface SqliteOpenOptions {
  /** Create the file when it does not exist (default true); false reads a missing store as empty. */
  create?: boolean;
}

/** Opens (creating and migrating as needed) the SQLite store at `path`. */
export async function openSqliteStore(path: string, options: SqliteOpenOptions = {}): Promise<Store> {
  const Database = (await import('better-sqlite3')).default;
  let db: BetterSqlite3.Database;
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) {
      throw new UserError('STORE_UNAVAILABLE', `the store path ${path} is a folder, not a database file`);
    }
    db = connect(Database, path);
  } else if (options.create === false) {
    // Nothing archived yet: answer from an empty store rather than create a file to read nothing.
    db = new Database(':memory:');
  } else {
    try {
      mkdirSync(dirname(path), { recursive: true });
    } catch (error) {
      throw storeUnavailable(path, error);
    }
    db = connect(Database, path);
  }
  try {
    await prepare(db, path);
  } catch (error) {
    db.close();
    throw mapError(error, path);
  }
  return new SqlStore(new SqliteBackend(db, path));
}

function connect(Database: typeof BetterSqlite3, path: string): BetterSqlite3.Database {
  try {
    return new Database(path, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw mapError(error, path);
  }
}

// Reads before it writes: a file that is not a database is refused before anything touches it.
async function prepare(db: BetterSqlite3.Database, path: string): Promise<void> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").pluck().all();
  if (tables.length > 0 && !tables.includes('baton_migrations')) {
    throw new UserError(
      'STORE_CORRUPT',
      `${path} is a SQLite database but not a baton store (it has other tables); it was left as it is`,
      { hint: 'point BATON_STORE at another file, e.g. BATON_STORE=sqlite:.baton/baton.db' },
    );
  }
  if (path !== ':memory:' && db.name !== ':memory:') {
    await retryTransient(() => db.pragma('journal_mode = WAL'), isBusy, path);
    db.pragma('synchronous = NORMAL');
  }
  const current = tables.includes('baton_migrations') ? versionOf(db) : 0;
  const latest = SQLITE_MIGRATIONS[SQLITE_MIGRATIONS.length - 1]?.version ?? 0;
  if (current > latest) throw storeTooNew(path, current, latest);
  if (current < latest) await retryTransient(() => migrate(db, path, SQLITE_MIGRATIONS), isBusy, path);
  checkSchema(db, path);
}

let expected: Map<string, string[]> | undefined;

// Every table and column the migrations make, read from a fresh in-memory store (made once).
function expectedSchema(db: BetterSqlite3.Database): Map<string, string[]> {
  if (expected) return expected;
  const Database = db.constructor as typeof BetterSqlite3;
  const fresh = new Database(':memory:');
  try {
    for (const m of SQLITE_MIGRATIONS) fresh.exec(m.sql);
    expected = schemaOf(fresh);
  } finally {
    fresh.close();
  }
  return expected;
}

function schemaOf(db: BetterSqlite3.Database): Map<string, string[]> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  const out = new Map<string, string[]>();
  for (const t of tables) {
    out.set(t, db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(t) as string[]);
  }
  return out;
}

// A store at the latest version must have every table and column of that version.
function checkSchema(db: BetterSqlite3.Database, path: string): void {
  if (db.name === ':memory:') return;
  const missing = missingParts(expectedSchema(db), schemaOf(db));
  if (missing.length > 0)
    throw storeCorrupt(path, `part of its schema is missing (${missing.join(', ')})`, RESTORE);
}

function migrate(db: BetterSqlite3.Database, path: string, migrations: readonly Migration[]): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS baton_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    // Another process may have migrated while this one waited for the lock.
    const current = versionOf(db);
    const latest = migrations[migrations.length - 1]?.version ?? 0;
    if (current > latest) throw storeTooNew(path, current, latest);
    const record = db.prepare('INSERT INTO baton_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const m of migrations) {
      if (m.version <= current) continue;
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

function versionOf(db: BetterSqlite3.Database): number {
  return Number(db.prepare('SELECT max(version) FROM baton_migrations').pluck().get() ?? 0);
}

// A write waiting in a batch, and how to answer it.
interface BatchItem {
  fn: (db: SqlExec) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

class SqliteBackend implements Backend {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  // One connection serves every call of this store, one transaction at a time.
  private queue: Promise<unknown> = Promise.resolve();
  // The writes waiting for their turn, committed together when it comes.
  private batch: BatchItem[] | undefined;
  private readonly exec: SqlExec;
  // Handoffs this process archived since the index was last brought up to date, and the timer
  // that brings it up to date when the store goes quiet.
  private unindexed = 0;
  private indexTimer: NodeJS.Timeout | undefined;
  // The update the timer (or a hundred waiting) started, which close waits for.
  private indexing: Promise<void> | undefined;

  constructor(
    private readonly db: BetterSqlite3.Database,
    readonly location: string,
  ) {
    this.exec = {
      all: async (sql, params = []) => {
        const stmt = this.statement(sql);
        if (stmt.reader) return stmt.all(...params) as Record<string, unknown>[];
        stmt.run(...params);
        return [];
      },
      run: async (sql, params = []) => this.statement(sql).run(...params).changes,
    };
  }

  /**
   * Writes that come in while the store is busy, or in the same turn of the event loop, wait in one
   * batch and commit together, each in a savepoint of its own: one that fails is rolled back alone and rejects alone, and each is
   * durable when it resolves, as before. A burst of handoffs (fifty A2A senders at once) pays for
   * one commit per batch, not one per write.
   */
  write<T>(fn: (db: SqlExec) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const item = { fn, resolve, reject } as BatchItem;
      if (this.batch) {
        this.batch.push(item);
        return;
      }
      const batch: BatchItem[] = [item];
      this.batch = batch;
      // The batch takes its place in line now; it waits one turn of the event loop before it
      // runs, so that the writes of requests read in the same turn join it.
      void this.serialised(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        this.batch = undefined;
        await this.commitBatch(batch);
        this.indexSoon();
      });
    });
  }

  read<T>(fn: (db: SqlExec) => Promise<T>): Promise<T> {
    return this.serialised(() => retryTransient(() => this.transaction('BEGIN', fn), isBusy, this.location));
  }

  // The words are indexed later, from the committed text (see the top of this file).
  async insertText(db: SqlExec, seq: unknown, text: string): Promise<void> {
    await db.run('INSERT INTO baton_handoff_texts (seq, text) VALUES (?, ?)', [seq, text]);
    this.unindexed++;
  }

  /** Adds to the search index every archived handoff it does not hold yet (any process's). */
  async indexArchived(): Promise<void> {
    this.unindexed = 0;
    clearTimeout(this.indexTimer);
    this.indexTimer = undefined;
    const [row] = await this.read((db) => db.all(IS_BEHIND_SQL));
    if (!row?.behind) return;
    // A write like any other: it joins the writes waiting, and runs again if it lost the file.
    for (let added = INDEX_PAGE; added === INDEX_PAGE; ) added = await this.write((db) => this.indexPage(db));
  }

  private async indexPage(db: SqlExec): Promise<number> {
    const rows = await db.all(BEHIND_SQL);
    for (const r of rows) {
      const title = searchDocument(typeof r.title === 'string' ? r.title : '');
      await db.run('INSERT INTO baton_handoff_fts (rowid, title, body) VALUES (?, ?, ?)', [
        r.seq,
        title,
        searchDocument(String(r.text)),
      ]);
    }
    return rows.length;
  }

  // After a commit that archived handoffs: index now when many wait, else once writes pause.
  private indexSoon(): void {
    if (this.unindexed === 0) return;
    clearTimeout(this.indexTimer);
    const later = () => {
      this.indexing = this.indexArchived().catch(() => undefined);
    };
    if (this.unindexed >= INDEX_WAITING) {
      later();
      return;
    }
    this.indexTimer = setTimeout(later, INDEX_QUIET_MS);
    this.indexTimer.unref();
  }

  search(db: SqlExec, terms: QueryTerm[], filter: HandoffFilter): Promise<Record<string, unknown>[]> {
    const where = filterConditions(filter);
    const limit = limitClause(filter, 20);
    // FTS5 walks the matches newest first and scores only the candidates; filters join the small
    // handoff rows (CROSS JOIN keeps FTS5 as the outer loop); text is read for the results only.
    const join = where.sql ? ' CROSS JOIN baton_handoffs h' : '';
    const on = where.sql ? ' AND h.seq = baton_handoff_fts.rowid' : '';
    return db.all(
      `SELECT ${SUMMARY_SELECT}, t.text FROM (
          SELECT seq, score FROM (
            SELECT baton_handoff_fts.rowid AS seq, bm25(baton_handoff_fts, 4.0, 1.0) AS score
            FROM baton_handoff_fts${join}
            WHERE baton_handoff_fts MATCH ?${on}${where.sql}
            ORDER BY baton_handoff_fts.rowid DESC LIMIT ${SEARCH_CANDIDATES}
          ) ORDER BY score, seq DESC${limit.sql}
        ) r JOIN baton_handoffs h ON h.seq = r.seq JOIN baton_handoff_texts t ON t.seq = r.seq
        ORDER BY r.score, r.seq DESC`,
      [fts5Query(terms), ...where.params, ...limit.params],
    );
  }

  async checkDatabase(db: SqlExec): Promise<string[]> {
    const problems = (await db.all('PRAGMA integrity_check'))
      .map((r) => String(Object.values(r)[0]))
      .filter((line) => line !== 'ok');
    // The index holds every handoff up to the last it holds; the ones after it wait for the next
    // update (a process stopped before it ran), which is not damage.
    const [counts] = await db.all(`SELECT (SELECT count(*) FROM baton_handoff_fts_docsize) AS indexed,
      (SELECT count(*) FROM baton_handoffs
        WHERE seq <= (SELECT coalesce(max(id), 0) FROM baton_handoff_fts_docsize)) AS handoffs`);
    if (Number(counts?.handoffs) !== Number(counts?.indexed)) {
      problems.push(`${counts?.handoffs} handoffs but ${counts?.indexed} in the search index`);
    }
    return problems;
  }

  async close(): Promise<void> {
    await this.indexing;
    await this.queue.catch(() => undefined);
    if (this.db.open && this.unindexed > 0) await this.indexArchived().catch(() => undefined);
    clearTimeout(this.indexTimer);
    if (this.db.open) this.db.close();
  }

  private statement(sql: string): BetterSqlite3.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  private async transaction<T>(begin: string, fn: (db: SqlExec) => Promise<T>): Promise<T> {
    this.control(begin);
    try {
      const result = await fn(this.exec);
      this.control('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.control('ROLLBACK');
      throw mapError(error, this.location);
    }
  }

  // One transaction for the batch, a savepoint for each write; the whole batch again from the
  // start when it lost the file lock to another process (each write can run again).
  private async commitBatch(batch: BatchItem[]): Promise<void> {
    let outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await retryTransient(
        async () => {
          outcomes = [];
          this.control('BEGIN IMMEDIATE');
          try {
            for (const item of batch) outcomes.push(await this.inSavepoint(item.fn));
            this.control('COMMIT');
          } catch (error) {
            if (this.db.inTransaction) this.control('ROLLBACK');
            throw error;
          }
        },
        isBusy,
        this.location,
      );
    } catch (error) {
      for (const item of batch) item.reject(mapError(error, this.location));
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(mapError(outcome?.error, this.location));
    });
  }

  private async inSavepoint(fn: (db: SqlExec) => Promise<unknown>) {
    this.control('SAVEPOINT baton_write');
    try {
      const value = await fn(this.exec);
      this.control('RELEASE baton_write');
      return { ok: true as const, value };
    } catch (error) {
      // Lost a race for the file: the whole batch runs again.
      if (isBusy(error)) throw error;
      this.control('ROLLBACK TO baton_write');
      this.control('RELEASE baton_write');
      return { ok: false as const, error };
    }
  }

  // BEGIN, COMMIT, SAVEPOINT…: prepared once, like every other statement (exec parses each time).
  private control(sql: string): void {
    this.statement(sql).run();
  }

  private serialised<T>(op: () => Promise<T>): Promise<T> {
    const next = this.queue.then(op, op);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

// SQLite's own errors about the file become one clear line that names it; the rest are bugs.
function mapError(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_') || isBusy(error)) return error;
  const message = (error as Error).message;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
    return storeCorrupt(path, message, MOVE_ASIDE, error);
  // A table or column dropped under baton (by hand, or by another tool): damaged, not a bug.
  if (code === 'SQLITE_ERROR' && isMissingSchema(message)) {
    return storeCorrupt(path, `part of its schema is missing (${message})`, RESTORE, error);
  }
  if (/^SQLITE_(CANTOPEN|IOERR|FULL|READONLY|PERM|AUTH)/.test(code)) return storeUnavailable(path, error);
  return error;
}
