/**
 * Retrying a transaction that lost a race (SQLite busy, PostgreSQL deadlock or serialization
 * failure) so that several baton processes writing at once never show the user a busy error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { UserError } from '../errors.js';

/** How long a transaction keeps retrying before the store is reported as unavailable. */
const RETRY_FOR_MS = 60_000;

/** Runs `attempt` until it succeeds, retrying while `transient(error)` holds, for at most `RETRY_FOR_MS`. */
export async function retryTransient<T>(
  attempt: () => Promise<T> | T,
  transient: (error: unknown) => boolean,
  location: string,
): Promise<T> {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!transient(error)) throw error;
      if (Date.now() > deadline) {
        throw new UserError(
          'STORE_UNAVAILABLE',
          `the store at ${location} stayed busy for ${RETRY_FOR_MS / 1000} s: ${(error as Error).message}`,
          { cause: error, hint: 'another process holds it: try again when it is done' },
        );
      }
      // Random back-off, growing, so that processes that collided do not collide again in step.
      await sleep(Math.random() * Math.min(200, 5 * 2 ** Math.min(n, 6)));
    }
  }
}

/**
 * An iterable that can be iterated again after a retry: items already taken from the source are
 * replayed first, then the source goes on. The source is read lazily, once.
 */
export function replayable<T>(source: Iterable<T>): Iterable<T> {
  const seen: T[] = [];
  const it = source[Symbol.iterator]();
  let done = false;
  return {
    *[Symbol.iterator]() {
      yield* seen;
      while (!done) {
        const next = it.next();
        if (next.done) {
          done = true;
          return;
        }
        seen.push(next.value);
        yield next.value;
      }
    },
  };
}
