/**
 * What git's answer about a work tree depends on, as stat data taken once and compared later:
 * HEAD, the index, the refs and packed-refs, the config and ignore files, every folder git looks
 * in for untracked files and every file in them, and every tracked file. It is the signal
 * `git status` itself trusts (a file whose stat data is unchanged is unchanged), with git's own
 * guard against racy timestamps: stat data that changed within the file system's timestamp
 * granularity of the moment git was asked cannot be told from stat data that did not, so such a
 * snapshot is not kept at all.
 */
import { existsSync, lstatSync, readdirSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readGitConfig, readGitConfigFile } from './_config.js';
import { readIndexPaths } from './_index.js';
import { OWN_FOLDERS } from './capture.js';
import type { RepositoryLocation } from './discover.js';

/** Stat data of paths, in order, to compare with now (`snapshotHolds`). */
export interface Snapshot {
  paths: string[];
  /** mtime, ctime, size, inode and mode of each path; -1 for a path that was not there. */
  stats: Float64Array;
}

const FIELDS = 5;
/** A work tree with more entries than this is not watched: asking git is cheaper than stat. */
const MAX_ENTRIES = 200_000;
// Timestamps of most file systems here are finer than a scheduler tick (4–10 ms); whole-second
// ones (some network and older file systems) need the two seconds FAT needs.
const FINE_MARGIN_MS = 100;
const COARSE_MARGIN_MS = 2000;

/**
 * The snapshot of the repository at `loc` for an answer git started giving at `startedMs`
 * (`Date.now()` before git ran), given git's `--ignored=matching` list; undefined when the answer
 * cannot be kept: racy stat data, submodules, a split or sparse index, reftable, or too many files.
 */
export function takeSnapshot(
  loc: RepositoryLocation,
  ignored: readonly string[],
  startedMs: number,
): Snapshot | undefined {
  if (existsSync(join(loc.commonDir, 'reftable'))) return undefined;
  const config = readGitConfig(loc.commonDir, loc.gitDir);
  const hashBytes = config.get('extensions.objectformat') === 'sha256' ? 32 : 20;
  const tracked = readIndexPaths(join(loc.gitDir, 'index'), hashBytes);
  if (!tracked) return undefined;
  const paths = new Set(gitFiles(loc, config));
  const refs = [join(loc.commonDir, 'refs'), ...(loc.linked ? [join(loc.gitDir, 'refs')] : [])];
  for (const dir of refs) if (!walk(dir, '', paths, () => false)) return undefined;
  const skipDirs = new Set(ignored.filter((p) => p.endsWith('/')).map((p) => p.slice(0, -1)));
  const skipFiles = new Set(ignored.filter((p) => !p.endsWith('/')));
  const own = (rel: string) => OWN_FOLDERS.some((f) => rel === f || rel.startsWith(`${f}/`));
  const skip = (rel: string, dir: boolean) => own(rel) || (dir ? skipDirs : skipFiles).has(rel);
  if (!walk(loc.root, '', paths, skip)) return undefined;
  for (const path of tracked) if (!own(path)) paths.add(join(loc.root, path));
  const snapshot = { paths: [...paths], stats: new Float64Array(paths.size * FIELDS) };
  let newest = 0;
  let whole = true;
  snapshot.paths.forEach((path, i) => {
    const st = statOf(path);
    if (st) {
      snapshot.stats.set([st.mtimeMs, st.ctimeMs, st.size, st.ino, st.mode], i * FIELDS);
      newest = Math.max(newest, st.mtimeMs, st.ctimeMs);
      whole &&= st.mtimeMs % 1000 === 0;
    } else snapshot.stats.fill(-1, i * FIELDS, (i + 1) * FIELDS);
  });
  // Anything changed since git was asked may or may not be in its answer: keep nothing.
  const margin = whole ? COARSE_MARGIN_MS : FINE_MARGIN_MS;
  return newest >= startedMs - margin ? undefined : snapshot;
}

/** True when every path still has the stat data the snapshot took. */
export function snapshotHolds(snapshot: Snapshot): boolean {
  const { paths, stats } = snapshot;
  for (let i = 0; i < paths.length; i++) {
    const st = statOf(paths[i] as string);
    const at = i * FIELDS;
    if (!st) {
      if (stats[at] !== -1) return false;
    } else if (
      stats[at] !== st.mtimeMs ||
      stats[at + 1] !== st.ctimeMs ||
      stats[at + 2] !== st.size ||
      stats[at + 3] !== st.ino ||
      stats[at + 4] !== st.mode
    ) {
      return false;
    }
  }
  return true;
}

function statOf(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    // A folder on the way became a file (ENOTDIR), or cannot be read: not there, for git too.
    return undefined;
  }
}

// The repository's own files an answer depends on, and the user's git config and ignore files.
function gitFiles(loc: RepositoryLocation, config: Map<string, string>): string[] {
  const home = process.env.HOME || homedir();
  const xdg = process.env.XDG_CONFIG_HOME || join(home, '.config');
  const globals = [join(home, '.gitconfig'), join(xdg, 'git', 'config'), '/etc/gitconfig'];
  if (process.env.GIT_CONFIG_GLOBAL) globals.push(process.env.GIT_CONFIG_GLOBAL);
  const excludes =
    config.get('core.excludesfile') ??
    globals.map((f) => readGitConfigFile(f).get('core.excludesfile')).find((v) => v !== undefined) ??
    join(xdg, 'git', 'ignore');
  return [
    join(loc.gitDir, 'HEAD'),
    join(loc.gitDir, 'index'),
    join(loc.gitDir, 'config.worktree'),
    join(loc.commonDir, 'packed-refs'),
    join(loc.commonDir, 'config'),
    join(loc.commonDir, 'shallow'),
    join(loc.commonDir, 'info', 'exclude'),
    join(loc.commonDir, 'info', 'attributes'),
    ...globals,
    excludes.startsWith('~/') ? join(home, excludes.slice(2)) : excludes,
    join(xdg, 'git', 'attributes'),
  ];
}

// Adds `dir` and everything below it that `skip` keeps (never `.git`, never inside a nested
// repository, whose contents git does not look at); false when there are too many entries.
function walk(
  dir: string,
  rel: string,
  out: Set<string>,
  skip: (rel: string, dir: boolean) => boolean,
): boolean {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    out.add(dir);
    return true;
  }
  out.add(dir);
  if (rel !== '' && entries.some((e) => e.name === '.git')) return true;
  for (const entry of entries) {
    if (entry.name === '.git') continue;
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    const isDir = entry.isDirectory();
    if (skip(path, isDir)) continue;
    if (isDir) {
      if (!walk(join(dir, entry.name), path, out, skip)) return false;
    } else out.add(join(dir, entry.name));
    if (out.size > MAX_ENTRIES) return false;
  }
  return true;
}
