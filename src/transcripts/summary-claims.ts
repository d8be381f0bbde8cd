/**
 * The checkable claims in a host's compaction summary: files it says were written, checks it says
 * pass, commits it names, and lines that say something is done. Read as a person skims it:
 * statements of what happened count; plans, next steps, the person's quoted words, code blocks and
 * anything hedged or negated do not. Deliberately cautious: a claim missed costs less than a
 * claim invented, because every claim found is held against the log.
 */
import { EXTENSION_ALTERNATION } from './_extensions.js';
import { isToolName } from './_mentions.js';

/** Which checks a pass claim is about. */
export type CheckScope = 'all' | 'test' | 'lint' | 'types' | 'build';

/** One claim, with the 1-based line of the summary it is on. */
export type SummaryClaim =
  /** `label`: the verb is a tag after the path (`path` (NEW), `| path | modified |`), with no one said to act. */
  | { kind: 'file'; path: string; verb: string; label?: true; line: number }
  | { kind: 'check'; scope: CheckScope; command?: string; count?: number; line: number }
  | { kind: 'commit'; hash?: string; line: number }
  | { kind: 'done'; text: string; line: number };

// Hosts wrap the summary in their own sentences; those are not the model's claims.
const HOST_LINES =
  /^(?:This session is being continued from a previous conversation|The summary below covers|If you need specific details from before compaction|Please continue the conversation|Continue the conversation from where|Another language model started to solve this problem)/;
