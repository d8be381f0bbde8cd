/**
 * Does a path stay inside a folder once every symlink on it is followed, and out of git's own
 * folder? The one containment rule of baton: every command, server and the run engine asks it
 * before reading or writing a path an agent, a peer or a setting named (issues 11, 20, 22).
 */
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, posix, relative, resolve, sep, win32 } from 'node:path';
import { UserError } from '../errors.js';

/** More links than this on one path is a loop (Linux's own limit is 40). */
const MAX_LINKS = 40;

/**
 * The path with every symlink on it resolved, including links that dangle and parts that do not
 * exist yet (those are kept as written): where a write to `path` would really land. A `..` is
 * taken after the link before it is followed, as the kernel takes it (`link/..` is the link
 * target's parent, not the folder that holds the link).
 */
export function resolveLinks(path: string): string {
  const absolute = isAbsolute(path) ? path : `${process.cwd()}${sep}${path}`;
  const pending = absolute.split(sep).filter(Boolean);
  let done: string = sep;
  let links = 0;
  while (pending.length > 0) {
    const part = pending.shift() as string;
    if (part === '.') continue;
    if (part === '..') {
      done = dirname(done);
      continue;
    }
    const next = join(done, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      // Nothing exists from here on: the rest of the path is what would be created.
      return resolve(next, ...pending);
    }
    if (!isLink) {
      done = next;
      continue;
    }
    if (++links > MAX_LINKS) throw loopError(path);
    const target = readlinkSync(next);
    pending.unshift(...target.split(sep).filter(Boolean));
    if (isAbsolute(target)) done = sep;
  }
  return done;
}

function loopError(path: string): UserError {
  return new UserError('PATH_OUTSIDE_REPOSITORY', `${path} has a symlink loop; it was left as it is`);
}

/**
 * `path` relative to `root` with `/` separators (`''` for the root itself) when it is the root
 * or below it as written, else undefined. Lexical only: `..notes.md` is inside, `../notes.md`
 * is not. Every "is this path under that folder" question outside this file asks this.
 */
export function relativeInside(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (isAbsolute(rel)) return undefined;
  const parts = rel.split(sep);
  if (parts[0] === '..') return undefined;
  return parts.join('/');
}

/**
 * `relativeInside` by Windows' rules, for paths a session recorded on Windows names (read here on
 * any system): either separator, drive letters and case ignored; `path` may be relative to `root`.
 * The result has `/` separators; undefined when the path is above the root or on another drive.
 */
export function relativeInsideWindows(root: string, path: string): string | undefined {
  const rel = win32.relative(root, win32.resolve(root, path));
  if (win32.isAbsolute(rel)) return undefined;
  const parts = rel.split('\\');
  if (parts[0] === '..') return undefined;
  return parts.join('/');
}

/**
 * True when a relative path, as written, climbs above the folder it is relative to
 * (`../x`, `a/../../x`); `..notes.md` does not. For paths named in text, with no root to resolve.
 */
export function climbsOut(rel: string): boolean {
  // Most paths named in a log have no `..` at all: no need to normalise them (compile asks thousands).
  if (!rel.includes('..')) return false;
  return posix.normalize(rel.replace(/\\/g, '/')).split('/')[0] === '..';
}

