/**
 * Migration 4, on both backends: who started a run and on which machine, kept with its summary;
 * the run each remote builder's task worked for; and a store made by an older baton (version 2)
 * opening, migrating, and keeping what it had.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBatonError } from '../../src/errors.js';
import { POSTGRES_MIGRATIONS } from '../../src/store/_postgres-migrations.js';
import { SQLITE_MIGRATIONS } from '../../src/store/_sqlite-migrations.js';
import { listA2ATasks, putA2ATask } from '../../src/store/a2a-tasks.js';
import type { Store } from '../../src/store/types.js';
import { announcePostgresSkip, BACKENDS, type StoreFixture } from './_stores.js';

announcePostgresSkip();

const RUN = '01JDA0000000000000000000R1';

const summary = (extra: Record<string, unknown> = {}) => ({
  run_id: RUN,
  status: 'running',
  started_at: '2026-12-01T09:00:00Z',
  title: 'plan',
  data: {},
  ...extra,
});

const remote = (id: string, runId?: string) => ({
  id,
  contextId: 'c',
  state: 'TASK_STATE_COMPLETED',
  task: { id, metadata: { task: 'TASK-01', stage: 'builder' } },
  ...(runId ? { runId } : {}),
});

// Version 2 of the schema exactly as an older baton left it, with one run summary in it.
async function makeVersion2(fixture: StoreFixture, name: string): Promise<void> {
  const old = (name === 'sqlite' ? SQLITE_MIGRATIONS : POSTGRES_MIGRATIONS).filter((m) => m.version <= 2);
  const sql = [
    'CREATE TABLE baton_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL);',
    ...old.map((m) => m.sql),
    ...old.map((m) => `INSERT INTO baton_migrations VALUES (${m.version}, 'v${m.version}', 'then');`),
    `INSERT INTO baton_runs (run_id, status, started_at, ended_at, title, data, updated_ms)
       VALUES ('${RUN}', 'committed', '2026-11-01T00:00:00Z', NULL, 'old plan', '{"tasks":[]}', 1);`,
  ].join('\n');
  if (name === 'sqlite') {
    const db = new Database(fixture.url.slice('sqlite:'.length));
    db.exec(sql);
    db.close();
  } else {
    const client = new pg.Client({ connectionString: fixture.url });
    await client.connect();
    await client.query(sql);
    await client.end();
  }
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`a team’s runs on ${backend.name}`, () => {
    let fixture: StoreFixture;
    let store: Store | undefined;
    beforeEach(async () => {
      fixture = await backend.make();
    });
    afterEach(async () => {
      await store?.close();
      store = undefined;
      await fixture.cleanup();
    });

    it('keeps who started a run and where, also when a later summary does not say', async () => {
      store = await fixture.open();
      await store.putRunSummary(summary({ started_by: 'Ann Lee <ann@example.org>', host: 'build-1' }));
      await store.putRunSummary(summary({ status: 'committed', ended_at: '2026-12-01T09:05:00Z' }));
      const run = await store.getRun(RUN);
      expect(run?.summary).toMatchObject({
        status: 'committed',
        started_by: 'Ann Lee <ann@example.org>',
        host: 'build-1',
      });
      expect((await store.listRuns())[0]?.summary?.started_by).toBe('Ann Lee <ann@example.org>');
      const refused = await store.putRunSummary(summary({ started_by: 'two\nlines' })).catch((e) => e);
      expect(isBatonError(refused) && refused.code).toBe('STORE_BAD_INPUT');
    });

    it('lists the remote tasks of one run, keeping the run on a later save that does not name it', async () => {
      store = await fixture.open();
      await putA2ATask(store, remote('a', RUN));
      await putA2ATask(store, remote('b', 'OTHERRUN00000000000000000X'));
      await putA2ATask(store, remote('c'));
      await putA2ATask(store, { ...remote('a'), state: 'TASK_STATE_FAILED' });
      const { tasks, total } = await listA2ATasks(store, { runId: RUN });
      expect(total).toBe(1);
      expect(tasks.map((t) => [t.id, t.state, t.runId])).toEqual([['a', 'TASK_STATE_FAILED', RUN]]);
    });

    it('migrates a store an older baton made (version 2), keeping its runs', async () => {
      await makeVersion2(fixture, backend.name);
      store = await fixture.open();
      expect((await store.stats()).schemaVersion).toBe(SQLITE_MIGRATIONS.at(-1)?.version);
      const run = await store.getRun(RUN);
      expect(run?.summary).toMatchObject({ status: 'committed', title: 'old plan' });
      expect(run?.summary?.started_by).toBeUndefined();
      await store.putRunSummary(summary({ started_by: 'Bob <bob@example.org>' }));
      expect((await store.getRun(RUN))?.summary?.started_by).toBe('Bob <bob@example.org>');
    });
  });
}
