/**
 * Which store to open: `$BATON_STORE`, else `store` in `<repository root>/.baton/config.json`,
 * else `sqlite:` (the file `<repository root>/.baton/baton.db`). This is the only place that
 * knows the backends by name.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { findRepositoryRoot, realPath } from '../provenance/discover.js';

/** The default store file, relative to the repository root. */
export const DEFAULT_STORE_PATH = '.baton/baton.db';
/** The config file that may name the store, relative to the repository root. */
export const CONFIG_PATH = '.baton/config.json';

/** A resolved store: a SQLite file or a PostgreSQL URL. */
export type StoreLocation =
  | { backend: 'sqlite'; path: string; display: string }
  | { backend: 'postgres'; url: string; display: string };

/** Options of `resolveStoreLocation`. */
export interface StoreLocationOptions {
  /** A store URL that wins over the environment and the config file. */
  url?: string;
  /** Where baton runs: relative paths and the config file are found from its repository root. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Resolves the store a command or a library caller should open. */
export function resolveStoreLocation(options: StoreLocationOptions = {}): StoreLocation {
  const env = options.env ?? process.env;
  const base = findRepositoryRoot(options.cwd ?? process.cwd()) ?? realPath(options.cwd ?? process.cwd());
  if (options.url !== undefined) return parseStoreUrl(options.url, base, 'the store URL given');
  if (env.BATON_STORE) return parseStoreUrl(env.BATON_STORE, base, '$BATON_STORE');
  const configured = readConfiguredStore(join(base, CONFIG_PATH));
  if (configured !== undefined) return parseStoreUrl(configured, base, join(base, CONFIG_PATH));
  return parseStoreUrl('sqlite:', base, 'the default');
}

/**
 * Parses `sqlite:`, `sqlite:<path>` (relative to `base`; `sqlite:///abs` also works) or
 * `postgres://…` / `postgresql://…`.
 */
export function parseStoreUrl(value: string, base: string, origin: string): StoreLocation {
  const url = value.trim();
  if (/^postgres(ql)?:\/\//i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw badUrl(url, origin);
    }
    return { backend: 'postgres', url, display: redact(parsed) };
  }
  const m = /^sqlite:(.*)$/i.exec(url);
  if (!m) throw badUrl(url, origin);
  let path = (m[1] as string).replace(/^\/\/(?=\/)/, '');
  if (path === '') path = DEFAULT_STORE_PATH;
  if (path === '~' || path.startsWith('~/')) path = join(homedir(), path.slice(1));
  const full = realPath(isAbsolute(path) ? path : resolve(base, path));
  return { backend: 'sqlite', path: full, display: full };
}

function readConfiguredStore(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError('STORE_CONFIG', `cannot read ${path}: ${(error as Error).message}`);
  }
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw new UserError('STORE_CONFIG', `${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new UserError('STORE_CONFIG', `${path} must hold a JSON object such as {"store": "sqlite:"}`);
  }
  const store = (config as Record<string, unknown>).store;
  if (store === undefined) return undefined;
  if (typeof store !== 'string' || store.trim() === '') {
    throw new UserError('STORE_CONFIG', `"store" in ${path} must be a store URL such as "sqlite:"`);
  }
  return store;
}

function badUrl(url: string, origin: string): UserError {
  const shown = /^postgres/i.test(url) ? '(a postgres URL that cannot be parsed)' : `"${url}"`;
  return new UserError('STORE_CONFIG', `${origin}: ${shown} is not a store URL`, {
    hint: 'use sqlite: (the default file), sqlite:<path>, or postgres://user@host:5432/database',
  });
}

// A URL as shown in messages: never with its password.
function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.password = '';
  return copy.href.replace(/\/$/, '');
}