// What file systems fold into `.git`: case (macOS, Windows), trailing dots and spaces and an
// NTFS stream suffix (`.git::$INDEX_ALLOCATION`, Windows), characters HFS+ ignores, and the 8.3
// short name: git refuses the same family.
const IGNORED_CHARS = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** True when a `/`- or `\`-separated relative path has a part that is git's own folder. */
export function hasGitComponent(rel: string): boolean {
  return rel.split(/[\\/]/).some((part) => {
    const stem = part.replace(IGNORED_CHARS, '').split(':')[0] ?? '';
    const name = stem.replace(/[. ]+$/, '').toLowerCase();
    return name === '.git' || name === 'git~1';
  });
}

/**
 * `.git/` when a relative path is inside git's own folder (at any depth, any spelling), `.baton/`
 * when it is inside baton's (at the top, any case), else undefined: the repository's machinery,
 * which no agent's commit or patch may write.
 */
export function machineryOf(rel: string): '.git/' | '.baton/' | undefined {
  if (hasGitComponent(rel)) return '.git/';
  return rel.split(/[\\/]/)[0]?.toLowerCase() === '.baton' ? '.baton/' : undefined;
}

/** What a path is wanted for, and which folders besides the root it may land in. */
export interface ConfineOptions {
  /** Names the root in messages (default "the repository"). */
  what?: string;
  /** `read` may also land in `readOnly`; `write` (the default) only inside the root. */
  access?: 'read' | 'write';
  /** Folders outside the root a read may reach (a host's transcript folders, say); never a write. */
  readOnly?: readonly string[];
}

/** Where a path really leads, and why it may not be used there (undefined: it may). */
export interface Confinement {
  /** The real path (the path as given when it has a symlink loop). */
  real: string;
  refused?: 'outside' | 'git' | 'loop';
}

/** The containment rule without throwing: where `path` leads, and whether that is allowed. */
export function checkConfined(root: string, path: string, options: ConfineOptions = {}): Confinement {
  let real: string;
  try {
    real = resolveLinks(path);
  } catch {
    return { real: path, refused: 'loop' };
  }
  const folders = [root, ...(options.access === 'read' ? (options.readOnly ?? []) : [])];
  for (const folder of folders) {
    const rel = relativeInside(resolveLinks(folder), real);
    if (rel === undefined) continue;
    return hasGitComponent(rel) ? { real, refused: 'git' } : { real };
  }
  return { real, refused: 'outside' };
}

/** True when `path`, with its symlinks followed, is `root` or inside it and not inside `.git`. */
export function isInside(root: string, path: string): boolean {
  return checkConfined(root, path).refused === undefined;
}

/**
 * The real path of `path` when it stays inside `root` (symlinks followed) and out of `.git`;
 * otherwise one line (`PATH_OUTSIDE_REPOSITORY`) naming where it leads.
 */
export function confineTo(root: string, path: string, options: ConfineOptions = {}): string {
  const { real, refused } = checkConfined(root, path, options);
  if (refused === undefined) return real;
  if (refused === 'loop') throw loopError(path);
  const what = options.what ?? 'the repository';
  const message =
    refused === 'git'
      ? `${path} leads to ${real}, inside git's own folder: baton neither reads nor writes there`
      : `${path} leads to ${real}, outside ${what} (${resolveLinks(root)}): baton does not follow a path out of it`;
  throw new UserError('PATH_OUTSIDE_REPOSITORY', message, {
    hint:
      refused === 'git'
        ? 'name a file of the work tree, not of .git/'
        : 'remove the symlink, or give the real path of a file inside the repository',
  });
}

/**
 * The work tree root a path is written in: the nearest ancestor holding `.git`, read from the path
 * as written, from the top down. A symlinked folder met below a root ends the search there: what
 * lies through it (`.baton -> /elsewhere`, `sub -> another/repository`) belongs to the repository
 * the link was planted in, so it cannot pose as a root of its own. Undefined outside a repository.
 */
export function repositoryRootOf(path: string): string | undefined {
  const parts = dirname(resolve(path)).split(sep).filter(Boolean);
  let root: string | undefined;
  let lexical: string = sep;
  for (const part of ['', ...parts]) {
    lexical = join(lexical, part);
    let linked = false;
    try {
      linked = lstatSync(lexical).isSymbolicLink();
    } catch {
      break; // Not created yet: nothing below can hold `.git`.
    }
    if (linked && root !== undefined) break;
    if (existsSync(join(lexical, '.git'))) root = lexical;
  }
  return root === undefined ? undefined : resolveLinks(root);
}

/**
 * The folder a handoff path (as written, links not followed) is confined to: the repository it
 * is in, else (outside a repository) the folder that holds its `.baton/` or `.context-kit/`
 * folder, else its own folder.
 */
export function handoffRootOf(path: string): string {
  const repo = repositoryRootOf(path);
  if (repo) return repo;
  const dir = dirname(resolve(path));
  const name = basename(dir);
  return resolveLinks(name === '.baton' || name === '.context-kit' ? dirname(dir) : dir);
}

/** `confineTo` the folder `handoffRootOf` gives: how a file named on a command line is read or written. */
export function confineToOwnRoot(path: string, access: 'read' | 'write'): string {
  return confineTo(handoffRootOf(path), path, { access });
}
