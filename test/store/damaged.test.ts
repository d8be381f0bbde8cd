/**
 * A store with part of its schema dropped (issue 11 item 13): every command that reads it says
 * the store is damaged in one line and exits 1 (not 70 with a stack trace), and leaves it as it
 * is. SQLite always, PostgreSQL when BATON_TEST_POSTGRES_URL is set; the built CLI as real processes.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { baton, hasStackTrace } from '../e2e/_helpers.js';
import { handoffInput } from './_handoffs.js';
import { announcePostgresSkip, BACKENDS, type StoreFixture } from './_stores.js';

announcePostgresSkip();

const COMMANDS: string[][] = [
  ['search', 'Handoff'],
  ['log'],
  ['show', 'H1'],
  ['runs'],
  ['runs', 'show', 'run-1'],
];

// What to drop, per backend: tables (the search index, the events) and single columns.
const DAMAGE: Record<string, string[]> = {
  sqlite: [
    'DROP TABLE baton_handoff_fts',
    'DROP TABLE baton_run_events',
    'DROP TABLE baton_runs',
    'DROP TABLE baton_handoff_texts',
    'ALTER TABLE baton_runs DROP COLUMN title',
    'ALTER TABLE baton_run_events DROP COLUMN data',
  ],
  postgres: [
    'DROP TABLE baton_handoff_search',
    'DROP TABLE baton_run_events',
    'DROP TABLE baton_runs',
    'ALTER TABLE baton_runs DROP COLUMN title',
    'ALTER TABLE baton_run_events DROP COLUMN data',
    'ALTER TABLE baton_handoffs DROP COLUMN branch',
  ],
};

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`a damaged store: ${backend.name}`, () => {
    let fixture: StoreFixture;
    let cwd: string;
    beforeEach(async () => {
      fixture = await backend.make();
      cwd = realpathSync(mkdtempSync(join(tmpdir(), 'baton-damaged-')));
      const store = await fixture.open();
      try {
        await store.putHandoff(handoffInput({ id: 'H1', task: 'T-1', repository: 'acme/calc' }));
        await store.appendEvent({
          run_id: 'run-1',
          seq: 1,
          time: '2026-11-30T01:00:00Z',
          event: 'run.started',
          data: {},
        });
        await store.putRunSummary({
          run_id: 'run-1',
          status: 'done',
          started_at: '2026-11-30T01:00:00Z',
          data: {},
        });
      } finally {
        await store.close();
      }
    });
    afterEach(async () => {
      await fixture.cleanup();
      rmSync(cwd, { recursive: true, force: true });
    });

    it('answers every command before the damage', () => {
      for (const args of COMMANDS) {
        const r = baton(args, { cwd, env: { BATON_STORE: fixture.url } });
        expect({ args, status: r.status, stderr: r.stderr }).toEqual({ args, status: 0, stderr: '' });
      }
    });

    for (const damage of DAMAGE[backend.name] ?? []) {
      it(`${damage}: each command says the store is damaged, exit 1, no stack trace`, async () => {
        await fixture.raw(damage);
        for (const args of COMMANDS) {
          const r = baton(args, { cwd, env: { BATON_STORE: fixture.url } });
          expect(hasStackTrace(r.stderr), `${args.join(' ')}: ${r.stderr}`).toBe(false);
          expect({ args, status: r.status }).toEqual({ args, status: 1 });
          expect(r.errLines[0]).toMatch(
            /^baton: .* is not a usable baton store: part of its schema is missing \(/,
          );
          expect(r.errLines[1]).toMatch(/^hint: /);
        }
      });
    }
  });
}
