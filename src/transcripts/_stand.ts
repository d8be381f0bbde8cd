/**
 * Where the work stands at the end of the log: what the agent said it was doing, the files it
 * was editing and reading, the check it was looking at, and the files the log points at next
 * (named by the person, by the agent, in the task list, in a plan or search results it read) —
 * ranked and capped, so that a successor's first files are named without listing every path seen.
 */

import { codeSpan } from '../formats/text.js';
import { mentionScore, openTaskPaths, taskWeight } from './_mentions.js';
import { pathList } from './_path-list.js';
import { fileName, isAbsolutePath, relativePath } from './_paths.js';
import type { SearchQueue } from './_queue.js';
import { pathsOfTaskSymbols } from './_task-symbols.js';
import { withTestsOf } from './_test-files.js';
import { counted, oneLine, plainProse } from './_text.js';
import type { TrackerItem } from './_tracker.js';
import { type Check, calledOlder, outcomeOf, passed } from './_validation.js';
import { HOST_NAMES, type SessionRecord } from './types.js';

// The words that say what the agent will do next, in the languages the sessions show: English,
// German, French, Spanish, Portuguese, Chinese (让我 "let me", 我来, 现在我 / 我现在, 我先, 我立即,
// 我需要, 现在 …：), Japanese (します, しましょう, してみます) and Korean (하겠습니다, 할게요).
const INTENT = new RegExp(
  [
    String.raw`\b(?:I'll|I will|I'm going to|I am going to|let me|let's|now I|next,? I|next step|going to|I need to|I should)\b`,
    String.raw`(?:^|[.!?]\s+)(?:now|next|then),?\s+[^.!?:]{1,60}:`,
    String.raw`\b(?:ich werde|als nächstes|lass mich|(?:jetzt|nun) \p{L}+e ich|je vais|ensuite,? je|je dois|laissez-moi|voy a|vamos a|a continuación|ahora voy|déjame|vou |deixe-me)`,
    '接下来|下一步|我会|我将|我要|然后我|让我|我来|现在我|我现在|我先|我立即|我需要|次に|これから',
    // A sentence that begins "now …" or "then …" and ends in a colon: `现在更新测试：`.
    '(?:^|[。！？]\\s*)(?:现在|然后|下面|接着|接下來)[^。！？]{1,80}[：:]',
    '(?:します|しましょう|してみます|していきます)[。：:!！]?$',
    '(?:하겠습니다|해 ?보겠습니다|할게요|하겠어요)',
  ].join('|'),
  'iu',
);

// A sentence that ends in a colon announces the call that follows it ("修复这个配置：",
// "**2. page-template.php — new CSS in:**"), in any language.
const ANNOUNCES = /[:：]$/;
// Where a sentence ends: `.`, `!` or `?` and a space (not after a list number, `2. `), or the
// full-width marks, which need no space.
const SENTENCE_END = /(?<=[^\d\s.][.!?])\s+(?=[^\s.])|(?<=[。！？])\s*(?=\S)/gu;
const announces = (line: string) => ANNOUNCES.test(line.replace(/[\s*_`>)\]]+$/, ''));

/**
 * The agent's last stated intent: its last message when short, else its last line when that
 * announces a step, else its last line that says what it will do.
 */
export function intentOf(said: string | undefined): string | undefined {
  if (!said) return undefined;
  const text = plainProse(said);
  const flat = oneLine(text, 100_000);
  if (flat.length <= 240) return flat;
  // Each line as written (`raw`, for its list mark) and as read.
  const kept = text
    .split('\n')
    .map((raw) => ({ raw, line: raw.replace(/^[\s>*#-]+/, '').trim() }))
    .filter(({ raw, line }) => line !== '' && !/^\s*```/.test(raw));
  const raw = kept.map((k) => k.raw);
  const lines = kept.map((k) => k.line);
  const last = lines.length - 1;
  if (last < 0) return undefined;
  const intent = announces(lines[last] as string) ? last : lines.findLastIndex((l) => INTENT.test(l));
  const at = intent < 0 ? last : intent;
  const stated = lines[at] as string;
  // A step that ends in a colon is said by the list that follows it ("The key insertion points
  // are:" and the four functions): its items come with it, each short.
  const items = raw.slice(at + 1, at + 7);
  const listed = items.findIndex((l) => !/^\s*(?:[-*•]|\d+[.)])\s/.test(l));
  const after = /:\s*$/.test(stated)
    ? lines.slice(at + 1, at + 1 + (listed < 0 ? items.length : listed))
    : [];
  if (after.length === 0) return oneLine(stated, 240);
  return oneLine(`${oneLine(stated, 240)} ${after.map((l) => oneLine(l, 90)).join('; ')}`, 480);
}

