/**
 * The compiler: a session record in, a canonical draft handoff out, without a model and without
 * copying tool output. The person's words (the first request as Goal, every request in order,
 * standing instructions as Preferences), the agent's own last words and task list, and the
 * commands the session ran are kept; everything else is baton's own words. Deterministic: the
 * same transcript gives the same bytes.
 */

import { existsSync } from 'node:fs';
import { isCapItem } from '../formats/grammar/sections.js';
import { codeSpan } from '../formats/text.js';
import type { ParsedHandoff } from '../formats/types.js';
import { type DoneItem, emptySections, type SubSpec } from '../handoff/types.js';
import { HANDOFF_SCHEMA } from '../handoff/values.js';
import { findRepositoryRoot } from '../provenance/discover.js';
import { sharedBase } from './_path-list.js';
import { fileName, listFiles, relativePath } from './_paths.js';
import { searchQueue } from './_queue.js';
import { commandOf, goalIndex, isAck, isInterjection, isQuestion, sentencesOf } from './_requests.js';
import { REDACTED, withoutSecrets } from './_secrets.js';
import { lastConnection, remoteWork } from './_shell.js';
import { filesAtCut, intentOf, likelyNext, nextStepOf, summaryOf } from './_stand.js';
import { sameSubject, saysItHolds, standingParts } from './_standing.js';
import { clean, cutToWidth, foldedWords, oneLine } from './_text.js';
import { type TrackerItem, trackerState } from './_tracker.js';
import {
  type Check,
  calledOlder,
  checksOf,
  deadEndsOf,
  outcomeOf,
  passed,
  validationOf,
} from './_validation.js';
import { carriesOn, doneOf, remainingOf } from './_work.js';
import { type FileChangeKind, HOST_NAMES, type SessionRecord } from './types.js';

/** Options of `draftFromSession`. */
export interface DraftOptions {
  /** The repository root paths are made relative to (default: the session's working directory). */
  root?: string;
  /** Items per list section (default 25, the format's cap). */
  maxItems?: number;
  /** The writer (default `<host>:<first 8 of the session id>`). */
  from?: string;
  /** How much detail: 0 (the most) to `LEAST_DETAIL`; `compileTranscript` lowers it until the draft fits its size goal. */
  detail?: number;
}

const GOAL_MAX_LINES = 60;
// A request in the list is cut to its first sentence or this width (`cutToWidth`'s measure):
// enough to tell one from another; the size goal never shortens or drops one.
const REQUEST_WIDTH = 120;
/** How much of each request the Notes keep: its first sentence, its first clause, or its first words. */
type RequestDetail = 'full' | 'clause' | 'word';
/** At the two least levels of detail a request keeps this many characters, then ends its clause or word. */
const BRIEF_CHARS = 48;

// The most files of a search the agent was working through that a draft names (`searchQueue`).
const QUEUE_CAP = 25;

/**
 * Per detail level: validation lines, done items, preferences (short, and kept longest), next
 * files, characters of the Goal, files the agent was on, files listed one a line (the rest are
 * named under their folder in Notes), whether the session id is in full, and the agent's findings.
 */
const LEVELS = [
  {
    validation: 10,
    done: 12,
    preferences: 8,
    next: 14,
    goal: 6000,
    atCut: 4,
    files: 25,
    fullId: true,
    briefRequests: 'full',
    unknownChecks: 5,
    findings: 3,
  },
  {
    validation: 6,
    done: 8,
    preferences: 6,
    next: 14,
    goal: 3000,
    atCut: 4,
    files: 25,
    fullId: true,
    briefRequests: 'full',
    unknownChecks: 5,
    findings: 3,
  },
  {
    validation: 4,
    done: 6,
    preferences: 5,
    next: 14,
    goal: 1500,
    atCut: 4,
    files: 12,
    fullId: true,
    briefRequests: 'full',
    unknownChecks: 5,
    findings: 3,
  },
  {
    validation: 3,
    done: 4,
    preferences: 4,
    next: 12,
    goal: 800,
    atCut: 3,
    files: 8,
    fullId: false,
    briefRequests: 'clause',
    unknownChecks: 2,
    findings: 2,
  },
  {
    validation: 2,
    done: 3,
    preferences: 3,
    next: 12,
    goal: 400,
    atCut: 3,
    files: 5,
    fullId: false,
    briefRequests: 'word',
    unknownChecks: 1,
    findings: 1,
  },
] as const;
/** The least detail a draft is compiled with. */
export const LEAST_DETAIL = LEVELS.length - 1;

