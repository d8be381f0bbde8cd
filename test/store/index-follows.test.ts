/**
 * SQLite's search index follows the archive in batches (issue 23): a handoff's words are indexed
 * after the commit that archived it, not in it. Whatever the timing, a search finds every
 * handoff archived before it was asked — in this process, in another one that has not indexed yet,
 * and after a process stopped before it could — and the integrity check never calls the
 * not-yet-indexed tail damage.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/types.js';
import { handoffInput, idOf } from './_handoffs.js';
import { makeSqliteStore, type StoreFixture } from './_stores.js';

const WORKER = join(dirname(fileURLToPath(import.meta.url)), '_worker.mjs');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fresh(): Promise<{ fixture: StoreFixture; store: Store }> {
  const fixture = await makeSqliteStore();
  const store = await fixture.open();
  cleanups.push(
    () => fixture.cleanup(),
    () => store.close(),
  );
  return { fixture, store };
}

const indexed = async (fixture: StoreFixture) =>
  Number((await fixture.raw('SELECT count(*) AS n FROM baton_handoff_fts_docsize'))[0]?.n);

// The value once it is `want`, or the last one read after five seconds.
async function eventually(read: () => Promise<number>, want: number): Promise<number> {
  let value = await read();
  for (let i = 0; i < 100 && value !== want; i++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

const body = (word: string) => `The parser is done; ${word} is what the renderer still needs.`;

describe('the SQLite search index, brought up to date in batches', () => {
  it('finds a handoff the moment it is archived, before the index caught up on its own', async () => {
    const { fixture, store } = await fresh();
    await store.putHandoff(handoffInput({ id: idOf(1), body: body('zebrafish') }));
    // The commit holds the text; the words wait for the store to go quiet.
    expect(await indexed(fixture)).toBe(0);
    const hits = await store.searchHandoffs('zebrafish');
    expect(hits.map((h) => h.handoff.id)).toEqual([idOf(1)]);
    expect(await indexed(fixture)).toBe(1);
  });

  it('indexes on its own, without a search, a few handoffs or many', async () => {
    const { fixture, store } = await fresh();
    await store.putHandoff(handoffInput({ id: idOf(1), body: body('quietly') }));
    expect(await eventually(() => indexed(fixture), 1)).toBe(1);
    await store.putHandoffs(Array.from({ length: 620 }, (_, i) => handoffInput({ id: idOf(10 + i) })));
    // More than one page of the index update.
    expect(await eventually(() => indexed(fixture), 621)).toBe(621);
    expect((await store.checkIntegrity()).ok).toBe(true);
  });

  it('finds, from another connection, what this one archived and has not indexed yet', async () => {
    const { fixture, store } = await fresh();
    await store.putHandoffs([
      handoffInput({ id: idOf(1), body: body('marmalade') }),
      handoffInput({ id: idOf(2), title: 'marmalade jar', body: body('toast') }),
    ]);
    const other = await fixture.open();
    cleanups.push(() => other.close());
    const hits = await other.searchHandoffs('marmalade');
    expect(hits.map((h) => h.handoff.id).sort()).toEqual([idOf(1), idOf(2)]);
    // Both connections indexing the same tail is safe: each handoff is indexed once.
    expect((await store.searchHandoffs('toast')).map((h) => h.handoff.id)).toEqual([idOf(2)]);
    expect(await indexed(fixture)).toBe(2);
    expect((await store.checkIntegrity()).ok).toBe(true);
  });

  it('leaves nothing unindexed when the store is closed, whenever its own update began', async () => {
    // Closed before the quiet timer fires, as it fires, and after it started the update.
    for (const wait of [0, 20, 25, 27, 30, 40]) {
      const { fixture, store } = await fresh();
      await store.putHandoffs(Array.from({ length: 7 }, (_, i) => handoffInput({ id: idOf(i + 1) })));
      await new Promise((r) => setTimeout(r, wait));
      await store.close();
      expect(await indexed(fixture), `closed after ${wait} ms`).toBe(7);
    }
  });

  it('catches up after a process that stopped before it indexed, and calls that tail no damage', async () => {
    const { fixture } = await fresh();
    // Another program archives three handoffs and leaves at once, without closing the store.
    const r = spawnSync(process.execPath, [WORKER, fixture.url, 'put-and-leave', '7', '3'], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(await indexed(fixture)).toBe(0);
    const store = await fixture.open();
    cleanups.push(() => store.close());
    expect(await store.checkIntegrity()).toEqual({ ok: true, problems: [] });
    const hits = await store.searchHandoffs('"handoff 2 of worker 7"');
    expect(hits.map((h) => h.handoff.id)).toEqual(['W7-000002']);
    expect(await indexed(fixture)).toBe(3);
  });

  it('still reports an index that holds what is not archived', async () => {
    const { fixture, store } = await fresh();
    await store.putHandoffs(Array.from({ length: 3 }, (_, i) => handoffInput({ id: idOf(i + 1) })));
    await store.searchHandoffs('anything');
    await fixture.raw("INSERT INTO baton_handoff_fts (rowid, title, body) VALUES (-5, 'stray', 'words')");
    const report = await store.checkIntegrity();
    expect(report.ok).toBe(false);
    expect(report.problems).toContain('3 handoffs but 4 in the search index');
  });
});
