/**
 * At most a few handoffs verified at once. With fifty senders all at once, every turn of the
 * event loop carried fifty verifications, and new connections were accepted and read only between
 * those turns: the first requests of a burst waited a second before the server saw them
 * (docs/performance.md). Queued in arrival order instead, the loop stays short and a burst is
 * answered first come, first served. Eight, not four, since a verification costs a third of what
 * it did when four was chosen: the writes of eight handoffs share one commit, which saves a
 * sixth of the server's CPU a handoff, and the first burst's tail stays under a tenth of a second.
 */

/** How many handoffs are verified at the same time; the rest wait their turn, in order. */
export const VERIFYING_AT_ONCE = 8;

/** A queue that runs at most `width` of the functions given to it at a time, in the order given. */
export function turns(width: number = VERIFYING_AT_ONCE): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    if (running >= width) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
