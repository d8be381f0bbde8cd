/**
 * One process runs a run at a time: `.baton/runs/<id>/run.lock` holds the pid (and its start
 * time, so a reused pid is not mistaken for the runner). A lock whose process is gone is stale
 * and taken over; a live one refuses a second `baton run --resume`.
 */
import { closeSync, constants, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UserError } from '../errors.js';
import { ensureRecordFolder } from './_record-files.js';
import type { RunPaths } from './records.js';

/** What a run lock records. */
export interface RunLockInfo {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid apart. */
  started?: number;
  since: string;
}

/** A held lock; `release()` removes it. */
export interface RunLock {
  /** The lock that was there before and was stale, when one was taken over. */
  replaced?: RunLockInfo;
  release(): void;
}

/** Takes the run's lock; throws RUN_LOCKED when a live process holds it. */
export function takeRunLock(paths: RunPaths): RunLock {
  ensureRecordFolder(paths, paths.dir);
  const file = join(paths.dir, 'run.lock');
  const mine: RunLockInfo = { pid: process.pid, since: new Date().toISOString() };
  const started = startTimeOf(process.pid);
  if (started !== undefined) mine.started = started;
  let replaced: RunLockInfo | undefined;
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(
        file,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o644,
      );
      writeSync(fd, `${JSON.stringify(mine)}\n`);
      closeSync(fd);
      const lock: RunLock = { release: () => releaseIfMine(file, mine) };
      if (replaced) lock.replaced = replaced;
      return lock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readLock(file);
    if (held && isAlive(held)) {
      throw new UserError(
        'RUN_LOCKED',
        `run ${paths.runId} is already running (pid ${held.pid}, since ${held.since})`,
        {
          hint: `stop it first (kill ${held.pid}), or wait for it; ${relative(paths.root, file)} is removed when it ends`,
        },
      );
    }
    replaced = held;
    unlinkSync(file);
  }
  throw new UserError(
    'RUN_LOCKED',
    `run ${paths.runId}: its lock keeps changing; another process is taking it`,
  );
}

function readLock(file: string): RunLockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as RunLockInfo;
    return typeof info.pid === 'number' ? info : undefined;
  } catch {
    // Unreadable or cut short by a crash: nobody can be holding it.
    return undefined;
  }
}

function releaseIfMine(file: string, mine: RunLockInfo): void {
  const held = readLock(file);
  if (held?.pid === mine.pid && held.since === mine.since) {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  }
}

function isAlive(info: RunLockInfo): boolean {
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else; it still holds the lock.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = statOf(info.pid);
  if (stat?.state === 'Z') return false;
  return info.started === undefined || stat === undefined || stat.started === info.started;
}

function startTimeOf(pid: number): number | undefined {
  return statOf(pid)?.started;
}

// The state letter and start time of a process, from /proc (undefined elsewhere).
function statOf(pid: number): { state: string; started: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const started = Number(fields[19]);
    return Number.isFinite(started) ? { state: fields[0] ?? '', started } : undefined;
  } catch {
    return undefined;
  }
}
