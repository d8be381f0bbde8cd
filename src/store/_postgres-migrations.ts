/**
 * The PostgreSQL schema as numbered migrations, the twin of `_sqlite-migrations.ts`: the same
 * tables and columns, with a table of `tsvector`s and a GIN index in place of FTS5. Ids compare
 * byte by byte (`COLLATE "C"`) so that prefix ranges work in every database locale.
 */
import type { Migration } from './_sqlite-migrations.js';

/** Every PostgreSQL migration, oldest first. */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'handoffs, full-text index, run events and run summaries',
    sql: `
      CREATE TABLE baton_handoffs (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT COLLATE "C" NOT NULL UNIQUE,
        content_hash TEXT NOT NULL UNIQUE,
        format TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        archived_at TEXT NOT NULL,
        archived_ms BIGINT NOT NULL,
        from_agent TEXT,
        to_agent TEXT,
        task TEXT,
        status TEXT,
        title TEXT,
        repository TEXT,
        branch TEXT,
        head TEXT,
        parent TEXT,
        window_number INTEGER,
        source TEXT,
        bytes INTEGER NOT NULL
      );
      CREATE INDEX baton_handoffs_created ON baton_handoffs (created_ms DESC, id DESC);
      CREATE INDEX baton_handoffs_task ON baton_handoffs (task, created_ms DESC);
      CREATE INDEX baton_handoffs_repository ON baton_handoffs (repository, branch, created_ms DESC);
      -- The text lives apart so that lists, counts and filters read small rows.
      CREATE TABLE baton_handoff_texts (
        seq BIGINT PRIMARY KEY REFERENCES baton_handoffs (seq),
        text TEXT NOT NULL
      );
      -- The search vectors too, in narrow rows: a search reads many of them.
      CREATE TABLE baton_handoff_search (
        seq BIGINT PRIMARY KEY REFERENCES baton_handoffs (seq),
        search TSVECTOR NOT NULL
      );
      CREATE INDEX baton_handoff_search_search ON baton_handoff_search USING GIN (search);
      CREATE TABLE baton_run_events (
        run_id TEXT COLLATE "C" NOT NULL,
        seq INTEGER NOT NULL,
        time TEXT NOT NULL,
        time_ms BIGINT NOT NULL,
        event TEXT NOT NULL,
        task TEXT,
        stage TEXT,
        window_number INTEGER,
        data TEXT NOT NULL,
        digest TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
      );
      CREATE TABLE baton_runs (
        run_id TEXT COLLATE "C" PRIMARY KEY,
        status TEXT NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        title TEXT,
        data TEXT NOT NULL,
        updated_ms BIGINT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'A2A tasks (baton serve a2a)',
    sql: `
      CREATE TABLE baton_a2a_tasks (
        id TEXT COLLATE "C" PRIMARY KEY,
        context_id TEXT COLLATE "C" NOT NULL,
        state TEXT NOT NULL,
        sender TEXT,
        handoff_id TEXT,
        task TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL
      );
      CREATE INDEX baton_a2a_tasks_updated ON baton_a2a_tasks (updated_ms DESC, id);
      CREATE INDEX baton_a2a_tasks_context ON baton_a2a_tasks (context_id, updated_ms DESC);
    `,
  },
  {
    version: 3,
    name: "each run's event count and first and last event, kept as events are appended",
    sql: `
      CREATE TABLE baton_run_stats (
        run_id TEXT COLLATE "C" PRIMARY KEY,
        events INTEGER NOT NULL,
        first_seq INTEGER NOT NULL,
        first_time TEXT NOT NULL,
        last_seq INTEGER NOT NULL,
        last_time TEXT NOT NULL,
        last_ms BIGINT NOT NULL,
        last_event TEXT NOT NULL
      );
      -- Filled from the events already there; from now on kept by each append (src/store/_sql.ts).
      INSERT INTO baton_run_stats (run_id, events, first_seq, first_time, last_seq, last_time, last_ms, last_event)
        SELECT a.run_id, a.events, a.first_seq, fe.time, a.last_seq, le.time, le.time_ms, le.event
        FROM (SELECT run_id, count(*) AS events, min(seq) AS first_seq, max(seq) AS last_seq
              FROM baton_run_events GROUP BY run_id) a
        JOIN baton_run_events fe ON fe.run_id = a.run_id AND fe.seq = a.first_seq
        JOIN baton_run_events le ON le.run_id = a.run_id AND le.seq = a.last_seq;
    `,
  },
  {
    version: 4,
    name: 'a team in one store: who started each run, on which machine, and the run of each remote task',
    sql: `
      ALTER TABLE baton_runs ADD COLUMN started_by TEXT;
      ALTER TABLE baton_runs ADD COLUMN host TEXT;
      ALTER TABLE baton_a2a_tasks ADD COLUMN run_id TEXT COLLATE "C";
      CREATE INDEX baton_a2a_tasks_run ON baton_a2a_tasks (run_id, updated_ms DESC);
    `,
  },
  {
    version: 5,
    name: 'the verdict each handoff had when it was archived',
    sql: `
      -- Archive keeps evidence: a STALE or MISMATCH handoff is kept with that verdict. Handoffs
      -- archived before this have none (only VALID ones could be archived then).
      ALTER TABLE baton_handoffs ADD COLUMN verdict TEXT;
    `,
  },
];
