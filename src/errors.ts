/**
 * The one error base of baton. Library code throws these (or returns results); only
 * `src/cli/index.ts` turns them into exit codes and messages.
 */

/** Every error code baton throws, grouped by the part that throws it. */
export type BatonErrorCode =
  // arguments and files
  | 'USAGE'
  | 'FILE_NOT_FOUND'
  | 'FILE_UNREADABLE'
  | 'FILE_IS_DIRECTORY'
  | 'FILE_TOO_LARGE'
  | 'FILE_NOT_UTF8'
  | 'FILE_WRITE_FAILED'
  | 'FILE_LOCKED'
  // a path that leads (through `..` or a symlink) outside the repository, or into `.git/`
  | 'PATH_OUTSIDE_REPOSITORY'
  // a server that cannot listen where it was told to (a port in use, or not allowed)
  | 'LISTEN_FAILED'
  | 'INPUT_EMPTY'
  // handoffs and formats
  | 'HANDOFF_INVALID'
  | 'HANDOFF_OVER_CAP'
  | 'FORMAT_UNKNOWN'
  | 'FORMAT_CANNOT_HOLD'
  | 'FORMAT_NOT_SOURCE'
  // git provenance
  | 'PROVENANCE_GIT_MISSING'
  | 'PROVENANCE_NOT_A_REPO'
  | 'PROVENANCE_NO_COMMITS'
  | 'PROVENANCE_BASE_REF_MISSING'
  | 'PROVENANCE_GIT_FAILED'
  // validation verdicts carried as errors (resume refusing, write refusing)
  | 'VERDICT_REFUSED'
  // plans, agents and runs
  | 'PLAN_INVALID'
  | 'AGENT_INVALID'
  | 'RUN_REFUSED'
  | 'RUN_NOT_FOUND'
  | 'RUN_LOCKED'
  | 'RUN_INTERRUPTED'
  | 'RUN_RECORD_UNSAFE'
  // the store (src/store/)
  | 'STORE_CONFIG'
  | 'STORE_UNAVAILABLE'
  | 'STORE_CORRUPT'
  | 'STORE_TOO_NEW'
  | 'STORE_CONFLICT'
  | 'STORE_NOT_FOUND'
  | 'STORE_AMBIGUOUS'
  | 'STORE_BAD_INPUT'
  | 'STORE_QUERY'
  // governance: keys and approval
  | 'KEY_EXISTS'
  | 'KEY_NOT_FOUND'
  | 'KEY_INVALID'
  | 'APPROVAL_REFUSED'
  | 'ROLE_REFUSED'
  // A2A (src/servers/a2a/): serving, sending, remote builders
  | 'A2A_UNREACHABLE'
  | 'A2A_NO_ACK'
  | 'A2A_PROTOCOL'
  // the MCP server: a stdio frame over the read limit
  | 'FRAME_TOO_LARGE'
  // transcripts and host set-up (src/transcripts/, src/hosts/)
  | 'TRANSCRIPT_UNKNOWN'
  | 'INIT_REFUSED'
  // bugs
  | 'INTERNAL';

const BRAND = Symbol.for('baton.error');

/** Options shared by every baton error. */
export interface BatonErrorOptions {
  cause?: unknown;
  /** Exit code the CLI should use; defaults by code (see `exitCodeFor`). */
  exitCode?: number;
  /** One more line that tells the user what to do about it. */
  hint?: string;
}

/** Base class: a string `code`, an optional hint, and a brand that survives double bundling. */
export class BatonError extends Error {
  readonly code: BatonErrorCode;
  readonly hint: string | undefined;
  readonly exitCode: number | undefined;
  readonly [BRAND] = true;

  constructor(code: BatonErrorCode, message: string, options: BatonErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
    this.exitCode = options.exitCode;
  }
}

/** A mistake in what the user gave baton: printed as one line, never with a stack. */
export class UserError extends BatonError {}

/** A bug in baton: the CLI says so and where to report it. */
export class InternalError extends BatonError {
  constructor(message: string, options: BatonErrorOptions = {}) {
    super('INTERNAL', message, options);
  }
}

/** True for any baton error, even one thrown by another copy of this module. */
export function isBatonError(value: unknown): value is BatonError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

/** The exit code the CLI uses for an error code when the error does not carry its own. */
export function exitCodeFor(code: BatonErrorCode): number {
  switch (code) {
    case 'USAGE':
    case 'FILE_IS_DIRECTORY':
    case 'STORE_CONFIG':
    case 'STORE_AMBIGUOUS':
    case 'STORE_QUERY':
      return 64;
    case 'INTERNAL':
      return 70;
    case 'APPROVAL_REFUSED':
    case 'ROLE_REFUSED':
      return 4;
    case 'A2A_UNREACHABLE':
    case 'A2A_NO_ACK':
      return 8;
    default:
      return 1;
  }
}
