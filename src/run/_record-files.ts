/**
 * The run's own record files (dispatches, replies, progress and result files) are read and
 * written only inside the run folder: an agent shares that folder and may plant a symbolic link
 * in it, so no record path follows one, neither a folder on the way nor the file itself.
 */
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { UserError } from '../errors.js';
import { relativeInside } from '../fs/index.js';
import type { RunPaths } from './records.js';

/** A record as read: its text, or why it was not read. Undefined when there is none. */
export type RecordRead = { text: string } | { refused: string } | undefined;

/**
 * Makes the folders from the repository root down to `folder` (inside the run folder), refusing
 * any that is a symbolic link or not a folder.
 */
export function ensureRecordFolder(paths: RunPaths, folder: string): void {
  const rel = relativeInside(paths.root, folder);
  if (!rel || relativeInside(paths.dir, folder) === undefined) {
    throw unsafe(paths, folder, 'is not inside the run folder');
  }
  let at = paths.root;
  for (const part of rel.split('/')) {
    at = join(at, part);
    const kind = kindOf(at);
    if (kind === 'missing') mkdirSync(at);
    else if (kind === 'link') throw unsafe(paths, at, 'is a symbolic link');
    else if (kind !== 'dir') throw unsafe(paths, at, 'is not a folder');
  }
}

/** Writes a record file: a planted symbolic link in its place is removed, never followed. */
export function writeRecord(paths: RunPaths, file: string, text: string): void {
  ensureRecordFolder(paths, join(file, '..'));
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
  let fd: number;
  try {
    fd = openSync(file, flags, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
    unlinkSync(file);
    fd = openSync(file, flags | constants.O_EXCL, 0o644);
  }
  try {
    const bytes = Buffer.from(text);
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
  } finally {
    closeSync(fd);
  }
}

/** Reads a record an agent writes (its progress file) in the run folder, never through a link. */
export function readRecord(paths: RunPaths, file: string): RecordRead {
  try {
    ensureRecordFolder(paths, join(file, '..'));
  } catch (error) {
    return { refused: (error as Error).message };
  }
  return readRegularFile(file, relative(paths.root, file));
}

/** Reads `file` only when it is a regular file (not a symbolic link); `shown` names it in reasons. */
export function readRegularFile(file: string, shown: string): RecordRead {
  const kind = kindOf(file);
  if (kind === 'missing') return undefined;
  if (kind === 'link') {
    return {
      refused: `${shown} is a symbolic link: the committer reads only a regular file in the run folder`,
    };
  }
  if (kind !== 'file') return { refused: `${shown} is not a regular file` };
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      return { text: readFileSync(fd, 'utf8') };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return { refused: `${shown} cannot be read: ${(error as Error).message}` };
  }
}

function kindOf(path: string): 'missing' | 'link' | 'dir' | 'file' | 'other' {
  try {
    const s = lstatSync(path);
    return s.isSymbolicLink() ? 'link' : s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}

function unsafe(paths: RunPaths, path: string, why: string): UserError {
  return new UserError(
    'RUN_RECORD_UNSAFE',
    `${relative(paths.root, path) || '.'} ${why}: the run keeps its records only in its own folder`,
  );
}