/**
 * The step the agent's last words say it takes next ("I'll …", "let me …", "让我 …", or a line
 * that ends in a colon before the call it announces), from the sentence that says so; undefined
 * when they say none, and for a question to the person.
 */
export function nextStepOf(intent: string | undefined): string | undefined {
  if (intent === undefined || /[?？]\s*$/.test(intent)) return undefined;
  const starts = [0, ...[...intent.matchAll(SENTENCE_END)].map((m) => (m.index ?? 0) + m[0].length)];
  // A line ending in a colon announces a step when it is one sentence: after a report
  // ("Fixed. The forwarder now reads these stores:") it introduces what was done.
  if (!INTENT.test(intent) && !(starts.length === 1 && announces(intent))) return undefined;
  // What came before the sentences that state the step is a finding, not the step; without a
  // sentence that says so, the whole is the step.
  const sentences = starts.map((start, i) => intent.slice(start, starts[i + 1]));
  let at = sentences.findLastIndex((x) => INTENT.test(x));
  while (at > 0 && INTENT.test(sentences[at - 1] as string)) at--;
  return at > 0 ? intent.slice(starts[at]) : intent;
}

/**
 * Files the log points at near its end that the handoff does not name already (`named`: changed,
 * or the ones the agent was on): the best `cap`, best first.
 */
export function likelyNext(
  s: SessionRecord,
  root: string | undefined,
  named: Set<string>,
  cap: number,
): string[] {
  const scored = new Map<string, number>();
  const rels = relativeMentions(s, root);
  // Root files named by their whole path (`/home/a/app/config.py`) in words, a task or a command,
  // not only in a listing or a file read (the Summary names those it was on), or pointed at by the
  // person (`@package.json`): no other bare names.
  const located = new Set<string>();
  for (const [path, mention] of s.mentions) {
    const rel = rels.get(path) ?? relativePath(path, root);
    if (isAbsolutePath(rel) || named.has(rel)) continue;
    scored.set(rel, (scored.get(rel) ?? 0) + mentionScore(s, path));
    if (
      mention.pointed ||
      (isAbsolutePath(path) && mention.hits.some((h) => h.source !== 'output' && h.source !== 'read'))
    )
      located.add(rel);
  }
  // The open items of the task list: a file they name is next even by its bare name alone.
  const planned = new Set<string>();
  for (const [path, weight] of openTaskPaths(s)) {
    const rel = relativePath(path, root);
    if (isAbsolutePath(rel) || named.has(rel)) continue;
    scored.set(rel, (scored.get(rel) ?? 0) + weight);
    if (!rel.includes('/')) planned.add(rel);
  }
  for (const { path, among } of symbolPaths(s)) {
    const rel = rels.get(path) ?? relativePath(path, root);
    if (isAbsolutePath(rel) || named.has(rel)) continue;
    scored.set(rel, (scored.get(rel) ?? 0) + taskWeight(among));
  }
  // A bare file name counts for the one known path that ends with it, never on its own (it is
  // as often a template's name, `SUMMARY.md`, as a file's).
  const byName = new Map<string, string[]>();
  for (const p of new Set([...scored.keys(), ...named])) {
    const q = slashed(p);
    if (!q.includes('/')) continue;
    const name = q.slice(q.lastIndexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), p]);
  }
  // An import alias (`@/components/Card.vue`) names the known file that ends with the rest, and
  // a path written from a folder below the root (`test/a.test.js` after `cd app`) the one known
  // longer path that ends with it — unless the agent read it as it is, so that it is a file there.
  const readHere = new Set([...s.reads.keys()].map((p) => relativePath(p, root)));
  if (root) dropOutsideTails(scored, named, byName, readHere, outsideByName([...rels.values(), ...named]));
  foldCompiledNames(scored, named, byName, readHere);
  foldImports(s, root, scored, named, byName);
  for (const [rel, score] of [...scored]) {
    const alias = /^[@#]\/(.+\/.+)$/.exec(rel)?.[1];
    const rest = alias ?? (rel.includes('/') && !readHere.has(rel) ? rel : undefined);
    if (!rest) continue;
    // (A path already folded into another is no candidate.)
    const full = endingWith(byName, rest).filter((p) => p !== rel && (named.has(p) || scored.has(p)));
    if (full.length === 1 && full[0] !== undefined) countFor(scored, named, rel, full[0], score);
    // The end of several changed files' paths (`Charakter/_index.md` of two trees): one of them.
    else if (full.length > 1 && full.every((p) => named.has(p))) scored.delete(rel);
  }
  const inSeries = seriesOf(byName);
  for (const [rel, score] of [...scored]) {
    if (rel.includes('/') || located.has(rel)) continue;
    const full = byName.get(rel) ?? [];
    if (full.length === 1 && full[0] !== undefined) countFor(scored, named, rel, full[0], score);
    else if (full.length > 0 || !(planned.has(rel) || inSeries(rel))) scored.delete(rel);
  }
  const best = [...scored]
    .filter(([, score]) => score >= 0.4)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, cap)
    .map(([p]) => p);
  // A module's test the log names is edited next as often as the module: it follows the module.
  return withTestsOf(best, scored, Math.ceil(cap / 3));
}

