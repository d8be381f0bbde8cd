/**
 * Where a handoff is (FORMATS.md §2): the argument, relative to the working directory as in every
 * Unix tool; else an environment variable, else the default path, which resolve from the
 * repository root (else the working directory), as context-kit does.
 */
import { closeSync, existsSync, lstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { detect } from '../formats/detect.js';
import type { FormatName } from '../formats/types.js';
import { confineToOwnRoot } from '../fs/index.js';
import { findRepositoryRoot, realPath } from '../provenance/discover.js';

/** baton's default handoff path, relative to the repository root. */
const DEFAULT_HANDOFF_PATH = '.baton/handoff.md';
/** context-kit's default handoff path. */
const CONTEXT_KIT_HANDOFF_PATH = '.context-kit/handoff.md';

/** Options of `resolveHandoffPath`. */
export interface ResolveOptions {
  format?: FormatName | 'auto';
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Keep symlinks after the repository root unresolved, so a writer can check where they lead. */
  keepLinks?: boolean;
}

/**
 * The absolute path of the handoff a command works on, refused (`PATH_OUTSIDE_REPOSITORY`) when
 * it leads out of the repository it is in (its own folder outside one) or into `.git/`: the
 * default path and `$BATON_HANDOFF_PATH` are read by hooks without anyone looking.
 */
export function resolveHandoffPath(argument: string | undefined, options: ResolveOptions = {}): string {
  const given = givenHandoffPath(argument, options);
  const real = confineToOwnRoot(given, 'read');
  return options.keepLinks ? given : real;
}

// The path as named (links not followed): the argument, else the variable, else the default.
function givenHandoffPath(argument: string | undefined, options: ResolveOptions): string {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const ck = options.format === 'context-kit';
  if (argument) return resolve(cwd, expandHome(argument));
  let value = ck ? env.CONTEXT_KIT_HANDOFF_PATH || env.BATON_HANDOFF_PATH : env.BATON_HANDOFF_PATH;
  const base = findRepositoryRoot(cwd) ?? realPath(cwd);
  if (!value) {
    value = ck ? CONTEXT_KIT_HANDOFF_PATH : DEFAULT_HANDOFF_PATH;
    if (options.format === undefined || options.format === 'auto') {
      if (!existsSync(join(base, DEFAULT_HANDOFF_PATH)) && existsSync(join(base, CONTEXT_KIT_HANDOFF_PATH))) {
        value = CONTEXT_KIT_HANDOFF_PATH;
      }
    }
  }
  value = expandHome(value);
  return isAbsolute(value) ? resolve(value) : resolve(base, value);
}

function expandHome(value: string): string {
  return value === '~' || value.startsWith('~/') ? join(homedir(), value.slice(1)) : value;
}

const HANDOFF_FILE = /\.(md|markdown|json)$/i;

/**
 * True when the file reads as a handoff of some format: a `schema:` of baton's or context-kit's,
 * or the shape of a reply, Anchor, FORGE or PhaseHandoff. A folder's configuration, policies and
 * notes (`.baton/config.json`, `.baton/context/policy.md`) are not handoffs.
 */
function isHandoffFile(path: string): boolean {
  let head: string;
  try {
    // A link is not opened here (it may lead out of the repository or into .git/): validate
    // judges it, and refuses it with its own finding.
    if (lstatSync(path).isSymbolicLink()) return true;
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(65_536);
      head = buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    // Unreadable: validate it, and let validate say why.
    return true;
  }
  const format = detect(head);
  if (format === 'baton') return /^schema:[ \t]*['"]?baton\/handoff-v1/m.test(head.slice(0, 4096));
  if (format === 'json') return /^\s*\{\s*"schema"\s*:\s*"baton\/handoff-v1"/.test(head);
  return true;
}

/** The handoff files in a folder and below it (dot folders and node_modules left out), sorted. */
export function listHandoffFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of entries) {
      const full = join(dir, name);
      let st: ReturnType<typeof statSync>;
      try {
        st = statSync(full);
      } catch {
        continue;
      }
      if (st.isDirectory()) {
        if (!name.startsWith('.') || dir === folder) {
          if (name !== 'node_modules' && name !== '.git') walk(full);
        }
      } else if (HANDOFF_FILE.test(name) && isHandoffFile(full)) {
        out.push(full);
      }
    }
  };
  walk(folder);
  return out;
}
