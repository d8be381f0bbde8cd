/**
 * The shared backend: a PostgreSQL database (`pg`, loaded only here) that baton processes on
 * many machines write at once. Search uses a weighted `tsvector` column with a GIN index;
 * migrations run under an advisory lock so that concurrent first opens apply each one once.
 */
import type { Pool, PoolClient } from 'pg';
import { UserError } from '../errors.js';
import { type Backend, type SqlExec, SqlStore } from './_core.js';
import { storeCorrupt, storeTooNew, storeUnavailable } from './_errors.js';
import { POSTGRES_MIGRATIONS } from './_postgres-migrations.js';
import { retryTransient } from './_retry.js';
import { missingParts, tablesOf } from './_schema.js';
import { type QueryTerm, searchDocument, tsQuery } from './_search.js';
import { filterConditions, limitClause, SEARCH_CANDIDATES, SUMMARY_SELECT } from './_sql.js';
import type { HandoffFilter, Store } from './types.js';

const RESTORE = 'restore the schema from a backup, or point BATON_STORE at another database or schema';

const INSERT_SEARCH_SQL = `INSERT INTO baton_handoff_search (seq, search)
  VALUES (?, setweight(to_tsvector('simple', ?), 'A') || setweight(to_tsvector('simple', ?), 'B'))`;

/** Opens (migrating as needed) the PostgreSQL store at `url`; `display` is the URL without its password. */
export async function openPostgresStore(url: string, display: string): Promise<Store> {
  const pg = await loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    connectionTimeoutMillis: 15_000,
    application_name: 'baton',
  });
  // An idle connection that breaks is reported by the next query that needs one, not here.
  pool.on('error', () => undefined);
  const backend = new PostgresBackend(pool, display);
  try {
    await backend.migrate();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw mapError(error, display);
  }
  return new SqlStore(backend);
}

/**
 * The `pg` driver, an optional peer dependency: only a postgres:// store needs it, so a SQLite user
 * never installs it. Missing, it is one line that names the package to install.
 */