// A series' mark on a known name: a short suffix (`_2yi`, `.fixed`, `.test`), on a name of its own
// (`strategy_vwap`, not `index` or `SKILL`, which many unrelated names begin with).
const SERIES_MARK = 8;
const SERIES_STEM = 6;

/** The stems of the known file names that may start a series (`SERIES_STEM` or longer), by extension. */
function seriesStems(byName: Map<string, string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const known of byName.keys()) {
    const at = known.lastIndexOf('.');
    if (at < SERIES_STEM) continue;
    const ext = known.slice(at);
    out.set(ext, [...(out.get(ext) ?? []), known.slice(0, at)]);
  }
  return out;
}

/** `extendsKnown` of `byName`'s names, indexed when a bare name first asks (most drafts never do). */
function seriesOf(byName: Map<string, string[]>): (name: string) => boolean {
  let series: Map<string, string[]> | undefined;
  return (name) => {
    series ??= seriesStems(byName);
    return extendsKnown(name, series);
  };
}

/**
 * Whether a bare name no known path ends with extends a known file's name, with the same
 * extension (`strategy_vwap_2yi.py` of `strategy_vwap.py`, `Lending.fixed.sol` of `Lending.sol`):
 * a new file of a series the agent is making, as a template's name (`SUMMARY.md`) is not.
 */
function extendsKnown(name: string, series: Map<string, string[]>): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const stem = name.slice(0, dot);
  return (series.get(name.slice(dot)) ?? []).some(
    (known) =>
      known.length < stem.length &&
      stem.length - known.length <= SERIES_MARK &&
      /[._-]/.test(stem.charAt(known.length)) &&
      stem.startsWith(known),
  );
}

const symbolsOf = new WeakMap<SessionRecord, ReturnType<typeof pathsOfTaskSymbols>>();

/**
 * The known files a symbol names (`SkillLoader` → `skill_loader.py`): in an open task, or in the
 * agent's last words ("then the subscription_client"), its plan as it stood, when said after the
 * person's newest request (which may have changed the plan). Once per session: every level of
 * detail asks.
 */
