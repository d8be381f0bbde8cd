/**
 * Reading a check's run the way a person reads it: whose exit status the command line reports
 * (after `| tail` or `|| echo` it is not the check's), and what the test runner's summary line
 * says. Only baton's own words come out (counts and a reason), never the output itself.
 */

import { isCheck } from './_shell.js';
import { summaryOfLines } from './_summary-lines.js';
import { withoutAnsi } from './_text.js';
import type { CheckResult, RunnerCounts } from './types.js';

// Cargo's line for a build that ended without errors.
const CARGO_FINISHED = /^\s*Finished `?[\w-]+`? profile\b/m;
// Checks that print nothing when they pass.
const SILENT =
  /^\s*(?:\S+=\S+\s+)*(?:(?:npx|pnpm|yarn|bunx|pnpm exec|npm exec)\s+)?(?:tsc|mypy|pyright|ruff(?: check)?|flake8|eslint|biome (?:check|lint)|go (?:build|vet))\b/;
// What a compiler prints for an error, by the program that prints it: Go's `file.go:12:5: msg`,
// TypeScript's `error TS2345:`, Rust's `error[E0308]:`.
const COMPILE_ERRORS: [RegExp, RegExp][] = [
  [/\bgo (?:build|vet)\b/, /^\S+\.go:\d+:\d+: \S/m],
  [/\btsc\b/, /\berror TS\d+:/],
  [/\bcargo (?:build|check)\b/, /^error(?:\[E\d+\])?: /m],
];

/** How one run of a check came out, as read. */
export interface CheckReading {
  /** True passed, false failed, undefined when neither the status nor the output tells. */
  ok: boolean | undefined;
  /** Baton's words for what was read: `exit 1`, `3 failed, 40 passed (vitest)`, … */
  reading: string;
  /** The runner's summary counts, when the output had them. */
  counts?: RunnerCounts;
}

/** The top-level pieces of a command line: list segments (with the operator before each) and pipeline stages. */
export function commandLayout(command: string): { segments: { op: string; stages: string[] }[] } {
  const segments: { op: string; stages: string[] }[] = [];
  let stages: string[] = [];
  let current = '';
  let op = '';
  let quote: string | undefined;
  const endStage = () => {
    stages.push(current.trim());
    current = '';
  };
  const endSegment = (next: string) => {
    endStage();
    if (stages.some((s) => s !== '')) segments.push({ op, stages: stages.filter((s) => s !== '') });
    stages = [];
    op = next;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] as string;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') {
        current += c + (command[i + 1] ?? '');
        i++;
        continue;
      }
      current += c;
      continue;
    }
    const two = command.slice(i, i + 2);
    if (c === '"' || c === "'") quote = c;
    if (c === '\\') {
      current += c + (command[i + 1] ?? '');
      i++;
    } else if (two === '&&' || two === '||') {
      endSegment(two);
      i++;
    } else if ((c === ';' || c === '\n') && command[i - 1] !== '\\') endSegment(c);
    else if (c === '|' && command[i - 1] !== '>') endStage();
    else current += c;
  }
  endSegment('');
  return { segments };
}

// What a `||` or `;` after a check usually runs: its status says nothing about the check
// (PowerShell's `Write-Host` and `Write-Output` as much as `echo`).
export const MASKS = /^(?:echo|printf|true|:|exit 0|write-host|write-output)\b/i;

/**
 * Whether a pipeline's last stage sets a status that is the check's answer: a check itself, or a
 * quiet search (`grep -q`, `--quiet`); after any other program (`| tail`, `| Select-Object`) the
 * status says nothing about the check, and the stage only trims its output.
 */
export function ownsStatus(stage: string): boolean {
  return /\s-[a-zA-Z]*q\b|--quiet/.test(stage) || isCheck(stage);
}

