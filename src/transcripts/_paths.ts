/** Paths of touched files: relative to the repository root, the latest listed, the rest by name. */
import { isAbsolute, resolve } from 'node:path';
import { relativeInside } from '../fs/index.js';
import type { FileTouched } from '../handoff/types.js';
import type { FileChangeKind } from './types.js';

/**
 * `path` relative to `root` when it is inside it (by the one containment rule, fs/); otherwise
 * absolute: a file outside the repository (`/etc/cron.d/x`, a plan in ~/.claude), which a handoff
 * lists apart, never as the repository's.
 */
export function relativePath(path: string, root: string | undefined): string {
  if (!root) return path;
  const abs = isAbsolute(path) ? path : resolve(root, path);
  const rel = relativeInside(root, abs);
  return rel === undefined ? abs : rel === '' ? '.' : rel;
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
  const outside = files.filter(([p]) => isAbsolute(p));
  const inside = files.filter(([p]) => !isAbsolute(p));
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
