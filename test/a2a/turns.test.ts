/** The A2A server's queue of verifications: at most a few at once, first come, first served. */
import { describe, expect, it } from 'vitest';
import { turns, VERIFYING_AT_ONCE } from '../../src/servers/a2a/_turns.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('turns', () => {
  it('runs at most its width at once and starts the rest in the order they came', async () => {
    const inTurn = turns();
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTurn(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(VERIFYING_AT_ONCE);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('gives the turn on when a function fails, and passes its failure and results through', async () => {
    const inTurn = turns(1);
    const failed = inTurn(async () => {
      await tick();
      throw new Error('no');
    });
    const next = inTurn(async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });
});
