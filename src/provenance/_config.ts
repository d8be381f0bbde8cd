/**
 * The few git settings provenance needs (origin's URL, the default branch name), read from the
 * repository's config file and the files it includes, without starting git.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** Settings by lower-cased `section.subsection.key` name; later values win, as in git. */
export type GitConfig = Map<string, string>;

/** Reads `<commonDir>/config` (and `config.worktree` of a worktree) into a map. */
export function readGitConfig(commonDir: string, gitDir: string): GitConfig {
  const config: GitConfig = new Map();
  readInto(join(commonDir, 'config'), config, 0);
  if (gitDir !== commonDir || config.get('extensions.worktreeconfig') === 'true') {
    readInto(join(gitDir, 'config.worktree'), config, 0);
  }
  return config;
}

/** The settings of one config file (and the files it includes); empty when it cannot be read. */
export function readGitConfigFile(file: string): GitConfig {
  const config: GitConfig = new Map();
  readInto(file, config, 0);
  return config;
}

function readInto(file: string, config: GitConfig, depth: number): void {
  if (depth > 5) return;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]\s*(.*)$/.exec(line);
    if (head) {
      const name = (head[1] as string).toLowerCase();
      section = head[2] === undefined ? name : `${name}.${head[2].replace(/\\(.)/g, '$1')}`;
      if (!head[3]) continue;
    }
    const body = head ? (head[3] as string) : line;
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(body);
    if (!kv || !section) continue;
    const key = `${section}.${(kv[1] as string).toLowerCase()}`;
    const value = kv[2] === undefined ? 'true' : unquote(kv[2]);
    config.set(key, value);
    if (key === 'include.path') {
      const target = value.startsWith('~/') ? join(process.env.HOME ?? '', value.slice(2)) : value;
      readInto(isAbsolute(target) ? target : resolve(dirname(file), target), config, depth + 1);
    }
  }
}

// Git config values: strip an inline comment outside quotes, drop the quotes, read escapes.
function unquote(value: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '"') {
      quoted = !quoted;
    } else if (ch === '\\' && i + 1 < value.length) {
      const next = value[++i] as string;
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
    } else if (!quoted && (ch === '#' || ch === ';')) {
      break;
    } else {
      out += ch;
    }
  }
  return out.trim();
}
