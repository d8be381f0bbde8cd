/**
 * The store contract: every backend must pass every test here. SQLite always runs; PostgreSQL
 * runs when BATON_TEST_POSTGRES_URL names a server (.ci/run starts one), and says so when not.
 */

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBatonError } from '../../src/errors.js';
import { ulidTime } from '../../src/handoff/ulid.js';
import { SQLITE_MIGRATIONS } from '../../src/store/_sqlite-migrations.js';
import type { Store, StoredRunEvent } from '../../src/store/types.js';
import { handoffInput, idOf } from './_handoffs.js';

// The schema version a store is at once opened: the last migration's (the same on both backends).
const LATEST = SQLITE_MIGRATIONS.at(-1)?.version;

import { announcePostgresSkip, BACKENDS, type StoreFixture } from './_stores.js';

announcePostgresSkip();

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isBatonError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a baton error, got none');
}

function event(seq: number, extra: Partial<StoredRunEvent> = {}): StoredRunEvent {
  return {
    run_id: 'run-1',
    seq,
    time: `2026-11-30T01:00:${String(seq).padStart(2, '0')}Z`,
    event: 'task.started',
    data: { n: seq },
    ...extra,
  };
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`store contract: ${backend.name}`, () => {
    let fixture: StoreFixture;
    let store: Store;

    beforeEach(async () => {
      fixture = await backend.make();
      store = await fixture.open();
    });

    afterEach(async () => {
      await store.close();
      await fixture.cleanup();
    });

    describe('putting and getting handoffs', () => {
      it('stores a handoff and gives back its exact text and fields, by id and by id prefix', async () => {
        const input = handoffInput({ id: idOf(1), task: 'TASK-03', repository: 'acme/calc', branch: 'feat' });
        input.text = `\ufeff${input.text}Ünïcode café 漢字 🎉\n`;
        const put = await store.putHandoff({ ...input, source: '/work/.baton/handoff.md' });
        expect(put.status).toBe('stored');
        expect(put.handoff.content_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
        const got = await store.getHandoff(idOf(1));
        expect(got?.text).toBe(input.text);
        expect(got).toMatchObject({
          id: idOf(1),
          format: 'baton',
          created_at: '2026-11-30T01:00:00Z',
          from: 'builder',
          task: 'TASK-03',
          status: 'in-progress',
          title: 'Handoff',
          repository: 'acme/calc',
          branch: 'feat',
          head: 'a'.repeat(40),
          source: '/work/.baton/handoff.md',
          bytes: Buffer.byteLength(input.text),
          content_hash: put.handoff.content_hash,
        });
        expect((await store.getHandoff(idOf(1).slice(0, 20)))?.id).toBe(idOf(1));
        expect(await store.getHandoff('01ZZZ')).toBeUndefined();
      });

      it('keeps the verdict a handoff was archived with, and none for one archived without', async () => {
        await store.putHandoff({ ...handoffInput({ id: idOf(1) }), verdict: 'STALE' });
        await store.putHandoff(handoffInput({ id: idOf(2) }));
        expect((await store.getHandoff(idOf(1)))?.verdict).toBe('STALE');
        expect(await store.getHandoff(idOf(2))).not.toHaveProperty('verdict');
        const listed = await store.listHandoffs();
        expect(listed.find((h) => h.id === idOf(1))?.verdict).toBe('STALE');
        // Only a verdict's word is kept: anything else is not a verdict, so none is recorded.
        await store.putHandoff({ ...handoffInput({ id: idOf(3) }), verdict: 'stale; DROP TABLE x' });
        expect(await store.getHandoff(idOf(3))).not.toHaveProperty('verdict');
      });

      it('putting the same bytes twice is a no-op', async () => {
        const input = handoffInput({ id: idOf(1) });
        const first = await store.putHandoff(input);
        const again = await store.putHandoff(input);
        expect(again.status).toBe('unchanged');
        expect(again.handoff).toEqual(first.handoff);
        expect(await store.countHandoffs()).toBe(1);
      });

      it('different bytes under an id already stored are refused, and the stored one is kept', async () => {
        const input = handoffInput({ id: idOf(1), body: 'first' });
        await store.putHandoff(input);
        expect(await codeOf(store.putHandoff(handoffInput({ id: idOf(1), body: 'second' })))).toBe(
          'STORE_CONFLICT',
        );
        expect((await store.getHandoff(idOf(1)))?.text).toBe(input.text);
        expect(await store.countHandoffs()).toBe(1);
      });

      it('the same bytes under another id are refused (the content hash is unique)', async () => {
        const input = handoffInput({ id: idOf(1) });
        await store.putHandoff(input);
        const twin = { ...input, handoff: { ...input.handoff, id: idOf(2) } };
        expect(await codeOf(store.putHandoff(twin))).toBe('STORE_CONFLICT');
      });

      it('a handoff without an id (context-kit) gets a ULID from its time and bytes, stable on re-archive', async () => {
        const input = { ...handoffInput({ created_at: '2026-11-30T01:14:19Z' }), format: 'context-kit' };
        const first = await store.putHandoff(input);
        expect(first.handoff.id).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
        expect(new Date(ulidTime(first.handoff.id)).toISOString()).toBe('2026-11-30T01:14:19.000Z');
        const again = await store.putHandoff(input);
        expect(again).toMatchObject({ status: 'unchanged', handoff: { id: first.handoff.id } });
      });

      it('a prefix that starts several ids is refused as ambiguous; an exact id always wins', async () => {
        await store.putHandoffs([
          handoffInput({ id: 'AB1' }),
          handoffInput({ id: 'AB12' }),
          handoffInput({ id: 'AB2' }),
        ]);
        expect(await codeOf(store.getHandoff('AB'))).toBe('STORE_AMBIGUOUS');
        expect((await store.getHandoff('AB1'))?.id).toBe('AB1');
        expect((await store.getHandoff('AB2'))?.id).toBe('AB2');
      });

      it('a batch is one transaction: a conflict in it stores none of it', async () => {
        await store.putHandoff(handoffInput({ id: idOf(1), body: 'kept' }));
        const batch = [
          handoffInput({ id: idOf(2) }),
          handoffInput({ id: idOf(3) }),
          handoffInput({ id: idOf(1) }),
        ];
        expect(await codeOf(store.putHandoffs(batch))).toBe('STORE_CONFLICT');
        expect(await store.countHandoffs()).toBe(1);
        const results = await store.putHandoffs(batch.slice(0, 2));
        expect(results.map((r) => r.status)).toEqual(['stored', 'stored']);
      });

      it('input no backend could keep is refused before it reaches the database', async () => {
        expect(await codeOf(store.putHandoff({ text: '', format: 'baton', handoff: {} }))).toBe(
          'STORE_BAD_INPUT',
        );
        const spaced = handoffInput({ id: 'two words' });
        expect(await codeOf(store.putHandoff(spaced))).toBe('STORE_BAD_INPUT');
      });
    });

    describe('listing', () => {
      beforeEach(async () => {
        await store.putHandoffs([
          handoffInput({ id: idOf(1), created_at: '2026-11-01T10:00:00Z', task: 'T1', from: 'builder' }),
          handoffInput({
            id: idOf(2),
            created_at: '2026-11-02T10:00:00+02:00',
            task: 'T1',
            from: 'verifier',
          }),
          handoffInput({ id: idOf(3), created_at: '2026-11-03T10:00:00Z', task: 'T2', status: 'complete' }),
          handoffInput({
            id: idOf(4),
            created_at: '2026-11-04T10:00:00Z',
            repository: 'acme/web',
            branch: 'dev',
          }),
          handoffInput({
            id: idOf(5),
            created_at: '2026-11-04T10:00:00Z',
            repository: 'acme/calc',
            branch: 'dev',
          }),
        ]);
      });

      it('lists newest first (ties by id, newest id first)', async () => {
        const ids = (await store.listHandoffs()).map((h) => h.id);
        expect(ids).toEqual([idOf(5), idOf(4), idOf(3), idOf(2), idOf(1)]);
        expect((await store.listHandoffs())[0]).not.toHaveProperty('text');
      });

      it('filters by task, writer, status, repository and branch', async () => {
        const ids = async (f: object) => (await store.listHandoffs(f)).map((h) => h.id);
        expect(await ids({ task: 'T1' })).toEqual([idOf(2), idOf(1)]);
        expect(await ids({ task: 'T1', from: 'verifier' })).toEqual([idOf(2)]);
        expect(await ids({ status: 'complete' })).toEqual([idOf(3)]);
        expect(await ids({ repository: 'acme/calc' })).toEqual([idOf(5)]);
        expect(await ids({ branch: 'dev' })).toEqual([idOf(5), idOf(4)]);
        expect(await ids({ task: 'nope' })).toEqual([]);
      });

      it('filters by a time range, bounds included, offsets honoured', async () => {
        const ids = async (f: object) => (await store.listHandoffs(f)).map((h) => h.id);
        // 2026-11-02T10:00:00+02:00 is 08:00 UTC.
        expect(
          await ids({ since: new Date('2026-11-02T08:00:00Z'), until: new Date('2026-11-03T10:00:00Z') }),
        ).toEqual([idOf(3), idOf(2)]);
        expect(
          await ids({ since: new Date('2026-11-02T08:00:01Z'), until: new Date('2026-11-03T09:59:59Z') }),
        ).toEqual([]);
      });

      it('pages with limit and offset, and counts what a filter matches', async () => {
        expect((await store.listHandoffs({ limit: 2 })).map((h) => h.id)).toEqual([idOf(5), idOf(4)]);
        expect((await store.listHandoffs({ limit: 2, offset: 2 })).map((h) => h.id)).toEqual([
          idOf(3),
          idOf(2),
        ]);
        expect((await store.listHandoffs({ offset: 4 })).map((h) => h.id)).toEqual([idOf(1)]);
        expect(await store.countHandoffs()).toBe(5);
        expect(await store.countHandoffs({ task: 'T1', limit: 1 })).toBe(2);
        expect(await codeOf(store.listHandoffs({ limit: -1 }))).toBe('STORE_BAD_INPUT');
      });
    });

    describe('search', () => {
      beforeEach(async () => {
        await store.putHandoffs([
          handoffInput({
            id: idOf(1),
            title: 'Parser rewrite',
            task: 'T1',
            body: 'Rewrote src/formats/baton/parse.ts; the renderer is untouched.',
          }),
          handoffInput({
            id: idOf(2),
            title: 'Renderer',
            task: 'T2',
            body: 'The parser tests pass. Café au lait.',
          }),
          handoffInput({
            id: idOf(3),
            title: 'Docs',
            task: 'T2',
            body: 'Wrote the README about parsing errors.',
          }),
        ]);
      });

      const ids = async (q: string, f: object = {}) =>
        (await store.searchHandoffs(q, f)).map((h) => h.handoff.id);

      it('finds every handoff holding all the words, case and accents ignored', async () => {
        expect((await ids('PARSER')).sort()).toEqual([idOf(1), idOf(2)]);
        expect(await ids('parser lait')).toEqual([idOf(2)]);
        expect(await ids('CAFE')).toEqual([idOf(2)]);
        expect(await ids('nothing-like-this')).toEqual([]);
      });

      it('ranks a title match above a body match', async () => {
        expect(await ids('parser')).toEqual([idOf(1), idOf(2)]);
        expect(await ids('renderer')).toEqual([idOf(2), idOf(1)]);
      });

      it('supports "phrases", prefix* and -exclusion; punctuation splits words into a phrase', async () => {
        expect(await ids('"parser tests"')).toEqual([idOf(2)]);
        expect(await ids('"tests parser"')).toEqual([]);
        expect((await ids('pars*')).sort()).toEqual([idOf(1), idOf(2), idOf(3)]);
        expect(await ids('parser -cafe')).toEqual([idOf(1)]);
        expect(await ids('formats/baton')).toEqual([idOf(1)]);
        expect(await ids('baton/formats')).toEqual([]);
      });

      it('never passes query syntax through: operators and quotes are just text', async () => {
        for (const q of [
          'NEAR(parser',
          "parser' OR 1=1 --",
          'parser:* & !',
          'parser "unclosed',
          '{parser}',
          '^parser',
        ]) {
          expect(await ids(q)).toBeInstanceOf(Array);
        }
        expect((await ids('(parser)')).sort()).toEqual([idOf(1), idOf(2)]);
        expect((await ids('"parser"')).sort()).toEqual([idOf(1), idOf(2)]);
        // AND and OR are words to find, not operators: no handoff holds "or".
        expect(await ids('parser OR renderer')).toEqual([]);
        expect(await codeOf(store.searchHandoffs('-parser'))).toBe('STORE_QUERY');
        expect(await codeOf(store.searchHandoffs('  !!  '))).toBe('STORE_QUERY');
      });

      it('ranks the 2,000 most recently archived matches when more match', async () => {
        const many = Array.from({ length: 2001 }, (_, i) =>
          handoffInput({
            id: idOf(100 + i),
            title: i === 0 ? 'common common' : `Other ${i}`,
            body: 'common',
          }),
        );
        await store.putHandoffs(many);
        const found = await ids('common', { limit: 5000 });
        expect(found).toHaveLength(2000);
        expect(found).not.toContain(idOf(100));
        expect(await ids('common', { task: 'T2', limit: 5000 })).toEqual([]);
      });

      it('narrows by the list filters, limits, and quotes the matching line', async () => {
        expect(await ids('parser', { task: 'T2' })).toEqual([idOf(2)]);
        expect(await ids('pars*', { limit: 1 })).toHaveLength(1);
        const [hit] = await store.searchHandoffs('cafe');
        expect(hit?.snippet).toBe('The parser tests pass. Café au lait.');
        expect(hit?.handoff).toMatchObject({ id: idOf(2), task: 'T2', title: 'Renderer' });
      });
    });

    describe('run events and summaries', () => {
      it('appends events and lists them in seq order, with every field kept', async () => {
        await store.appendEvent(
          event(2, { task: 'T1', stage: 'builder', window: 2, data: { deep: { a: [1, 'x'] } } }),
        );
        await store.appendEvent(event(1));
        await store.appendEvent(event(1, { run_id: 'run-2' }));
        const events = await store.listEvents('run-1');
        expect(events).toEqual([
          event(1),
          event(2, { task: 'T1', stage: 'builder', window: 2, data: { deep: { a: [1, 'x'] } } }),
        ]);
        expect((await store.listEvents('run-1', { afterSeq: 1 })).map((e) => e.seq)).toEqual([2]);
        expect((await store.listEvents('run-1', { limit: 1 })).map((e) => e.seq)).toEqual([1]);
        expect(await store.listEvents('no-such-run')).toEqual([]);
      });

      it('a replayed append is a no-op; a different event at the same seq is a conflict', async () => {
        expect(await store.appendEvent(event(1, { data: { a: 1, b: 2 } }))).toEqual({ status: 'appended' });
        expect(await store.appendEvent(event(1, { data: { b: 2, a: 1 } }))).toEqual({ status: 'unchanged' });
        expect(await codeOf(store.appendEvent(event(1, { data: { a: 2, b: 2 } })))).toBe('STORE_CONFLICT');
        expect(await codeOf(store.appendEvent(event(1, { event: 'task.done' })))).toBe('STORE_CONFLICT');
        expect(await store.listEvents('run-1')).toHaveLength(1);
      });

      it('refuses malformed events', async () => {
        for (const bad of [
          event(0),
          event(1.5),
          event(1, { time: 'yesterday' }),
          event(1, { event: '' }),
          event(1, { run_id: '' }),
          event(1, { window: 0 }),
          event(1, { data: [] as unknown as Record<string, unknown> }),
        ]) {
          expect(await codeOf(store.appendEvent(bad))).toBe('STORE_BAD_INPUT');
        }
      });

      it('puts, replaces and gets run summaries', async () => {
        const summary = {
          run_id: 'run-1',
          status: 'running',
          started_at: '2026-11-30T01:00:00Z',
          data: { tasks: 3 },
        };
        await store.putRunSummary(summary);
        expect(await store.getRunSummary('run-1')).toEqual(summary);
        const done = {
          ...summary,
          status: 'done',
          ended_at: '2026-11-30T02:00:00Z',
          title: 'Calc',
          data: {},
        };
        await store.putRunSummary(done);
        expect(await store.getRunSummary('run-1')).toEqual(done);
        expect(await store.getRunSummary('run-9')).toBeUndefined();
        expect(await codeOf(store.putRunSummary({ ...summary, started_at: 'now' }))).toBe('STORE_BAD_INPUT');
      });

      it('lists runs known by events or by summary, most recently active first; finds one by prefix', async () => {
        await store.appendEvent(event(1, { run_id: 'alpha', time: '2026-11-30T01:00:00Z' }));
        await store.appendEvent(
          event(2, { run_id: 'alpha', time: '2026-11-30T03:00:00Z', event: 'run.done' }),
        );
        await store.appendEvent(event(1, { run_id: 'beta', time: '2026-11-30T02:00:00Z' }));
        const runs = await store.listRuns();
        expect(runs.map((r) => r.run_id)).toEqual(['alpha', 'beta']);
        expect(runs[0]).toEqual({
          run_id: 'alpha',
          events: 2,
          first_event_at: '2026-11-30T01:00:00Z',
          last_event_at: '2026-11-30T03:00:00Z',
          last_event: 'run.done',
        });
        await store.putRunSummary({
          run_id: 'gamma',
          status: 'running',
          started_at: '2026-11-30T04:00:00Z',
          data: {},
        });
        expect((await store.listRuns({ limit: 2 })).map((r) => r.run_id)).toContain('gamma');
        expect((await store.getRun('gam'))?.summary?.status).toBe('running');
        expect((await store.getRun('alpha'))?.events).toBe(2);
        expect(await store.getRun('zeta')).toBeUndefined();
        await store.appendEvent(event(1, { run_id: 'alphabet' }));
        expect(await codeOf(store.getRun('alp'))).toBe('STORE_AMBIGUOUS');
        expect((await store.getRun('alpha'))?.run_id).toBe('alpha');
      });
    });

    describe('migrations, stats and integrity', () => {
      it('is at the latest schema version on open, and reopening keeps everything', async () => {
        await store.putHandoff(handoffInput({ id: idOf(1) }));
        await store.appendEvent(event(1));
        expect(await store.stats()).toEqual({ schemaVersion: LATEST, handoffs: 1, runs: 1, events: 1 });
        const again = await fixture.open();
        try {
          expect(await again.stats()).toEqual({ schemaVersion: LATEST, handoffs: 1, runs: 1, events: 1 });
          expect(await fixture.raw('SELECT version FROM baton_migrations')).toHaveLength(
            SQLITE_MIGRATIONS.length,
          );
        } finally {
          await again.close();
        }
      });

      it('refuses a store written by a newer baton', async () => {
        await fixture.raw(
          "INSERT INTO baton_migrations (version, name, applied_at) VALUES (99, 'future', 'now')",
        );
        expect(await codeOf(fixture.open())).toBe('STORE_TOO_NEW');
      });

      it('passes its integrity check, and reports text that no longer matches its hash', async () => {
        await store.putHandoffs([handoffInput({ id: idOf(1) }), handoffInput({ id: idOf(2) })]);
        expect(await store.checkIntegrity()).toEqual({ ok: true, problems: [] });
        await fixture.raw(
          `UPDATE baton_handoff_texts SET text = 'tampered' WHERE seq = (SELECT seq FROM baton_handoffs WHERE id = '${idOf(2)}')`,
        );
        const report = await store.checkIntegrity();
        expect(report.ok).toBe(false);
        expect(report.problems).toEqual([`handoff ${idOf(2)}: its text no longer matches its hash`]);
      });
    });
  });
}