/** What a draft says at every level of detail: worked out once per session, root and cap. */
interface Basis {
  checks: Check[];
  failing: Check[];
  deadEnds: ReturnType<typeof deadEndsOf>;
  files: [string, FileChangeKind][];
  recency: (path: string) => number;
  /** What the Summary quotes of the agent's last words. */
  intent: string | undefined;
  /** Its last words with more in them, when its last words only react ("Good."). */
  earlier?: string;
  done: DoneItem[];
  remaining: SubSpec[];
  preferences: string[];
  /** Open concerns every level states alike (the one on secrets is counted per draft). */
  concerns: string[];
  /** The issue tracker item the agent was on at the end, if any. */
  trackerItem?: TrackerItem;
}
// `compileTranscript` drafts the same session at up to five levels of detail.
const bases = new WeakMap<SessionRecord, { key: string; basis: Basis }>();

function basisOf(s: SessionRecord, root: string | undefined, cap: number): Basis {
  const key = `${root ?? ''}\0${cap}`;
  const cached = bases.get(s);
  if (cached?.key === key) return cached.basis;
  const checks = checksOf(s.commands, Math.max(-1, ...s.fileSteps.values()), root ?? s.cwd);
  const deadEnds = deadEndsOf(checks);
  // A failing check the session replaced is a dead end, not work left to do.
  const failing = checks.filter((c) => passed(c) === false && !deadEnds.some((d) => d.check === c));
  const files = dedupe([...s.files].map(([p, k]) => [relativePath(p, root), k] as [string, FileChangeKind]));
  const steps = new Map([...s.fileSteps].map(([p, step]) => [relativePath(p, root), step]));
  const intent = intentOf(s.lastAssistant);
  const tracker = trackerState(s.commands);
  const done = doneOf(s, failing, tracker.closed);
  const step = nextStepOf(intent);
  const remaining = remainingOf(s, { checks, failing, done, ...(step ? { intent: step } : {}) }).slice(
    0,
    Math.min(cap, 10),
  );
  const basis: Basis = {
    checks,
    failing,
    deadEnds,
    files,
    recency: (p) => steps.get(p) ?? 0,
    intent: saidBefore(intent, step, remaining),
    // Words that only react say nothing of where the work is: the agent's last words that do, too.
    ...(s.lastSaidMore !== undefined ? { earlier: intentOf(s.lastSaidMore) } : {}),
    done,
    remaining,
    preferences: preferencesOf(s),
    concerns: [...concernsOf(s), ...olderFailures(s, failing)],
    ...(tracker.on ? { trackerItem: tracker.on } : {}),
  };
  bases.set(s, { key, basis });
  return basis;
}

/**
 * What the Summary quotes of the agent's last words: when Remaining carries on with the step they
 * state, whole, only what came before it (a finding), or nothing (nothing, or only a reaction,
 * came before it): the step is not said twice.
 */
function saidBefore(intent: string | undefined, step: string | undefined, remaining: SubSpec[]) {
  if (intent === undefined || step === undefined) return intent;
  if (!remaining.some((r) => carriesOn(r.title, step)) || !intent.endsWith(step)) return intent;
  const before = intent.slice(0, intent.length - step.length).trim();
  // What only reacts ("Perfect!" before "Now let me …") says nothing the step does not.
  return before === '' || isInterjection(before) ? undefined : before;
}

