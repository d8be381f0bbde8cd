/**
 * The probes of the handoff evaluation, applied the same way to baton's handoff and to the host's
 * own summary: which files a text names, which requests it keeps, which of its Done items it also
 * lists as remaining, and what a check's last run really showed (read as a person reads it).
 */
const PATH_CHAR = /[\w./-]/;
// A file's name, in a session from Windows too (`X:\\dir\\file.py`), wherever the script runs.
const basename = (p) => p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);

/**
 * A path is named when the text holds it (relative to the repository, or absolute) as a whole
 * path, or holds its file name where no other file of the session has that name.
 */
export function namedIn(written, allPaths) {
  // A path written with `\` (on Windows) names the same file as with `/`.
  const slashed = written.includes('\\') ? written.replace(/\\/g, '/') : written;
  // Files named under their folder ("in `tasks/prd/`: `prd.md`, `tasks.md`") are named whole.
  const grouped = [...slashed.matchAll(/\bin `([^`\n]+\/)`: ((?:`[^`\n]+`(?:, | and )?)+)/g)].flatMap((m) =>
    [...m[2].matchAll(/`([^`\n]+)`/g)].map((n) => `${m[1]}${n[1]}`),
  );
  const text = grouped.length > 0 ? `${slashed}\n${grouped.join('\n')}` : slashed;
  const names = new Map();
  for (const p of allPaths) names.set(basename(p), (names.get(basename(p)) ?? 0) + 1);
  const holds = (needle) => {
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      const before = text[at - 1] ?? ' ';
      const after = text[at + needle.length] ?? ' ';
      const afterNext = text[at + needle.length + 1] ?? ' ';
      const endOk = !PATH_CHAR.test(after) || (after === '.' && !PATH_CHAR.test(afterNext));
      if ((!PATH_CHAR.test(before) || before === '/') && endOk) return true;
    }
    return false;
  };
  return (path) => {
    if (holds(path)) return true;
    const name = basename(path);
    return names.get(name) === 1 && holds(name);
  };
}

// Control characters (a pasted backspace) are no part of what the person asked.
// biome-ignore lint/complexity/useRegexLiterals: as a literal the linter refuses its control characters
const CONTROL = new RegExp('[\\u0000-\\u0008\\u000b-\\u001f\\u007f]', 'g');
// Invisible format characters (a pasted left-to-right mark, U+202A, a zero-width space) are no part of the words either.
const FORMAT = /\p{Cf}/gu;
const fold = (s) =>
  s
    .replace(CONTROL, '')
    .replace(FORMAT, '')
    .toLowerCase()
    .replace(/[\\`*_>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// A key or token pasted in a request (16 or more letters and digits, both kinds), which a handoff
// rightly shows as `[redacted]` (after a kept prefix, `sk-[redacted]`): a request is also kept
// when, with each such run as `[redacted]` on both sides, the text holds it.
const KEYLIKE = /\S*(?=\S*\d)(?=\S*[a-z])[a-z0-9_+/=.:-]{16,}\S*/gi;
const masked = (s) => s.replace(KEYLIKE, '[redacted]').replace(/\S*\[redacted\]\S*/g, '[redacted]');

/**
 * A request is kept when the text holds its first 40 characters (case, spacing and markup
 * folded), or holds them with its pasted keys redacted.
 */
// The prompt a request was pasted with (`❯ `, `$ `): the terminal's, not the person's words.
const PROMPT_MARK = /^\s*[❯›»$>][ \t\u00a0]+(?=\S)/u;

export function keptIn(text) {
  const doc = fold(text);
  const docMasked = fold(masked(text));
  return (asked) => {
    const request = asked.replace(PROMPT_MARK, '');
    return (
      doc.includes(fold(request).slice(0, 40).trim()) ||
      docMasked.includes(fold(masked(request)).slice(0, 40).trim())
    );
  };
}

const STOP = new Set(
  'the and for with that this from into then than are was were has have had not but all any can will should would could must also its it our your their them they you via per out off who how what when why'.split(
    ' ',
  ),
);
// A file name is one word (`Update ui.md` and `Update business.md` are two tasks); a CJK word is
// often two characters, so two count there.
const FILE_WORD = /[\p{L}\p{N}_-]+\.[a-z][a-z0-9]{0,4}\b/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const stems = (s) => {
  const lower = s.toLowerCase().replace(/^committed:\s*/, '');
  const words = lower
    .replace(FILE_WORD, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => (w.length >= 3 || (w.length === 2 && CJK.test(w))) && !STOP.has(w))
    .map((w) => w.slice(0, 5));
  return new Set([...(lower.match(FILE_WORD) ?? []), ...words]);
};

/** Pairs of a done item and a remaining item that say the same thing (the smaller set inside the larger). */
export function contradictions(done, remaining) {
  const pairs = [];
  for (const r of remaining) {
    const rs = stems(r);
    if (rs.size === 0) continue;
    for (const d of done) {
      const ds = stems(d);
      const shared = [...rs].filter((w) => ds.has(w)).length;
      const small = Math.min(rs.size, ds.size);
      if (small > 0 && shared === small && (small >= 2 || rs.size === 1)) pairs.push([d, r]);
    }
  }
  return pairs;
}

/** Done and remaining items of a free-form summary: list items under headings that say which. */
export function summaryLists(text) {
  const done = [];
  const remaining = [];
  let into;
  for (const line of text.split('\n')) {
    const heading = /^\s*(?:#{1,4}\s+|\d+\.\s+)?\**([A-Za-z][A-Za-z /&'()-]{2,60}?)\**:?\**\s*$/.exec(line);
    if (heading) {
      const h = heading[1];
      into = /pending|remaining|next step|to ?do|outstanding/i.test(h)
        ? remaining
        : /complet|done|finished|accomplish/i.test(h)
          ? done
          : undefined;
      continue;
    }
    const item = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ x]\]\s*)?(.+)$/.exec(line);
    if (item && into) into.push(item[1].replace(/\*\*/g, ''));
  }
  return { done, remaining };
}

