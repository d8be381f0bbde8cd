/**
 * Fresh stores for the contract and reliability suites: a new SQLite file in a temporary folder,
 * or a new schema in the PostgreSQL database named by BATON_TEST_POSTGRES_URL (which .ci/run
 * sets). Each also gives raw SQL access, to reach under the `Store` interface where a test must.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openStore } from '../../src/store/open.js';
import type { Store } from '../../src/store/types.js';

/** The PostgreSQL server the suite may use, or undefined on a laptop without one. */
export const POSTGRES_URL = process.env.BATON_TEST_POSTGRES_URL || undefined;

/** One fresh, empty store location. */
export interface StoreFixture {
  /** The store URL (`sqlite:/…` or `postgres://…`), as BATON_STORE would give it. */
  url: string;
  /** Opens the store (again: every call is a new connection). */
  open(): Promise<Store>;
  /** Runs SQL directly on the database, under the store. */
  raw(sql: string): Promise<Record<string, unknown>[]>;
  /** Removes the store. */
  cleanup(): Promise<void>;
}

/** Makes fresh stores of one backend. */
export type StoreMaker = () => Promise<StoreFixture>;

/** A new SQLite store file in its own temporary folder. */
export const makeSqliteStore: StoreMaker = async () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'baton-store-')));
  const path = join(dir, 'baton.db');
  const url = `sqlite:${path}`;
  return {
    url,
    open: () => openStore({ url }),
    raw: async (sql) => {
      const db = new Database(path);
      try {
        const stmt = db.prepare(sql);
        if (stmt.reader) return stmt.all() as Record<string, unknown>[];
        stmt.run();
        return [];
      } finally {
        db.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
};

let schemas = 0;

/** A new schema in the test database, with a URL whose search_path points at it. */
export const makePostgresStore: StoreMaker = async () => {
  if (!POSTGRES_URL) throw new Error('BATON_TEST_POSTGRES_URL is not set');
  const schema = `baton_t${process.pid}_${++schemas}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const u = new URL(POSTGRES_URL);
  // Commits do not wait for the WAL flush: these tests check concurrency and consistency (a server
  // that stays up), not durability across a power loss, and 4,000 commits take half the time.
  u.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off`);
  const url = u.href;
  const raw = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  return {
    url,
    open: () => openStore({ url }),
    raw,
    cleanup: async () => {
      await raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
};

/** The backends to run a suite against: SQLite always, PostgreSQL when a server is configured. */
export const BACKENDS: { name: string; make: StoreMaker; available: boolean }[] = [
  { name: 'sqlite', make: makeSqliteStore, available: true },
  { name: 'postgres', make: makePostgresStore, available: POSTGRES_URL !== undefined },
];

let warned = false;

/** Says once, out loud, that the PostgreSQL half is skipped (never a silent skip). */
export function announcePostgresSkip(): void {
  if (POSTGRES_URL || warned) return;
  warned = true;
  console.warn(
    'SKIPPED: the PostgreSQL half of the store suites, because BATON_TEST_POSTGRES_URL is not set ' +
      '(.ci/run starts PostgreSQL and sets it; set it to postgres://user:pass@127.0.0.1:5432/db to run it here)',
  );
}
