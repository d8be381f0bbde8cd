/**
 * The issue tracker items a session worked on, read from its commands: `bd update <id> --status
 * in_progress` and `bd close`, `gh issue view 12`, `gh pr checkout 34`, `gh issue close 12`,
 * `glab`, `linear issue start ENG-7`, `jira issue move KEY-1 "In Progress"`. The item the agent
 * was on is where the work stands; an item it closed is done.
 */
import { commandCores } from './_shell.js';
import type { CommandRun } from './types.js';

/** One item the session set to work on or closed, named as the next agent would look it up. */
export interface TrackerItem {
  /** `spotter-gqc.6`, `issue #12`, `PR #34`, `ENG-7`. */
  name: string;
  /** The program that did it (`bd`, `gh`, `glab`, `linear`, `jira`). */
  tool: string;
  /** What the command did to it, in baton's words. */
  how: string;
}

/** What the commands did to tracker items: the one the agent was on last, and those it closed. */
export interface TrackerState {
  on?: TrackerItem;
  closed: TrackerItem[];
}

interface TrackerEvent extends TrackerItem {
  closes: boolean;
}

// An issue's number as gh and glab take it: `12`, `#12`, or its address.
const NUMBER = /^(?:#?(\d+)|https?:\/\/\S+\/(?:issues|pull|merge_requests)\/(\d+))$/;
// A key as Linear and Jira write it (`ENG-7`); a beads id (`spotter-gqc.6`, `bd-a1b2`).
const KEY = /^[A-Z][A-Z0-9]+-\d+$/;
const BEAD = /^[a-z][\w-]*-[a-z0-9]+(?:\.\d+)*$/;

/** The events of one simple command (its core words). */
function eventsOf(w: string[]): TrackerEvent[] {
  const [tool, verb, sub] = w;
  const args = w.slice(tool === 'bd' ? 2 : 3).filter((a) => !a.startsWith('-'));
  const event = (name: string, how: string, closes = false) => ({ name, tool: tool as string, how, closes });
  if (tool === 'bd') {
    const ids = args.filter((a) => BEAD.test(a));
    if (verb === 'close') return ids.map((id) => event(id, 'closed', true));
    const status = w.findIndex((a) => /^--status(?:=|$)/.test(a));
    const value = w[status]?.includes('=') ? w[status]?.split('=')[1] : w[status + 1];
    if (verb === 'update' && value === 'in_progress') return ids.map((id) => event(id, 'set in progress'));
    return [];
  }
  if (tool === 'gh' || tool === 'glab') {
    const m = NUMBER.exec(args[0] ?? '');
    const n = m?.[1] ?? m?.[2];
    if (!n) return [];
    const kind =
      verb === 'issue' ? `issue #${n}` : verb === 'pr' || verb === 'mr' ? `${verb.toUpperCase()} #${n}` : '';
    if (kind === '') return [];
    if (sub === 'close' || sub === 'merge') return [event(kind, sub === 'merge' ? 'merged' : 'closed', true)];
    if (sub === 'checkout' || sub === 'develop') return [event(kind, 'checked out')];
    return sub === 'view' ? [event(kind, 'read')] : [];
  }
  if ((tool === 'linear' || tool === 'jira') && verb === 'issue' && KEY.test(args[0] ?? '')) {
    const key = args[0] as string;
    if (sub === 'start') return [event(key, 'started')];
    if (sub === 'view') return [event(key, 'read')];
    if (sub === 'move' || sub === 'update') {
      const to = w.slice(4).join(' ').toLowerCase();
      if (/\b(?:done|closed|resolved|complete)/.test(to)) return [event(key, 'closed', true)];
      if (/progress|start|doing/.test(to)) return [event(key, 'set in progress')];
    }
  }
  return [];
}

/**
 * The item the agent was on at the end (the last it set to work on, read or checked out and did
 * not close after) and the items it closed (and did not take up again), from commands that did
 * not fail.
 */
export function trackerState(commands: readonly CommandRun[]): TrackerState {
  const events = commands
    .filter((c) => c.ok !== false)
    .flatMap((c) => commandCores(c.command).flatMap(eventsOf));
  const last = new Map<string, TrackerEvent>();
  for (const e of events) {
    last.delete(e.name);
    last.set(e.name, e);
  }
  const latest = [...last.values()];
  // An item set to work on is where the agent was, before one it only read.
  const open = latest.filter((e) => !e.closes);
  const on = open.filter((e) => e.how !== 'read').at(-1) ?? open.at(-1);
  const item = ({ name, tool, how }: TrackerEvent): TrackerItem => ({ name, tool, how });
  return { ...(on ? { on: item(on) } : {}), closed: latest.filter((e) => e.closes).map(item) };
}
