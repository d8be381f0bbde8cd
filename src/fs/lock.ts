/**
 * A lock on one file that holds across processes: a lock file beside it, created with O_EXCL,
 * holding the owner's pid. A lock whose owner has died (killed, crashed) is broken by the next
 * process that wants it, under a second short-lived lock so that two of them never break a
 * live one between them.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { UserError } from '../errors.js';
import { writeFailure } from './atomic.js';

/** Options of `withFileLock`. */
export interface FileLockOptions {
  /** How long to wait for another process's lock before giving up (default 60 s). */
  timeoutMs?: number;
}

/** A lock file whose owner did not write its pid yet is taken as abandoned after this long. */
const UNWRITTEN_MS = 5_000;

/** The lock file of `path`: `.<name>.lock` beside it. */
export function lockPathOf(path: string): string {
  return join(dirname(path), `.${basename(path)}.lock`);
}

/** Runs `fn` while holding the lock on `path` (its folder must exist); releases it whatever happens. */
export async function withFileLock<T>(
  path: string,
  fn: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const lock = lockPathOf(path);
  const token = await acquire(lock, path, options.timeoutMs ?? 60_000);
  try {
    return await fn();
  } finally {
    release(lock, token);
  }
}

async function acquire(lock: string, path: string, timeoutMs: number): Promise<string> {
  const token = `${process.pid} ${hostname()} ${Date.now()}-${Math.random().toString(36).slice(2, 10)}\n`;
  const deadline = Date.now() + timeoutMs;
  for (let n = 0; ; n++) {
    if (tryCreate(lock, token)) return token;
    const held = readLock(lock);
    if (held !== undefined && isAbandoned(lock, held)) {
      breakLock(lock, held);
      continue;
    }
    if (Date.now() > deadline) {
      const pid = held?.split(' ')[0];
      throw new UserError(
        'FILE_LOCKED',
        `${path} is being written by another process${pid ? ` (pid ${pid})` : ''}, still after ${timeoutMs / 1000} s`,
        { hint: `wait for it to finish; if no baton is running, remove ${lock}` },
      );
    }
    // Random, growing waits: processes that collided do not collide again in step.
    await sleep(2 + Math.random() * Math.min(50, 2 ** Math.min(n, 6)));
  }
}

// True when this process created the lock file; false when another one holds it.
function tryCreate(lock: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw writeFailure(lock, error);
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(lock: string): string | undefined {
  try {
    return readFileSync(lock, 'utf8');
  } catch {
    return undefined; // Released meanwhile: try again at once.
  }
}

// The owner is a process of this machine that no longer runs, or never wrote its pid.
function isAbandoned(lock: string, held: string): boolean {
  const [pid, host] = held.split(' ');
  if (!pid || !/^\d+$/.test(pid) || !held.endsWith('\n')) {
    try {
      return Date.now() - statSync(lock).mtimeMs > UNWRITTEN_MS;
    } catch {
      return false;
    }
  }
  if (host !== hostname()) return false;
  return !isRunning(Number(pid));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Removes an abandoned lock, but only the one seen abandoned: breakers take turns under a
// second lock, and each checks again that the lock file still holds the dead owner's line.
function breakLock(lock: string, seen: string): void {
  const breaker = `${lock}.break`;
  const mine = `${process.pid}\n`;
  if (!tryCreate(breaker, mine)) {
    // A breaker that died holding it is old news after a few seconds.
    try {
      if (Date.now() - statSync(breaker).mtimeMs > UNWRITTEN_MS) unlinkSync(breaker);
    } catch {
      // Gone already.
    }
    return;
  }
  try {
    if (readLock(lock) === seen) unlinkSync(lock);
  } catch {
    // Removed by its owner meanwhile.
  } finally {
    release(breaker, mine);
  }
}

// Removes the lock file only while it is still this holder's (never one another process made).
function release(lock: string, token: string): void {
  try {
    if (readFileSync(lock, 'utf8') === token) unlinkSync(lock);
  } catch {
    // Already gone.
  }
}