function symbolPaths(s: SessionRecord): ReturnType<typeof pathsOfTaskSymbols> {
  let found = symbolsOf.get(s);
  if (found === undefined) {
    const said = s.lastAssistant !== undefined && (s.lastAssistantAt ?? -1) > (s.requestsAt.at(-1) ?? -1);
    const open = said ? [...s.tasks, { text: s.lastAssistant as string, status: 'in_progress' }] : s.tasks;
    found = pathsOfTaskSymbols(open, s.mentions.keys());
    symbolsOf.set(s, found);
  }
  return found;
}

/** The paths outside the repository among `rels` (named or changed), written with `/`, by file name. */
function outsideByName(rels: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const rel of rels) {
    if (!isAbsolutePath(rel)) continue;
    const q = slashed(rel);
    const name = q.slice(q.lastIndexOf('/') + 1);
    out.set(name, [...(out.get(name) ?? []), q]);
  }
  return out;
}

/**
 * Leaves out a relative path that is the end of a path the log names outside the repository
 * (`src/cli.ts` of `/Users/a/other-repo/src/cli.ts`, a sibling repository's file; `references/x.md`
 * of a skill's folder) when nothing says it is a file here: the agent neither read nor changed
 * it, and no other known path here ends with it.
 */
function dropOutsideTails(
  scored: Map<string, number>,
  named: Set<string>,
  byName: Map<string, string[]>,
  readHere: Set<string>,
  outside: Map<string, string[]>,
): void {
  const tails = new Set(
    [...scored.keys()].filter((rel) => {
      const q = slashed(rel);
      if (!q.includes('/') || named.has(rel) || readHere.has(rel)) return false;
      return outside.get(q.slice(q.lastIndexOf('/') + 1))?.some((o) => o.endsWith(`/${q}`)) === true;
    }),
  );
  // (A longer known path that is such an end itself, `views/x.php` of `admin/views/x.php`, is no file
  // here either; nor one outside, the changed file it names.)
  const here = (p: string, rel: string) => p !== rel && !tails.has(p) && !isAbsolutePath(p);
  const dropped = [...tails].filter((rel) => !endingWith(byName, rel).some((p) => here(p, rel)));
  for (const rel of dropped) {
    scored.delete(rel);
    // Nor is it the file a bare name (`x.php`) stands for.
    const q = slashed(rel);
    const name = q.slice(q.lastIndexOf('/') + 1);
    byName.set(
      name,
      (byName.get(name) ?? []).filter((p) => p !== rel),
    );
  }
}

// The TypeScript source an import of the compiled name stands for (`./events/index.js` in an ESM
// project is `events/index.ts`): the extensions it may have, by the one written.
const SOURCE_OF: Record<string, readonly string[]> = {
  js: ['ts', 'tsx'],
  jsx: ['tsx'],
  mjs: ['mts'],
  cjs: ['cts'],
};

/**
 * A `.js` (`.jsx`, `.mjs`, `.cjs`) path the agent never read counts for the known TypeScript file
 * of the same name, as written or from a folder below the root (one such file only), and is not
 * listed on its own: it is how TypeScript imports name that file.
 */