// Sections and blocks whose lines are plans, requests or open questions, not what happened.
const SKIP_HEADING =
  /\b(?:pending|next|remaining|to ?do|todos?|not (?:yet )?done|open (?:items|questions|tasks|issues)|user(?:'s)? (?:messages|requests)|all user|primary request|intent|questions?|blocked|left|follow[- ]?ups?|still|needs?|needed|optional|upcoming|future|suggest\w*|plans?|proposed|ideas?|risks?|unknowns?)\b/i;
// A line that speaks of intent, possibility or what did not happen claims nothing.
const HEDGE =
  /\b(?:need(?:s|ed)?|will|would|should|must|going to|about to|plan(?:s|ned)? to|to be|next|todo|pending|not|no|nor|never|yet|haven't|hasn't|didn't|wasn't|weren't|isn't|aren't|won't|can't|cannot|instead|unless|if|whether|want(?:s|ed)?|asked|requested|request|could|may|might|try(?:ing)? to|attempt(?:ed|ing)?|fail(?:s|ed|ing)? to|couldn't|unable|without|ensure|make sure|verify|confirm|until|once|expected|supposed|hopefully|probably|likely|maybe|perhaps|seems?|appears?)\b|\?/i;
const WRITE_VERBS =
  /^(?:created|wrote|written|modified|edited|updated|changed|rewrote|rewritten|added|implemented|fixed|refactored|renamed|moved|deleted|removed|patched|extended|replaced|saved|registered|appended|inserted|overwrote|overwritten|new|reworked|converted|migrated|restructured|split|merged|simplified|cleaned)$/i;
const OTHER_VERBS =
  /^(?:read|reads|reading|viewed|looked|checked|inspected|examined|explored|found|searched|grepped|opened|reviewed|analy[sz]ed|understood|studied|listed|traced|compared|referenced|shows?|showing|contains?|containing|see|seen|using|uses|used|imports?|imported|shared|mentioned|discussed|identified|noticed|located|ran|run|running|executed|tested|committed|pushed|installed|deployed|started|invoked|called|loaded|copied)$/i;
// Words that make the path right after them something else than the object of the verb before.
// A word that starts another clause does the same ("created because `x.py` was deleted").
const BREAKERS =
  /^(?:based|following|per|like|at|into|via|after|before|beside|besides|alongside|than|as|existing|similar|same|unlike|except|versus|vs|because|since|while|whereas|although|though|when|where)$/i;
// After a path, a verb of its own makes the path the subject of another clause ("… deleted, and
// `y.py` uses 13 dimensions"): the verb before it is not said of it.
const SUBJECT_OF =
  /^[\s`*_)\]]*(?:is|was|were|are|has|had|have|uses|contains|remains|still|already|does|did|exists|defines|returns|calls|lives|sits)\b/i;
// "already updated", "previously added": the state a file was found in, not a change made to it
// (after a path, the rest of what is said of it: "(font already added, colours updated)").
const STATE_BEFORE = /^(?:already|previously)$/i;
const PATH_BODY = `(?:~?\\.{0,2}/)?(?:[\\w@.+-]+/)*[\\w@+-][\\w@.+-]*\\.(?:${EXTENSION_ALTERNATION})`;
const PATH_RE = new RegExp(`(?<![\\w@./-])${PATH_BODY}(?![\\w/-])`, 'g');
const WHOLE_PATH = new RegExp(`^${PATH_BODY}$`);
const HASH_RE = /(?<![\w/.-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w/.-])/g;
const DONE_RE = /\b(?:done|completed?|finished|closed|implemented|resolved|shipped|landed)\b|✅|✔|✓|\[x\]/i;
// "Committed" as something done: first ("Committed the fix"), after who did it or an auxiliary
// ("I committed", "was fixed and committed"), before what or where ("committed the changes",
// "committed to main"), or after the work ("changes committed"). Not the adjective ("committed
// checkpoints", "reading committed data") nor a thing's state ("the work is committed").
const COMMITTED_RE = new RegExp(
  [
    String.raw`^\W*committed\b`,
    String.raw`\b(?:i|we|it|agent|claude|was|were|been|has|have|had|and|then|successfully|also|just|finally)\s+committed\b`,
    String.raw`\bcommitted\s+(?:the|all|my|our|these|those|this|it|them|both|everything|to|on|as|and pushed)\b`,
    String.raw`\b(?:changes?|work|fix(?:es)?|files?|everything)\s+(?:(?:were|was)\s+)?committed\b`,
    String.raw`\bcommits? (?:made|created|landed)\b|^\W*commit(?:s|ted)?\s*[:(]`,
  ].join('|'),
  'i',
);
// Another session's time: "from the previous session", "in an earlier conversation".
const EARLIER_SESSION = String.raw`\b(?:from|in|during)\s+(?:an?\s+|the\s+)?(?:earlier|previous|prior|last)\s+(?:session|conversation)\b`;
// A commit of another time: one the session found, not one it made.
const EARLIER_COMMIT = new RegExp(
  String.raw`\b(?:already|previously|earlier)\s+committed\b|${EARLIER_SESSION}`,
  'i',
);

// A commit said not to have happened: "Commit: failed", "the commit was blocked", "could not commit".
const NO_COMMIT =
  /\bcommit(?:s|ted)?\b\W*(?:\w+\W+){0,4}?(?:failed|not|skipped|blocked|aborted|rejected|refused|pending)\b|\b(?:not|never|couldn't|could not|didn't|did not|failed to|unable to)\s+(?:be\s+)?commit/i;

/** Every checkable claim in `summary`, in order of appearance. */
export function extractClaims(summary: string): SummaryClaim[] {
  const claims: SummaryClaim[] = [];
  const context = new Context();
  let fence = false;
  summary.split(/\r?\n/).forEach((raw, index) => {
    if (/^\s*(?:```|~~~)/.test(raw)) {
      fence = !fence;
      return;
    }
    if (fence || /^\s*>/.test(raw) || HOST_LINES.test(raw.trim())) return;
    const text = unquote(raw);
    const outer = context.verb();
    const kind = context.enter(raw, text);
    if (kind === 'heading' || context.skipping()) return;
    // A list opener ("- `a.md` — rewritten:") makes its own claim under the verb around it.
    const found = claimsOfLine(text, index + 1, kind === 'opener' ? outer : context.verb());
    // Read on the whole line: the words that say it failed may be quoted (`Commit: "Commit failed"`).
    claims.push(...(NO_COMMIT.test(raw) ? found.filter((c) => c.kind !== 'commit') : found));
  });
  return dedupe(claims);
}

/** A heading's or list opener's say over the lines under it: skip them (plans, requests), or lend them its verb. */
interface Scope {
  skip: boolean;
  verb: string | undefined;
}

