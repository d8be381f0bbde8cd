/**
 * Run events kept between requests: a run's events are read from the store once, and after that
 * only the events after the last one kept (a run only ever appends). A handful of runs are kept,
 * the least recently asked for dropped first.
 */
import { type RunTimeline, runTimeline } from '../../run/timeline.js';
import type { Store, StoredRunEvent } from '../../store/types.js';

const KEEP = 16;

/** A run's events, read incrementally from one store. */
export class RunEventsCache {
  private readonly runs = new Map<string, StoredRunEvent[]>();
  private readonly timelines = new Map<string, { events: StoredRunEvent[]; view: RunTimeline }>();

  constructor(private readonly store: Store) {}

  /** Every event of run `runId`, in seq order, reading only what is new since the last call. */
  async events(runId: string): Promise<StoredRunEvent[]> {
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

  /** The timeline of run `runId`, built again only when it has new events. */
  async timeline(runId: string): Promise<RunTimeline> {
    const events = await this.events(runId);
    const kept = this.timelines.get(runId);
    if (kept && kept.events === events) return kept.view;
    const view = runTimeline(runId, events);
    this.timelines.set(runId, { events, view });
    for (const id of this.timelines.keys()) if (!this.runs.has(id)) this.timelines.delete(id);
    return view;
  }
}
