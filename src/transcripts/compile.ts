/**
 * The compiler: a session record in, a canonical draft handoff out, without a model and without
 * copying tool output. The person's words (the first request as Goal, later steering requests as
 * Preferences) and the commands the session ran are kept verbatim; everything else is baton's
 * own words. Deterministic: the same transcript gives the same bytes.
 */
import { existsSync } from 'node:fs';
import type { ParsedHandoff } from '../formats/types.js';
import type { DeadEnd, DoneItem, SubSpec, ValidationEntry } from '../handoff/types.js';
import { emptySections } from '../handoff/types.js';
import { FORBIDDEN_CHAR_RE, HANDOFF_SCHEMA } from '../handoff/values.js';
import { findRepositoryRoot } from '../provenance/discover.js';
import { foldFiles, relativePath } from './_paths.js';
import { checkProgram, isCheck } from './_shell.js';
import type { CommandRun, SessionRecord } from './types.js';

/** Options of `draftFromSession`. */
export interface DraftOptions {
  /** The repository root paths are made relative to (default: the session's working directory). */
  root?: string;
  /** Items per list section (default 25, the format's cap). */
  maxItems?: number;
  /** The writer (default `<host>:<first 8 of the session id>`). */
  from?: string;
}

const HOST_NAMES = { 'claude-code': 'Claude Code', codex: 'Codex' } as const;
const GOAL_MAX_LINES = 60;
const GOAL_MAX_CHARS = 6000;
const LINE_MAX = 400;
const ANSI_RE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');
// Requests that only say "go on" do not steer the work.
const ACK =
  /^(?:ok(?:ay)?|yes|y|go|go on|continue|proceed|carry on|thanks?|thank you|great|good|done|next|please continue|continue implementation|keep going)[.!]*$/i;

/** A finished check with its last result. */
interface Check {
  command: string;
  first: number;
  last: CommandRun;
  runs: number;
}

/** Builds the draft handoff (no id, time or provenance: `baton write` adds them). */
export function draftFromSession(s: SessionRecord, options: DraftOptions = {}): ParsedHandoff {
  const cap = options.maxItems ?? 25;
  const root = options.root ?? sessionRoot(s.cwd);
  const checks = checksOf(s.commands);
  const deadEnds = deadEndsOf(checks);
  // A failing check the session replaced is a dead end, not work left to do.
  const failing = checks.filter((c) => c.last.ok === false && !deadEnds.some((d) => d.check === c));
  const h: ParsedHandoff = {
    ...emptySections(),
    schema: HANDOFF_SCHEMA,
    from: options.from ?? `${s.kind}:${(s.sessionId ?? 'session').slice(0, 8)}`,
    status: 'in-progress',
    title: titleOf(s),
    goal: goalOf(s),
    summary: summaryOf(s, checks, failing),
  };
  h.done = doneOf(s).slice(-cap);
  h.remaining = remainingOf(s, checks, failing).slice(0, Math.min(cap, 10));
  // Files outside the repository are left out: the next agent cannot act on them from here.
  const files = [...s.files].flatMap(([p, k]) => {
    const rel = relativePath(p, root);
    return rel === undefined ? [] : [[rel, k] as [string, typeof k]];
  });
  h.files_touched = foldFiles(dedupe(files), cap);
  h.validation = validationOf(checks, cap);
  h.dead_ends = deadEnds.map((d) => d.item).slice(0, cap);
  h.open_concerns = concernsOf(s, failing).slice(0, cap);
  h.preferences = preferencesOf(s).slice(-cap);
  return h;
}

/** The repository the session worked in when it is on this machine, else its working directory. */
function sessionRoot(cwd: string | undefined): string | undefined {
  if (!cwd || !existsSync(cwd)) return cwd;
  return findRepositoryRoot(cwd) ?? cwd;
}

function dedupe<T extends [string, unknown]>(items: T[]): T[] {
  const seen = new Map<string, T>();
  for (const item of items) seen.set(item[0], item);
  return [...seen.values()];
}

