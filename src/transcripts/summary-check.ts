/**
 * The host's compaction summary held against the session log (and git, when the repository is
 * here): each claim the log or git contradicts, with what they show instead. A claim counts as
 * contradicted only when the evidence is complete enough to say so — a subagent whose log is
 * missing, or a log that starts after an earlier compaction, leaves claims about files, commits
 * and unrun checks unjudged rather than judged wrong.
 */
import { basename } from 'node:path';
import { existingCommits, recentCommits, worktreeChanges } from '../provenance/evidence.js';
import { speaksFor } from './_narrowed.js';
import { relativePath } from './_paths.js';
import { redactSecrets } from './_secrets.js';
import { checkProgram, isCheck } from './_shell.js';
import { changedSinceListed } from './_tasks.js';
import { escapeRegExp, oneLine } from './_text.js';
import { checkCommand } from './_validation.js';
import { commitAfterList } from './_work.js';
import { type CheckScope, extractClaims, type SummaryClaim } from './summary-claims.js';
import type { CommandRun, Mention, SessionRecord } from './types.js';

/** Options of `checkSummary`. */
export interface SummaryCheckOptions {
  /** The repository root (paths are compared relative to it; git is asked here). */
  root?: string;
  /** Ask git about commits and files (default: when `root` is given). */
  git?: boolean;
}

/** One claim of the summary that the evidence contradicts. */
export interface Contradiction {
  claim: SummaryClaim;
  /** What the summary says, in baton's words. */
  said: string;
  /** What the log or git shows instead. */
  shows: string;
}

/** The claims found and the ones contradicted. */
export interface SummaryCheck {
  claims: SummaryClaim[];
  contradictions: Contradiction[];
}

type CheckKind = Exclude<CheckScope, 'all'> | 'explicit' | 'other';

/** A check the session ran, by command, with its last run. */
interface RanCheck {
  command: string;
  kind: CheckKind;
  last: CommandRun;
}

/** Holds every checkable claim of `summary` against the session and, when asked, git. */
export function checkSummary(
  session: SessionRecord,
  summary: string,
  options: SummaryCheckOptions = {},
): SummaryCheck {
  const claims = extractClaims(summary);
  const lines = summary.split(/\r?\n/);
  const complete = logComplete(session);
  const checks = ranChecks(session.commands);
  const out: Contradiction[] = [];
  const git =
    options.root !== undefined && options.git !== false ? lazyGit(options.root, session) : undefined;
  const files = claims.filter((c): c is Extract<SummaryClaim, { kind: 'file' }> => c.kind === 'file');
  out.push(...fileContradictions(files, session, complete, options.root, git));
  for (const claim of claims) {
    if (claim.kind === 'check')
      out.push(
        ...checkContradictions(claim, lines[claim.line - 1] ?? '', checks, complete ? session : undefined),
      );
    else if (claim.kind === 'commit') out.push(...commitContradictions(claim, session, complete, git));
  }
  out.push(...taskContradictions(claims, session));
  return { claims, contradictions: dedupe(out) };
}

/** Whether the log holds the whole session: every subagent's log, and no window before it began. */
function logComplete(s: SessionRecord): boolean {
  const agents = s.subagents ?? { started: 0, read: 0 };
  return agents.read >= agents.started && s.compactSummaries.length <= s.compactions && s.partial !== true;
}

/** What git can tell, asked at most once per kind. */
interface GitView {
  hasCommit(id: string): boolean;
  /** Whether `path` (root-relative) changed in the work tree or in a commit the session may have made. */
  changed(path: string): boolean;
}

function lazyGit(root: string, s: SessionRecord): GitView {
  const commits = new Map<string, boolean>();
  let changed: Set<string> | undefined | null = null;
  return {
    hasCommit(id) {
      if (!commits.has(id)) {
        // What git cannot answer (no git, a broken repository) is never held against the summary.
        const found = safe(() => existingCommits(root, [id]));
        commits.set(id, found === undefined || found.has(id));
      }
      return commits.get(id) === true;
    },
    changed(path) {
      if (changed === null) changed = safe(() => changedPaths(root, s));
      return changed === undefined || changed.has(path);
    },
  };
}