/** Builds the draft handoff (no id, time or provenance: `baton write` adds them). */
export function draftFromSession(session: SessionRecord, options: DraftOptions = {}): ParsedHandoff {
  // What looks like a key or a password never reaches the handoff, which is committed and sent on.
  const s = withoutSecrets(session);
  const cap = options.maxItems ?? 25;
  const level = LEVELS[Math.min(Math.max(options.detail ?? 0, 0), LEVELS.length - 1)] ?? LEVELS[0];
  const root = options.root ?? sessionRoot(s.cwd);
  const {
    checks,
    failing,
    deadEnds,
    files,
    recency,
    intent,
    earlier,
    done,
    remaining,
    preferences,
    concerns,
    trackerItem,
  } = basisOf(s, root, cap);
  const listed = listFiles(files, recency, Math.min(cap, level.files));
  const atCut = filesAtCut(s, root, level.atCut);
  // A file the summary already names as the one the agent was on is not named twice.
  const named = new Set([...files.map(([p]) => p), ...atCut.map((f) => f.path)]);
  // What is left of a search the agent was working through is named first, and not twice; it
  // has a cap of its own (a list worked through is the plan of what comes next, and is written
  // under its folders), and takes half of the other list's at most.
  const queue = searchQueue(s, root, recency, named);
  const queued = queue?.left.slice(0, Math.min(cap, QUEUE_CAP)) ?? [];
  const next = likelyNext(
    s,
    root,
    new Set([...named, ...queued]),
    level.next - Math.min(queued.length, Math.floor(level.next / 2)),
  );
  const h: ParsedHandoff = {
    ...emptySections(),
    schema: HANDOFF_SCHEMA,
    from: options.from ?? `${s.kind}:${(s.sessionId ?? 'session').slice(0, 8)}`,
    status: 'in-progress',
    title: titleOf(s),
    goal: goalOf(s, level.goal, cap),
    summary: summaryOf(s, {
      checks,
      failing,
      intent,
      ...(earlier ? { earlier } : {}),
      atCut,
      ...(trackerItem ? { trackerItem } : {}),
      next,
      ...(queue ? { queue: { ...queue, left: queued } } : {}),
      short: shortName(listed.items),
      fullId: level.fullId,
    }),
  };
  h.done = done.slice(-Math.min(cap, level.done));
  h.remaining = remaining.map((r) => ({ ...r }));
  const unconfirmed = new Set([...(s.unconfirmed ?? [])].map((p) => relativePath(p, root)));
  h.files_touched = listed.items.map((i) =>
    unconfirmed.has(i.path) ? { ...i, note: UNCONFIRMED } : { ...i },
  );
  h.validation = validationOf(checks, Math.min(cap, level.validation));
  h.dead_ends = deadEnds.map((d) => d.item).slice(0, cap);
  h.preferences = preferences.slice(-Math.min(cap, level.preferences));
  const notes = notesOf(s, {
    listed,
    unconfirmed,
    checks,
    brief: level.briefRequests,
    unknown: level.unknownChecks,
    findings: level.findings,
  });
  if (notes) h.notes = notes;
  // Said once the rest is written: only what this draft holds is counted.
  const secrets = JSON.stringify(h).split(REDACTED).length - 1;
  h.open_concerns = [...concerns, ...secretsConcern(secrets)].slice(0, cap);
  return h;
}