/**
 * Where a line is: a section (a heading, or a short top-level line ending in ":") lasts until the
 * next one; a block (a line ending in ":") covers what follows it until a blank line — only its
 * deeper-indented children when it is itself a list item, so that its siblings are not its items.
 */
class Context {
  private section: Scope = { skip: false, verb: undefined };
  private block: (Scope & { indent: number; item: boolean }) | undefined;

  /** Reads one line: a heading (which claims nothing), a block opener, or a plain line. */
  enter(raw: string, text: string): 'heading' | 'opener' | 'line' {
    const trimmed = text.trim();
    if (trimmed === '') {
      this.block = undefined;
      return 'heading';
    }
    const indent = /^\s*/.exec(raw)?.[0].length ?? 0;
    const item = /^(?:[-*+•]|\d+[.)])\s/.test(trimmed);
    if (this.block && (this.block.item ? indent <= this.block.indent : indent < this.block.indent)) {
      this.block = undefined;
    }
    const heading = /^#{1,6}\s+(.+?)\s*#*$/.exec(trimmed)?.[1];
    const opener = /^(.{2,100}?):\s*$/.exec(trimmed)?.[1];
    const numbered = /^\d+[.)]\s/.test(trimmed);
    const top = indent === 0 && (!item || numbered);
    if (heading !== undefined || (top && opener !== undefined && opener.split(/\s+/).length <= 8)) {
      this.section = scopeOf((heading ?? opener) as string);
      this.block = undefined;
      return 'heading';
    }
    if (opener !== undefined && opener.split(/\s+/).length <= 12) {
      this.block = { ...scopeOf(opener), indent, item };
      return item ? 'opener' : 'heading';
    }
    // A longer line whose last sentence leads into a list ("… and the frontend. I read:", "The
    // documents should include:") lends that sentence's verb, or its hedge, to the lines under it.
    const lead = /(?:^|[.!?。]\s+)([^.!?。]{2,100}):\s*$/.exec(trimmed)?.[1];
    if (lead !== undefined) this.block = { ...scopeOf(lead), indent, item };
    return 'line';
  }

  skipping(): boolean {
    return this.section.skip || this.block?.skip === true;
  }

  verb(): string | undefined {
    return this.block ? this.block.verb : this.section.verb;
  }
}

function scopeOf(title: string): Scope {
  const plain = title.replace(/^[-*+•\d.)\s]+/, '');
  return { skip: SKIP_HEADING.test(plain) || HEDGE.test(neutralise(plain)), verb: lastVerb(plain) };
}

/** A line with the person's quoted words ("…", “…”) and bold/italic markers taken out. */
function unquote(line: string): string {
  return line
    .replace(/"[^"\n]*\s[^"\n]*"|“[^”\n]*”/g, ' ')
    .replace(/\*\*|__/g, '')
    .replace(/(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)/g, '');
}

/** The line's own words: code spans and paths blanked, so that a file named `never.ts` hedges nothing. */
function prose(text: string): string {
  return text.replace(/`[^`\n]*`/g, ' code ').replace(PATH_RE, ' path ');
}

function claimsOfLine(text: string, line: number, inherited: string | undefined): SummaryClaim[] {
  return clauses(text).flatMap((clause) => claimsOfClause(clause, line, inherited));
}

/**
 * A line cut into sentences, and before a "still to do:" / "next:" turn, so that "Done: X. Still to
 * do: Y" claims X and not Y. Code spans are never cut.
 */
function clauses(text: string): string[] {
  const masked = text.replace(/`[^`\n]*`/g, (s) => 'x'.repeat(s.length));
  const cuts = [0];
  const turn =
    /(?<=[.!?;])\s+(?=\S)|\s+(?=(?:still (?:to do|needed|needs|open|pending)|next(?: steps?)?:|remaining:|to ?do:|pending:|left:|open:)\s)/gi;
  for (const m of masked.matchAll(turn)) cuts.push((m.index as number) + m[0].length);
  return cuts.map((c, i) => text.slice(c, cuts[i + 1] ?? text.length)).filter((t) => t.trim() !== '');
}

