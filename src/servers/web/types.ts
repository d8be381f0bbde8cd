/**
 * The viewer's API answers, one type per route: `api.ts` returns them and the page (web/src)
 * reads them, so the two cannot drift. Type-only imports: the page's build erases them.
 */
import type { HandoffChain } from '../../archive/chain.js';
import type { DiffLine } from '../../archive/diff.js';
import type { ContextArtifact, ContextBundle, Label } from '../../governance/types.js';
import type { Finding, Verdict } from '../../handoff/finding.js';
import type { RunOverview } from '../../run/overview.js';
import type { DispatchPoint, RunTimeline, TimelineStep, TimelineTask } from '../../run/timeline.js';
import type { SearchHit, StoredHandoff, StoredHandoffSummary } from '../../store/types.js';

export type {
  ContextArtifact,
  ContextBundle,
  DispatchPoint,
  RunOverview,
  RunTimeline,
  StoredHandoffSummary,
  TimelineStep,
  TimelineTask,
};

/** `/api/runs/<id>`: the run as the store counts it, and its timeline. */
export interface RunDetail {
  run: { id: string; events: number; last_event_at?: string };
  timeline: RunTimeline;
}

/** `/api/runs/<id>/file?path=`: a dispatch or reply of the run, cut at 512 KiB. */
export interface RunFile {
  path: string;
  text: string;
}

/** `/api/handoffs`: archived handoffs, listed or found (a search hit has its snippet). */
export interface HandoffList {
  hits: { handoff: StoredHandoffSummary; snippet?: string }[];
}

/** `/api/handoffs/<id>`: one archived handoff, its verdict now, how it loads, and its chain. */
export interface HandoffDetail {
  handoff: StoredHandoff;
  verdict: { verdict: Verdict; exitCode: number; findings: Finding[] };
  governance: Exclude<Label, 'binding'>;
  chain: HandoffChain;
}

/** `/api/handoffs/<id>/diff?with=`: the line diff of two handoffs, or null when too different. */
export interface HandoffDiff {
  from: string;
  to: string;
  lines: DiffLine[] | null;
  tooDifferent: boolean;
}

/** `/api/search?q=`: handoffs by full-text search, runs by id or title. */
export interface SearchAnswer {
  handoffs: SearchHit[];
  runs: { id: string; title: string }[];
}
