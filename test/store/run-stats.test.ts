/**
 * The runs list in O(runs) (issue 23): each run's event count and first and last event are kept
 * in `baton_run_stats` as events are appended, and migration 3 fills them for a store made by
 * the old code. SQLite always; PostgreSQL when BATON_TEST_POSTGRES_URL names a server.
 */
import { copyFileSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS } from '../../src/store/_postgres-migrations.js';
import { eventRow } from '../../src/store/_records.js';
import { SQLITE_MIGRATIONS } from '../../src/store/_sqlite-migrations.js';
import { openStore } from '../../src/store/open.js';
import type { Store, StoredRunEvent } from '../../src/store/types.js';
import {
  announcePostgresSkip,
  BACKENDS,
  makePostgresStore,
  POSTGRES_URL,
  type StoreFixture,
} from './_stores.js';

announcePostgresSkip();

const LATEST = SQLITE_MIGRATIONS.at(-1)?.version;
const FIXTURE = new URL('../fixtures/store/v2-runs.db', import.meta.url).pathname;
// What the old code (main at 2bbc40e, schema version 2) listed for that store.
const OLD_LISTING = JSON.parse(readFileSync(FIXTURE.replace(/\.db$/, '.json'), 'utf8'));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const at = (s: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, s)).toISOString();
const event = (run_id: string, seq: number, event = 'dispatch'): StoredRunEvent => ({
  run_id,
  seq,
  time: at(seq),
  event,
  data: { n: seq },
});

async function opened(url: string): Promise<Store> {
  const store = await openStore({ url });
  cleanups.push(() => store.close());
  return store;
}

describe('a SQLite store made by the old code (schema version 2)', () => {
  it('is migrated to the latest version on open, and lists its runs exactly as the old code did', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'baton-v2-')));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    copyFileSync(FIXTURE, join(dir, 'baton.db'));
    const store = await opened(`sqlite:${join(dir, 'baton.db')}`);
    expect(await store.stats()).toEqual({ ...OLD_LISTING.stats, schemaVersion: LATEST });
    expect(await store.listRuns()).toEqual(OLD_LISTING.listRuns);
    expect(await store.getRun('01RUNFIN')).toEqual(OLD_LISTING.listRuns[2]);
    // From now on the counts follow each append.
    await store.appendEvent(event('01RUNGOING000000000000000', 4, 'run-finished'));
    const going = await store.getRun('01RUNGOING000000000000000');
    expect(going).toMatchObject({ events: 4, last_event: 'run-finished', last_event_at: at(4) });
    expect((await store.checkIntegrity()).ok).toBe(true);
  });
});

describe.skipIf(!POSTGRES_URL)('a PostgreSQL store made by the old code (schema version 2)', () => {
  it('is migrated to the latest version on open, with every run counted', async () => {
    const fixture = await makePostgresStore();
    cleanups.push(() => fixture.cleanup());
    // The released migrations 1 and 2 and the old append, as the old code ran them.
    const client = new pg.Client({ connectionString: fixture.url });
    await client.connect();
    cleanups.push(() => client.end());
    await client.query(
      'CREATE TABLE baton_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    for (const m of POSTGRES_MIGRATIONS.filter((m) => m.version <= 2)) {
      await client.query(m.sql);
      await client.query('INSERT INTO baton_migrations VALUES ($1, $2, $3)', [m.version, m.name, at(0)]);
    }
    for (const [run, seq] of [
      ['r-a', 2],
      ['r-a', 1],
      ['r-a', 3],
      ['r-b', 1],
    ] as const) {
      const r = eventRow(event(run, seq, seq === 3 ? 'run-finished' : 'dispatch'));
      await client.query(
        `INSERT INTO baton_run_events (run_id, seq, time, time_ms, event, task, stage, window_number, data, digest)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [r.run_id, r.seq, r.time, r.time_ms, r.event, r.task, r.stage, r.window_number, r.data, r.digest],
      );
    }
    const store = await opened(fixture.url);
    expect((await store.stats()).schemaVersion).toBe(LATEST);
    expect(await store.listRuns()).toEqual([
      { run_id: 'r-a', events: 3, first_event_at: at(1), last_event_at: at(3), last_event: 'run-finished' },
      { run_id: 'r-b', events: 1, first_event_at: at(1), last_event_at: at(1), last_event: 'dispatch' },
    ]);
    expect((await store.checkIntegrity()).ok).toBe(true);
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`runs counted as events are appended: ${backend.name}`, () => {
    async function fresh(): Promise<{ fixture: StoreFixture; store: Store }> {
      const fixture = await backend.make();
      cleanups.push(() => fixture.cleanup());
      return { fixture, store: await opened(fixture.url) };
    }

    it('counts events in any order once each: repeats and refused conflicts do not count', async () => {
      const { store } = await fresh();
      for (const seq of [3, 1, 4, 2]) await store.appendEvent(event('r1', seq, `e${seq}`));
      await store.appendEvent(event('r1', 2, 'e2'));
      await expect(store.appendEvent(event('r1', 2, 'other'))).rejects.toThrow(/never replaced/);
      expect(await store.getRun('r1')).toEqual({
        run_id: 'r1',
        events: 4,
        first_event_at: at(1),
        last_event_at: at(4),
        last_event: 'e4',
      });
      expect((await store.checkIntegrity()).ok).toBe(true);
    });

    it('answers the runs list from the runs rows, without reading a single event', async () => {
      const { fixture, store } = await fresh();
      for (let seq = 1; seq <= 50; seq++) await store.appendEvent(event('r1', seq));
      await store.appendEvent(event('r2', 1));
      const before = await store.listRuns();
      // Every event row gone, by hand, under the store: the list is what it was, and the
      // integrity check says the counts no longer match.
      await fixture.raw('DELETE FROM baton_run_events');
      expect(await store.listRuns()).toEqual(before);
      expect(before.map((r) => [r.run_id, r.events])).toEqual([
        ['r1', 50],
        ['r2', 1],
      ]);
      expect((await store.checkIntegrity()).problems).toContain(
        '2 runs are counted wrong in baton_run_stats',
      );
    });
  });
}
