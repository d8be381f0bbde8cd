/**
 * Run events kept between requests: a run's events are read from the store once, and after that
 * only the events after the last one kept (a run only ever appends). A handful of runs are kept,
 * the least recently asked for dropped first.
 */
import type { RunEvent, Store } from '../../store/types.js';

const KEEP = 16;

/** A run's events, read incrementally from one store. */
export class RunEventsCache {
  private readonly runs = new Map<string, RunEvent[]>();

  constructor(private readonly store: Store) {}

  /** Every event of run `runId`, in seq order, reading only what is new since the last call. */
  async events(runId: string): Promise<RunEvent[]> {
    let kept = this.runs.get(runId);
    this.runs.delete(runId);
    if (!kept) kept = await this.store.listEvents(runId);
    else {
      const after = kept.at(-1)?.seq ?? 0;
      const fresh = await this.store.listEvents(runId, { afterSeq: after });
      if (fresh.length) kept = kept.concat(fresh);
    }
    this.runs.set(runId, kept);
    if (this.runs.size > KEEP) this.runs.delete(this.runs.keys().next().value as string);
    return kept;
  }
}
