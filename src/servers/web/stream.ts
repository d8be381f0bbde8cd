/**
 * A run's new events as server-sent events: the store is asked every `pollMs` for events after
 * the last one sent; each batch goes out as one `events` message whose id is its last seq, so a
 * browser that reconnects continues where it stopped. It ends when the client goes away.
 */
import type { ServerResponse } from 'node:http';
import type { Store } from '../../store/types.js';

/** Streams run `runId`'s events after seq `after` to `res` until the client disconnects. */
export function streamRunEvents(
  store: Store,
  runId: string,
  after: number,
  res: ServerResponse,
  pollMs = 500,
): Promise<void> {
  let last = after;
  let closed = false;
  return new Promise((resolve) => {
    const stop = () => {
      closed = true;
      clearTimeout(timer);
      resolve();
    };
    res.on('close', stop);
    let timer: NodeJS.Timeout | undefined;
    const tick = async () => {
      try {
        const events = await store.listEvents(runId, { afterSeq: last, limit: 500 });
        if (closed) return;
        if (events.length > 0) {
          last = (events.at(-1) as { seq: number }).seq;
          res.write(`id: ${last}\nevent: events\ndata: ${JSON.stringify(events)}\n\n`);
        } else res.write(': idle\n\n');
      } catch {
        if (!closed) res.write('event: unavailable\ndata: {}\n\n');
      }
      if (!closed) timer = setTimeout(tick, pollMs);
    };
    res.write('retry: 2000\n\n');
    void tick();
  });
}