function changedPaths(root: string, s: SessionRecord): Set<string> | undefined {
  const paths = worktreeChanges(root);
  if (!paths) return undefined;
  const subjects = new Set(s.commits.map((c) => c.trim()));
  // A commit whose subject the log could not read might be any of the recent ones.
  const anyCommit = subjects.has('a commit') || !logComplete(s);
  for (const c of recentCommits(root, 100)) {
    if (anyCommit || subjects.has(c.subject.trim())) for (const f of c.files) paths.add(f);
  }
  return paths;
}

/** A value from the log or the summary, on one line, safe inside backticks, with no secret in it. */
function code(value: string): string {
  return `\`${oneLine(redactSecrets(value).text, 200).replace(/`/g, "'")}\``;
}

function safe<T>(f: () => T | undefined): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/**
 * A path the summary names matches a path of the log when one ends the other at a folder boundary,
 * or at a space: a summary's path in plain text is read from the last space of a folder's name
 * (`00 Kontext/Guide.md` read as `Kontext/Guide.md`).
 */
function samePath(claimedAs: string, loggedAs: string): boolean {
  if (claimedAs === loggedAs) return true;
  // Markdown reads `__init__.py` as a bold `init`: the summary's text then lost its underscores.
  if (
    loggedAs.includes('__') &&
    !claimedAs.includes('__') &&
    samePath(claimedAs, loggedAs.replace(/__/g, ''))
  )
    return true;
  // Either separator: a file outside a Windows repository is logged as `D:\…\sessions.php`.
  const claimed = claimedAs.replace(/\\/g, '/');
  const logged = loggedAs.replace(/\\/g, '/');
  if (!claimed.includes('/')) return basename(logged) === claimed;
  return (
    logged.endsWith(`/${claimed}`) ||
    logged.endsWith(` ${claimed}`) ||
    claimed.endsWith(`/${logged}`) ||
    // `/api/chat/create.ts` of `src/pages/api/chat/create.ts`: a route's file, written from its folder.
    (/^\/[^/]+\/./.test(claimed) && logged.endsWith(claimed))
  );
}

function fileContradictions(
  claims: Extract<SummaryClaim, { kind: 'file' }>[],
  s: SessionRecord,
  complete: boolean,
  root: string | undefined,
  git: GitView | undefined,
): Contradiction[] {
  const base = root ?? s.cwd;
  // A file outside the repository is compared as written (absolute).
  const touched = [...s.files.keys()].map((p) => relativePath(p, base));
  const pasted = pastedRequests(s);
  // The paths what the agent read names, worked out for the first tag that needs them.
  let read: string[] | undefined;
  const out: Contradiction[] = [];
  for (const claim of claims) {
    if (touched.some((p) => samePath(claim.path, p))) continue;
    // A report or plan the person pasted names it: work of an earlier session, which this log cannot refute.
    if (toldOf(pasted, claim.path)) continue;
    // A command that names the file (sed -i, mv, a generator) may have written it: not a contradiction.
    const name = basename(claim.path);
    if (s.commands.some((c) => c.command.includes(name))) continue;
    // A bare name no tool call read may be no file at all (`hints.env`, a field a plan names) or
    // one made where the log does not reach: nothing to hold it against.
    if (!claim.path.includes('/') && !knownFile(s, name)) continue;
    // A tag after the path ("(NEW)") that says no one made it may copy what a plan or a listing the
    // agent read says of the file: it is held only when nothing the agent read names the file.
    if (claim.label && CREATED.has(claim.verb)) {
      read ??= readOf(s, base);
      if (read.some((p) => samePath(claim.path, p))) continue;
    }
    const path = relativePath(claim.path, base);
    if (git) {
      if (git.changed(path)) continue;
    } else if (!complete || unnamedWrites(s, claim)) continue;
    out.push({
      claim,
      said: `it ${claim.verb} ${code(claim.path)}`,
      shows: git
        ? 'no tool call in the session wrote, edited or deleted that file, and git shows no change to it'
        : 'no tool call in the session wrote, edited or deleted that file',
    });
  }
  return out;
}

