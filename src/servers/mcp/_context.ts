/**
 * What every handler shares: the repository the server serves, its environment, and how a path
 * given to a tool is confined to it (the one rule of `fs/`).
 */
import { existsSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { UserError } from '../../errors.js';
import type { FormatName } from '../../formats/index.js';
import { confineTo } from '../../fs/index.js';
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
 * The real path of `path` (relative to the root), by the one containment rule (`confineTo`):
 * inside the repository with symlinks followed, never in `.git`. A write (`access: 'write'`)
 * may land only in the repository; a read may also land in the `readOnly` folders given.
 */
function pathInside(
  ctx: ServerContext,
  path: string,
  access: 'read' | 'write' = 'read',
  readOnly: readonly string[] = [],
): string {
  // Joined as text, not resolved: `..` is taken after the links before it, as the kernel does.
  const full = isAbsolute(path) ? path : `${ctx.root}${sep}${path}`;
  return confineTo(ctx.root, full, { access, readOnly });
}

/**
 * `pathInside` for reading, and the file must exist; `readOnly` (default none) names the
 * folders outside the repository it may be in (a host's transcript folders, for the tools that
 * read transcripts).
 */
export function existingPathInside(
  ctx: ServerContext,
  path: string,
  readOnly: readonly string[] = [],
): string {
  const full = pathInside(ctx, path, 'read', readOnly);
  if (!existsSync(full))
    throw new UserError('FILE_NOT_FOUND', `${relative(ctx.root, full) || full} does not exist`);
  return full;
}

/** The handoff a tool works on: the path given, else the default (`.baton/handoff.md`), inside the repository. */
export function handoffPathInside(
  ctx: ServerContext,
  path: string | undefined,
  format: FormatName | 'auto' = 'auto',
  access: 'read' | 'write' = 'read',
): string {
  const given = resolveHandoffPath(path, { format, cwd: ctx.root, env: ctx.env, keepLinks: true });
  return pathInside(ctx, given, access);
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
