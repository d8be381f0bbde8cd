/**
 * The checks a session ran, one per check: runs of the same check (the same command but for the
 * `| tail -20` or `2>&1` that only trims its output) are folded, and each keeps its last result
 * as read (`_checks.ts`); a failing one that a later, wider run of the same command passed is
 * folded into it. Also the dead ends: a failing check given up for another that passed.
 */
import type { DeadEnd, ValidationEntry } from '../handoff/types.js';
import { commandLayout, MASKS, ownsStatus } from './_checks.js';
import { isNarrowed } from './_narrowed.js';
import { isAbsolutePath, relativePath, resolvedUnder } from './_paths.js';
import { checkProgram, isCheck } from './_shell.js';
import { clean, oneLine } from './_text.js';
import type { CommandRun, SessionRecord } from './types.js';

/** A check with its last run. */
export interface Check {
  /** The command as a person would run it again (output trimming left out). */
  command: string;
  first: number;
  /** The run that says how it stands: the last one, or the last readable one when nothing changed since. */
  last: CommandRun;
  runs: number;
}

const LINE_MAX = 400;

/** Whether the agent said, after the check's last run, that failures were there before its work. */
export function calledOlder(s: SessionRecord, c: Check): boolean {
  return (c.last.step ?? Number.POSITIVE_INFINITY) <= (s.olderFailuresAt ?? -1);
}

/** The command without what only trims or hides its output: `mix test 2>&1 | tail -5` → `mix test`. */
export function checkCommand(command: string): string {
  const { segments } = commandLayout(command);
  const kept = [...segments];
  const masked = (s = kept.at(-1)) => s !== undefined && s.op !== '&&' && MASKS.test(s.stages[0] ?? '');
  while (kept.length > 1 && masked()) kept.pop();
  const last = kept.at(-1);
  // `2>&1` alone only joins the error output to the rest: `tsc 2>&1` is the check `tsc`.
  if (!last || (kept.length === segments.length && last.stages.length < 2))
    return command.replace(/\s+2>&1(?=\s|$)/g, '').trim();
  const stages = [...last.stages];
  while (stages.length > 1 && !ownsStatus(stages.at(-1) ?? '')) stages.pop();
  const parts = kept.map((s, i) => (i === kept.length - 1 ? stages : s.stages).join(' | '));
  // `a; b` as it is usually typed; `a && b`, `a || b` with a space either side.
  const joined = parts
    .map((p, i) => {
      const op = kept[i]?.op === '\n' ? ';' : kept[i]?.op;
      return i === 0 ? p : `${op === ';' ? ';' : ` ${op}`} ${p}`;
    })
    .join('');
  return joined.replace(/\s+2>&1/g, '').trim();
}

/**
 * Checks the session ran, folded by `checkCommand` (single-line commands with a result). A last
 * run whose result cannot be read does not hide an earlier readable one when no file changed
 * after it (`lastEdit`: the step of the session's latest change).
 */
export function checksOf(commands: CommandRun[], lastEdit = -1, root?: string): Check[] {
  const byCommand = new Map<string, Check>();
  for (const run of commands) {
    const raw = run.command.trim();
    if (run.check === undefined || raw.includes('\n') || raw.length > LINE_MAX) continue;
    // A command is quoted as it ran, so one that cleaning would change (control or invisible
    // characters, `{{`) is left out rather than altered.
    if (clean(raw) !== raw || !isCheck(raw) || isProbe(raw)) continue;
    const { key, command } = placeOf(run, raw, root);
    const check = byCommand.get(key);
    if (check) {
      const readable = check.last.check?.passed !== undefined && (check.last.step ?? 0) >= lastEdit;
      if (run.check?.passed !== undefined || !readable) check.last = run;
      check.runs++;
      // Said as its latest run named its folder.
      if (LEADING_CD.test(raw) || !LEADING_CD.test(check.command)) check.command = command;
    } else byCommand.set(key, { command, first: run.seq, last: run, runs: 1 });
  }
  const checks = [...byCommand.values()];
  // A failing check whose every target a later run of the same command passed with is not failing
  // any more: `rspec spec/a_spec.rb` failed, then `rspec spec/b_spec.rb spec/a_spec.rb` passed;
  // `pytest -q` failed, then `PYTHONPATH=. pytest -q` passed. Nor is a run narrowed to named tests
  // that a later whole run of the same kind passed (`go test -run TestA` failed, then `mise run
  // test:ci` passed).
  return checks.filter((c) => {
    if (passed(c) !== false) return true;
    const narrowed = isNarrowed(c.command);
    return !checks.some(
      (d) =>
        d.last.seq > c.last.seq &&
        passed(d) === true &&
        (covers(d.command, c.command) || (narrowed && !isNarrowed(d.command) && sameKind(c, d))),
    );
  });
}

