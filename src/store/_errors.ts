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
