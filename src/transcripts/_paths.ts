/** Paths of touched files: relative to the repository root, the latest listed, the rest by name. */
import { isAbsolute, posix, resolve, win32 } from 'node:path';
import { relativeInside, relativeInsideWindows } from '../fs/index.js';
import type { FileTouched } from '../handoff/types.js';
import type { FileChangeKind } from './types.js';

// A path as Windows writes it: a drive (`C:\`, `C:/`) or a share (`\\server\`).
const WINDOWS = /^(?:[A-Za-z]:[\\/]|\\\\)/;

/** The file's name: what follows the last separator, `/` or Windows' `\\`. */
export function fileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** True when `path` is absolute on the system that wrote it (this one, or Windows). */
export function isAbsolutePath(path: string): boolean {
  return isAbsolute(path) || WINDOWS.test(path);
}

/** `path` in the folder `base`, joined with the separator `base` is written with. */
export function under(base: string, path: string): string {
  const sep = base.includes('\\') && !base.includes('/') ? '\\' : '/';
  return `${base.replace(/[\\/]+$/, '')}${sep}${path}`;
}

/** `path` in the folder `base`, with `.` and `..` resolved (`/a/b/../c/x.py` is `/a/c/x.py`). */
export function resolvedUnder(base: string, path: string): string {
  const full = under(base, path);
  if (!/(?:^|[\\/])\.\.?(?:[\\/]|$)/.test(full)) return full;
  return WINDOWS.test(full) ? win32.normalize(full) : posix.normalize(full);
}

/**
 * `path` relative to `root` when it is inside it (by the one containment rule, fs/); otherwise
 * absolute: a file outside the repository (`/etc/cron.d/x`, a plan in ~/.claude), which a handoff
 * lists apart, never as the repository's. A session recorded on Windows (its root has a drive or
 * a share) is read by Windows' rules, lexically: either separator, drive letters and case ignored;
 * what is inside comes back with `/`, like every other relative path.
 */
export function relativePath(path: string, root: string | undefined): string {
  if (!root) return path;
  if (WINDOWS.test(root)) return relativeOnWindows(path, root);
  const abs = isAbsolute(path) ? path : resolve(root, path);
  const rel = relativeInside(root, abs);
  return rel === undefined ? abs : rel === '' ? '.' : rel;
}

function relativeOnWindows(path: string, root: string): string {
  // Git Bash writes `C:\Users` as `/c/Users`.
  const bash = /^\/([A-Za-z])(?=\/|$)(.*)$/.exec(path);
  const full = bash ? `${bash[1]}:${bash[2] || '/'}` : path;
  const rel = relativeInsideWindows(root, full);
  return rel === undefined ? win32.resolve(root, full) : rel === '' ? '.' : rel;
}

// The folders a system keeps for scratch files and logs (`/tmp`, `/var/log`, a Windows `Temp`).
const SCRATCH_FOLDER =
  /^(?:\/(?:tmp|var\/tmp|(?:private\/)?var\/folders|private\/tmp|dev\/shm|var\/log|var\/run|run)\/|[A-Za-z]:[\\/](?:.*[\\/])?(?:AppData[\\/]Local[\\/]Temp|Windows[\\/]Temp)[\\/])/i;

/**
 * True for a file in a scratch folder outside the session's own (`/tmp/x.py`, `/var/log/a.log`):
 * a script or a log written there to get the work done is not the work, and not the repository's.
 */
export function inScratchFolder(path: string, root: string | undefined): boolean {
  return SCRATCH_FOLDER.test(path) && (root === undefined || isAbsolutePath(relativePath(path, root)));
}

/** Touched files split for a handoff: items to list, the rest of the repository's, and those outside it. */
export interface ListedFiles {
  items: FileTouched[];
  /** Repository files past the cap: named in Notes, never folded into a glob. */
  more: [string, FileChangeKind][];
  /** Files outside the repository (plans in ~/.claude, /etc, other projects): not the repository's. */
  outside: [string, FileChangeKind][];
}

/**
 * The touched files (paths already relative where inside the root), at most `cap` as items: the
 * most recently changed ones, in the order first touched. Names matter to a successor, so the
 * rest are kept by name, not folded into `folder/**`.
 */
export function listFiles(
  files: [string, FileChangeKind][],
  recency: (path: string) => number,
  cap: number,
): ListedFiles {
  const outside = files.filter(([p]) => isAbsolutePath(p));
  const inside = files.filter(([p]) => !isAbsolutePath(p));
  const latest = new Set(
    [...inside]
      .sort((a, b) => recency(b[0]) - recency(a[0]))
      .slice(0, cap)
      .map(([p]) => p),
  );
  return {
    items: inside.filter(([p]) => latest.has(p)).map(([path, action]) => ({ action, path })),
    more: inside.filter(([p]) => !latest.has(p)),
    outside,
  };
}