// `cd <folder> && …` at the start of a command line.
const LEADING_CD = /^cd\s+("[^"]+"|'[^']+'|[^\s;&|'"]+)\s*&&\s*/;

/**
 * Which check a run is: its command in the folder it ran in. A leading `cd <folder> &&` is that
 * folder; otherwise the folder the log says the shell was in. So `cd app && cargo check` from the
 * root and `cargo check` run later in `app` (the shell stayed there) are one check, and `go test
 * ./...` at the root and in `pkg/` are two. Where the log says no folder, or the `cd` goes through
 * `~` or a variable, the command alone tells runs apart.
 */
function placeOf(run: CommandRun, raw: string, root: string | undefined): { key: string; command: string } {
  const lead = LEADING_CD.exec(raw);
  const dir = lead?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
  if (dir !== undefined && /^[~$]/.test(dir)) return { key: checkCommand(raw), command: checkCommand(raw) };
  const rest = checkCommand(raw.slice(lead?.[0].length ?? 0));
  const folder =
    dir === undefined
      ? run.cwd
      : isAbsolutePath(dir) || run.cwd === undefined
        ? dir
        : resolvedUnder(run.cwd, dir);
  const where = folder === undefined ? '.' : root ? relativePath(folder, root) : folder;
  if (where === '.') return { key: rest, command: dir === undefined ? rest : checkCommand(raw) };
  // Run from elsewhere than the root, it is said with a `cd` from the root, where the next agent
  // starts (an absolute one as the agent typed it).
  const said = dir !== undefined && isAbsolutePath(dir) ? checkCommand(raw) : `cd ${where} && ${rest}`;
  return { key: `${where}\0${rest}`, command: said };
}

// The words of a one-part command: what runs (the words before its first target, past the
// variables set for it: `PYTHONPATH=. pytest -q` runs `pytest -q`) and its targets (paths, test
// ids), or undefined for a command of several parts.
function targetsOf(command: string): { runs: string; targets: string[] } | undefined {
  if (/&&|\|\||[;|]/.test(command)) return undefined;
  const all = command.trim().split(/\s+/);
  let from = all[0] === 'env' ? 1 : 0;
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(all[from] ?? '')) from++;
  const words = all.slice(from);
  const at = words.findIndex((w) => !w.startsWith('-') && (w.includes('/') || /\.\w+(?:::|:\d|$)/.test(w)));
  if (at < 0) return { runs: words.join(' '), targets: [] };
  const rest = words.slice(at);
  // Options after the targets change what runs as much as those before them.
  if (rest.some((w) => w.startsWith('-'))) return undefined;
  return { runs: words.slice(0, at).join(' '), targets: rest };
}

/**
 * True when `wide` runs everything `narrow` runs: the same command, on the same or more targets
 * (with the same or other variables set: the run the session settled on).
 */