/** The paths that what the agent read names (a file read, a plan, a command's output), from `base`. */
function readOf(s: SessionRecord, base: string | undefined): string[] {
  const read = (m: Mention) =>
    m.hits.some((h) => h.source === 'read' || h.source === 'plan' || h.source === 'output');
  return [...s.mentions].filter(([, m]) => read(m)).map(([p]) => relativePath(p, base));
}

/** Whether a tool of the session read a file of this name (a command naming it is weighed apart). */
function knownFile(s: SessionRecord, name: string): boolean {
  for (const path of s.reads.keys()) if (basename(path) === name) return true;
  return false;
}

// Files package managers rewrite without being named: `npm install x` changes package.json.
const MANIFESTS =
  /^(?:package(?:-lock)?\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.(?:toml|lock)|go\.(?:mod|sum)|mix\.(?:exs|lock)|requirements[\w.-]*\.txt|pyproject\.toml|poetry\.lock|uv\.lock|Pipfile(?:\.lock)?|Gemfile(?:\.lock)?|composer\.(?:json|lock)|deno\.lock)$/;
const INSTALLS =
  /\b(?:(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|remove|rm|uninstall|update|up|upgrade|dedupe)|pip3?\s+install|(?:poetry|uv|pdm)\s+(?:add|remove|lock|sync)|cargo\s+(?:add|remove|update)|go\s+(?:get|mod)|mix\s+deps\.|bundle(?:\s+(?:install|update|add))?|composer\s+(?:require|update|install)|deno\s+add)\b/;
// Commands that rewrite files they do not name: formatters and fixers (existing files only), and
// git moving the work tree (which can bring in any file).
const FORMATTERS =
  /\b(?:prettier\b[^|;&]*\s(?:--write|-w)|eslint\b[^|;&]*\s--fix|biome\s+(?:check|format|lint)\b[^|;&]*\s--(?:write|apply)|ruff\b[^|;&]*(?:\s--fix|\sformat)|black\s(?![^|;&]*--check)|gofmt\s+-w|cargo\s+fmt(?![^|;&]*--check)|mix\s+format(?![^|;&]*--check)|rubocop\b[^|;&]*\s-[aA]|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:format|fmt|fix|lint:fix))/;
const TREE_MOVERS =
  /\b(?:git\s+(?:checkout|restore|stash|merge|rebase|pull|cherry-pick|reset|apply|am|revert)|patch\s|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:codegen|generate))/;
