/**
 * The store (`baton-handoff/store`): handoffs and run events kept for later, in a SQLite file by default
 * or a shared PostgreSQL database. One `Store` interface; the backend is configuration only.
 */

export {
  type A2ATaskRecord,
  getA2ATask,
  type ListA2ATasksOptions,
  listA2ATasks,
  putA2ATask,
} from './a2a-tasks.js';
export {
  CONFIG_PATH,
  DEFAULT_STORE_PATH,
  parseStoreUrl,
  resolveStoreLocation,
  type StoreLocation,
  type StoreLocationOptions,
} from './config.js';
export { type OpenStoreOptions, openStore, openStoreAt, withStore } from './open.js';
export type {
  AppendResult,
  HandoffFilter,
  IntegrityReport,
  ListEventsOptions,
  PutHandoffInput,
  PutResult,
  RunInfo,
  RunSummary,
  SearchHit,
  Store,
  StoredHandoff,
  StoredHandoffSummary,
  StoredRunEvent,
  StoreStats,
} from './types.js';
