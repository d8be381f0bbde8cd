/** Errors both backends raise the same way. */
import { UserError } from '../errors.js';

/** The store was written by a newer baton: refuse rather than guess at its schema. */
export function storeTooNew(location: string, current: number, latest: number): UserError {
  return new UserError(
    'STORE_TOO_NEW',
    `the store at ${location} is at schema version ${current}, newer than this baton knows (${latest})`,
    { hint: 'upgrade baton to use this store' },
  );
}

/** The store cannot be reached or used now (a file system or a server refused). */
export function storeUnavailable(location: string, error: unknown, hint?: string): UserError {
  const message = (error as Error)?.message ?? String(error);
  return new UserError('STORE_UNAVAILABLE', `cannot use the store at ${location}: ${message}`, {
    cause: error,
    ...(hint ? { hint } : {}),
  });
}

/** The store is there but damaged (not a database, or part of its schema is missing): refuse, touch nothing. */
export function storeCorrupt(location: string, why: string, hint: string, cause?: unknown): UserError {
  return new UserError(
    'STORE_CORRUPT',
    `${location} is not a usable baton store: ${why}; it was left as it is`,
    {
      ...(cause === undefined ? {} : { cause }),
      hint,
    },
  );
}

/** True for a SQLite error that says a table or column the schema has is not there. */
export function isMissingSchema(message: string): boolean {
  return /\b(no such (table|column)|has no column named)\b/i.test(message);
}