/** Text a handoff line can hold: no control characters, no template braces, one line. */
export function oneLine(text: string, max = LINE_MAX): string {
  const flat = clean(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function clean(text: string): string {
  // ANSI colour codes and other control characters are display noise; `{{x}}` would read as a placeholder.
  return text
    .replace(ANSI_RE, '')
    .replace(new RegExp(FORBIDDEN_CHAR_RE.source, 'g'), '')
    .replace(/\r\n?/g, '\n')
    .replace(/\{\{/g, '{ {');
}

function goalOf(s: SessionRecord): string {
  const first = s.requests[0];
  if (first === undefined) {
    return `No request from the person was found in this ${HOST_NAMES[s.kind]} session.`;
  }
  const lines = clean(first)
    .trim()
    .split('\n')
    .map((l) => l.trimEnd());
  let kept = lines.slice(0, GOAL_MAX_LINES).join('\n');
  if (kept.length > GOAL_MAX_CHARS) kept = kept.slice(0, GOAL_MAX_CHARS).replace(/\n[^\n]*$/, '');
  const cut = kept.length < lines.join('\n').length;
  return cut ? `${kept.trim()}\n\n[baton: the request goes on; ${lines.length} lines in all]` : kept.trim();
}

function titleOf(s: SessionRecord): string {
  const first = s.requests[0];
  const line = first?.split('\n').find((l) => l.trim() !== '');
  const words = line ? oneLine(line, 72) : `${HOST_NAMES[s.kind]} session`;
  return `Compiled handoff: ${words}`;
}

function summaryOf(s: SessionRecord, checks: Check[], failing: Check[]): string {
  const host = HOST_NAMES[s.kind];
  const lines = [
    `Compiled by baton from ${host} session ${s.sessionId ?? '(no id)'} without a model: ${s.requests.length} request(s), ${s.files.size} file(s) touched, ${s.commands.length} command(s) run, ${s.commits.length} commit(s).`,
    `${checks.length} check(s) ran; ${failing.length} failed on their last run${failing[0] ? `, first ${oneLine(`\`${failing[0].command}\``, 200)}` : ''}.`,
  ];
  if (s.compactions > 0) lines.push(`${host} compacted this session ${s.compactions} time(s) before.`);
  const open = s.tasks.filter((t) => t.status !== 'completed').length;
  if (s.tasks.length > 0) lines.push(`The session's task list: ${s.tasks.length - open} done, ${open} open.`);
  return lines.join('\n');
}

/** Checks the session ran, grouped by command (single-line commands with a recorded result). */
function checksOf(commands: CommandRun[]): Check[] {
  const byCommand = new Map<string, Check>();
  for (const run of commands) {
    const command = run.command.trim();
    if (run.ok === undefined || command.includes('\n') || command.length > LINE_MAX) continue;
    if (FORBIDDEN_CHAR_RE.test(command) || command.includes('{{') || !isCheck(command)) continue;
    const check = byCommand.get(command);
    if (check) {
      check.last = run;
      check.runs++;
    } else byCommand.set(command, { command, first: run.seq, last: run, runs: 1 });
  }
  return [...byCommand.values()];
}

function validationOf(checks: Check[], cap: number): ValidationEntry[] {
  let kept = checks;
  if (kept.length > cap) {
    // Past the cap, keep every failing check, then the most recent passing ones.
    const failing = kept.filter((c) => c.last.ok === false).slice(-cap);
    const passing = kept.filter((c) => c.last.ok !== false).sort((a, b) => b.last.seq - a.last.seq);
    kept = [...failing, ...passing.slice(0, cap - failing.length)].sort((a, b) => a.first - b.first);
  }
  return kept.map((c) => ({
    result: c.last.ok ? 'passed' : 'failed',
    command: c.command,
    outcome: outcomeOf(c),
  }));
}

function outcomeOf(c: Check): string {
  const exit =
    c.last.exitCode === undefined ? (c.last.ok ? 'exit 0' : 'non-zero exit') : `exit ${c.last.exitCode}`;
  return c.runs > 1 ? `${exit} on the last of ${c.runs} runs` : exit;
}

function doneOf(s: SessionRecord): DoneItem[] {
  const done: DoneItem[] = s.tasks
    .filter((t) => t.status === 'completed')
    .map((t) => ({ text: oneLine(t.text), result: 'unverified' }));
  for (const subject of s.commits)
    done.push({ text: oneLine(`Committed: ${subject}`), result: 'unverified' });
  return done.filter((d) => d.text !== '');
}

function remainingOf(s: SessionRecord, checks: Check[], failing: Check[]): SubSpec[] {
  const verify = verifyBy(checks, failing);
  const specs: SubSpec[] = s.tasks
    .filter((t) => t.status !== 'completed')
    .map((t) => ({ title: oneLine(t.text, 160), files_in_scope: [], verify_by: verify }));
  for (const item of nextSteps(s.lastAssistant)) {
    if (!specs.some((x) => x.title === item))
      specs.push({ title: item, files_in_scope: [], verify_by: verify });
  }
  for (const c of failing) {
    if (specs.length >= 10) break;
    specs.push({
      title: oneLine(`Make \`${c.command}\` pass`, 200),
      files_in_scope: [],
      verify_by: [c.command],
      notes: `it failed on its last run (${outcomeOf(c)})`,
    });
  }
  if (specs.length === 0) {
    const latest = s.requests.at(-1);
    specs.push({
      title: 'Carry on with the latest request',
      ...(latest ? { goal: oneLine(latest, 300) } : {}),
      files_in_scope: [],
      verify_by: verify,
      ...(checks.length === 0
        ? { notes: 'the session ran no check; `git status --short` only shows what changed' }
        : {}),
    });
  }
  return specs.filter((x) => x.title !== '');
}

/** The checks that prove remaining work done: the failing ones, else the last one run. */
function verifyBy(checks: Check[], failing: Check[]): string[] {
  if (failing.length > 0) return failing.slice(0, 3).map((c) => c.command);
  const last = [...checks].sort((a, b) => b.last.seq - a.last.seq)[0];
  return last ? [last.command] : ['git status --short'];
}

/** Items under a "next steps" / "remaining" line of the last assistant message. */
function nextSteps(text: string | undefined): string[] {
  if (!text) return [];
  const lines = text.split('\n');
  const at = lines.findIndex(
    (l) =>
      /\b(next steps?|remaining|still to do|left to do|todo|not yet done)\b/i.test(l) &&
      !/^\s*[-*\d]/.test(l),
  );
  if (at < 0) return [];
  const items: string[] = [];
  for (const line of lines.slice(at + 1)) {
    const m = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[ \]\s*)?(.+)$/.exec(line);
    if (m) items.push(oneLine((m[1] as string).replace(/\*\*/g, ''), 160));
    else if (items.length > 0 && line.trim() === '') continue;
    else if (items.length > 0) break;
  }
  return items.filter((i) => i !== '').slice(0, 8);
}

/** A failing check never run again, whose kind of check later passed with another program. */
function deadEndsOf(checks: Check[]): { check: Check; item: DeadEnd }[] {
  const out: { check: Check; item: DeadEnd }[] = [];
  for (const c of checks) {
    if (c.last.ok !== false) continue;
    const program = checkProgram(c.command);
    const replacement = checks.find(
      (d) =>
        d.first > c.last.seq && d.last.ok === true && checkProgram(d.command) !== program && sameKind(c, d),
    );
    if (replacement) {
      const attempt = oneLine(`\`${c.command}\``, 300);
      const reason = `it failed (${outcomeOf(c)}) and the session moved to \`${replacement.command}\`, which passed`;
      out.push({ check: c, item: { attempt, reason: oneLine(reason, 400) } });
    }
  }
  return out;
}

function sameKind(a: Check, b: Check): boolean {
  const kind = (cmd: string) =>
    /\b(test|spec|pytest|vitest|jest)\b/.test(cmd)
      ? 'test'
      : /\b(lint|eslint|biome|ruff|credo)\b/.test(cmd)
        ? 'lint'
        : /\b(tsc|mypy|typecheck|pyright)\b/.test(cmd)
          ? 'types'
          : /\bbuild\b/.test(cmd)
            ? 'build'
            : 'other';
  return kind(a.command) === kind(b.command) && kind(a.command) !== 'other';
}

function concernsOf(s: SessionRecord, failing: Check[]): string[] {
  const out = failing.map((c) => oneLine(`\`${c.command}\` still fails (${outcomeOf(c)}).`, 500));
  const pending = s.commands.filter((c) => c.ok === undefined).length;
  if (pending > 0)
    out.push(`${pending} command(s) ran without a recorded result (in the background, or cut off).`);
  return out;
}

function preferencesOf(s: SessionRecord): string[] {
  const seen = new Set<string>([s.requests[0] ? oneLine(s.requests[0]) : '']);
  const out: string[] = [];
  for (const r of s.requests.slice(1)) {
    const line = oneLine(r);
    if (line === '' || ACK.test(line) || seen.has(line)) continue;
    seen.add(line);
    out.push(line);
  }
  return out;
}
