/**
 * `baton init`: sets a repository up for baton and, on request, for Claude Code and Codex hooks.
 * Idempotent; JSON it finds is merged (baton only adds its own entries); a file it did not write
 * is never replaced; every change is planned first, so a refusal leaves everything as it was.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic.js';
import { CLAUDE_CODE_HOOKS, CODEX_HOOKS, type HostHook, hookGroup } from './hook-commands.js';

/** Options of `initRepository`. */
export interface InitOptions {
  /** The repository root. */
  root: string;
  /** Also write the hooks into `.claude/settings.json`. */
  claudeCode?: boolean;
  /** Also write the hooks into `.codex/hooks.json`. */
  codex?: boolean;
}

/** What init did to one file. */
export interface InitChange {
  path: string;
  action: 'created' | 'updated' | 'unchanged';
}

/** The files init looked at, in order. */
export interface InitResult {
  changes: InitChange[];
}

/** The marker of baton's block in `.gitignore`. */
export const GITIGNORE_MARKER =
  '# baton: commit .baton/handoff.md, .baton/config.json and .baton/trusted-keys/;';
const GITIGNORE_BLOCK = `${GITIGNORE_MARKER}
# the store, the history of handoffs, run records and subagent handoffs stay on this machine.
.baton/baton.db
.baton/baton.db-*
.baton/history/
.baton/runs/
.baton/subagents/
`;
const CONFIG = `${JSON.stringify({ store: 'sqlite:' }, null, 2)}\n`;

interface Planned {
  path: string;
  action: InitChange['action'];
  text?: string;
}

/** Sets up `.baton/`, `.gitignore` and, when asked, the hosts' hook files. */
export function initRepository(options: InitOptions): InitResult {
  const { root } = options;
  const plan: Planned[] = [planConfig(root), planGitignore(root)];
  if (options.claudeCode) plan.push(planHooks(join(root, '.claude', 'settings.json'), CLAUDE_CODE_HOOKS));
  if (options.codex) plan.push(planHooks(join(root, '.codex', 'hooks.json'), CODEX_HOOKS));
  for (const p of plan) {
    if (p.text === undefined) continue;
    mkdirSync(dirname(p.path), { recursive: true });
    writeFileAtomic(p.path, p.text);
  }
  mkdirSync(join(root, '.baton'), { recursive: true });
  return { changes: plan.map(({ path, action }) => ({ path, action })) };
}

function planConfig(root: string): Planned {
  const path = join(root, '.baton', 'config.json');
  // A config that is there is the person's, whatever it says.
  return existsSync(path) ? { path, action: 'unchanged' } : { path, action: 'created', text: CONFIG };
}

function planGitignore(root: string): Planned {
  const path = join(root, '.gitignore');
  if (!existsSync(path)) return { path, action: 'created', text: GITIGNORE_BLOCK };
  const text = readFileSync(path, 'utf8');
  if (text.includes(GITIGNORE_MARKER)) return { path, action: 'unchanged' };
  const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return { path, action: 'updated', text: `${text}${sep}${GITIGNORE_BLOCK}` };
}

/** Adds baton's hooks to a settings file, keeping everything else in it as it was. */
function planHooks(path: string, hooks: HostHook[]): Planned {
  let settings: Record<string, unknown> = {};
  const exists = existsSync(path);
  if (exists) {
    const raw = readFileSync(path, 'utf8');
    settings = parseObject(raw, path);
  }
  const table = settings.hooks ?? {};
  if (table === null || typeof table !== 'object' || Array.isArray(table)) {
    throw refused(path, '"hooks" is not an object');
  }
  const merged = { ...(table as Record<string, unknown>) };
  let changed = 0;
  for (const h of hooks) {
    const groups = merged[h.hostEvent] ?? [];
    if (!Array.isArray(groups)) throw refused(path, `"hooks.${h.hostEvent}" is not a list`);
    const own = groups.findIndex((g) => hasCommand(g, h.command));
    if (own >= 0) {
      // baton's own entry from an earlier version (SessionStart without `startup`): bring its matcher up to date.
      const group = groups[own] as Record<string, unknown>;
      if (h.matcher && group.matcher !== h.matcher && onlyCommand(group, h.command)) {
        merged[h.hostEvent] = groups.map((g, i) => (i === own ? { ...group, matcher: h.matcher } : g));
        changed++;
      }
      continue;
    }
    merged[h.hostEvent] = [...groups, hookGroup(h)];
    changed++;
  }
  if (changed === 0) return { path, action: 'unchanged' };
  return {
    path,
    action: exists ? 'updated' : 'created',
    text: `${JSON.stringify({ ...settings, hooks: merged }, null, 2)}\n`,
  };
}

function onlyCommand(group: Record<string, unknown>, command: string): boolean {
  const list = group.hooks;
  return Array.isArray(list) && list.every((h) => (h as { command?: unknown } | null)?.command === command);
}

function hasCommand(group: unknown, command: string): boolean {
  const list = (group as { hooks?: unknown } | null)?.hooks;
  return Array.isArray(list) && list.some((h) => (h as { command?: unknown } | null)?.command === command);
}

function parseObject(raw: string, path: string): Record<string, unknown> {
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw refused(path, `not valid JSON (${(error as Error).message.split('\n')[0]})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw refused(path, 'not a JSON object');
  return value as Record<string, unknown>;
}

function refused(path: string, why: string): UserError {
  return new UserError('INIT_REFUSED', `${path}: ${why}; nothing was changed`, {
    hint: 'fix the file (or move it away) and run baton init again',
  });
}
