/** Paths of touched files: relative to the repository root, folded into globs past the item cap. */
import { isAbsolute, resolve } from 'node:path';
import { relativeInside } from '../fs/index.js';
import type { FileTouched } from '../handoff/types.js';
import type { FileChangeKind } from './types.js';

/**
 * `path` relative to `root` when it is inside it; undefined when it is outside (`/etc/cron.d/x`,
 * another project's file): a handoff's Files touched names only the repository's own files.
 * Without a root, the path as written.
 */
export function relativePath(path: string, root: string | undefined): string | undefined {
  if (!root) return path;
  const rel = relativeInside(root, isAbsolute(path) ? path : resolve(root, path));
  return rel === '' ? '.' : rel;
}

/**
 * The touched files as handoff items, at most `cap` of them: past the cap, the deepest folder
 * that gathers several items is folded into `<folder>/**`, again until they fit.
 * Every path stays covered by an item.
 */
export function foldFiles(files: [string, FileChangeKind][], cap: number): FileTouched[] {
  let items: { path: string; action: FileChangeKind; count: number }[] = files.map(([path, action]) => ({
    path,
    action,
    count: 1,
  }));
  while (items.length > cap) {
    const folder = bestFolder(items.map((i) => i.path));
    if (folder === undefined) break;
    const prefix = folder === '' ? '' : `${folder}/`;
    const inside = items.filter((i) => i.path.startsWith(prefix) || i.path === `${folder}/**`);
    const actions = new Set(inside.map((i) => i.action));
    const merged = {
      path: folder === '' ? '**' : `${folder}/**`,
      action: actions.size === 1 ? (inside[0]?.action ?? 'modified') : 'modified',
      count: inside.reduce((n, i) => n + i.count, 0),
    };
    const at = items.indexOf(inside[0] as (typeof items)[number]);
    items = items.filter((i) => !inside.includes(i));
    items.splice(at, 0, merged);
  }
  return items.map((i) => ({
    action: i.action,
    path: i.path,
    ...(i.count > 1 ? { note: `${i.count} files${mixed(i, files)}` } : {}),
  }));
}

function mixed(item: { action: FileChangeKind; path: string }, files: [string, FileChangeKind][]): string {
  const prefix = item.path === '**' ? '' : item.path.slice(0, -2);
  const kinds = new Set(files.filter(([p]) => p.startsWith(prefix)).map(([, k]) => k));
  return kinds.size > 1 ? ` (${[...kinds].sort().join(', ')})` : '';
}

/** The deepest folder that gathers two items or more (the most items on a tie): the least folding that helps. */
function bestFolder(paths: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const p of paths) {
    const parts = p.replace(/\/\*\*$/, '/x').split('/');
    for (let n = parts.length - 1; n >= 1; n--) {
      const folder = parts.slice(0, n).join('/');
      counts.set(folder, (counts.get(folder) ?? 0) + 1);
    }
    counts.set('', (counts.get('') ?? 0) + 1);
  }
  let best: string | undefined;
  let bestGain = 0;
  for (const [folder, n] of counts) {
    const gain = n - 1;
    if (gain <= 0) continue;
    const depth = folder === '' ? 0 : folder.split('/').length;
    const bestDepth = best === undefined || best === '' ? 0 : best.split('/').length;
    if (depth > bestDepth || best === undefined || (depth === bestDepth && gain > bestGain)) {
      best = folder;
      bestGain = gain;
    }
  }
  return best;
}
