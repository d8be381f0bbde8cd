/**
 * Writes that arrive together (issue 23: fifty A2A senders at once): on SQLite they commit in one
 * transaction, each in a savepoint of its own. Each write's answer is its own, a failing one
 * changes nothing, and every write that resolved is there after the store is opened again. Both
 * backends run it: the contract is the same.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/types.js';
import { handoffInput, idOf } from './_handoffs.js';
import { announcePostgresSkip, BACKENDS, type StoreFixture } from './_stores.js';

announcePostgresSkip();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.available)(`a burst of writes: ${backend.name}`, () => {
    async function fresh(): Promise<{ fixture: StoreFixture; store: Store }> {
      const fixture = await backend.make();
      const store = await fixture.open();
      cleanups.push(
        () => fixture.cleanup(),
        () => store.close(),
      );
      return { fixture, store };
    }

    it('answers each write on its own: the conflicting one is refused, the others are stored', async () => {
      const { fixture, store } = await fresh();
      await store.putHandoff(handoffInput({ id: idOf(1) }));
      const other = handoffInput({ id: idOf(1), title: 'other bytes under a taken id' });
      const writes = [
        ...Array.from({ length: 30 }, (_, i) => store.putHandoff(handoffInput({ id: idOf(100 + i) }))),
        store.putHandoff(other),
        ...Array.from({ length: 20 }, (_, i) =>
          store.appendEvent({
            run_id: 'burst',
            seq: i + 1,
            time: '2026-12-01T00:00:00Z',
            event: 'dispatch',
            data: {},
          }),
        ),
        store.appendEvent({
          run_id: 'burst',
          seq: 1,
          time: '2026-12-01T00:00:00Z',
          event: 'other',
          data: {},
        }),
        // One call of two handoffs whose second is refused: neither is kept, the rest are.
        store.putHandoffs([handoffInput({ id: idOf(200) }), other]),
      ];
      const settled = await Promise.allSettled(writes);
      const refused = settled.flatMap((s, i) => (s.status === 'rejected' ? [i] : []));
      expect(refused).toEqual([30, 51, 52]);
      for (const i of refused)
        expect(String((settled[i] as PromiseRejectedResult).reason)).toMatch(/never replaced/);
      // Everything that resolved is durable: a new connection sees it, and nothing else.
      const again = await fixture.open();
      cleanups.push(() => again.close());
      expect(await again.countHandoffs()).toBe(31);
      expect(await again.getHandoff(idOf(200))).toBeUndefined();
      expect((await again.getHandoff(idOf(1)))?.title).not.toBe(other.handoff.title);
      expect((await again.getRun('burst'))?.events).toBe(20);
      expect((await again.checkIntegrity()).ok).toBe(true);
    });
  });
}
