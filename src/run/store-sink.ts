/**
 * The run's events, into the store as they happen. The JSONL log in the run folder stays the
 * record the engine trusts (it is fsynced before every step); the store gets each event right
 * after, in order. A store that fails mid-run does not stop the run: the failure is reported
 * once, and `--resume` replays the log into the store (appends are idempotent by run and seq).
 */
import type { Store, StoredRunEvent } from '../store/types.js';
import type { RunEvent } from './events.js';
import type { RunSummary } from './summary.js';

/** Feeds events to a store; `flush()` waits until every event handed to it is stored. */
export interface StoreSink {
  add(event: RunEvent): void;
  flush(): Promise<void>;
  /** Stores the run's summary, after the events handed over before it. */
  putSummary(summary: RunSummary): Promise<void>;
}

/** A sink for run `runId`; `onError` hears about the first failure. */
export function storeSink(store: Store, runId: string, onError: (error: Error) => void): StoreSink {
  let chain: Promise<void> = Promise.resolve();
  let failed = false;
  const fail = (error: unknown) => {
    if (!failed) onError(error as Error);
    failed = true;
  };
  return {
    add(event) {
      const stored = toStored(runId, event);
      chain = chain.then(() => store.appendEvent(stored).then(() => undefined, fail));
    },
    flush: () => chain,
    putSummary(summary) {
      // In the same chain as the events: summaries land in the order they were made.
      chain = chain.then(() =>
        store
          .putRunSummary({
            run_id: runId,
            status: summary.status,
            started_at: summary.started,
            ...(summary.finished ? { ended_at: summary.finished } : {}),
            title: summary.goal,
            ...(summary.startedBy ? { started_by: summary.startedBy } : {}),
            ...(summary.host ? { host: summary.host } : {}),
            data: { ...summary },
          })
          .then(() => undefined, fail),
      );
      return chain;
    },
  };
}

function toStored(runId: string, e: RunEvent): StoredRunEvent {
  const { seq, time, event, task, stage, window, ...data } = e;
  const stored: StoredRunEvent = { run_id: runId, seq, time, event, data };
  if (task !== undefined) stored.task = task;
  if (stage !== undefined) stored.stage = stage;
  if (window !== undefined) stored.window = window;
  return stored;
}