function foldCompiledNames(
  scored: Map<string, number>,
  named: Set<string>,
  byName: Map<string, string[]>,
  readHere: Set<string>,
): void {
  for (const [rel, score] of [...scored]) {
    const dot = rel.lastIndexOf('.');
    const sources = SOURCE_OF[rel.slice(dot + 1).toLowerCase()];
    if (!sources || readHere.has(rel)) continue;
    const stem = rel.slice(0, dot).replace(/^\.\//, '');
    const twins = sources.flatMap((ext) => {
      const exact = `${stem}.${ext}`;
      return named.has(exact) || scored.has(exact) ? [exact] : endingWith(byName, exact);
    });
    if (twins.length === 1 && twins[0] !== undefined) countFor(scored, named, rel, twins[0], score);
  }
}

// The files a module imported without an extension may be, by how the tools resolve it.
const MODULE_EXTENSIONS = ['ts', 'tsx', 'js', 'jsx', 'mts', 'mjs', 'cts', 'cjs', 'vue', 'svelte'];

/**
 * A module the code imports by a path without the extension (`./api`, `@/store/types`) counts
 * for the one known file it is (`api.ts` or `api/index.ts` there; for an alias of the source root,
 * the known `…/store/types.ts`): no path names it whole, yet the code that uses it was read or
 * written. Where no known file is it, or several are, it counts for none.
 */
function foldImports(
  s: SessionRecord,
  root: string | undefined,
  scored: Map<string, number>,
  named: Set<string>,
  byName: Map<string, string[]>,
): void {
  for (const spec of s.imports.keys()) {
    const alias = /^[@~#]\/(.+)$/.exec(spec)?.[1];
    const stem = alias ?? relativePath(spec, root);
    if (isAbsolutePath(stem)) continue;
    const forms = MODULE_EXTENSIONS.flatMap((ext) => [`${stem}.${ext}`, `${stem}/index.${ext}`]);
    const files = new Set(
      alias
        ? forms.flatMap((p) => endingWith(byName, p))
        : forms.filter((p) => named.has(p) || scored.has(p)),
    );
    const [file] = files;
    if (files.size !== 1 || file === undefined || named.has(file)) continue;
    scored.set(file, (scored.get(file) ?? 0) + mentionScore(s, spec, s.imports));
  }
}

// The known paths of that name that end with `rest` at a folder boundary.
function endingWith(byName: Map<string, string[]>, rest: string): string[] {
  const name = rest.slice(rest.lastIndexOf('/') + 1);
  // At a folder's start; after a space, where a path in text is cut (`Life OS/Privat/a.md` is read
  // as `OS/Privat/a.md`); or after a letter of a script written without spaces (`投资助理工作V2/…`
  // is read as `V2/…`).
  return (byName.get(name) ?? []).filter((p) => {
    const q = slashed(p);
    const before = q[q.length - rest.length - 1] ?? '';
    return q.endsWith(rest) && (before === '/' || before === ' ' || WIDE_LETTER.test(before));
  });
}

// A path as written on Windows (`docs\\a.md`) compared part by part as on every other system.
const slashed = (p: string) => p.replace(/\\/g, '/');

const WIDE_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

// `rel` stands for `target`: its score goes there (nowhere when the handoff names `target`
// already), and it is not listed on its own.
function countFor(
  scored: Map<string, number>,
  named: Set<string>,
  rel: string,
  target: string,
  score: number,
): void {
  if (!named.has(target)) scored.set(target, (scored.get(target) ?? 0) + score);
  scored.delete(rel);
}

// Every mention's path relative to the root, worked out once per session: the compiler drafts
// at up to five levels of detail, and a long log names thousands of paths.
const relCache = new WeakMap<
  SessionRecord,
  { root: string | undefined; size: number; rels: Map<string, string> }
>();

function relativeMentions(s: SessionRecord, root: string | undefined): Map<string, string> {
  const cached = relCache.get(s);
  if (cached && cached.root === root && cached.size === s.mentions.size) return cached.rels;
  const rels = new Map<string, string>();
  for (const path of s.mentions.keys()) rels.set(path, relativePath(path, root));
  relCache.set(s, { root, size: s.mentions.size, rels });
  return rels;
}

/** A file the agent was on at the end, relative to the repository root. */
export interface FileAtCut {
  path: string;
  how: 'edited' | 'read';
}

/** The files the agent was on at the end: the latest changed or read, newest first. */
export function filesAtCut(s: SessionRecord, root: string | undefined, cap: number): FileAtCut[] {
  const events = [
    ...[...s.fileSteps].map(([p, step]) => ({ p, step, how: 'edited' as const })),
    ...[...s.reads].map(([p, step]) => ({ p, step, how: 'read' as const })),
  ].sort((a, b) => b.step - a.step);
  const out: FileAtCut[] = [];
  for (const e of events) {
    const path = relativePath(e.p, root);
    if (isAbsolutePath(path) || out.some((o) => o.path === path)) continue;
    out.push({ path, how: e.how });
    if (out.length >= cap) break;
  }
  return out;
}

/** Everything the summary says besides the session. */
export interface StandInput {
  checks: Check[];
  failing: Check[];
  intent?: string;
  /** The agent's last words with more in them, when its last words (`intent`) only react. */
  earlier?: string;
  atCut: FileAtCut[];
  /** The issue tracker item the agent was on at the end (`trackerState`). */
  trackerItem?: TrackerItem;
  next: string[];
  /** What is left of a search the agent was working through (`searchQueue`). */
  queue?: SearchQueue;
  /** A file by a shorter name where the handoff lists it in full elsewhere. */
  short?: (path: string) => string;
  /** The session id in full (default), or its first 8 characters when room is short. */
  fullId?: boolean;
}

/** When files changed after a check's last run (at `step`): it says nothing of them yet. */
function changedAfter(s: SessionRecord, step: number | undefined): string {
  if (step === undefined) return '';
  const later = [...s.fileSteps].filter(([, at]) => at > step).map(([p]) => fileName(p));
  if (later.length === 0) return '';
  const more = later.length > 2 ? ` and ${later.length - 2} more` : '';
  return `; since then ${later
    .slice(0, 2)
    .map((n) => codeSpan(n))
    .join(', ')}${more} changed, not checked yet`;
}

/** The Summary: at most five lines on where the work stands. */
export function summaryOf(s: SessionRecord, input: StandInput): string {
  const host = HOST_NAMES[s.kind];
  const { checks, failing } = input;
  const compacted = s.compactions > 0 ? `; compacted ${s.compactions}× before` : '';
  const id =
    s.sessionId === undefined ? '(no id)' : input.fullId === false ? s.sessionId.slice(0, 8) : s.sessionId;
  const lines = [
    `baton compiled ${host} session ${id} without a model: ${counted(s.requests.length, 'request')}, ${counted(s.files.size, 'file')} touched, ${counted(s.commands.length, 'command')} (${counted(checks.length, 'check')}), ${counted(s.commits.length, 'commit')}${compacted}.`,
  ];
  // Words said before the person's newest request are not where the agent ended: the reader is told.
  const before = (s.lastAssistantAt ?? -1) < (s.requestsAt.at(-1) ?? -1);
  if (input.intent) {
    const more = input.earlier ? `; before that: “${input.earlier}”` : '';
    lines.push(
      `${before ? "Before the person's newest request" : 'At the end'} the agent said: “${input.intent}”${more}`,
    );
  }
  const short = input.short ?? ((p: string) => p);
  const atCut = input.atCut.map((f) => `${codeSpan(short(f.path))} (${f.how})`);
  // The tracker item it was on names the work before any file does.
  const on = input.trackerItem;
  if (on) atCut.unshift(`${codeSpan(on.name)} (${on.how} with ${on.tool})`);
  if (atCut.length) lines.push(`It was on: ${atCut.join(', ')}.`);
  const named: string[] = [];
  if (input.queue)
    named.push(
      `Left of the ${input.queue.listed} files a search listed, ${input.queue.changed} changed since: ${pathList(input.queue.left)}.`,
    );
  if (input.next.length) named.push(`Named near the end and not yet changed: ${pathList(input.next)}.`);
  if (named.length) lines.push(named.join(' '));
  const open = s.tasks.filter((t) => t.status !== 'completed').length;
  const tasks = s.tasks.length ? `Task list: ${s.tasks.length - open} done, ${open} open. ` : '';
  const last = [...checks].sort((a, b) => b.last.seq - a.last.seq)[0];
  // The failure named first is one the agent did not call older than its work, when there is one.
  const first = failing.find((c) => !calledOlder(s, c)) ?? failing[0];
  const older =
    first && calledOlder(s, first) ? '; the agent then said failures were there before its work' : '';
  const check = first
    ? `Failing on its last run: ${codeSpan(oneLine(first.command, 60))} (${outcomeOf(first)}${older})${failing.length > 1 ? ` and ${failing.length - 1} more` : ''}.`
    : last
      ? `Last check: ${codeSpan(oneLine(last.command, 60))} ${passed(last) === true ? 'passed' : passed(last) === false ? 'failed' : 'unknown'} (${outcomeOf(last)})${changedAfter(s, last.last.step)}.`
      : 'No check ran.';
  lines.push(oneLine(`${tasks}${check}`, 600));
  return lines.join('\n');
}
