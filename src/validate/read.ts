/**
 * Reads an artifact's bytes safely: missing files, folders, huge files and paths that lead out of
 * their repository (or into `.git/`) become findings.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isBatonError } from '../errors.js';
import { confineToOwnRoot } from '../fs/index.js';
import { type Finding, finding } from '../handoff/finding.js';

/** Files larger than this are not read at all: they are over every cap by far. */
export const READ_LIMIT = 8 * 1024 * 1024;

/** The bytes of an artifact, or the finding that says why there are none. */
export type ReadOutcome =
  | { ok: true; raw: Uint8Array; size: number }
  | { ok: false; finding: Finding; size?: number; directory?: boolean };

/**
 * Reads `path` whole, unless it is missing, a folder, unreadable, over `READ_LIMIT`, or leads
 * (through a symlink) out of the repository it is in or into `.git/`.
 */
export function readArtifact(path: string): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(confineToOwnRoot(path, 'read'), 'r');
  } catch (error) {
    return { ok: false, finding: readFailure(path, error) };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) {
      return {
        ok: false,
        directory: true,
        finding: finding('INVALID', 'not-a-file', `${path} is a folder, not a file`),
      };
    }
    if (st.size > READ_LIMIT) {
      return {
        ok: false,
        size: st.size,
        finding: finding(
          'INVALID',
          'cap-bytes',
          `artifact is ${st.size} bytes, far over the 32768-byte cap; it was not read`,
        ),
      };
    }
    const buf = Buffer.allocUnsafe(st.size);
    let read = 0;
    while (read < st.size) {
      const n = readSync(fd, buf, read, st.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return { ok: true, raw: buf.subarray(0, read), size: read };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
      return {
        ok: false,
        directory: true,
        finding: finding('INVALID', 'not-a-file', `${path} is a folder, not a file`),
      };
    }
    return { ok: false, finding: readFailure(path, error) };
  } finally {
    closeSync(fd);
  }
}

function readFailure(path: string, error: unknown): Finding {
  if (isBatonError(error) && error.code === 'PATH_OUTSIDE_REPOSITORY') {
    return finding('INVALID', 'outside-repository', error.message);
  }
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EACCES'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'it is a folder'
          : ((error as Error).message ?? String(error));
  return finding('INVALID', 'unreadable', `cannot read ${path}: ${why}`);
}

/** Decodes UTF-8 strictly (a BOM is kept, as Python keeps it); undefined when not UTF-8. */
export function decodeUtf8(raw: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    return undefined;
  }
}
