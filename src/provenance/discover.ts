/**
 * Finds the repository that contains a path by reading the file system, as git does: the
 * nearest ancestor with a `.git` folder or file (linked worktrees and submodules use a file).
 * No git process is needed for this.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** Where a work tree and its git data live. */
export interface RepositoryLocation {
  /** The work tree root (real path). */
  root: string;
  /** This work tree's git directory (`.git`, or `.git/worktrees/<name>` for a linked worktree). */
  gitDir: string;
  /** The directory shared by all worktrees: refs, config, objects. */
  commonDir: string;
  /** True for a linked worktree (`git worktree add`). */
  linked: boolean;
  shallow: boolean;
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended. */
export function realPath(path: string): string {
  const abs = resolve(path);
  try {
    // One realpath(3) call; the JavaScript version lstat-s each part of the path.
    return realpathSync.native(abs);
  } catch {
    const parent = dirname(abs);
    if (parent === abs) return abs;
    return join(realPath(parent), abs.slice(parent.length + (parent.endsWith('/') ? 0 : 1)));
  }
}

/** The nearest ancestor of `start` (itself included) that holds `.git`, or undefined. */
export function findRepositoryRoot(start: string): string | undefined {
  return rootAbove(realPath(start));
}

// The nearest folder from `dir` (a real path) up that holds `.git`.
function rootAbove(real: string): string | undefined {
  let dir = real;
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Locates the repository containing `path` (a file or a folder), or undefined outside one. */
export function locateRepository(path: string): RepositoryLocation | undefined {
  // Asked for on every request of a server: no exceptions thrown for what is simply not there.
  let start = realPath(path);
  try {
    if (!statSync(start, { throwIfNoEntry: false })?.isDirectory()) start = dirname(start);
  } catch {
    start = dirname(start);
  }
  const root = rootAbove(start);
  if (!root) return undefined;
  const dotGit = join(root, '.git');
  let gitDir = dotGit;
  let linked = false;
  try {
    if (statSync(dotGit).isFile()) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
      if (!m) return undefined;
      gitDir = resolve(root, m[1] as string);
      linked = true;
    }
  } catch {
    return undefined;
  }
  let commonDir = gitDir;
  const rel = textIfThere(join(gitDir, 'commondir'))?.trim();
  if (rel !== undefined) commonDir = isAbsolute(rel) ? rel : resolve(gitDir, rel);
  else linked = false;
  return { root, gitDir, commonDir, linked, shallow: existsSync(join(commonDir, 'shallow')) };
}

// A small file's text, or undefined when it is not there or cannot be read.
function textIfThere(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