const FILTERS = new Set([
  'tail',
  'head',
  'grep',
  'egrep',
  'rg',
  'sed',
  'awk',
  'cut',
  'sort',
  'uniq',
  'wc',
  'less',
  'more',
  'cat',
  'tee',
  'jq',
  'tr',
  'column',
  'echo',
  'true',
  'printf',
]);

/** The program whose status a command line reports, and whether a filter hides the check's own. */
export function lastProgram(command) {
  const bare = command.replace(/'[^']*'|"(?:\\.|[^"\\])*"/g, 'Q');
  const segments = bare.split(/&&|\|\||;|\n/);
  const last = segments.at(-1)?.trim() || segments.at(-2)?.trim() || '';
  const joinedLast = bare.split(/&&|;|\n/).at(-1) ?? '';
  const stages = joinedLast.split(/\|(?!\|)/).map((s) => s.trim());
  const words = (stages.at(-1) ?? last)
    .split(/\s+/)
    .filter((w) => !/^\d*>&?\d*$/.test(w) && !/^\w+=/.test(w));
  const program = (words[0] ?? '').replace(/^.*\//, '');
  const hidden = /pipefail/.test(command)
    ? false
    : (stages.length > 1 || /\|\|/.test(joinedLast)) && FILTERS.has(program);
  return { program, hidden };
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');
const FAIL_LINES = [
  /\b([1-9]\d*) (?:failed|failing|failures?|errors?)\b/i,
  /^\s*FAIL\b/m,
  /--- FAIL:/,
  /test result: FAILED/,
  /\berror TS\d+/,
  /^npm ERR!/m,
  /✖ [1-9]\d* problems?/,
  /Traceback \(most recent call last\)/,
  // bun test's summary: ` 0 pass`, ` 1 fail` on lines of their own.
  /^\s*[1-9]\d* fail\r?$/m,
];
const PASS_LINES = [
  /\b[1-9]\d* (?:passed|passing)\b/i,
  /test result: ok\./,
  /^ok\s+\S+/m,
  /\b[1-9]\d* (?:tests?|examples?), 0 failures\b/,
  /\bTests:\s+\d+ passed/,
  /\ball (?:\d+ )?tests? passed\b/i,
  /^\s*[1-9]\d* pass\r?$/m,
];

/** What the output says, where the status cannot: 'failed', 'passed' or 'unknown'. */
export function readOutput(text) {
  if (FAIL_LINES.some((re) => re.test(text))) return 'failed';
  if (PASS_LINES.some((re) => re.test(text))) return 'passed';
  return 'unknown';
}

/**
 * What a check's run really showed: its status when that is the check's own, else what its output
 * says; a search that found nothing is not a failed check.
 */
export function truthOf(command, result) {
  if (!result) return 'unknown';
  const { program, hidden } = lastProgram(command);
  // Read as the terminal shows it, without colour codes (`\x1b[32m51 passed`).
  const text = `${result.text ?? ''}\n${result.stdout ?? ''}`.replace(ANSI, '');
  // A Go build's error lines (`x.go:57:59: not enough arguments`) are its failure, as a person reads them.
  if (hidden && /\bgo (?:build|vet)\b/.test(command) && /^\S+\.go:\d+:\d+: \S/m.test(text)) return 'failed';
  // So are cargo's (`error[E0599]: …`, `error: could not compile`), and its `Finished` line a build without them.
  if (hidden && /\bcargo (?:build|check|clippy)\b/.test(command)) {
    if (/^error(?:\[E\d+\])?: /m.test(text)) return 'failed';
    if (/^\s*Finished `?[\w-]+`? profile\b/m.test(text)) return 'passed';
  }
  if (hidden) return readOutput(text);
  let exit = result.exit;
  if (exit === undefined) {
    if (result.isError) exit = Number(/^(?:Error: )?Exit code (\d+)/.exec(result.text ?? '')?.[1] ?? 1);
    else exit = result.interpretation ? 1 : 0;
  }
  if (exit === 0) return 'passed';
  const quiet = /\s-[a-zA-Z]*q|--quiet/.test(command);
  if ((program === 'grep' || program === 'rg') && exit === 1 && !quiet) return 'unknown';
  return 'failed';
}
