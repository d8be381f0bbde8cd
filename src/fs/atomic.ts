/**
 * Crash-safe file writes: a temporary file beside the target, fsync, rename, fsync of the folder.
 * A crash at any point leaves either the old file or the new one, never half of one.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors.js';

/** Writes `data` to `path` atomically, creating its folder when needed. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  let fd: number | undefined;
  try {
    mkdirSync(dir, { recursive: true });
    fd = openSync(temp, 'wx', 0o644);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, path);
    syncFolder(dir);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing was created to clean up (the folder itself could not be made).
    }
    throw writeFailure(path, error);
  }
}

/** One line that says what could not be written and why, in the user's terms. */
export function writeFailure(path: string, error: unknown): UserError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'EEXIST' || code === 'ENOTDIR'
      ? 'a file stands where a folder is needed on that path'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOSPC'
          ? 'no space left on the device'
          : (error as Error).message;
  return new UserError('FILE_WRITE_FAILED', `could not write ${path}: ${why}`, { cause: error });
}

/** Makes a rename or link in `dir` durable (where the file system can fsync a folder). */
export function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems cannot fsync a folder; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
