/**
 * Paths named in a session's text: the person's and the agent's words, tool inputs (a file read,
 * a plan written, a command) and tool outputs (a spec read, search results, a listing). Only the
 * path names are kept, with when and where each was named: they are how the next agent's first
 * files can be told before it touches them.
 */
import { posix } from 'node:path';
import { climbsOut } from '../fs/index.js';
import { EXTENSIONS } from './_extensions.js';
import { fileName, isAbsolutePath, under } from './_paths.js';
import { noteSecretValues } from './_secrets.js';
import { escapeRegExp, withoutAnsi } from './_text.js';
import type { Mention, MentionSource, SessionRecord } from './types.js';

// A path-shaped word ending in `.ext` (not one built on a variable, `$DIR/x.json`: which folder it
// names is not in the text); the extension is then looked up (one alternation of a
// hundred extensions made this the slowest part of reading a log). Folders and names may be in any
// script (`src/é.ts`, `docs/新成员指南.md`), but a segment in Chinese or Japanese is in that script
// alone, and a path starts with an ASCII character: written without spaces, those languages would
// otherwise run the words around a path into it (`修改了README.md和docs/a.md`).
const WORD = String.raw`\w\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Hangul}\p{N}`;
// Letters of the scripts written without spaces (and the long-vowel mark).
const WIDE_LETTERS = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30fc`;
const CJK = String.raw`${WIDE_LETTERS}\d_-`;

/**
 * The two path patterns, for a text in any script or (faster: no Unicode classes) ASCII only.
 * After a separator, a folder or file name may mix the scripts (`/Desktop/周报V2/config.py`,
 * `src/模块A/说明.md`): the separator, not a space, is where it starts.
 */
function pathPatterns(unicode: boolean): { plain: RegExp; windows: RegExp } {
  const word = unicode ? WORD : String.raw`\w`;
  // (A dot ends the mixing: `指南.md和src/…` is a name, then the words after it.)
  const mixed = String.raw`(?<=[\\/])[${word}${WIDE_LETTERS}@+-]+(?:\.[${word}@+-]+)*`;
  const seg = unicode ? `(?:${mixed}|[${word}@+-][${word}.@+-]*|[${CJK}]+)` : `[${word}@+-][${word}.@+-]*`;
  const name = `${unicode ? `(?:${mixed}|[${word}@][${word}.+-]*|[${CJK}]+)` : `[${word}@][${word}.+-]*`}\\.([A-Za-z][A-Za-z0-9]{0,9})`;
  const flags = unicode ? 'gu' : 'g';
  return {
    plain: new RegExp(
      String.raw`(?<![\w@.:/\\$-])((?:~|\.{1,2})?\/?(?=[\w@+-])(?:${seg}\/)*${name})(?![\w/-])`,
      flags,
    ),
    // The same written on Windows: after a drive (`C:\\`, `C:/`) or a share, or with at least one `\\`.
    windows: new RegExp(
      String.raw`(?<![\w@.:/\\$-])((?:[A-Za-z]:[\\/]|\\\\)(?:${seg}[\\/])*${name}|(?=[\w@+-])(?:${seg}\\)+${name})(?![\w/\\-])`,
      flags,
    ),
  };
}
const ASCII_PATHS = pathPatterns(false);
const ANY_PATHS = pathPatterns(true);
// A letter of another script inside what may be a path (anywhere before its name's `.ext`, or right
// after a separator): only then is the slower pattern of every script run.
const OTHER_SCRIPT_PATH = /[^\t\n\r -~][\w.+/\\-]*\.[A-Za-z]|[/\\][^\t\n\r -~]/;
const MAYBE_WINDOWS = /\\|[A-Za-z]:\//;
// Not the project's own files: dependencies, build output, the host's own shell snapshots.
const NOT_WORK =
  /(?:^|\/)(?:node_modules|deps|vendor|_build|dist|build|target|\.git|\.venv|venv|__pycache__|\.next|coverage|\.claude\/shell-snapshots)\//;
/**
 * A tool's name written like a file (`Node.js`, `Vue.js`, `React/Next.js`: a pair of single
 * capitalised words is a name, not a folder and a file), which neither a log nor a summary means as one.
 */
export const isToolName = (path: string) => /^(?:[A-Z][a-z]+\/)?[A-Z][a-z]+\.js$/.test(path);
/** How much a mention says about the next agent's files, by who named the path. */
const WEIGHTS: Record<MentionSource, number> = {
  person: 3,
  agent: 3,
  task: 3,
  plan: 3,
  read: 2.5,
  written: 1.5,
  command: 1.5,
  output: 1,
  error: 1,
};
const HITS_KEPT = 6;
const SCAN_CHARS = 20_000;

// Records a program keeps, not files a person works on: a name that is an id (a session log
// `6c47c562-e82e-….jsonl`, `rollout-…-<uuid>.jsonl`, a 32-character hash), and the agent hosts'
// own history and session folders.
const GENERATED =
  /(?:^|[/_-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[^/]+$|(?:^|\/)[0-9a-f]{32,}\.[^/]+$|(?:^|\/)\.(?:claude|codex)\/(?:history\.jsonl$|projects\/|todos\/|sessions\/|statsig\/)/i;

// A file name or folder that stands for any: a date to fill in (`YYYY-MM-DD.md`, `log-yyyymmdd.txt`,
// `MM-DD`), a letter or run of letters in a number's place as a whole word (`Phase-X-Audit.md`,
// `XX-name/`, `notes-xxx.md`; `N` only after another word, `phase-N/`, as `N-queens.md` is a name),
// or a name in angle or curly brackets (`<slug>/`, `{id}.md`).
const DATE_PLACEHOLDER = /yyyy|(?:^|[^a-z])(?:mm[-_]?dd|dd[-_]?mm|hh[-_]?mm)(?![a-z])/i;
const WORD_PLACEHOLDER = /(?:(?:^|[-_./\\])(?:X{1,4}|x{3,4})|[-_.]N{1,3})(?=$|[-_./\\])|[<>{}]/;
// Two file names joined by a slash (`SOUL.md/USER.md`, `api.ts/routes.ts`): the folder just above
// the name ends in the name's own extension, which a folder hardly ever does.
const JOINED_NAMES = /(?:^|[\\/])[^\\/]+\.([A-Za-z][A-Za-z0-9]*)[\\/][^\\/]+\.\1$/i;

/** Whether a path found in text names a file rather than a template of one or a pair of names. */
function namesOneFile(path: string): boolean {
  return !DATE_PLACEHOLDER.test(path) && !WORD_PLACEHOLDER.test(path) && !JOINED_NAMES.test(path);
}

/** Whether a path is one of the project's files that a mention may name. */
function isWorkPath(path: string): boolean {
  if (path.startsWith('~') || climbsOut(path)) return false;
  const p = path.replace(/\\/g, '/');
  return !NOT_WORK.test(p) && !isToolName(p) && !GENERATED.test(p);
}

// What a package manager prints as it works: apt's notes and fetches (`W: Target … (main/dep11/…)`,
// `Get:3 …`), dpkg's unpacking, pip's downloads, npm's warnings. The paths in them are the package
// manager's own archives and indexes, never the project's files.
const PACKAGE_LINES =
  /^(?:[WEN]: |(?:Get|Hit|Ign|Err):\d+ |(?:Unpacking|Setting up|Preparing to unpack|Selecting previously unselected|Processing triggers for|Collecting|Downloading|Requirement already satisfied:|Installing collected packages:|Successfully installed) |npm (?:WARN|warn|ERR!|error) ).*$/gm;

// Where `insideSpacedRoot` took the session's folder off a path: the path starts there, at its first
// folder, even one with a space in its name (`00 Inbox/`).
const ROOT_MARK = '\uE000';
// The part of a path before a space in a folder's name: a word with a separator before it, that
// ends in a letter or digit (`D:/Eigene` of `D:/Eigene Dateien/…`, `Areas/Home` of `Areas/Home Lab/…`;
// not `src/a.ts,` before the next path of a list), then the space.
const SPACED_PART =
  /(?<=^|[\s"'`([\uE000])([^\s"'`()[\]<>\uE000]*[\\/][^\s"'`()[\]<>\\/\uE000]*[\p{L}\p{N}_]) $/u;
// A backtick or the root's mark that opens a path, then up to three words and spaces of the folder
// name the path starts with, the first a capital or a number (`` `00 Kontext/…` ``, `` `My Notes/…` ``;
// not a command, `` `cat docs/a.md` ``, nor a quoted task, `"Update src/a.ts"`).
const OPENED_PART = /([`\uE000])((?:[\p{Lu}\p{N}][^\s"'`\\/\uE000]* )(?:[^\s"'`\\/\uE000]+ ){0,2})$/u;

/**
 * The part of a path before the space at `at - 1`, unless its last word has a dot (`a.ts b.ts`:
 * two paths) or the part is in a script written without spaces (`用docs/说明.md校验 a.py`: a
 * sentence around a path).
 */
function spacedPart(text: string, at: number): string | undefined {
  const part = SPACED_PART.exec(text.slice(Math.max(0, at - 300), at))?.[1];
  return part && !/\.[^\\/]*$/.test(part) && !WIDE_SCRIPT.test(part) ? part : undefined;
}
const WIDE_SCRIPT = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;

/**
 * The whole of a path that text cut at a space (its match starts at `start`, after a space):
 * back over the folders before each space while they carry on a path, then to the quote or the
 * root's mark that opens it. Undefined when the match is a path of its own (`edit src/a.ts`).
 */
function wholePath(text: string, start: number, end: number): string | undefined {
  let from = start;
  for (
    let part = spacedPart(text, from);
    part;
    part = text[from - 1] === ' ' ? spacedPart(text, from) : undefined
  )
    from -= part.length + 1;
  const opened = OPENED_PART.exec(text.slice(Math.max(0, from - 100), from));
  const closes = opened && (opened[1] === ROOT_MARK || text[end] === opened[1]);
  if (opened && closes) from -= (opened[2] as string).length;
  return from < start ? text.slice(from, end) : undefined;
}

/** The path matched at `at` in `text`, whole when the text cut it at a space in a folder's name. */
function spacedWhole(text: string, at: number, match: string): string {
  return (text[at - 1] === ' ' && wholePath(text, at, at + match.length)) || match;
}

// A terminal code as code writes it (`\x1b[1m`, `\u001b[0m`, `\033[2K`, `\e[0m`), once or twice escaped.
// (`\\{1,2}`, not `\\+`: a run of backslashes would cost time squared in its length.)
const ESCAPED_ANSI = /\\{1,2}(?:x1[bB]|u001[bB]|033|e)\[[\d;?]*[A-Za-z]/g;
const ESCAPED_BREAK = /\\[nt](?=[/~])/g;

/**
 * Whether the match at `at` is the end of a longer path the patterns could not read whole: it
 * follows letters of a script written without spaces that follow a separator (`x/周报V2/utils.py`
 * read from `V2/`).
 */
function innerTail(text: string, at: number): boolean {
  return (
    at > 0 &&
    WIDE_SCRIPT.test(text[at - 1] as string) &&
    WIDE_AFTER_SEPARATOR.test(text.slice(Math.max(0, at - 100), at))
  );
}
const WIDE_AFTER_SEPARATOR = new RegExp(String.raw`[\\/][${WIDE_LETTERS}]+$`, 'u');

// A path given as an example ("e.g., `app/services/example_service.rb:42`") or a placeholder
// (`path/to/file.txt`): how a template or a doc shows the form, not a file of the work.
const EXAMPLE_BEFORE = /(?:\be\.?g\.|\bfor (?:example|instance)|\bsuch as)[,:]?\s*[`'"(]?$/i;
function isExample(text: string, at: number, path: string): boolean {
  return /^\/?path\/to\//.test(path) || EXAMPLE_BEFORE.test(text.slice(Math.max(0, at - 24), at));
}

// The start of a diff's header line, up to where it names a file as `a/path` or `b/path`.
const DIFF_HEADER = /(?:^|\n)(?:diff --git (?:a\/\S+ )?|--- |\+\+\+ )$/;

/** `path` without the `a/` or `b/` a diff's header line (at `at` in `text`) puts before it. */
function diffSide(text: string, at: number, path: string): string {
  if (!/^[ab]\//.test(path) || !DIFF_HEADER.test(text.slice(Math.max(0, at - 400), at))) return path;
  return path.slice(2);
}

/** The paths a text names, each once, in order (absolute paths kept absolute). */
export function pathsIn(text: string): string[] {
  const out = new Set<string>();
  // A log printed inside another (a subagent's JSON in a tool's output) writes its line breaks as
  // `\n`: before a path, that is a break, not the letter `n` starting it.
  // A coloured output's codes (`\u001b[0msrc/lib.rs`), or code that writes them (`'\x1b[1m' + path`),
  // are no part of a path.
  const chunk = withoutAnsi(text.length > SCAN_CHARS ? text.slice(0, SCAN_CHARS) : text)
    .replace(ESCAPED_ANSI, ' ')
    .replace(PACKAGE_LINES, '')
    .replace(ESCAPED_BREAK, '  ');
  const { plain: PATH_RE, windows: WINDOWS_PATH_RE } = OTHER_SCRIPT_PATH.test(chunk)
    ? ANY_PATHS
    : ASCII_PATHS;
  PATH_RE.lastIndex = 0;
  for (let m = PATH_RE.exec(chunk); m; m = PATH_RE.exec(chunk)) {
    if (!EXTENSIONS.has((m[2] as string).toLowerCase())) continue;
    if (innerTail(chunk, m.index)) continue;
    // `@path` is how the person points Claude Code at a file.
    const whole = spacedWhole(chunk, m.index, m[1] as string)
      .replace(/^@(?=[\w.])/, '')
      .replace(/^\.\//, '');
    const at = m.index + m[0].indexOf(m[1] as string);
    const path = diffSide(chunk, at, whole);
    if (isWorkPath(path) && namesOneFile(path) && !isExample(chunk, at, path)) out.add(path);
  }
  if (!MAYBE_WINDOWS.test(chunk)) return [...out];
  WINDOWS_PATH_RE.lastIndex = 0;
  for (let m = WINDOWS_PATH_RE.exec(chunk); m; m = WINDOWS_PATH_RE.exec(chunk)) {
    if (!EXTENSIONS.has(((m[2] ?? m[3]) as string).toLowerCase())) continue;
    if (innerTail(chunk, m.index)) continue;
    const path = spacedWhole(chunk, m.index, m[1] as string).replace(/^\.\\/, '');
    if (isWorkPath(path) && namesOneFile(path)) out.add(path);
  }
  return [...out];
}

/**
 * Notes every path `text` names as a mention at the session's current step. A text that names
 * many paths (a listing, a search over the tree) says less about each one. The relative paths of a
 * text written about another folder (a skill's document) are taken as in that folder, `base`.
 * Every text of the log a reader sees comes here, so the values the session's own words and tool
 * inputs show in a secret's place are learned here too (`noteSecretValues`; not from the output it
 * read: long, and costly to search).
 */
export function notePaths(
  s: SessionRecord,
  text: string | undefined,
  source: MentionSource,
  base?: string,
): string[] {
  if (!text) return [];
  // What the session itself wrote or said (not the output it read, which is long and costly to search).
  if (source !== 'output' && source !== 'error' && source !== 'read') noteSecretValues(s, text);
  const found = pathsIn(insideSpacedRoot(s, text));
  const paths = base ? found.map((p) => (isAbsolutePath(p) ? p : under(base, p))) : found;
  // A plan names the files of the work ahead, many of them; a listing names every file there is.
  const weight = WEIGHTS[source] / Math.sqrt(Math.max(1, paths.length / (source === 'plan' ? 12 : 3)));
  const pointed = source === 'person' && text.includes('@') ? pointedAt(text) : undefined;
  for (const path of paths) {
    const mention = addHit(s, path, source, weight);
    if (pointed?.has(path)) mention.pointed = true;
  }
  return paths;
}

// `@path` in the person's words: how they point Claude Code at a file of the session's folder
// (before 2.1 the log keeps only these words; later an attachment record names the file too).
const POINTED = /(?<![\w@./])@((?:\.{1,2}\/)?[\w.+-][^\s@`'"<>()[\]{},;#]*)(?:#L[\d-]+)?(?![(\w])/g;

/** The paths `text` points at with `@`, as `pathsIn` writes them (no `./`, no stop after). */
function pointedAt(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(POINTED))
    out.add(
      (m[1] as string)
        .replace(/^\.\//, '')
        .replace(/(?::\d+)+$/, '')
        .replace(/[.:!?]+$/, ''),
    );
  return out;
}

/**
 * Notes the one path a tool was given (the file it read, the file it refused to change): taken
 * whole, as the tool had it, so that a folder with a space in its name does not cut it in two.
 */
export function notePath(s: SessionRecord, path: string | undefined, source: MentionSource): void {
  const p = path?.trim().replace(/^\.[\\/]/, '');
  if (!p || !isWorkPath(p)) return;
  // A file a project edits: a known extension, or none (`Makefile`); not an image or a PDF.
  const name = fileName(p);
  const dot = name.lastIndexOf('.');
  if (dot > 0 && !EXTENSIONS.has(name.slice(dot + 1).toLowerCase())) return;
  addHit(s, p, source, WEIGHTS[source]);
}

// A module imported by its path without the extension, relative (`from "./api"`, `require('../db')`,
// `import("./page")`, `export * from './types'`) or from an alias of the source root (`@/`, `~/`,
// `#/`; not a package, `@scope/pkg`).
const IMPORTED = /(?:\bfrom|\bimport\s*\(?|\brequire\s*\()\s*(['"])((?:\.{1,2}|[@~#])\/[^'"\s]*[^'"\s/])\1/g;

/**
 * Notes the modules the code in `text` imports by a path without its extension, the way
 * TypeScript and bundlers write them: no path pattern reads them, yet the file read or written
 * (`file`) uses them, and its neighbours are often the next to change. A relative one is taken
 * from `file`'s folder (without it, it says nothing); one with an extension is a path and was noted.
 */
export function noteImports(
  s: SessionRecord,
  text: string | undefined,
  source: MentionSource,
  file: string | undefined,
): void {
  if (!text?.includes('/')) return;
  const chunk = text.length > SCAN_CHARS ? text.slice(0, SCAN_CHARS) : text;
  const folder = file ? posix.dirname(file.replace(/\\/g, '/')) : undefined;
  const found = new Set<string>();
  for (const m of chunk.matchAll(IMPORTED)) {
    const spec = m[2] as string;
    const ext = /\.([A-Za-z][A-Za-z0-9]*)$/.exec(fileName(spec))?.[1];
    if (ext && EXTENSIONS.has(ext.toLowerCase())) continue;
    if (!spec.startsWith('.')) found.add(spec);
    else if (folder !== undefined) {
      const path = posix.join(folder, spec);
      if (isWorkPath(path)) found.add(path);
    }
  }
  const weight = WEIGHTS[source] / Math.sqrt(Math.max(1, found.size / 3));
  for (const path of found) addHit(s, path, source, weight, s.imports);
}

function addHit(
  s: SessionRecord,
  path: string,
  source: MentionSource,
  weight: number,
  into: Map<string, Mention> = s.mentions,
): Mention {
  let mention = into.get(path);
  if (!mention) {
    mention = { hits: [] };
    into.set(path, mention);
  }
  mention.hits.push({ step: s.steps, source, weight });
  if (mention.hits.length > HITS_KEPT) mention.hits.shift();
  return mention;
}

// The session's folder, when its name has a space, as a pattern that finds it followed by a
// separator, either way round (and in any case on Windows); and, when its own name is in a script
// written without spaces, a pattern of that name starting a relative path. Worked out once per session.
const roots = new WeakMap<
  SessionRecord,
  { cwd: string; name: string; spaced: RegExp | undefined; named: RegExp | undefined }
>();

/**
 * The text with the session's folder taken off the front of the paths in it, when that folder's
 * name has a space (`C:\Users\a\My Project\src\a.ts`, `/Users/a/Client Work/app/x.py`): no
 * path pattern reads a space as part of a path, so such a path would be cut at its last space
 * (`Project\src\a.ts`). Relative to the folder, the rest of it is read whole. A folder named in
 * Chinese or Japanese (`周报V2`) that starts a relative path (`看周报V2/config.py`, from the folder
 * above) is that folder: written without a space, its name would otherwise run into the words
 * before it, and the path be read from its first Latin letter (`V2/config.py`).
 */
export function insideSpacedRoot(s: SessionRecord, text: string): string {
  const cwd = s.cwd;
  if (!cwd) return text;
  let cached = roots.get(s);
  if (cached?.cwd !== cwd) {
    const trimmed = cwd.replace(/[\\/]+$/, '');
    const windows = /^(?:[A-Za-z]:[\\/]|\\\\)/.test(trimmed);
    const flags = windows ? 'gi' : 'g';
    // A shell command escapes the space: `cd /Users/a/Client\ Work/app`.
    const part = (x: string) => (windows ? escapeRegExp(x) : escapeRegExp(x).replace(/ /g, '\\\\? '));
    const pattern = trimmed.split(/[\\/]/).map(part).join('[\\\\/]');
    const name = trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
    cached = {
      cwd,
      name,
      spaced: trimmed && /\s/.test(cwd) ? new RegExp(`${pattern}[\\\\/]`, flags) : undefined,
      named: WIDE_SCRIPT.test(name)
        ? new RegExp(`(?<![\\\\/.\\w])${escapeRegExp(name)}[\\\\/]`, flags)
        : undefined,
    };
    roots.set(s, cached);
  }
  let out = text;
  if (cached.spaced) {
    cached.spaced.lastIndex = 0;
    out = out.replace(cached.spaced, ROOT_MARK);
  }
  if (cached.named && out.includes(cached.name)) {
    cached.named.lastIndex = 0;
    out = out.replace(cached.named, cached.spaced ? ROOT_MARK : `${cwd.replace(/[\\/]+$/, '')}/`);
  }
  return out;
}

/** What an open task says of each of the `among` files it names: less each, the more it names. */
export const taskWeight = (among: number) => WEIGHTS.task / Math.sqrt(Math.max(1, among / 3));

/**
 * The paths the open items of the host's task list name (`Implement phase 4: metrics.py, …`),
 * each with its weight as if named now: the task list is the agent's own plan of what comes next,
 * however long ago it was written. Done items name nothing ahead.
 */
export function openTaskPaths(s: SessionRecord): Map<string, number> {
  const out = new Map<string, number>();
  for (const task of s.tasks) {
    if (task.status === 'completed') continue;
    const paths = pathsIn(insideSpacedRoot(s, task.detail ? `${task.text}\n${task.detail}` : task.text));
    for (const path of paths) out.set(path, (out.get(path) ?? 0) + taskWeight(paths.length));
  }
  return out;
}

// A place in a file as compilers, linters, test runners and stack traces print it: `src/a.ts:12`,
// `src/a.ts(12,5)`, `File "app/x.py", line 40`.
const LOCATED = /([^\s"'`(),:;<>[\]{}=]+)(?::\d+\b|\(\d+,\s?\d+\)|",? line \d+)/g;

/**
 * Notes the files a failed command's output points into (`file:line`): where the error it
 * printed is, and so, as often as not, what the agent edits next. Paths the output only names
 * (a build's list of what it compiled) are left out.
 */
export function noteErrorPlaces(s: SessionRecord, text: string | undefined): void {
  if (!text) return;
  // (Whole where a folder's name has a space: `at /Users/a/00 projects/app/x.spec.ts:30:17`.)
  const chunk = insideSpacedRoot(s, text.length > SCAN_CHARS ? text.slice(0, SCAN_CHARS) : text);
  const places = [...chunk.matchAll(LOCATED)].map((m) => spacedWhole(chunk, m.index, m[1] as string));
  if (places.length > 0) notePaths(s, places.join('\n'), 'error');
}

/** How strongly the log points at a path at its end: recent mentions by the agent or the person weigh most. */
export function mentionScore(s: SessionRecord, path: string, of: Map<string, Mention> = s.mentions): number {
  const mention = of.get(path);
  if (!mention) return 0;
  // A plan stays the map of the work for longer than a passing mention.
  return mention.hits.reduce(
    (sum, h) => sum + h.weight / (1 + (s.steps - h.step) / (h.source === 'plan' ? 80 : 20)),
    0,
  );
}

/** The one path a read-only shell command reads (`cat f`, `sed -n 1,80p f`, `head -50 f`), if any. */
export function shellRead(command: string): string | undefined {
  const m =
    /^\s*(?:cat|less|head|tail|nl|bat|sed\s+-n\s+(?:'[^']*'|"[^"]*"|\S+)|(?:head|tail)\s+-n?\s*\d+)\s+(?:-\S+\s+)*([^\s|;&<>]+)\s*$/.exec(
      command,
    );
  const path = m?.[1]?.replace(/^['"]|['"]$/g, '');
  return path && pathsIn(path).length === 1 ? path : undefined;
}

// Commands whose output is what the agent went to look at: searches, listings, reads, diffs.
const LOOKUPS =
  /^(?:rg|grep|egrep|find|fd|ls|tree|cat|sed|head|tail|less|nl|bat|bd|gh|jq|git\s+(?:status|diff|show|log|grep|ls-files))\b/;

/** The programs a command line runs, one per part (a leading `cd <folder>` left out of each). */
export function commandParts(command: string): string[] {
  return command.split(/&&|\|\||;|\|/).map((p) => p.trim().replace(/^cd\s+\S+\s*/, ''));
}

/** Whether a shell command looks something up (its output names what the agent will work on), unlike a build or a commit. */
function looksUp(command: string | undefined): boolean {
  return command !== undefined && commandParts(command).some((part) => LOOKUPS.test(part));
}

const PLAN_RE =
  /(?:^|\/)[^/]*(?:plan|spec|todo|tasks?|roadmap|design|requirements|checklist)[^/]*\.(?:md|mdx|txt|ya?ml)$/i;

/** Whether a file is a plan, spec or task list: the paths it names are the work ahead. */
export function isPlanFile(path: string | undefined): boolean {
  return path !== undefined && PLAN_RE.test(path);
}

// Commands that print one issue, ticket or pull request: its text is the spec of the work ahead.
const SPEC_COMMANDS =
  /^(?:bd|beads)\s+(?:show|view)\b|^(?:gh|glab)\s+(?:issue|pr|mr)\s+view\b|^(?:jira|acli)\s+(?:issue|jira workitem)\s+view\b|^linear\s+issues?\s+(?:view|show)\b|^issues?\s+show\b/;

/**
 * Who a tool's output counts as, for the paths it names: a plan or spec it read (a plan file, an
 * issue printed by its tracker) names the work ahead; a search or listing names what is there;
 * anything else (a build, a commit, a file written) names nothing worth noting.
 */
export function outputSource(
  command: string | undefined,
  read: string | undefined,
): MentionSource | undefined {
  if (isPlanFile(read)) return 'plan';
  if (command === undefined) return 'output';
  if (commandParts(command).some((p) => SPEC_COMMANDS.test(p))) return 'plan';
  return looksUp(command) ? 'output' : undefined;
}
