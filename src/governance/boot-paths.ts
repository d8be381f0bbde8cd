/**
 * Where boot context lives: the files agents load when they start (`AGENTS.md`, `CLAUDE.md`,
 * `NEXT_AGENT_INIT.md`, `.baton/context/**`, `.baton/handoff.md`) and any paths configured in
 * `.baton/config.json` under `context.paths`.
 */
import { type Dirent, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { checkConfined, relativeInside } from '../fs/index.js';

/** The boot paths baton scans by default, relative to the repository root, in load order. */
export const DEFAULT_BOOT_PATHS = [
  'AGENTS.md',
  'CLAUDE.md',
  'NEXT_AGENT_INIT.md',
  '.baton/context',
  '.baton/handoff.md',
];

/** The configuration file that may add boot paths (`{"context": {"paths": [...]}}`). */
export const CONFIG_PATH = '.baton/config.json';

/** At most this many files are loaded from one run of folders. */
const MAX_BOOT_FILES = 10_000;

/** A path that resolves (through `..`, an absolute path or a symlink) outside the repository or into `.git/`. */
export interface RefusedPath {
  /** The path as found or configured. */
  path: string;
  /** Where it really leads. */
  target: string;
  /** Outside the repository, or inside git's own folder. */
  reason: 'outside' | 'git';
}

/** The files to load, what could not be used, and what leads outside the repository. */
export interface BootFiles {
  files: string[];
  problems: string[];
  /** Refused, never read: each is reported as a quarantined artifact that names it. */
  outside: RefusedPath[];
}

/** The paths configured under `context.paths` in `.baton/config.json` (none when absent). */
export function configuredBootPaths(root: string): { paths: string[]; problems: string[] } {
  const path = join(root, CONFIG_PATH);
  if (!existsSync(path)) return { paths: [], problems: [] };
  try {
    const config = JSON.parse(readFileSync(path, 'utf8')) as { context?: { paths?: unknown } };
    const paths = config?.context?.paths;
    if (paths === undefined) return { paths: [], problems: [] };
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && p.trim() !== '')) {
      return {
        paths: [],
        problems: [`${CONFIG_PATH}: context.paths must be a list of paths; it was ignored`],
      };
    }
    return { paths: paths as string[], problems: [] };
  } catch (error) {
    return {
      paths: [],
      problems: [`${CONFIG_PATH} is not valid JSON (${(error as Error).message}); it was ignored`],
    };
  }
}

/**
 * The files to load: each path that is a file, and every file under each path that is a folder
 * (dot files, `.git` and `node_modules` left out), once each, in order. Default paths that do not
 * exist are skipped; an explicit path that does not exist is a problem. A path or file that
 * resolves outside `root` (`../x`, `/etc/x`, a symlink anywhere on the way) is not read: it is
 * listed in `outside`.
 */
export function discoverBootFiles(root: string, explicit?: readonly string[]): BootFiles {
  const problems: string[] = [];
  const outside: RefusedPath[] = [];
  const configured = explicit ? { paths: [], problems: [] } : configuredBootPaths(root);
  problems.push(...configured.problems);
  const wanted = explicit ? [...explicit] : [...DEFAULT_BOOT_PATHS, ...configured.paths];
  const files: string[] = [];
  const seen = new Set<string>();
  // Every path is resolved, symlinks included, before anything is read: the repository only,
  // never `.git/` (the one rule of fs/).
  const inside = (path: string, shown: string): string | undefined => {
    const c = checkConfined(root, path);
    if (c.refused === 'loop' || !existsSync(c.real)) return undefined;
    if (c.refused === undefined) return c.real;
    if (!outside.some((o) => o.path === shown))
      outside.push({ path: shown, target: c.real, reason: c.refused });
    return undefined;
  };
  const take = (file: string) => {
    const real = inside(file, displayPath(root, file));
    if (real === undefined || seen.has(real)) return;
    seen.add(real);
    if (files.length >= MAX_BOOT_FILES) return;
    files.push(file);
  };
  for (const p of wanted) {
    const path = isAbsolute(p) ? p : resolve(root, p);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(path);
    } catch {
      if (explicit || configured.paths.includes(p)) problems.push(`${p}: no such file or folder`);
      continue;
    }
    if (inside(path, p) === undefined) continue;
    if (st.isDirectory()) walk(path, take);
    else take(path);
  }
  if (files.length >= MAX_BOOT_FILES)
    problems.push(`more than ${MAX_BOOT_FILES} files: the rest were not loaded`);
  return { files, problems, outside };
}

/** `path` relative to `root` with `/` separators, or as given when it is outside. */
export function displayPath(root: string, path: string): string {
  const rel = relativeInside(root, path);
  return rel === undefined || rel === '' ? path : rel;
}

// Folders are walked without following links to folders (no loops, nothing pulled in from
// outside); a link to a file is a file.
function walk(dir: string, take: (file: string) => void): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, take);
    else if (entry.isFile() || (entry.isSymbolicLink() && isFile(full))) take(full);
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
