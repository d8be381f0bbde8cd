/**
 * Does a path stay inside a folder once every symlink on it is followed? The one check that keeps
 * baton from reading or writing outside a repository through a link an agent planted.
 */
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { UserError } from '../errors.js';

/** More links than this on one path is a loop (Linux's own limit is 40). */
const MAX_LINKS = 40;

/**
 * The path with every symlink on it resolved, including links that dangle and parts that do not
 * exist yet (those are kept as written): where a write to `path` would really land.
 */
export function resolveLinks(path: string): string {
  const pending = resolve(path).split(sep).filter(Boolean);
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
      return join(next, ...pending);
    }
    if (!isLink) {
      done = next;
      continue;
    }
    if (++links > MAX_LINKS) {
      throw new UserError('FILE_OUTSIDE_REPOSITORY', `${path} has a symlink loop; it was left as it is`);
    }
    const target = readlinkSync(next);
    pending.unshift(...target.split(sep).filter(Boolean));
    if (isAbsolute(target)) done = sep;
  }
  return done;
}

/** True when `path`, with its symlinks followed, is `root` or inside it (`root`'s links followed too). */
export function isInside(root: string, path: string): boolean {
  const r = resolveLinks(root);
  const p = resolveLinks(path);
  return p === r || p.startsWith(r.endsWith(sep) ? r : `${r}${sep}`);
}

/**
 * The real path of `path` when it stays inside `root`; otherwise a one-line refusal naming where
 * the link leads (`what` names the folder for the message, e.g. "the repository").
 */
export function confineTo(root: string, path: string, what = 'the repository'): string {
  const real = resolveLinks(path);
  if (isInside(root, real)) return real;
  throw new UserError(
    'FILE_OUTSIDE_REPOSITORY',
    `${path} leads to ${real}, outside ${what} (${resolveLinks(root)}): baton does not follow a symlink out of it`,
    { hint: 'remove the symlink, or give the real path of a file inside the repository' },
  );
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
