/**
 * A test runner's summary read as a person reads it, for runners baton has no rule for: the
 * counts beside the words every runner uses (`12 passed, 2 failed`, `Failures: 0`, `FAIL 0 |
 * PASS 118`, `# fail 0`), and the few verdict lines that carry no count (`All tests passed!`,
 * `Result: FAIL`, unittest's `OK` after `Ran 14 tests`). A line counts as a summary only when it
 * looks like one: two counts or more, a count beside a word for tests (`2 tests failed`,
 * `Executed 27 tests, with 0 failures`), or a count alone on its line (`  18 passed (24.3s)`).
 * A word that merely holds a number in prose (`3 errors expected and seen`, `retries 1 failed
 * request`) is not a summary, so its run stays unknown rather than failed.
 */
import type { RunnerCounts } from './types.js';

const PASS_WORDS = 'passed|passing|pass|passes|success|successes|succeeded|successful|ok';
const FAIL_WORDS = 'failed|failing|fail|fails|failures|failure|errors|error|errored';
const OTHER_WORDS =
  'skipped|skips|skip|pending|todo|ignored|canceled|cancelled|total|flaky|broken|notrun|warn|warnings|incomplete|risky';
const WORDS = `${PASS_WORDS}|${FAIL_WORDS}|${OTHER_WORDS}`;
// A count: digits not part of a percentage, a time or a version; `35/37` and `2 out of 64` read
// as their first number.
const COUNT = String.raw`(?<![\w.%/-])(\d+)(?:/\d+|\s+(?:out\s+)?of\s+\d+)?(?![\d%/]|\.\d|\w)`;
// `12 passed`, `2 tests failed`, `2 TESTS FAILED` (count first); `Failures: 0`, `failures=2`,
// `FAIL 0`, `# pass 12`, `succeeded 44` (word first).
const COUNT_FIRST = new RegExp(String.raw`${COUNT}\s+(?:(?:tests?|specs?|examples?)\s+)?(${WORDS})\b`, 'gi');
const WORD_FIRST = new RegExp(String.raw`\b(${WORDS})\b\s*(?::|=)?\s*${COUNT}`, 'gi');
// Words that make one count a test summary: what was counted, or how a runner says it ran.
const TESTISH = /\b(?:tests?|specs?|examples?|assertions?|runs?|suites?|executed|steps)\b/i;
const PASS_RE = new RegExp(`^(?:${PASS_WORDS})$`, 'i');
const FAIL_RE = new RegExp(`^(?:${FAIL_WORDS})$`, 'i');
// Verdicts without a count, each on its own line or at its start.
// What may come before one: marks, a timer, a progress count (`✔  `, `00:03 +41: `).
const LEAD = '^[^A-Za-z]*';
const VERDICTS: [RegExp, boolean][] = [
  [
    new RegExp(`${LEAD}all (?:\\d+ )?(?:tests?|specs?|checks?) (?:passed|successful|succeeded)\\b`, 'i'),
    true,
  ],
  [new RegExp(`${LEAD}(?:some|\\d+) (?:tests?|specs?) (?:failed|did not pass)\\b`, 'i'), false],
  [new RegExp(`${LEAD}result: (pass|fail)\\b`, 'i'), true],
  [new RegExp(`${LEAD}tests? successful\\b`, 'i'), true],
  [/\btests passed[.!]?$/i, true],
];
// Words a summary has: output without any is not read line by line.
const ANY_WORD = /pass|fail|error|succe|\bok\b/i;
// Summaries are at the end: a long output is read from this many characters before its end.
const TAIL_CHARS = 20_000;

interface Line {
  failed: number;
  passed?: number;
  /** A verdict line: no counts. */
  verdict?: boolean;
}

/** The summary the output's lines give, when a runner baton has no rule for printed one. */
export function summaryOfLines(output: string): RunnerCounts | undefined {
  if (!ANY_WORD.test(output)) return undefined;
  let lastFailing: Line | undefined;
  let last: Line | undefined;
  const lines = output.slice(-TAIL_CHARS).split('\n');
  for (const [i, text] of lines.entries()) {
    const line = readLine(text, lines[i - 2] ?? '');
    if (!line) continue;
    last = line;
    if (line.failed > 0) lastFailing = line;
  }
  const found = lastFailing ?? last;
  if (!found) return undefined;
  if (found.verdict) return { runner: 'verdict line', failed: found.failed };
  return found.passed === undefined
    ? { runner: 'summary line', failed: found.failed }
    : { runner: 'summary line', failed: found.failed, passed: found.passed };
}

function readLine(text: string, twoBefore: string): Line | undefined {
  const t = text.trim();
  if (t === '' || t.length > 300) return undefined;
  // unittest: `OK` or `FAILED (failures=2)` two lines after `Ran 14 tests in 0.02s`.
  if (/^Ran \d+ tests? in /.test(twoBefore)) {
    if (/^OK\b/.test(t)) return { failed: 0, verdict: true };
    if (/^FAILED\b/.test(t)) return { failed: 1, verdict: true };
  }
  const counts = countsOf(t);
  const alone = counts.length === 1 && isAlone(t);
  if (counts.length >= 2 || (counts.length === 1 && (TESTISH.test(t) || alone))) {
    let failed = 0;
    let passed: number | undefined;
    let any = false;
    for (const [n, word] of counts) {
      if (FAIL_RE.test(word)) {
        failed += n;
        any = true;
      } else if (PASS_RE.test(word)) {
        passed = (passed ?? 0) + n;
        any = true;
      }
    }
    if (any) return passed === undefined ? { failed } : { failed, passed };
  }
  if (/^OK \(\d+ tests?\b/.test(t)) return { failed: 0, verdict: true };
  for (const [re, ok] of VERDICTS) {
    const m = re.exec(t);
    if (m) return { failed: ok && m[1]?.toLowerCase() !== 'fail' ? 0 : 1, verdict: true };
  }
  return undefined;
}

// Every count on the line with its word, in the order written.
function countsOf(t: string): [number, string][] {
  const found: [number, number, string][] = [];
  const taken = new Set<number>();
  for (const m of t.matchAll(COUNT_FIRST)) {
    found.push([m.index, Number(m[1]), m[2] as string]);
    taken.add(m.index + (m[0].length - (m[2] as string).length));
  }
  for (const m of t.matchAll(WORD_FIRST)) {
    // A word already read with the count before it (`12 passed, 2 failed`) is not read again
    // with the count after it.
    if (taken.has(m.index)) continue;
    found.push([m.index, Number(m[2]), m[1] as string]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, n, w]) => [n, w]);
}

// A count that is all its line says: `# fail 0`, ` 23 pass`, `  18 passed (24.3s)`.
function isAlone(t: string): boolean {
  return /^#?\s*(?:\d+\s+\w+|\w+\s+\d+)(?:\s*\([^)]*\))?[.!]?$/.test(t);
}