/** A listed file by its name alone where no other listed file has that name. */
function shortName(items: { path: string }[]): (path: string) => string {
  const count = new Map<string, number>();
  const nameOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  for (const { path } of items) count.set(nameOf(path), (count.get(nameOf(path)) ?? 0) + 1);
  const listed = new Set(items.map((i) => i.path));
  return (p) => (listed.has(p) && count.get(nameOf(p)) === 1 ? nameOf(p) : p);
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

/**
 * The person's first request for work (`goalIndex`), verbatim up to `maxWidth` (`oneLine`'s measure) and 60 lines, with no more top-level
 * list items than a section may hold (`cap`): a longer one is cut, and says so.
 */
function goalOf(s: SessionRecord, maxWidth: number, cap: number): string {
  const at = goalIndex(s.requests, s.commandAims);
  const first = s.requests[at];
  if (first === undefined) {
    return `No request from the person was found in this ${HOST_NAMES[s.kind]} session.`;
  }
  const command = commandNote(s, at, first);
  const all = clean(first).trim();
  const lines = all.split('\n').map((l) => l.trimEnd());
  const kept: string[] = [];
  let items = 0;
  for (const line of lines.slice(0, GOAL_MAX_LINES)) {
    if (isCapItem(line) && ++items > cap) break;
    kept.push(line);
  }
  let text = kept.join('\n');
  const cut = cutToWidth(text, maxWidth);
  if (cut !== text) {
    const part = cut.slice(0, -1);
    text = part.includes('\n') ? part.replace(/\n[^\n]*$/, '') : part.replace(/\s+\S*$/, '');
  }
  const note = command ? `\n\n[baton: ${command}]` : '';
  if (text.length >= all.length) return `${text.trim()}${note}`;
  const size = lines.length > 1 ? `${lines.length} lines` : `${all.length} characters`;
  return `${text.trim()}\n\n[baton: the request goes on; ${size} in all]${note}`;
}

/**
 * What the Goal says of a command: for a command the person ran, the objective its prompt states
 * (or its prompt's first paragraph); for a request after a command whose prompt states none
 * (`goalIndex` took the request), that command's name.
 */
function commandNote(s: SessionRecord, at: number, request: string): string | undefined {
  const aim = s.commandAims?.get(at);
  if (aim && commandOf(request)) return `the command's prompt says: ${oneLine(aim.aim, 300)}`;
  // Without what the prompts say, the Goal would have been the command.
  const plain = goalIndex(s.requests);
  const passed = s.requests[plain];
  if (plain === at || passed === undefined || !commandOf(passed)) return undefined;
  return `asked after the command ${codeSpan(oneLine(passed, 80))}`;
}

// Box-drawing characters, and rules and quote marks at a line's start or end.
const FRAME = /[\u2500-\u257f]+|^[\s>#=_~-]+|[\s=_~-]+$/gu;

function titleOf(s: SessionRecord): string {
  const first = s.requests[goalIndex(s.requests, s.commandAims)];
  // The first line with words in it, without the frame a pasted box or rule draws around it.
  const line = first
    ?.split('\n')
    .map((l) => l.replace(FRAME, ' ').trim())
    .find((l) => /[\p{L}\p{N}]/u.test(l));
  const words = line ? oneLine(line, 72) : `${HOST_NAMES[s.kind]} session`;
  return `Compiled handoff: ${words}`;
}

/** What the log leaves open besides the failing checks (those are Remaining already). */
function concernsOf(s: SessionRecord): string[] {
  const out: string[] = [];
  const pending = s.commands.filter((c) => c.ok === undefined).length;
  if (pending > 0)
    out.push(`${pending} command(s) ran without a recorded result (in the background, or cut off).`);
  const remote = remoteWork(s.commands.map((c) => c.command));
  if (remote.count > 0) {
    const hosts = remote.hosts.slice(0, 3).map(codeSpan).join(', ');
    const more = remote.hosts.length > 3 ? ` and ${remote.hosts.length - 3} more` : '';
    // When they ran: a session that went back to local work since says so.
    const after = s.commands.length - 1 - remote.last;
    const when =
      after > 0 ? `, the last of them ${after} command(s) before the end` : ', the last of them at the end';
    const connect = lastConnection(s.commands.filter((c) => c.ok === true).map((c) => c.command));
    const hidden = connect?.includes(REDACTED)
      ? ' (its password is not in this handoff: ask the person)'
      : '';
    const how = connect ? ` The last that worked logged in with ${codeSpan(connect)}${hidden}.` : '';
    out.push(
      `${remote.count} command(s) ran on another machine (${hosts}${more}${when}): what they changed there is in no file list or commit here.${how}`,
    );
  }
  return out;
}

/** The failing checks the agent said were failing before its work: a concern each, not work to do. */
function olderFailures(s: SessionRecord, failing: Check[]): string[] {
  return failing
    .filter((c) => calledOlder(s, c))
    .map((c) =>
      oneLine(
        `${codeSpan(oneLine(c.command, 80))} failed on its last run (${outcomeOf(c)}), and after it the agent said the failures were there before its work: fix them only if the person asks.`,
        400,
      ),
    );
}

/** The open concern on what this draft shows as [redacted], when it shows any. */
function secretsConcern(secrets: number): string[] {
  return secrets > 0
    ? [
        `${secrets} value(s) that look like secrets (keys, tokens, passwords) are shown as [redacted]: ask the person if the work needs them.`,
      ]
    : [];
}

/**
 * Standing instructions in the person's requests (not a plan they pasted): sentences, never
 * questions, each once. One that does not say it holds from now on (`saysItHolds`) is left out
 * when a later request talks about the same thing: it was about that change, and the later words
 * say what is wanted now.
 */
function preferencesOf(s: SessionRecord): string[] {
  const out: string[] = [];
  for (const [i, r] of s.requests.entries()) {
    for (const part of standingParts(r)) {
      const line = oneLine(part, 240);
      if (isQuestion(line) || out.includes(line)) continue;
      if (!saysItHolds(line) && s.requests.slice(i + 1).some((later) => sameSubject(line, later))) continue;
      out.push(line);
    }
  }
  return out;
}

/** Notes: what the agent found, every request in order, files past the cap and outside the repository, checks with no readable result. */
function notesOf(
  s: SessionRecord,
  input: {
    listed: ReturnType<typeof listFiles>;
    /** Files only Claude Code's checkpoints show changed (paths as listed). */
    unconfirmed: Set<string>;
    checks: Check[];
    brief: RequestDetail;
    unknown: number;
    findings: number;
  },
): string | undefined {
  const blocks: string[] = [];
  const found = s.findings.slice(-input.findings);
  if (found.length)
    blocks.push(
      `### What the agent found (its words, the newest last)\n\n${found.map((f) => `- ${f}`).join('\n')}`,
    );
  if (s.requests.length > 1) {
    // A table, not a list: a request per row does not count against a section's item cap.
    const items = requestRows(s.requests, input.brief, goalIndex(s.requests, s.commandAims));
    blocks.push(`### The person's requests, in order\n\n| # | request |\n|---:|---|\n${items.join('\n')}`);
  }
  const { more, outside } = input.listed;
  if (more.length)
    blocks.push(
      `### More files touched (${more.length})\n\n${byFolder(more, s)}${unconfirmedOf(more, input.unconfirmed)}`,
    );
  if (outside.length)
    blocks.push(
      `### Files outside the repository\n\n${outsideList(outside, s)}${unconfirmedOf(outside, input.unconfirmed)}`,
    );
  const all = input.checks.filter((c) => passed(c) === undefined);
  const unknown = all.slice(-input.unknown);
  if (unknown.length) {
    const lines = unknown.map((c) => `- ${codeSpan(c.command)} — ${oneLine(outcomeOf(c), 200)}`);
    if (all.length > unknown.length) lines.push(`- and ${all.length - unknown.length} more before these`);
    blocks.push(`### Checks whose outcome is unknown\n\n${lines.join('\n')}`);
  }
  return blocks.length ? blocks.join('\n\n') : undefined;
}

/**
 * Every request after the first, in order, as table rows: each cut to its first sentence or
 * `REQUEST_WIDTH`, or at less detail (`brief`) to its first clause past `BRIEF_CHARS`; an
 * acknowledgement is left out, and so is a request that reads as an earlier one (word for word,
 * or the same brief form, whose opening words that row already holds).
 */
function requestRows(requests: string[], brief: RequestDetail, goal: number): string[] {
  const rows: { number: number; text: string; key: string }[] = [];
  for (const [i, r] of requests.entries()) {
    const line = oneLine(r);
    const text = i === goal ? '(the Goal)' : brief === 'full' ? trimmedRequest(r) : briefRequest(line, brief);
    const key = foldedWords(line);
    if (i !== goal && (isAck(line) || key === '')) continue;
    const same = i !== goal && rows.find((x) => x.key === key || (x.text === text && x.number !== goal + 1));
    if (!same) rows.push({ number: i + 1, text, key });
  }
  return rows.map((x) => `| ${x.number} | ${x.text.replace(/\|/g, '\\|')} |`);
}

/**
 * A request's first sentence when that says enough, else the request cut to `REQUEST_WIDTH`. The
 * sentences are taken from the request as written, where a line break ends a heading or a list
 * item (on one line `needed: 1.` would read as one sentence), when its first ends in a stop.
 */
function trimmedRequest(request: string): string {
  const line = oneLine(request);
  const cut = cutToWidth(line, REQUEST_WIDTH);
  if (cut === line) return line;
  // A first line that ends in no stop may go on in the next (a pasted table row): then on one line.
  const written = oneLine(sentencesOf(clean(request))[0] ?? '');
  const first = /[.!?。！？:：]$/.test(written) ? written : (sentencesOf(line)[0] ?? '');
  return first.length >= 40 && cutToWidth(first, REQUEST_WIDTH) === first ? first : cut;
}

/**
 * A request at less detail: its first `BRIEF_CHARS` characters (so that its opening words are all
 * there, in any script), then on to the end of that clause, or at the least detail (`word`) only
 * to the end of the word it stops in; never past `REQUEST_WIDTH`.
 */
function briefRequest(line: string, detail: 'clause' | 'word'): string {
  const chars = [...line];
  if (chars.length <= BRIEF_CHARS) return line;
  const head = chars.slice(0, BRIEF_CHARS).join('');
  const rest = line.slice(head.length);
  const tail = detail === 'word' ? /^[\p{L}\p{N}_-]{0,16}/u : /^[^,;:.!?，；：。！？、]*/u;
  const text = cutToWidth(`${head}${tail.exec(rest)?.[0] ?? ''}`.trimEnd(), REQUEST_WIDTH);
  return text.length >= line.length || text.endsWith('…') ? text : `${text}…`;
}

// A file only Claude Code's checkpoints show changed: the call that wrote it is not in the log.
const UNCONFIRMED = 'unconfirmed: only a checkpoint shows it';

/** The line that says which of `files` only a checkpoint shows changed (the first ten), or nothing. */
function unconfirmedOf(files: [string, FileChangeKind][], unconfirmed: Set<string>): string {
  const these = files.filter(([p]) => unconfirmed.has(p)).map(([p]) => p);
  if (!these.length) return '';
  const more = these.length > 10 ? `, and ${these.length - 10} more` : '';
  return `\n- ${UNCONFIRMED}: ${these.slice(0, 10).map(codeSpan).join(', ')}${more}`;
}

/**
 * Files outside the repository: those under the folder most of them share (another repository
 * the work went into) written from it, once, the others whole; or all by folder, when that is
 * shorter.
 */
function outsideList(files: [string, FileChangeKind][], s: SessionRecord): string {
  const plain = byFolder(files, s);
  const base = sharedBase(files.map(([p]) => p));
  if (base === undefined) return plain;
  const inBase = files.filter(([p]) => p.startsWith(base));
  const rest = files.filter(([p]) => !p.startsWith(base));
  const from = byFolder(
    inBase.map(([p, k]) => [p.slice(base.length), k]),
    s,
  );
  const based = `Under ${codeSpan(base)}:\n\n${from}${rest.length ? `\n\nElsewhere:\n\n${byFolder(rest, s)}` : ''}`;
  return based.length < plain.length ? based : plain;
}

/**
 * Files by what happened to them, each named: several in one folder under that folder (`created
 * in \`docs/\`: \`a.md\`, \`b.md\``), so a long list does not repeat its paths; a file whose name
 * another touched file shares keeps its whole path.
 */
function byFolder(files: [string, FileChangeKind][], s: SessionRecord): string {
  const counts = new Map<string, number>();
  for (const p of s.files.keys()) counts.set(fileName(p), (counts.get(fileName(p)) ?? 0) + 1);
  const lines: string[] = [];
  for (const kind of ['created', 'modified', 'deleted'] as const) {
    const folders = new Map<string, string[]>();
    const loose: string[] = [];
    for (const [p, k] of files) {
      if (k !== kind) continue;
      const at = Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\'));
      if (at <= 0 || (counts.get(fileName(p)) ?? 0) > 1) loose.push(p);
      else folders.set(p.slice(0, at + 1), [...(folders.get(p.slice(0, at + 1)) ?? []), p]);
    }
    for (const [folder, ps] of folders) {
      if (ps.length < 2) loose.push(...ps);
      else lines.push(`- ${kind} in ${codeSpan(folder)}: ${ps.map((p) => codeSpan(fileName(p))).join(', ')}`);
    }
    if (loose.length) lines.push(`- ${kind}: ${loose.map((p) => codeSpan(p)).join(', ')}`);
  }
  return lines.join('\n');
}