function claimsOfClause(text: string, line: number, inherited: string | undefined): SummaryClaim[] {
  const out: SummaryClaim[] = [];
  const words = prose(text);
  if (!HEDGE.test(neutralise(words))) {
    for (const w of writtenPaths(text, inherited)) out.push({ kind: 'file', ...w, line });
    const hashes = /\bcommit/i.test(words) ? [...text.matchAll(HASH_RE)].map((m) => m[0]) : [];
    for (const hash of hashes) out.push({ kind: 'commit', hash, line });
    if (hashes.length === 0 && COMMITTED_RE.test(words) && !EARLIER_COMMIT.test(words))
      out.push({ kind: 'commit', line });
    if (DONE_RE.test(words)) out.push({ kind: 'done', text: text.trim(), line });
  }
  const check = passClaim(text);
  if (check) out.push({ ...check, line });
  return out;
}

// Words that describe a file's state in git or before the session, not a change made in it.
const GIT_STATE = new RegExp(
  String.raw`\b(?:untracked|uncommitted|unstaged|not (?:yet )?committed|pre-?existing|already existed)\b|${EARLIER_SESSION}`,
  'i',
);

const PATH_VALUE = /\b(?:path|paths|prefix|pattern|glob|url|key)\s*(?:to|from|=|:|of|as)?\s*["'(]?$/i;

/** Paths a line says were written: the nearest verb before the path is a writing one. */
function writtenPaths(
  text: string,
  inherited: string | undefined,
): { path: string; verb: string; label?: true }[] {
  const out: { path: string; verb: string; label?: true }[] = [];
  for (const { path, at, end } of pathsIn(text)) {
    const before = SUBJECT_OF.test(text.slice(end)) ? undefined : nearVerb(text.slice(0, at));
    let verb = before;
    let label = false;
    if (verb === undefined && /^[\s\-*+\d.)[\]x•`'"|]*$/.test(text.slice(0, at))) {
      // `path` — Modified …, a table row `| path | new |`, or a bare list item under "Files created:".
      const tag = firstVerb(text.slice(end));
      label = tag !== undefined;
      verb = tag ?? inherited;
    }
    // `path` — New (untracked) says what git shows now, not what this session did.
    if (GIT_STATE.test(text.slice(end))) continue;
    // "updated the path to "/1/meta.json"", "computed path: `dir/x.jsonl`": a value, not a file.
    if (PATH_VALUE.test(text.slice(0, at))) continue;
    // "added `core/result.dart` import", "the import of `x.ts`": a line added to another file.
    if (
      /^\W*imports?\b/i.test(text.slice(end)) ||
      /\bimport(?:s|ed|ing)?\s+(?:of\s+|from\s+)?\W*$/i.test(text.slice(0, at))
    )
      continue;
    if (verb !== undefined && WRITE_VERBS.test(verb))
      out.push({ path: normalisePath(path), verb: verb.toLowerCase(), ...(label ? { label } : {}) });
  }
  return out;
}

/** Path-like tokens in a line (bare or in backticks) with where each starts and ends (its closing backtick included). */
function pathsIn(text: string): { path: string; at: number; end: number }[] {
  const found: { path: string; at: number; end: number }[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    const inner = (m[1] as string).trim();
    if (WHOLE_PATH.test(inner) && !inner.includes('://') && !isToolName(inner))
      found.push({ path: inner, at: m.index as number, end: (m.index as number) + m[0].length });
  }
  const bare = text.replace(/`[^`\n]*`/g, (s) => ' '.repeat(s.length));
  for (const m of bare.matchAll(PATH_RE)) {
    const path = m[0];
    const before = bare.slice(Math.max(0, (m.index as number) - 3), m.index as number);
    if (/:\/\/?$|\w@$/.test(before) || /^\d+(?:\.\d+)+$/.test(path) || isToolName(path)) continue;
    found.push({ path, at: m.index as number, end: (m.index as number) + path.length });
  }
  return found.sort((a, b) => a.at - b.at);
}

function normalisePath(path: string): string {
  return path.replace(/^\.\//, '').replace(/[.,;:]+$/, '');
}

function words(text: string): string[] {
  return text.split(/[^\p{L}\p{N}'-]+/u).filter((w) => w !== '');
}

/**
 * The last verb (writing or not) in `text`, lowercased, if any. A word like "after" or "as" stands
 * for the verb only for the path right behind it ("added X after y.css": y.css was not added).
 */
function lastVerb(text: string): string | undefined {
  const list = words(eitherVerb(text));
  for (let i = list.length - 1; i >= 0; i--) {
    const w = list[i] as string;
    if (BREAKERS.test(w) && list.length - 1 - i <= 1) return w.toLowerCase();
    // "the new file `x`", "a new plan": an adjective after a determiner says what a thing is, not what was done.
    if (/^new$/i.test(w) && DETERMINERS.test(list[i - 1] ?? '')) continue;
    // "already added in `x`", "had already been updated": a state, and no earlier verb is said of the path.
    if (WRITE_VERBS.test(w) && list.slice(Math.max(0, i - 3), i).some((x) => STATE_BEFORE.test(x)))
      return undefined;
    if (WRITE_VERBS.test(w) || OTHER_VERBS.test(w)) return w.toLowerCase();
  }
  return undefined;
}

const DETERMINERS =
  /^(?:the|a|an|this|that|these|those|its|their|my|our|his|her|your|another|one|two|some|any|each)$/i;

// Two verbs as alternatives ("examined/modified", "read or edited"): the files under them may
// only have been read, so the pair claims no change.
const EITHER = /\b([A-Za-z]+)\s*(?:\/|\bor\b)\s*([A-Za-z]+)\b/g;
function eitherVerb(text: string): string {
  return text.replace(EITHER, (pair, a: string, b: string) =>
    WRITE_VERBS.test(a) && OTHER_VERBS.test(b) ? b : OTHER_VERBS.test(a) && WRITE_VERBS.test(b) ? a : pair,
  );
}

// How many words may stand between a verb and the path it is said of (paths in a list between
// them not counted): "the code is split between two folders … watched by watch.js" says nothing
// was done to watch.js.
const VERB_REACH = 8;

/** `lastVerb` of the text before a path, when no more than `VERB_REACH` words (not paths) lie between. */
function nearVerb(before: string): string | undefined {
  const verb = lastVerb(before);
  if (verb === undefined) return undefined;
  const list = words(before.replace(/`[^`\n]*`/g, ' ').replace(PATH_RE, ' '));
  const at = list.map((w) => w.toLowerCase()).lastIndexOf(verb);
  return at < 0 || list.length - 1 - at <= VERB_REACH ? verb : undefined;
}

function firstVerb(text: string): string | undefined {
  // `new` says what happened to the path only as the first word after it (`| new |`, `— new`);
  // later it is an adjective (`- design.md - completed with the new branding`). Past its first
  // three words a description names things (`— Mocks for VPN, kill switch, split tunnel`): only a
  // participle there says what was done (`— the default strategy, now updated`).
  return words(text).find(
    (w, i, all) =>
      (WRITE_VERBS.test(w) &&
        (i === 0 || !/^new$/i.test(w)) &&
        (i < 3 || /(?:ed|en)$/i.test(w)) &&
        !all.slice(0, i).some((x) => STATE_BEFORE.test(x))) ||
      OTHER_VERBS.test(w),
  );
}

// "0 failures", "no errors" and the like say a check passed: they are not negations.
function neutralise(text: string): string {
  return text.replace(
    /\b(?:0|zero|no) (?:failures?|failed|failing|errors?|warnings?|issues?|problems?|offen[cs]es)\b|\bwithout (?:errors?|failures?|warnings?)\b/gi,
    ' clean ',
  );
}

const SCOPES: [RegExp, CheckScope][] = [
  [/\b(?:all (?:the )?checks|every check|all checks|everything|CI)\b/i, 'all'],
  [
    /\b(?:tests?|test suite|suites?|specs?|doctests?|pytest|vitest|jest|rspec|mix test|npm test|go test|cargo test)\b/i,
    'test',
  ],
  [/\b(?:lint(?:er|ing|s)?|credo|clippy|eslint|biome|ruff|flake8|format(?:ting)? check)\b/i, 'lint'],
  [/\b(?:type ?checks?|typecheck(?:ing|s)?|types|tsc|mypy|pyright)\b/i, 'types'],
  [/\b(?:builds?|compil(?:e|es|ed|ation)|dialyzer)\b/i, 'build'],
];
const PASS_RE = /\b(?:pass(?:es|ed|ing)?|succeed(?:s|ed)?|successful(?:ly)?|green|clean|all good|ok)\b/i;
const FAIL_RE =
  /\b(?:fail\w*|error\w*|broken|red|not|n't|never|except|but|some|most|partial\w*|flaky|skip\w*)\b/i;

// How many tests a pass claim says passed: "43 tests pass", "all 43 tests passing", "43/43 tests
// passed", "43 passing", "tests: 43 passed", "tests passed: 43". A count of something else ("added 5 tests") is not one.
const COUNT_RES = [
  /\b(?:all\s+)?(\d+)(?:\s*\/\s*\d+)?\s+(?:[\w-]+\s+)?tests?\s+(?:now\s+|all\s+|still\s+)?(?:pass(?:es|ed|ing)?|green)\b/i,
  /\b(\d+)\s+(?:passing|passed)\b/i,
  /\btests?:?\s+(\d+)\s+passed\b/i,
  /\b(\d+)\s+(?:tests?|examples?),\s+0\s+failures\b/i,
  // "Tests passed: 51 tests", "tests passing: 12".
  /\btests?\s+pass(?:ed|ing)?\s*[:=]\s*(\d+)\b/i,
];

/** The number of tests a line says passed, if it says one. */
function passCount(text: string): number | undefined {
  for (const re of COUNT_RES) {
    const m = re.exec(text);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/**
 * "pass" that claims no check passed: the verb that hands something on ("updated the tests to pass
 * an empty slice", "pass `hints.env` along"), a run of another time ("passed in test 5.1", "started
 * passing"), and one tool's own words ("Ruff: all checks passed" speaks of Ruff alone).
 */
const NO_PASS_CLAIM = new RegExp(
  [
    String.raw`\bto\s+pass\b`,
    String.raw`\bpass(?:es|ed|ing)?\s+(?:the|a|an|empty|in|it|them|its|their|along|through|code|path)\b`,
    String.raw`\b(?:started|began|starts|begins)\s+(?:to\s+pass|passing)\b`,
    String.raw`\b(?:ruff|eslint|biome|mypy|pyright|tsc|clippy|flake8|pylint|prettier|rubocop|golangci-lint|black|isort|shellcheck|stylelint)\b\W{0,3}(?:\w+\W+){0,2}?all\s+checks?\s+pass`,
  ].join('|'),
  'i',
);

/** A claim that checks pass: a scope word and a pass word close together, with nothing negating it. */
function passClaim(
  text: string,
): { kind: 'check'; scope: CheckScope; command?: string; count?: number } | undefined {
  const flat = neutralise(text);
  const own = neutralise(prose(text));
  if (!PASS_RE.test(own) || FAIL_RE.test(own) || HEDGE.test(own) || NO_PASS_CLAIM.test(own)) return undefined;
  const command =
    /`([^`\n]+)`\s*(?:now\s+)?(?:pass(?:es|ed)?|succeed(?:s|ed)?|is clean|are clean|clean)\b/i.exec(
      flat,
    )?.[1];
  const passAt = [...flat.matchAll(new RegExp(PASS_RE.source, 'gi'))].map((m) => m.index as number);
  for (const [re, scope] of SCOPES) {
    const m = re.exec(flat);
    if (!m) continue;
    const near = passAt.some(
      (at) => words(flat.slice(Math.min(m.index, at), Math.max(m.index, at))).length <= 8,
    );
    if (!near) continue;
    const count = scope === 'test' ? passCount(prose(text)) : undefined;
    return {
      kind: 'check',
      scope,
      ...(command ? { command } : {}),
      ...(count !== undefined ? { count } : {}),
    };
  }
  return undefined;
}

function dedupe(claims: SummaryClaim[]): SummaryClaim[] {
  const seen = new Set<string>();
  return claims.filter((c) => {
    const key =
      c.kind === 'file'
        ? `f:${c.path}`
        : c.kind === 'commit'
          ? `c:${c.hash ?? c.line}`
          : c.kind === 'check'
            ? `k:${c.scope}:${c.command ?? ''}:${c.count ?? ''}`
            : `d:${c.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
