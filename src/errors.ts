/**
 * The one error base of baton. Library code throws these (or returns results); only
 * `src/cli/index.ts` turns them into exit codes and messages.
 */

/**
 * What kind of failure an error is. Each transport maps kinds, not codes: the CLI to exit codes,
 * the viewer to HTTP statuses, MCP to tool and protocol errors, A2A to JSON-RPC errors.
 * - `usage`: the call itself is wrong (a flag, an argument, a value): fix the call.
 * - `not-found`: what was named does not exist.
 * - `refused`: understood, and declined: the input or the repository's state does not allow it.
 * - `unavailable`: something baton needs cannot answer now (git, the store, a peer, the disk).
 * - `internal`: a bug in baton.
 */
export type ErrorKind = 'usage' | 'not-found' | 'refused' | 'unavailable' | 'internal';

/**
 * Every error code baton throws, grouped by the part that throws it, with its kind. The codes are
 * this table's keys, so a code without a kind, or a misspelt one anywhere, does not compile.
 */
export const ERROR_KINDS = {
  // arguments and files
  USAGE: 'usage',
  FILE_NOT_FOUND: 'not-found',
  FILE_UNREADABLE: 'refused',
  FILE_IS_DIRECTORY: 'usage',
  FILE_TOO_LARGE: 'refused',
  FILE_NOT_UTF8: 'refused',
  FILE_WRITE_FAILED: 'unavailable',
  FILE_LOCKED: 'unavailable',
  // a path that leads (through `..` or a symlink) outside the repository, or into `.git/`
  PATH_OUTSIDE_REPOSITORY: 'refused',
  // a server that cannot listen where it was told to (a port in use, or not allowed)
  LISTEN_FAILED: 'unavailable',
  INPUT_EMPTY: 'refused',
  // handoffs and formats
  HANDOFF_INVALID: 'refused',
  HANDOFF_OVER_CAP: 'refused',
  FORMAT_UNKNOWN: 'refused',
  FORMAT_CANNOT_HOLD: 'refused',
  FORMAT_NOT_SOURCE: 'refused',
  // git provenance
  PROVENANCE_GIT_MISSING: 'unavailable',
  PROVENANCE_NOT_A_REPO: 'refused',
  PROVENANCE_NO_COMMITS: 'refused',
  PROVENANCE_BASE_REF_MISSING: 'refused',
  PROVENANCE_GIT_FAILED: 'unavailable',
  // validation verdicts carried as errors (resume refusing, write refusing)
  VERDICT_REFUSED: 'refused',
  // plans, agents and runs
  PLAN_INVALID: 'refused',
  AGENT_INVALID: 'refused',
  RUN_REFUSED: 'refused',
  RUN_NOT_FOUND: 'not-found',
  RUN_LOCKED: 'unavailable',
  RUN_INTERRUPTED: 'refused',
  RUN_RECORD_UNSAFE: 'refused',
  // the store (src/store/)
  STORE_CONFIG: 'usage',
  STORE_UNAVAILABLE: 'unavailable',
  STORE_CORRUPT: 'unavailable',
  STORE_TOO_NEW: 'unavailable',
  STORE_CONFLICT: 'refused',
  STORE_NOT_FOUND: 'not-found',
  STORE_AMBIGUOUS: 'usage',
  STORE_BAD_INPUT: 'usage',
  STORE_QUERY: 'usage',
  // governance: keys and approval
  KEY_EXISTS: 'refused',
  KEY_NOT_FOUND: 'not-found',
  KEY_INVALID: 'refused',
  APPROVAL_REFUSED: 'refused',
  ROLE_REFUSED: 'refused',
  // A2A (src/servers/a2a/): serving, sending, remote builders
  A2A_UNREACHABLE: 'unavailable',
  A2A_NO_ACK: 'unavailable',
  A2A_PROTOCOL: 'unavailable',
  // the MCP server: a stdio frame over its read limit
  FRAME_TOO_LARGE: 'refused',
  // transcripts and host set-up (src/transcripts/, src/hosts/)
  TRANSCRIPT_UNKNOWN: 'refused',
  INIT_REFUSED: 'refused',
  // bugs
  INTERNAL: 'internal',
} as const satisfies Record<string, ErrorKind>;

/** Every error code baton throws (the keys of `ERROR_KINDS`). */
export type BatonErrorCode = keyof typeof ERROR_KINDS;

/** The kind of an error code. */
export function kindOf(code: BatonErrorCode): ErrorKind {
  return ERROR_KINDS[code];
}

const BRAND = Symbol.for('baton.error');

/** Options shared by every baton error. */
export interface BatonErrorOptions {
  cause?: unknown;
  /** Exit code the CLI should use; defaults by the code's kind (`exitCodeFor`, src/cli/index.ts). */
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

// The machine refusing a file operation (permissions, a full disk, a file where a folder should
// be): the environment's answer, not a bug in baton. Every adapter reads errno through this table.
const ERRNO_CODES: Readonly<Record<string, BatonErrorCode>> = {
  ENOENT: 'FILE_NOT_FOUND',
  ENOTDIR: 'FILE_NOT_FOUND',
  EISDIR: 'FILE_IS_DIRECTORY',
  EACCES: 'FILE_UNREADABLE',
  EPERM: 'FILE_UNREADABLE',
  ELOOP: 'FILE_UNREADABLE',
  EMFILE: 'FILE_UNREADABLE',
  ENOSPC: 'FILE_WRITE_FAILED',
  EROFS: 'FILE_WRITE_FAILED',
  EEXIST: 'FILE_WRITE_FAILED',
};

/**
 * A Node system error about a file (an errno and the call that failed) as the baton error it
 * stands for, `<syscall> <path> failed: <errno>`; undefined for anything else (a bug).
 */
export function fromSystemError(error: unknown): BatonError | undefined {
  if (!(error instanceof Error)) return undefined;
  const sys = error as NodeJS.ErrnoException;
  const code = typeof sys.code === 'string' ? ERRNO_CODES[sys.code] : undefined;
  if (!code || typeof sys.syscall !== 'string') return undefined;
  const where = sys.path ? ` ${sys.path}` : '';
  return new UserError(code, `${sys.syscall}${where} failed: ${sys.code}`, { cause: error });
}