function program(stage: string): string {
  const words = stage.split(/\s+/).filter((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
  return (words[0] ?? '').replace(/^.*\//, '');
}

/** Why the recorded status is not the check's own (a filter or a mask after it), or undefined. */
export function hiddenStatus(command: string): string | undefined {
  if (/\bpipefail\b/.test(command)) return undefined;
  const { segments } = commandLayout(command);
  const last = segments.at(-1);
  if (!last) return undefined;
  if (segments.length > 1 && (last.op === '||' || last.op === ';' || last.op === '\n')) {
    if (MASKS.test(last.stages[0] ?? '')) return `the status is that of \`${program(last.stages[0] ?? '')}\``;
  }
  // Without pipefail a pipeline's status is its last stage's.
  const tail = last.stages.at(-1) ?? '';
  if (last.stages.length > 1 && !ownsStatus(tail)) {
    return `the status is that of \`${program(tail)}\``;
  }
  return undefined;
}

type Rule = [runner: string, re: RegExp, read: (m: RegExpExecArray) => Omit<RunnerCounts, 'runner'>];
const n = (s: string | undefined) => (s === undefined ? undefined : Number(s));
// The last matching summary of the output counts (a watch mode or several runs print several).
const RULES: Rule[] = [
  [
    'vitest',
    /^\s*Tests\s+(?:(\d+) failed\s*\|\s*)?(?:\d+ (?:skipped|todo)\s*\|\s*)*(\d+) passed/gm,
    (m) => ({ failed: n(m[1]) ?? 0, passed: n(m[2]) }),
  ],
  ['vitest', /^\s*Tests\s+(\d+) failed\s*\(\d+\)/gm, (m) => ({ failed: n(m[1]), passed: 0 })],
  [
    'jest',
    /^Tests:\s+(?:(\d+) failed,\s+)?(?:\d+ (?:skipped|todo),\s+)*(?:(\d+) passed,\s+)?\d+ total/gm,
    (m) => ({ failed: n(m[1]) ?? 0, passed: n(m[2]) ?? 0 }),
  ],
  // A test file that failed to load fails the run however many tests passed.
  ['jest suites', /^Test Suites:\s+(\d+) failed\b/gm, (m) => ({ failed: n(m[1]) })],
  ['vitest files', /^\s*Test Files\s+(\d+) failed\b/gm, (m) => ({ failed: n(m[1]) })],
  [
    'coverage',
    /Required test coverage of [\d.]+% not reached|coverage threshold for \w+ \([\d.]+%\) not met/gm,
    () => ({ failed: 1 }),
  ],
  // `==== 203 passed, 1 error in 6.88s ====`: each count read wherever it stands on the line.
  ['pytest', /^=+ ((?:\d+ \w+(?:, )?)+) in [\d.]+s(?: \([^)]*\))? =+$/gm, (m) => pytestCounts(m[1] ?? '')],
  [
    'cargo test',
    /^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed/gm,
    (m) => ({ passed: n(m[1]), failed: n(m[2]) }),
  ],
  [
    'ExUnit',
    /^(?:\d+ doctests?, )?(?:\d+ propert(?:y|ies), )?(\d+) tests?, (\d+) failures?/gm,
    (m) => ({ passed: (n(m[1]) ?? 0) - (n(m[2]) ?? 0), failed: n(m[2]) }),
  ],
  [
    'rspec',
    /^(\d+) examples?, (\d+) failures?/gm,
    (m) => ({ passed: (n(m[1]) ?? 0) - (n(m[2]) ?? 0), failed: n(m[2]) }),
  ],
  ['mocha', /^\s*(\d+) failing\b/gm, (m) => ({ failed: n(m[1]) })],
  ['mocha', /^\s*(\d+) passing\b/gm, (m) => ({ passed: n(m[1]), failed: 0 })],
  ['go test', /^(?:--- FAIL: |FAIL\t\S+)/gm, () => ({ failed: 1 })],
  ['go test', /^ok {2}\t?\S+\t(?:[\d.]+s|\(cached\))/gm, () => ({ failed: 0, passed: 1 })],
  // `Found 0 errors. Watching for file changes.` is tsc --watch saying all is well.
  ['tsc', /\berror TS\d+:|^Found (\d+) errors?\b/gm, (m) => ({ failed: n(m[1]) ?? 1 })],
  ['eslint', /^✖ (\d+) problems? \((\d+) errors?/gm, (m) => ({ failed: n(m[2]) })],
  ['credo', /\bfound no issues\b/gm, () => ({ failed: 0 })],
  ['build', /^(?:BUILD SUCCESSFUL|Build succeeded)\b/gm, () => ({ failed: 0 })],
  ['build', /^(?:BUILD FAILED|npm ERR!|error\[E\d+\]|\*\* \(CompileError\))/gm, () => ({ failed: 1 })],
];

const ANY_SUMMARY = /pass|fail|error|test result|no issues|BUILD|Build succeeded|^ok |coverage/im;

/**
 * The runner summary of an output: the last failing one, else the last one found; by a known
 * runner's own pattern, else by what any runner's summary line looks like.
 */
export function runnerCounts(output: string): RunnerCounts | undefined {
  return knownRunnerCounts(output) ?? summaryOfLines(output);
}

// A watch mode starting the run again: what it printed before is superseded.
const RERUN = /^\s*(?:RERUN\b|File change detected\. Starting incremental|\[nodemon\] restarting)/gm;

function knownRunnerCounts(whole: string): RunnerCounts | undefined {
  // One pass for the words every summary line has, before the runners' own patterns.
  if (!ANY_SUMMARY.test(whole)) return undefined;
  const output = lastRun(whole);
  let lastFailing: { at: number; counts: RunnerCounts } | undefined;
  let last: { at: number; counts: RunnerCounts } | undefined;
  for (const [runner, re, read] of RULES) {
    re.lastIndex = 0;
    for (let m = re.exec(output); m; m = re.exec(output)) {
      const found = { at: m.index, counts: { runner, ...read(m) } };
      if ((found.counts.failed ?? 0) > 0 && (!lastFailing || found.at >= lastFailing.at)) lastFailing = found;
      if (!last || found.at >= last.at) last = found;
    }
  }
  return (lastFailing ?? last)?.counts;
}

// The output from the last time a watch mode ran the checks again, when it did and printed a
// summary after; else all of it.
function lastRun(output: string): string {
  let from = -1;
  RERUN.lastIndex = 0;
  for (let m = RERUN.exec(output); m; m = RERUN.exec(output)) from = m.index;
  if (from < 0) return output;
  const after = output.slice(from);
  return ANY_SUMMARY.test(after) ? after : output;
}

function pytestCounts(line: string): Omit<RunnerCounts, 'runner'> {
  const count = (re: RegExp) =>
    line
      .match(re)
      ?.slice(1)
      .reduce((a, x) => a + Number(x ?? 0), 0);
  return {
    failed: (count(/(\d+) failed/) ?? 0) + (count(/(\d+) errors?\b/) ?? 0),
    passed: count(/(\d+) passed/) ?? 0,
  };
}

function describeCounts(c: RunnerCounts): string {
  if (c.runner === 'verdict line') return `${(c.failed ?? 0) > 0 ? 'failed' : 'passed'} (its summary line)`;
  if (c.runner === 'coverage') return 'coverage below its required threshold';
  const parts: string[] = [];
  if (c.failed !== undefined && (c.failed > 0 || c.passed === undefined))
    parts.push(c.failed > 0 ? `${c.failed} failed` : 'no failures');
  if (c.passed !== undefined && (c.runner !== 'go test' || c.failed === 0)) {
    parts.push(c.runner === 'go test' ? 'ok' : `${c.passed} passed`);
  }
  if (c.runner === 'tsc' || c.runner === 'build')
    return `${(c.failed ?? 0) > 0 ? 'errors' : 'no errors'} (${c.runner})`;
  return `${parts.join(', ') || 'no counts'} (${c.runner})`;
}

/**
 * Reads one run: `exit` is the recorded status (undefined when the host recorded none),
 * `failed` whether the host flagged it, `output` what it printed (read here, never kept).
 */
export function readCheck(
  command: string,
  exit: number | undefined,
  failed: boolean,
  output: string,
): CheckReading {
  // A runner that colours its summary (`Tests  \x1b[32m51 passed`) says what it says without the codes.
  const read = readRun(command, exit, failed, withoutAnsi(output));
  if (read.ok !== false || !TSC_GIVEN_FILES.test(command)) return read;
  return {
    ok: undefined,
    reading: `unknown: given files, \`tsc\` leaves tsconfig.json aside (its paths, jsx and strictness), so its errors may not be the project's (${read.reading})`,
  };
}

// `tsc` given files to check (`npx tsc --noEmit src/a.ts`) and no project: it then ignores
// tsconfig.json, as its documentation says, and reports what the project's own settings allow.
const TSC_GIVEN_FILES =
  /(?:^|[;&|(]\s*|\s)(?:(?:npx|bunx|pnpm(?:\s+exec)?|yarn)\s+)?tsc\b(?![^;&|]*\s(?:-p|--project|-b|--build)\b)[^;&|]*\s[^\s;&|-][^\s;&|]*\.[cm]?tsx?(?=[\s;&|)]|$)/;

function readRun(command: string, exit: number | undefined, failed: boolean, output: string): CheckReading {
  const hidden = hiddenStatus(command);
  const counts = runnerCounts(output);
  if (counts && ((counts.failed ?? 0) > 0 || hidden || exit === 0 || exit === undefined)) {
    const bad = (counts.failed ?? 0) > 0;
    return { ok: !bad, reading: describeCounts(counts), counts };
  }
  if (hidden) {
    const empty = output.trim() === '';
    if (empty && /\|\s*(?:e|f)?grep\b|\|\s*rg\b/.test(command))
      return { ok: undefined, reading: 'unknown: the filter found no lines' };
    const through = hidden.replace('the status is that of ', 'through ');
    // A type checker or linter prints nothing when it finds nothing.
    if (empty && SILENT.test(command)) return { ok: true, reading: `no output (${through})` };
    // And a compiler's error lines say it failed, whatever the filter after it exits with.
    if (COMPILE_ERRORS.some(([program, errors]) => program.test(command) && errors.test(output)))
      return { ok: false, reading: `the output shows compile errors (${through})` };
    // Cargo's last line after a build without errors: `Finished `dev` profile … in 2.53s`.
    if (/\bcargo (?:build|check|clippy)\b/.test(command) && CARGO_FINISHED.test(output))
      return { ok: true, reading: `finished without errors (${through})` };
    return { ok: undefined, reading: `unknown: ${hidden}, and the output shows no summary` };
  }
  if (exit === undefined)
    return failed ? { ok: false, reading: 'non-zero exit' } : { ok: true, reading: 'exit 0' };
  return { ok: exit === 0 && !failed, reading: `exit ${exit}` };
}

// A run between `git stash` and `git stash pop` in one command line tests the code without the
// session's changes (to see whether a failure was there before): no run of the work's check.
const STASHED_RUN =
  /\bgit\s+stash\b(?!\s+(?:pop|apply|list|show|drop|clear)\b)[^\n]*\bgit\s+stash\s+(?:pop|apply)\b/;

/**
 * True when the `cd` a command line begins with failed (`cd: no such file or directory: app`): the
 * check after it never ran, so the run says nothing of it.
 */
function cdFailed(command: string, output: string): boolean {
  if (!/^\s*(?:cd|pushd)\s/.test(command)) return false;
  const head = output.slice(0, 400);
  return /\b(?:cd|pushd)\b[^\n]{0,80}(?:no such file or directory|not a directory|can't cd|cannot find path)/i.test(
    head,
  );
}

/** A check's run as the session model keeps it (`CommandRun.check`): what `readCheck` read; none when a leading `cd` failed. */
export function checkResult(
  command: string,
  exit: number | undefined,
  failed: boolean,
  output: string,
): CheckResult | undefined {
  if ((failed && cdFailed(command, output)) || STASHED_RUN.test(command)) return undefined;
  const { ok, reading, counts } = readCheck(command, exit, failed, output);
  return counts ? { passed: ok, reading, counts } : { passed: ok, reading };
}