const CREATED = new Set(['created', 'new', 'wrote', 'written']);
// Commands that remove files without naming each one: a recursive or wildcard `rm`, PowerShell's
// `Remove-Item`, cmd's `del`/`rmdir`, `git clean`, `find … -delete`.
const REMOVERS =
  /\brm\s+(?:-[a-zA-Z]*[rR]|[^|;&\n]*[*?])|\bRemove-Item\b|(?:^|[;&|(]\s*)(?:del|erase|rd|rmdir|ri)\s|\bgit\s+clean\b|\bfind\b[^|;&\n]*\s-delete\b/i;
// Commands that copy, move or write files in the shell's own words (PowerShell's too): they may
// have written the claimed file when they name it or its folder.
const COPIERS =
  /\b(?:cp|mv|rsync|Copy-Item|Move-Item|Rename-Item|New-Item|Set-Content|Out-File|Add-Content|copy|move|xcopy|robocopy)\b/i;
const REMOVED = new Set(['deleted', 'removed']);

// A request this long is a paste (a report, a plan, an earlier session's summary), not a request typed.
const PASTED_LINES = 10;

/** The requests the person pasted, with `/` for a separator. */
function pastedRequests(s: SessionRecord): string[] {
  return s.requests.filter((r) => r.split('\n').length >= PASTED_LINES).map((r) => r.replace(/\\/g, '/'));
}

/** Whether a pasted request names the file (by its path, or by its name where the claim gives no folder). */
function toldOf(pasted: string[], path: string): boolean {
  if (pasted.length === 0) return false;
  const claimed = path.replace(/\\/g, '/');
  if (claimed.includes('/')) return pasted.some((text) => text.includes(claimed));
  const name = new RegExp(`(?<![\\w.-])${escapeRegExp(claimed)}(?![\\w-])`);
  return pasted.some((text) => name.test(text));
}

/** Whether a command in the log may have written the claimed file without naming it. */
function unnamedWrites(s: SessionRecord, claim: { path: string; verb: string }): boolean {
  const name = basename(claim.path);
  const folder = basename(claim.path.replace(/[\\/][^\\/]*$/, ''));
  const named = (command: string) => command.includes(name) || (folder !== '' && command.includes(folder));
  return s.commands.some(
    (c) =>
      (MANIFESTS.test(name) && INSTALLS.test(c.command)) ||
      TREE_MOVERS.test(c.command) ||
      (!CREATED.has(claim.verb) && FORMATTERS.test(c.command)) ||
      (REMOVED.has(claim.verb) && REMOVERS.test(c.command)) ||
      (COPIERS.test(c.command) && named(c.command)),
  );
}

/** Whether a check's latest run printed `count` tests passed and none failed. */
function countedRun(checks: RanCheck[], count: number | undefined): boolean {
  if (count === undefined) return false;
  return checks.some(
    ({ last: { check } }) =>
      check?.counts?.passed === count && !check.counts.failed && check.passed !== false,
  );
}

function checkKind(command: string): CheckKind {
  const program = checkProgram(command) ?? '';
  if (['test', '[', '[[', 'grep', 'rg', 'diff', 'cmp'].includes(program)) return 'explicit';
  if (/\b(?:test|tests|spec|pytest|vitest|jest|mocha|rspec|phpunit|playwright|cypress|bats)\b/.test(command))
    return 'test';
  if (/\b(?:lint|eslint|biome|ruff|credo|clippy|flake8|pylint|oxlint|shellcheck|stylelint)\b/.test(command))
    return 'lint';
  if (/\b(?:tsc|mypy|typecheck|type-check|pyright|dialyzer)\b/.test(command)) return 'types';
  if (/\b(?:build|compile)\b/.test(command)) return 'build';
  return 'other';
}

/**
 * Each check once, with its last run that has a result: runs that differ only in how they trim
 * their output (`npm test 2>&1 | tail -5`, `npm test`) are one check, as in the handoff.
 */
function ranChecks(commands: CommandRun[]): RanCheck[] {
  const byCommand = new Map<string, RanCheck>();
  for (const run of commands) {
    const raw = run.command.trim();
    if (run.check === undefined || !isCheck(raw)) continue;
    const command = checkCommand(raw);
    byCommand.set(command, { command, kind: checkKind(command), last: run });
  }
  return [...byCommand.values()];
}

/** Whether a run failed when read as a person reads it: `| tail`'s status is not the check's, and unknown is not failed. */
const failedRun = (run: CommandRun): boolean => run.check?.passed === false;

const SCOPE_WORDS: Record<CheckScope, string> = {
  all: 'all checks pass',
  test: 'the tests pass',
  lint: 'the linter passes',
  types: 'the type check passes',
  build: 'the build passes',
};

// What a command that runs such a check would say somewhere in it (a script, make, a runner).
const STEMS: Record<Exclude<CheckScope, 'all'>, RegExp> = {
  test: /test|spec/i,
  lint: /lint|credo|clippy|ruff|biome|check/i,
  types: /tsc|type|mypy|pyright|check/i,
  build: /build|compile|make/i,
};

/**
 * A pass claim is contradicted when the latest run in its scope failed, or, in a complete log,
 * when nothing of its kind ran at all (no check of any kind, no command that names one).
 */
function checkContradictions(
  claim: Extract<SummaryClaim, { kind: 'check' }>,
  text: string,
  checks: RanCheck[],
  complete: SessionRecord | undefined,
): Contradiction[] {
  const said = claim.command ? `${code(claim.command)} passes` : SCOPE_WORDS[claim.scope];
  const claimed = claim.command ? checkCommand(claim.command.trim()) : undefined;
  const named = claimed ? checks.filter((c) => c.command === claimed) : [];
  // "5 tests passed" says how many passed, not that none failed: it is held against a failing run
  // only when that run printed another number passed.
  const passedOf = (c: RanCheck) => c.last.check?.counts?.passed;
  // A run narrowed to some tests (`go test -run TestX`) says nothing of the tests a line that does
  // not name them says pass ("the three new tests pass"): TDD's red step fails on purpose beside
  // tests that pass. "All checks pass" speaks of every one.
  const inScope = (c: RanCheck) => named.length > 0 || claim.scope === 'all' || speaksFor(c.command, text);
  const failing = (
    named.length > 0 ? latestFailing(named, false) : failingInScope(claim.scope, checks)
  ).filter(
    (c) =>
      inScope(c) && (claim.count === undefined || (passedOf(c) !== undefined && passedOf(c) !== claim.count)),
  );
  // A number of tests a run printed as passed, with none failed, names that run ("Tests passed: 51"
  // of a unit suite) when it is still its command's latest: a failing run of another suite does not
  // make it false, a later failure of the same command does.
  if (failing.length > 0 && !countedRun(checks, claim.count)) {
    const list = failing
      .slice(0, 3)
      .map((c) => `${code(c.command)} failed on its last run (${c.last.check?.reading ?? 'failed'})`);
    return [{ claim, said, shows: joinList(list) }];
  }
  if (complete && claim.count !== undefined) return countContradictions(claim.count, claim, complete);
  if (!complete || claim.command || claim.scope === 'all') return [];
  const stem = STEMS[claim.scope];
  if (checks.some((c) => c.kind !== 'explicit') || complete.commands.some((c) => stem.test(c.command)))
    return [];
  const what = claim.scope === 'test' ? 'tests' : `${claim.scope} check`;
  return [{ claim, said, shows: `the session ran no ${what} (no command in the log runs one)` }];
}

// Runners whose counts are tests (go test's are packages; tsc, eslint and builds count errors).
const COUNTS_TESTS = new Set(['vitest', 'jest', 'pytest', 'cargo test', 'ExUnit', 'rspec', 'mocha']);

/**
 * "43 tests pass" is contradicted only when the last test run with a count shows another and no
 * run before it showed 43 (a summary may cite an earlier run): every test run of the log must
 * have printed a count, or the one the summary cites may be among those that did not.
 */
function countContradictions(
  count: number,
  claim: Extract<SummaryClaim, { kind: 'check' }>,
  s: SessionRecord,
): Contradiction[] {
  const tests = s.commands.filter((r) => r.check !== undefined && checkKind(r.command) === 'test');
  const counted = tests.filter((r) => COUNTS_TESTS.has(r.check?.counts?.runner ?? ''));
  const last = counted.at(-1);
  if (!last || counted.length < tests.length) return [];
  const shows = (r: CommandRun) => {
    const c = r.check?.counts;
    return c?.passed === count || (c?.passed ?? 0) + (c?.failed ?? 0) === count;
  };
  if (counted.some(shows)) return [];
  return [
    {
      claim,
      said: `${count} tests pass`,
      shows: `the last test run, ${code(checkCommand(last.command))}, printed ${last.check?.reading}, and no run in the log printed ${count}`,
    },
  ];
}

/**
 * The checks in scope whose latest run failed. For a kind of check (tests, lint…) only the most
 * recent run of that kind counts: a later, passing run of another command settles it. Explicit
 * checks (`test -f`, `grep -q`) each stand for themselves.
 */
function failingInScope(scope: CheckScope, checks: RanCheck[]): RanCheck[] {
  const kinds: CheckKind[] = scope === 'all' ? ['test', 'lint', 'types', 'build'] : [scope];
  const out: RanCheck[] = [];
  for (const kind of kinds)
    out.push(
      ...latestFailing(
        checks.filter((c) => c.kind === kind),
        false,
      ),
    );
  // A comparison that found a difference (`diff a b` exits 1) may be what the agent wanted to see:
  // "all checks pass" is not held against it.
  if (scope === 'all')
    out.push(
      ...latestFailing(
        checks.filter((c) => c.kind === 'explicit' && !COMPARISON.test(c.command)),
        true,
      ),
    );
  return out.sort((a, b) => b.last.seq - a.last.seq);
}

const COMPARISON = /^\s*(?:\w+=\S*\s+)*(?:diff|cmp|colordiff)\s/;

function latestFailing(checks: RanCheck[], each: boolean): RanCheck[] {
  if (each) return checks.filter((c) => failedRun(c.last));
  // The latest run settles it; when its result cannot be read, nothing is contradicted.
  const latest = [...checks].sort((a, b) => b.last.seq - a.last.seq)[0];
  return latest && failedRun(latest.last) ? [latest] : [];
}

function joinList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function commitContradictions(
  claim: Extract<SummaryClaim, { kind: 'commit' }>,
  s: SessionRecord,
  complete: boolean,
  git: GitView | undefined,
): Contradiction[] {
  if (claim.hash !== undefined) {
    if (!git || git.hasCommit(claim.hash)) return [];
    return [
      {
        claim,
        said: `it made commit ${code(claim.hash)}`,
        shows: 'no commit with that id is in this repository',
      },
    ];
  }
  const tried = s.commands.some((c) => /\bgit\b[^\n|;&]*\bcommit\b/.test(c.command));
  if (!complete || s.commits.length > 0 || tried) return [];
  return [{ claim, said: 'it committed', shows: 'the session ran no `git commit`' }];
}

const STOP = new Set(['the', 'and', 'for', 'with', 'from', 'into', 'that', 'this', 'all', 'add', 'new']);

function significant(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}._-]+/u)
      .map((w) => w.replace(/^[._-]+|[._-]+$/g, ''))
      .filter((w) => w.length >= 3 && !STOP.has(w)),
  );
}