async function loadPg(): Promise<typeof import('pg')> {
  try {
    const mod = (await import('pg')) as typeof import('pg') & { default?: typeof import('pg') };
    return mod.default ?? mod;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const missing = code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
    if (!missing || !/['"]pg['"]/.test((error as Error).message)) throw error;
    throw new UserError(
      'STORE_UNAVAILABLE',
      'a postgres:// store needs the npm package "pg", which is not installed',
      { cause: error, hint: 'install it beside baton (npm install pg), or use a SQLite store' },
    );
  }
}

class PostgresBackend implements Backend {
  constructor(
    private readonly pool: Pool,
    readonly location: string,
  ) {}

  write<T>(fn: (db: SqlExec) => Promise<T>): Promise<T> {
    return retryTransient(() => this.transaction(fn), isTransient, this.location);
  }

  async read<T>(fn: (db: SqlExec) => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await fn(execOn(client));
    } catch (error) {
      throw mapError(error, this.location);
    } finally {
      client.release();
    }
  }

  async insertText(db: SqlExec, seq: unknown, text: string, title: string): Promise<void> {
    await db.run('INSERT INTO baton_handoff_texts (seq, text) VALUES (?, ?)', [seq, text]);
    await db.run(INSERT_SEARCH_SQL, [seq, searchDocument(title), searchDocument(text)]);
  }

  async search(db: SqlExec, terms: QueryTerm[], filter: HandoffFilter): Promise<Record<string, unknown>[]> {
    const where = filterConditions(filter);
    const limit = limitClause(filter, 20);
    const query = tsQuery(terms);
    const join = where.sql ? ' JOIN baton_handoffs h ON h.seq = x.seq' : '';
    // The matches come from the GIN index (a bitmap), then only the newest candidates are ranked.
    // Left to itself the planner walks seq backwards testing every vector (or scans them all),
    // unpacking each one: cheap in its cost model, hundreds of milliseconds on a large store.
    await db.run('BEGIN');
    try {
      await db.run('SET LOCAL enable_seqscan = off');
      await db.run('SET LOCAL enable_indexscan = off');
      const rows = await db.all(
        `SELECT ${SUMMARY_SELECT}, t.text FROM (
            SELECT seq, ts_rank(search, to_tsquery('simple', ?)) AS score FROM (
              SELECT x.seq, x.search FROM baton_handoff_search x${join}
              WHERE x.search @@ to_tsquery('simple', ?)${where.sql}
              ORDER BY x.seq DESC LIMIT ${SEARCH_CANDIDATES}
            ) c ORDER BY score DESC, seq DESC${limit.sql}
          ) r JOIN baton_handoffs h ON h.seq = r.seq JOIN baton_handoff_texts t ON t.seq = r.seq
          ORDER BY r.score DESC, r.seq DESC`,
        [query, query, ...where.params, ...limit.params],
      );
      await db.run('COMMIT');
      return rows;
    } catch (error) {
      await db.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async checkDatabase(db: SqlExec): Promise<string[]> {
    const present = await columnsOf(db);
    const problems = ['baton_migrations', ...EXPECTED.keys()]
      .filter((t) => !present.has(t))
      .map((t) => `table ${t} is missing`);
    if (problems.length > 0) return problems;
    const [counts] = await db.all(`SELECT (SELECT count(*) FROM baton_handoffs) AS handoffs,
      (SELECT count(*) FROM baton_handoff_search WHERE search <> ''::tsvector) AS indexed`);
    if (Number(counts?.handoffs) !== Number(counts?.indexed)) {
      problems.push(`${counts?.handoffs} handoffs but ${counts?.indexed} in the search index`);
    }
    return problems;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** Applies the migrations this database lacks, one process at a time. */
  async migrate(): Promise<void> {
    const latest = POSTGRES_MIGRATIONS[POSTGRES_MIGRATIONS.length - 1]?.version ?? 0;
    const client = await this.connect();
    try {
      const version = async () => {
        const { rows } = await client.query(
          "SELECT CASE WHEN to_regclass('baton_migrations') IS NULL THEN 0 ELSE 1 END AS present",
        );
        if (!rows[0]?.present) return 0;
        return Number((await client.query('SELECT max(version) AS v FROM baton_migrations')).rows[0]?.v ?? 0);
      };
      const before = await version();
      if (before > latest) throw storeTooNew(this.location, before, latest);
      if (before === latest) {
        const missing = missingParts(EXPECTED, await columnsOf(execOn(client)));
        if (missing.length === 0) return;
        throw storeCorrupt(this.location, `part of its schema is missing (${missing.join(', ')})`, RESTORE);
      }
      await client.query('BEGIN');
      try {
        await client.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.baton_migrations'))");
        await client.query(`CREATE TABLE IF NOT EXISTS baton_migrations (
          version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
        const current = await version();
        if (current > latest) throw storeTooNew(this.location, current, latest);
        for (const m of POSTGRES_MIGRATIONS) {
          if (m.version <= current) continue;
          await client.query(m.sql);
          await client.query('INSERT INTO baton_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
            m.version,
            m.name,
            new Date().toISOString(),
          ]);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release();
    }
  }

  private async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw mapError(error, this.location);
    }
  }

  private async transaction<T>(fn: (db: SqlExec) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await fn(execOn(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw isTransient(error) ? error : mapError(error, this.location);
    } finally {
      client.release(broken);
    }
  }
}

/** Every table and column of the latest schema. */
const EXPECTED = tablesOf(POSTGRES_MIGRATIONS);

// The tables and columns there are, in the schema the connection uses.
async function columnsOf(db: SqlExec): Promise<Map<string, string[]>> {
  const rows = await db.all(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name LIKE 'baton\\_%' ORDER BY table_name, ordinal_position`,
  );
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const table = String(r.table_name);
    out.set(table, [...(out.get(table) ?? []), String(r.column_name)]);
  }
  return out;
}

const numbered = new Map<string, string>();

// The shared SQL uses `?`; PostgreSQL wants `$1, $2, …`.
function execOn(client: PoolClient): SqlExec {
  const text = (sql: string) => {
    let out = numbered.get(sql);
    if (out === undefined) {
      let n = 0;
      out = sql.replace(/\?/g, () => `$${++n}`);
      numbered.set(sql, out);
    }
    return out;
  };
  return {
    all: async (sql, params = []) => (await client.query(text(sql), params)).rows,
    run: async (sql, params = []) => (await client.query(text(sql), params)).rowCount ?? 0,
  };
}

function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '40001' || code === '40P01';
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
]);

// Connection and server-side refusals become one line naming the store; the rest are bugs.
function mapError(error: unknown, location: string): unknown {
  if (error instanceof UserError) return error;
  const code = (error as { code?: unknown }).code;
  const message = (error as Error)?.message ?? String(error);
  // undefined_table, undefined_column: a table or column dropped under baton.
  if (code === '42P01' || code === '42703') {
    return storeCorrupt(location, `part of its schema is missing (${message})`, RESTORE, error);
  }
  const unreachable =
    (typeof code === 'string' &&
      (UNREACHABLE.has(code) || /^(08|28|3D|53|57P)/.test(code) || code === '42501')) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(message);
  if (!unreachable) return error;
  return storeUnavailable(
    location,
    error,
    'check BATON_STORE (or "store" in .baton/config.json) and that the database server is up',
  );
}
