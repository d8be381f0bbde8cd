/** Library errors as HTTP answers: the viewer's one mapping from `BatonError` codes to statuses. */
import { isBatonError } from '../../errors.js';

const STATUS: Record<string, number> = {
  USAGE: 400,
  STORE_BAD_INPUT: 400,
  STORE_QUERY: 400,
  STORE_AMBIGUOUS: 400,
  FILE_NOT_FOUND: 404,
  RUN_NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  STORE_CORRUPT: 503,
  STORE_UNAVAILABLE: 503,
  STORE_TOO_NEW: 503,
};

/** The status and JSON body for an error thrown while answering a request. */
export function httpError(error: unknown): [number, { error: string; code?: string }] {
  if (isBatonError(error) && error.code !== 'INTERNAL') {
    const status = STATUS[error.code] ?? 400;
    return [status, { error: error.message, code: error.code }];
  }
  return [500, { error: 'internal error in the viewer (a bug in baton)' }];
}
