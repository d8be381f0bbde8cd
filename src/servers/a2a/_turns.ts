/**
 * At most a few handoffs verified at once. Verifying one costs about 2 ms of CPU on the event
 * loop; with fifty senders all at once, every turn of the loop carried fifty of them, and new
 * connections were accepted and read only between those turns: the first requests of a burst
 * waited a second before the server saw them (docs/performance.md). Queued in arrival order
 * instead, the loop stays short and a burst is answered first come, first served.
 */

/** How many handoffs are verified at the same time; the rest wait their turn, in order. */
export const VERIFYING_AT_ONCE = 4;

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
