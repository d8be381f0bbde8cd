/**
 * Opening the store named by configuration. Callers ask for "the store" and get a `Store`; the
 * backend module (and its native or network dependency) is loaded only when it is the one named.
 */
import { resolveStoreLocation, type StoreLocation, type StoreLocationOptions } from './config.js';
import type { Store } from './types.js';

/** Options of `openStore`. */
export interface OpenStoreOptions extends StoreLocationOptions {
  /**
   * Create the store when it does not exist (default true). Commands that only read pass false,
   * so that looking at an empty store does not create a file.
   */
  create?: boolean;
}

/** Opens the configured store (see `resolveStoreLocation`), applying pending migrations. */
export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  return openStoreAt(resolveStoreLocation(options), options);
}

/** Opens the store at a resolved location. */
export async function openStoreAt(
  location: StoreLocation,
  options: { create?: boolean } = {},
): Promise<Store> {
  if (location.backend === 'postgres') {
    const { openPostgresStore } = await import('./_postgres.js');
    return openPostgresStore(location.url, location.display);
  }
  const { openSqliteStore } = await import('./_sqlite.js');
  return openSqliteStore(location.path, { create: options.create ?? true });
}

/** Opens the configured store, runs `fn` with it, and closes it whatever happens. */
export async function withStore<T>(options: OpenStoreOptions, fn: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(options);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
