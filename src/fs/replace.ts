/**
 * The one safe way to replace a file that must never be lost: under a lock on the target, the
 * file there now moves into a history folder (a hard link, else a rename: never a copy of bytes
 * read earlier, whatever its size or permissions), then the new text replaces it atomically.
 * Neither the file nor its history may leave the given root through a symlink.
 */
import { closeSync, linkSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { UserError } from '../errors.js';
import { syncFolder, writeFailure, writeFileAtomic } from './atomic.js';
import { confineTo } from './inside.js';
import { withFileLock } from './lock.js';

/** The file a replacement found at the target. */
export interface PreviousFile {
  /** Its real path. */
  path: string;
  size: number;
  mtime: Date;
  /** Its bytes; undefined when it could not be read (no permission) or is over the read limit. */
  raw?: Uint8Array;
}

/** Options of `replaceFile`. */
export interface ReplaceFileOptions {
  /** The folder the file and its history must stay inside (the repository root). */
  root: string;
  /** The folder the previous file moves to. */
  historyDir: string;
  /** The history name of the previous file (`<name><ext>`; `-2`, `-3`, … are added when taken). */
  historyName(previous: PreviousFile): string | Promise<string>;
  /** Files larger than this are moved without being read (default 8 MiB). */
  readLimit?: number;
  /** How long to wait for another writer of the same file (default 60 s). */
  lockTimeoutMs?: number;
}

/** What `replaceFile` did: where it wrote, and where the previous file went. */
export interface Replacement {
  path: string;
  archived?: string;
}

/**
 * Replaces the file at `path` with what `produce` returns, `produce` seeing the file that is there
 * while the lock is held (so the new text can name it, as a handoff names its parent). When
 * `produce` returns undefined nothing is written or moved, and undefined is returned.
 */
export async function replaceFile(
  path: string,
  produce: (previous: PreviousFile | undefined) => Promise<string | Uint8Array | undefined>,
  options: ReplaceFileOptions,
): Promise<Replacement | undefined> {
  const target = confineTo(options.root, path);
  const dir = dirname(target);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw writeFailure(dir, error);
  }
  return withFileLock(
    target,
    async () => {
      const previous = readPreviousFile(target, options.readLimit ?? 8 * 1024 * 1024);
      const data = await produce(previous);
      if (data === undefined) return undefined;
      if (!previous) {
        writeFileAtomic(target, data);
        return { path: target };
      }
      const archived = await moveToHistory(target, previous, options);
      writeFileAtomic(target, data);
      return { path: target, archived };
    },
    options.lockTimeoutMs === undefined ? {} : { timeoutMs: options.lockTimeoutMs },
  );
}

/** The file at `path` (a real path) as `replaceFile` would find it; undefined when there is none. */
export function readPreviousFile(path: string, limit: number): PreviousFile | undefined {
  let fd: number;
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw writeFailure(path, error);
  }
  if (st.isDirectory()) {
    throw new UserError('FILE_IS_DIRECTORY', `${path} is a folder; give the path of a file to write`);
  }
  const previous: PreviousFile = { path, size: st.size, mtime: st.mtime };
  if (st.size > limit) return previous;
  try {
    fd = openSync(path, 'r');
  } catch {
    return previous; // Unreadable: it is moved all the same.
  }
  try {
    const buf = Buffer.allocUnsafe(st.size);
    let read = 0;
    for (let n = 1; read < st.size && n > 0; read += n) n = readSync(fd, buf, read, st.size - read, read);
    previous.raw = buf.subarray(0, read);
  } catch {
    // A read that fails half-way: the file is moved, unread.
  } finally {
    closeSync(fd);
  }
  return previous;
}

// Links the file into history under a name nobody holds (link fails rather than overwrite), or
// where links are not allowed, reserves the name and renames the file onto it.
async function moveToHistory(
  target: string,
  previous: PreviousFile,
  options: ReplaceFileOptions,
): Promise<string> {
  const historyDir = confineTo(options.root, options.historyDir);
  try {
    mkdirSync(historyDir, { recursive: true });
  } catch (error) {
    throw writeFailure(historyDir, error);
  }
  confineTo(options.root, historyDir);
  const name = await options.historyName(previous);
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = join(historyDir, n === 1 ? name : `${stem}-${n}${ext}`);
    try {
      linkSync(target, candidate);
      syncFolder(historyDir);
      return candidate;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EPERM' && code !== 'EXDEV' && code !== 'ENOTSUP' && code !== 'EMLINK') {
        throw writeFailure(candidate, error);
      }
    }
    if (!reserve(candidate)) continue;
    try {
      renameSync(target, candidate);
    } catch (error) {
      rmSync(candidate, { force: true });
      throw writeFailure(candidate, error);
    }
    syncFolder(historyDir);
    return candidate;
  }
}

function reserve(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx', 0o644));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw writeFailure(path, error);
  }
}