/** A task of the host's list that is still open, named by a line that says it is done. */
function taskContradictions(claims: SummaryClaim[], s: SessionRecord): Contradiction[] {
  const out: Contradiction[] = [];
  const done = claims.filter((c): c is Extract<SummaryClaim, { kind: 'done' }> => c.kind === 'done');
  for (const task of s.tasks) {
    if (task.status === 'completed') continue;
    // An open task whose file the session wrote after the task took its status may be done before
    // the list says so: the list lags the work, and the log cannot tell which is right.
    if (changedSinceListed(s, task) !== undefined) continue;
    const words = [...significant(task.text)];
    if (words.length < 2) continue;
    // A commit of much the same work after the list last changed says it is done, whatever the
    // list says (the same reading as the handoff's note on the task).
    if (commitAfterList(s, task.text) !== undefined) continue;
    const claim = done.find((d) => {
      const line = significant(d.text);
      return words.filter((w) => line.has(w)).length / words.length >= 0.8;
    });
    if (claim) {
      const state = task.status === 'in_progress' ? 'in progress' : 'pending';
      out.push({
        claim,
        said: `${code(task.text)} is done`,
        shows: `the session's task list still has it ${state}`,
      });
    }
  }
  return out;
}

function dedupe(items: Contradiction[]): Contradiction[] {
  const seen = new Set<string>();
  return items.filter((c) => {
    const key = `${c.said}\0${c.shows}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
