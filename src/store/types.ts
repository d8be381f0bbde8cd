/**
 * The `Store` contract: what every backend (SQLite, PostgreSQL) does the same way. Callers see
 * only this interface; which backend answers is configuration (`BATON_STORE`), never code.
 */

import type { Handoff } from '../handoff/types.js';
import type { RunEventName } from '../run-events.js';

/** A handoff to archive: its bytes exactly as written, and what was parsed from them. */
export interface PutHandoffInput {
  /** The artifact's text exactly as archived (its bytes are what the content hash covers). */
  text: string;
  /** The format name the text is in (`baton`, `context-kit`, `json`, …). */
  format: string;
  /** The parsed handoff: the store reads its id, times, writer, task and anchors from it. */
  handoff: Partial<Handoff>;
  /** Where it was archived from (a path), for the record only. */
  source?: string;
  /** The verdict it had when archived (VALID, STALE, …): archive keeps evidence, not only what is current. */
  verdict?: string;
}

/** An archived handoff without its text: what lists and searches return. */
export interface StoredHandoffSummary {
  /** The handoff's own id, or (for formats without one) a ULID derived from its time and bytes. */
  id: string;
  /** `sha256:<hex>` of the whole archived text, front matter included; unique in the store. */
  content_hash: string;
  format: string;
  created_at: string;
  /** When it was archived, RFC 3339 UTC with milliseconds. */
  archived_at: string;
  from?: string;
  to?: string;
  task?: string;
  status?: string;
  title?: string;
  repository?: string;
  branch?: string;
  head?: string;
  parent?: string;
  window?: number;
  source?: string;
  /** The verdict it had when it was archived; absent for handoffs archived before baton kept it. */
  verdict?: string;
  /** Size of the text in bytes. */
  bytes: number;
}

/** An archived handoff with its text. */
export interface StoredHandoff extends StoredHandoffSummary {
  text: string;
}

/** What `putHandoff` did: stored it, or found the same bytes already there. */
export interface PutResult {
  status: 'stored' | 'unchanged';
  handoff: StoredHandoffSummary;
}

/** Which handoffs a list or a search covers. Every field narrows; time bounds are inclusive. */
export interface HandoffFilter {
  repository?: string;
  branch?: string;
  task?: string;
  from?: string;
  status?: string;
  /** Created at or after this time. */
  since?: Date;
  /** Created at or before this time. */
  until?: Date;
  /** At most this many (lists: all when absent; searches: 20 when absent). */
  limit?: number;
  /** Skip this many first (for paging). */
  offset?: number;
}

/** One search result: the handoff and the line of its text that matched. */
export interface SearchHit {
  handoff: StoredHandoffSummary;
  /** The first line of the text that holds a searched word, trimmed to about 160 characters. */
  snippet: string;
}

/**
 * A run event as the store keeps it: the engine's `RunEvent` with its run id, the place fields
 * as columns and the rest of its payload in `data`. `seq` numbers a run's events from 1; the
 * pair (`run_id`, `seq`) is unique, so a replayed append is a no-op and a different event under
 * the same pair is a conflict.
 */
export interface StoredRunEvent {
  run_id: string;
  seq: number;
  /** RFC 3339 date-time. */
  time: string;
  /**
   * What happened: one of the run engine's `RunEventName`s (`task-started`, `handoff`, `gate`, …;
   * their payloads are in run-events.ts). Other names are stored as they come.
   */
  event: RunEventName | (string & {});
  task?: string;
  stage?: string;
  window?: number;
  /** Anything else the event carries; must survive `JSON.stringify`. */
  data: Record<string, unknown>;
}

/** What `appendEvent` did: appended it, or found the very same event already there. */
export interface AppendResult {
  status: 'appended' | 'unchanged';
}

/** The engine's summary of a run; putting one replaces the previous summary of that run. */
export interface RunSummary {
  run_id: string;
  /** The engine's word for where the run stands (`running`, `done`, `failed`, `halted`, …). */
  status: string;
  started_at: string;
  ended_at?: string;
  title?: string;
  /** Who started the run (git's committer identity where it ran: `Name <email>`). */
  started_by?: string;
  /** The machine it ran on. */
  host?: string;
  data: Record<string, unknown>;
}

/** A run as listed: its summary if one was put, and what its events add up to. */
export interface RunInfo {
  run_id: string;
  summary?: RunSummary;
  events: number;
  first_event_at?: string;
  last_event_at?: string;
  /** The `event` of the run's last event (highest seq). */
  last_event?: string;
}

/** Options of `listEvents`. */
export interface ListEventsOptions {
  /** Only events with a seq above this one. */
  afterSeq?: number;
  limit?: number;
}

/** Counts over the whole store. */
export interface StoreStats {
  /** The schema version the store is at (the last migration applied). */
  schemaVersion: number;
  handoffs: number;
  runs: number;
  events: number;
}

/** The outcome of an integrity check: `ok`, or the problems found. */
export interface IntegrityReport {
  ok: boolean;
  problems: string[];
}

/** Handoffs and run events, kept for later: the one interface both backends implement. */
export interface Store {
  /** Where the store is, for messages: a file path, or a database URL without its password. */
  readonly location: string;
  /** Archives one handoff (append-only): the same bytes again are a no-op, other bytes under its id a conflict. */
  putHandoff(input: PutHandoffInput): Promise<PutResult>;
  /** Archives several handoffs in one transaction: all of them, or none when one conflicts. */
  putHandoffs(inputs: Iterable<PutHandoffInput>): Promise<PutResult[]>;
  /** The handoff with this id, or the only one whose id starts with it; undefined when none. */
  getHandoff(idOrPrefix: string): Promise<StoredHandoff | undefined>;
  /** Handoffs matching the filter, newest first. */
  listHandoffs(filter?: HandoffFilter): Promise<StoredHandoffSummary[]>;
  /** How many handoffs match the filter (its limit and offset ignored). */
  countHandoffs(filter?: HandoffFilter): Promise<number>;
  /** Full-text search over the archived text, best match first (see docs/store.md for the query syntax). */
  searchHandoffs(query: string, filter?: HandoffFilter): Promise<SearchHit[]>;
  /** Records one run event (append-only; replaying the same event is a no-op). */
  appendEvent(event: StoredRunEvent): Promise<AppendResult>;
  /** A run's events in seq order. */
  listEvents(runId: string, options?: ListEventsOptions): Promise<StoredRunEvent[]>;
  /** Stores the run's summary, replacing the previous one. */
  putRunSummary(summary: RunSummary): Promise<void>;
  /** The run's summary, if one was put. */
  getRunSummary(runId: string): Promise<RunSummary | undefined>;
  /** One run by id or unique id prefix, or undefined when there is none. */
  getRun(idOrPrefix: string): Promise<RunInfo | undefined>;
  /** Runs with a summary or events, most recently active first. */
  listRuns(options?: { limit?: number }): Promise<RunInfo[]>;
  /** Counts and the schema version. */
  stats(): Promise<StoreStats>;
  /** Checks the database's own consistency and the store's (indexes, hashes of stored text). */
  checkIntegrity(): Promise<IntegrityReport>;
  /** Closes files and connections; the store cannot be used after. */
  close(): Promise<void>;
}
