/** Library errors as HTTP answers: the viewer's one mapping from error kinds to statuses. */
import { type ErrorKind, isBatonError, kindOf } from '../../errors.js';

// A refusal is 403 (understood, not allowed); a store or git that cannot answer is 503.
const STATUS: Readonly<Record<ErrorKind, number>> = {
  usage: 400,
  'not-found': 404,
  refused: 403,
  unavailable: 503,
  internal: 500,
};

/** The status and JSON body for an error thrown while answering a request. */
export function httpError(error: unknown): [number, { error: string; code?: string }] {
  if (isBatonError(error) && kindOf(error.code) !== 'internal') {
    return [STATUS[kindOf(error.code)], { error: error.message, code: error.code }];
  }
  return [500, { error: 'internal error in the viewer (a bug in baton)' }];
}
