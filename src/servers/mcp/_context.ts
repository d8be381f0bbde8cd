/**
 * What every handler shares: the repository the server serves, its environment, and the one
 * rule for paths: a path given to a tool must resolve inside the repository, symlinks included.
 */
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { UserError } from '../../errors.js';
import type { FormatName } from '../../formats/index.js';
import { type CurrentRole, currentRole } from '../../governance/classes.js';
import { findRepositoryRoot, GitAnswers, realPath } from '../../provenance/index.js';
import type { OpenStoreOptions, Store } from '../../store/index.js';
import { resolveHandoffPath } from '../../validate/index.js';
import { library } from './_library.js';

/** The repository a server serves and how it was started. */
export interface ServerContext {
  /** The repository root (real path), or the folder the server started in outside a repository. */
  root: string;
  env: NodeJS.ProcessEnv;
  role: CurrentRole;
  /** Where log lines go (stderr: stdout carries only protocol frames). */
  log(line: string): void;
  /** Git asked off the event loop, once per state of the repository, for every tool call. */
  git: GitAnswers;
}

/** The context of a server started in `cwd`. */
export function serverContext(
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): ServerContext {
  const root = findRepositoryRoot(cwd) ?? realPath(cwd);
  return { root, env, role: currentRole(env), log, git: new GitAnswers() };
}

/**
 * The real path of `path` (relative to the root), refused unless it is inside the repository.
 * A symlink whose target does not exist yet is followed too: writing through it must not land
 * outside either.
 */
export function pathInside(ctx: ServerContext, path: string): string {
  let full = realPath(isAbsolute(path) ? path : resolve(ctx.root, path));
  for (let hops = 0; ; hops++) {
    const rel = relative(ctx.root, full);
    if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
      throw new UserError(
        'PATH_OUTSIDE_REPOSITORY',
        `${JSON.stringify(path)} resolves outside the repository ${ctx.root}`,
      );
    }
    const target = danglingTarget(full);
    if (target === undefined) return full;
    if (hops >= 40)
      throw new UserError('FILE_UNREADABLE', `${JSON.stringify(path)}: too many levels of symlinks`);
    full = realPath(resolve(dirname(full), target));
  }
}

// What a symlink that `realPath` could not resolve points to; undefined for anything else.
function danglingTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** `pathInside`, and the file must exist. */
export function existingPathInside(ctx: ServerContext, path: string): string {
  const full = pathInside(ctx, path);
  if (!existsSync(full))
    throw new UserError('FILE_NOT_FOUND', `${relative(ctx.root, full) || full} does not exist`);
  return full;
}

/** The handoff a tool works on: the path given, else the default (`.baton/handoff.md`), inside the repository. */
export function handoffPathInside(
  ctx: ServerContext,
  path: string | undefined,
  format: FormatName | 'auto' = 'auto',
): string {
  return pathInside(ctx, resolveHandoffPath(path, { format, cwd: ctx.root, env: ctx.env }));
}

/** How the store is opened for this repository (`$BATON_STORE`, the config, else `.baton/baton.db`). */
export function storeOptions(ctx: ServerContext, create: boolean): OpenStoreOptions {
  return { cwd: ctx.root, env: ctx.env, create };
}

/** Runs `fn` with this repository's store opened for reading (a store not made yet reads as empty). */
export async function readStore<T>(ctx: ServerContext, fn: (store: Store) => Promise<T>): Promise<T> {
  const { withStore } = await library.store();
  return withStore(storeOptions(ctx, false), fn);
}