function covers(wide: string, narrow: string): boolean {
  const w = targetsOf(wide);
  const n = targetsOf(narrow);
  if (!w || !n || w.runs !== n.runs) return false;
  if (n.targets.length === 0) return w.targets.length === 0;
  // The same command with no targets at all runs the whole suite.
  if (w.targets.length === 0) return true;
  const under = (t: string, x: string) =>
    t === x || t.startsWith(x.endsWith('/') ? x : `${x}/`) || t.startsWith(`${x}::`) || t.startsWith(`${x}:`);
  return n.targets.every((t) => w.targets.some((x) => under(t, x)));
}

/**
 * A look around rather than a check of the work: `[ -f x ] && echo yes`, `if [ -d .git ]; then …`.
 * It only prints what it found, so its status says nothing about the work.
 */
function isProbe(command: string): boolean {
  if (/^\s*(?:if|for|while|case)\b/.test(command)) return true;
  return /^\s*(?:\(\s*)?(?:\[\[?|test)\s/.test(command) && /\b(?:echo|printf)\b/.test(command);
}

/** True passed, false failed, undefined unknown: the last run as read. */
export const passed = (c: Check): boolean | undefined => c.last.check?.passed;

/** How the last run read, and of how many runs. */
export function outcomeOf(c: Check): string {
  const reading = c.last.check?.reading ?? 'no result';
  return c.runs > 1 ? `${reading}, the last of ${c.runs} runs` : reading;
}

/** Validation entries: the checks with a known result, failing ones first kept, then the latest. */
export function validationOf(checks: Check[], cap: number): ValidationEntry[] {
  const known = checks.filter((c) => passed(c) !== undefined);
  const failing = known.filter((c) => passed(c) === false).slice(-cap);
  const passing = known.filter((c) => passed(c) === true).sort((a, b) => b.last.seq - a.last.seq);
  const kept = [...failing, ...passing.slice(0, Math.max(0, cap - failing.length))].sort(
    (a, b) => a.first - b.first,
  );
  return kept.map((c) => ({
    result: passed(c) ? 'passed' : 'failed',
    command: c.command,
    outcome: oneLine(outcomeOf(c)),
  }));
}

/** A failing check never run again, whose kind of check later passed with another program. */
export function deadEndsOf(checks: Check[]): { check: Check; item: DeadEnd }[] {
  const out: { check: Check; item: DeadEnd }[] = [];
  for (const c of checks) {
    if (passed(c) !== false) continue;
    const program = checkProgram(c.command);
    const replacement = checks.find(
      (d) =>
        d.first > c.last.seq && passed(d) === true && checkProgram(d.command) !== program && sameKind(c, d),
    );
    if (replacement) {
      const attempt = oneLine(`\`${c.command}\``, 300);
      const reason = `it failed (${outcomeOf(c)}) and the session moved to \`${replacement.command}\`, which passed`;
      out.push({ check: c, item: { attempt, reason: oneLine(reason, 400) } });
    }
  }
  return out;
}

type CheckKind = 'test' | 'lint' | 'types' | 'build' | 'other';
// Asked for every check, for every remaining item, at each level of detail: kept once per command.
const kinds = new Map<string, CheckKind>();

/** The kind of a check: tests, lint, types, build, or other. */
export function checkKind(command: string): CheckKind {
  let kind = kinds.get(command);
  if (kind === undefined) {
    kind = kindOf(command);
    if (kinds.size > 10_000) kinds.clear();
    kinds.set(command, kind);
  }
  return kind;
}

function kindOf(command: string): CheckKind {
  if (/\b(test|tests|spec|pytest|vitest|jest|rspec|mocha)\b/.test(command)) return 'test';
  if (/\b(lint|eslint|biome|ruff|credo|clippy|flake8|pylint)\b/.test(command)) return 'lint';
  if (/\b(tsc|mypy|typecheck|type-check|pyright|dialyzer)\b/.test(command)) return 'types';
  if (/\b(build|compile)\b/.test(command)) return 'build';
  return 'other';
}

function sameKind(a: Check, b: Check): boolean {
  return checkKind(a.command) === checkKind(b.command) && checkKind(a.command) !== 'other';
}
