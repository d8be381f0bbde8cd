/**
 * Done and Remaining from evidence only. Done: tasks closed in the host's own task list, commits
 * the session made. Remaining: the person's last message when nothing the agent said or did came
 * after it, else the request the agent was still at; a refused commit; open task-list items, the
 * next steps the agent itself stated last, and checks that fail on their last run. Nothing is
 * both, and no item is made up from the person's words beyond those two.
 */

import { codeSpan } from '../formats/text.js';
import type { DoneItem, SubSpec } from '../handoff/types.js';
import { checkFor, widened } from './_narrowed.js';
import { fileName } from './_paths.js';
import { goalIndex, isAck, isQuestion, readsAsSame, resumesOnly, sentencesOf } from './_requests.js';
import { changedSinceListed } from './_tasks.js';
import { oneLine, plainProse } from './_text.js';
import type { TrackerItem } from './_tracker.js';
import { type Check, calledOlder, checkKind, outcomeOf, passed } from './_validation.js';
import type { SessionRecord, TaskItem } from './types.js';

/**
 * Completed task-list items, tracker items closed and the session's commits. A task closed while a check of the same
 * work still fails on its last run is not done: that check is Remaining, and says the task was closed.
 */
export function doneOf(s: SessionRecord, failing: Check[] = [], closed: TrackerItem[] = []): DoneItem[] {
  const done: DoneItem[] = s.tasks
    .filter((t) => t.status === 'completed' && !failing.some((c) => checksWork(c.command, t.text)))
    .map((t) => ({ text: oneLine(t.text), result: 'unverified' }));
  // Items the agent closed in its issue tracker (and did not take up again) are done; they come
  // before the commits, which a short draft keeps first.
  for (const tool of new Set(closed.map((c) => c.tool))) {
    const names = closed.filter((c) => c.tool === tool).map((c) => c.name);
    done.push({
      text: oneLine(`Closed in the tracker (${tool}): ${names.join(', ')}`, 300),
      result: 'unverified',
    });
  }
  for (const subject of new Set(s.commits))
    done.push({ text: oneLine(`Committed: ${subject}`), result: 'unverified' });
  return done.filter((d) => d.text !== '');
}

/** Everything `remainingOf` needs besides the session. */
export interface RemainingInput {
  checks: Check[];
  /** Failing checks that are not dead ends. */
  failing: Check[];
  done: DoneItem[];
  /** The agent's last stated intent, when it said what it would do next. */
  intent?: string;
}

/** The Remaining item that answers the person's last words. */
const replyTitle = (request: string) =>
  oneLine(`Answer the person's last message: ${oneLine(request, 140)}`, 200);

/** The Remaining item that carries on from the step the agent stated last. */
const carryOnTitle = (step: string) => oneLine(`Carry on: ${step}`, 200);
/** The same, when the agent changed files or ran commands after stating it: the step may be done. */
const checkThenCarryOnTitle = (step: string) =>
  oneLine(`See whether this is done, then carry on: ${step}`, 200);

/**
 * The item that carries on from the step the agent stated, to be checked first when it changed or
 * ran anything after saying it; a step longer than a title (the list its colon introduces) is
 * said whole as the Goal.
 */
function carryOnItem(s: SessionRecord, step: string): { title: string; goal?: string; notes: string } {
  const since = sinceSaid(s);
  const title = since.acted ? checkThenCarryOnTitle(step) : carryOnTitle(step);
  return { title, ...(title.endsWith(step) ? {} : { goal: step }), notes: since.notes };
}

/** Whether a Remaining item carries on from `step`, the step the agent stated last. */
export const carriesOn = (title: string, step: string) =>
  title === carryOnTitle(step) || title === checkThenCarryOnTitle(step);

/** Open work: open task items, the agent's stated next steps, then failing checks. */
export function remainingOf(s: SessionRecord, input: RemainingInput): SubSpec[] {
  const { checks, failing, done } = input;
  const specs: SubSpec[] = [];
  // An open task-list item stays open; a step the agent stated is left out when Done holds it.
  const add = (title: string, extra: Partial<SubSpec> = {}, stated = true) => {
    if (title === '' || specs.some((x) => x.title === title)) return;
    if (stated && done.some((d) => sameWork(d.text, title))) return;
    specs.push({ title, files_in_scope: [], verify_by: verifyFor(title, checks, failing), ...extra });
  };
  const addCarryOn = (step: string) => {
    const item = carryOnItem(s, step);
    add(item.title, item);
  };
  // The person spoke last and nothing answers it yet (a yes to the agent's question too): first.
  const reply = replyItem(s) ?? agreedItem(s);
  if (reply) add(reply.title, { ...(reply.goal ? { goal: reply.goal } : {}), notes: reply.notes }, false);
  // Else, the agent was still at the person's newest request when the log ends (a "go on" after
  // it changes nothing): the request itself leads, before steps and lists written down earlier.
  const underWay = reply ? undefined : requestUnderWay(s);
  if (underWay) add(underWay.title, { goal: underWay.goal, notes: underWay.notes }, false);
  // The step the agent stated while at it comes next: the request says what, the step where it was.
  const newest = s.requestsAt.at(-1) ?? -1;
  const said = s.lastAssistantAt ?? -1;
  if (underWay && input.intent && said > newest) addCarryOn(input.intent);
  const refused = refusedCommitItem(s);
  if (refused) add(refused.title, refused, false);
  // A task list last changed before the person's newest request may not hold the work the agent
  // turned to since: each of its items says how old the list is, and what the agent said after
  // the list's last change comes before them (its stated steps; its intent only when said after
  // the newest request, too).
  const stated = nextSteps(s.lastAssistant);
  const stale = listOlderThanRequest(s);
  const statedFirst = stale && stated.length > 0 && said > (s.tasksAt ?? -1);
  const before = underWay && said < newest ? ", before the person's newest request" : '';
  const addStated = () => {
    // Steps it proposed before a newest request that took up none of them (neither "yes, …" nor a
    // "go on"): what the person asked for instead leads, and they are one item to look at.
    if (underWay && before && stated.length > 1 && !takesUp(s.requests[underWay.at] ?? '')) {
      const listed = stated.map((item) => `“${oneLine(item, 100)}”`).join(', ');
      const notes = `the agent proposed them in its last message; the person's newest request (#${underWay.at + 1}) came after them and the agent turned to it: ${listed}`;
      add(
        'See whether the steps the agent proposed before the newest request are still wanted',
        { notes },
        false,
      );
      return;
    }
    for (const item of stated)
      add(item, { notes: `a next step the agent stated in its last message${before}` });
  };
  if (statedFirst) addStated();
  else if (stale && stated.length === 0 && input.intent && said > newest) addCarryOn(input.intent);
  for (const item of taskItems(s, stale)) add(item.title, item.notes ? { notes: item.notes } : {}, false);
  if (!statedFirst) addStated();
  // A task list the agent closed item by item after its last words says more than those words.
  const closedSince =
    s.tasks.length > 0 && s.tasks.every((t) => t.status === 'completed') && (s.tasksAt ?? -1) > said;
  if (specs.length === 0 && input.intent && !closedSince) {
    addCarryOn(input.intent);
  }
  specs.push(...failingItems(s, failing).slice(0, Math.max(0, 10 - specs.length)));
  if (specs.length === 0) {
    const asked = closedSince ? undefined : closingQuestion(s);
    const why = closedSince
      ? 'every item of the task list is done, marked so after the agent last spoke: tell the person what was done, and ask'
      : failing.length > 0
        ? 'the log shows no open task or stated next step, and the agent said the checks that fail failed before its work (Open concerns)'
        : 'the log shows no open task, stated next step or failing check';
    specs.push({
      title: 'Ask the person what comes next',
      files_in_scope: [],
      verify_by: [widenedMainCheck(checks) ?? 'git status --short'],
      notes: asked
        ? `the agent's last words asked the person “${asked}”, and the log ends before an answer: act on the answer, not before it; ${why}`
        : why,
    });
  }
  return specs;
}

/**
 * The question the agent's last message ends with (an offer, "Want me to run it end to end?", or
 * a choice to make), when the person has not spoken since: the next step waits on its answer.
 */
function closingQuestion(s: SessionRecord): string | undefined {
  // A "yes" after it is an answer, as any message is.
  if (s.lastAssistant === undefined || (s.lastAssistantAt ?? -1) < (s.lastRequestAt ?? -1)) return undefined;
  // (A full stop of Chinese or Japanese ends a sentence with no space after it.)
  const last = sentencesOf(plainProse(s.lastAssistant))
    .at(-1)
    ?.split(/(?<=[。！？])/u)
    .at(-1);
  return last && /[?？]$/.test(last) ? oneLine(last.replace(/^[\s>*#-]+/, ''), 200) : undefined;
}

/**
 * The agent's question the person's last message said yes to ("Want me to update the plan?" —
 * "yes"), when the agent has said nothing since: that is the work, whatever it did after.
 */
function agreedItem(s: SessionRecord): { title: string; goal?: string; notes: string } | undefined {
  const at = s.requests.length - 1;
  const last = s.requests[at];
  if (last === undefined || !isAck(last) || s.askedBefore?.request !== at) return undefined;
  if ((s.lastAssistantAt ?? -1) > (s.lastRequestAt ?? -1)) return undefined;
  const question = oneLine(s.askedBefore.question.replace(/^[\s>*#-]+/, ''), 160);
  return {
    title: oneLine(`Do what the person said yes to: ${question}`, 200),
    notes: `the agent asked “${question}” and the person answered “${oneLine(last, 60)}” (#${at + 1}); the agent has said nothing since: see what of it is done`,
  };
}

/**
 * The item that answers the person's last message, when nothing of the agent's answers it yet ("go
 * on" asks for nothing the open work does not already say); messages sent one after another before
 * it, unanswered too, are named in its note. A message longer than the title keeps its opening and
 * its end as the item's Goal line.
 */
function replyItem(s: SessionRecord): { title: string; goal?: string; notes: string } | undefined {
  const last = s.requests.at(-1);
  if (!s.unanswered || last === undefined || isAck(last)) return undefined;
  const run = s.requests.slice(s.unansweredFrom ?? s.requests.length - 1).filter((r) => !isAck(r));
  // A message sent again (the host failed to answer it, or the agent seemed stuck) is one message.
  const earlier = withoutRepeats(run.map((r) => [r, 0] as const))
    .slice(0, -1)
    .map(([r]) => `“${oneLine(r, 200)}”`);
  const again = run.slice(0, -1).some((r) => readsAsSame(r, last)) ? ' (more than once)' : '';
  const said = earlier.length
    ? `the person said this last${again}, after ${earlier.length} more message(s) nothing answered yet (${earlier.join(', ')}); the log shows no answer of the agent yet`
    : `the person said this last${again}; the log shows no answer of the agent yet`;
  // Unless what it goes on from is among the messages named already.
  const resumed = resumedNote(s, s.requests.length - 1, s.unansweredFrom);
  // A message longer than the title holds (a pasted log, a long spec) keeps its end as the Goal line.
  const whole = oneLine(last, 100_000);
  const goal = whole.length > 140 ? headAndTail(last, 500) : undefined;
  return {
    title: replyTitle(last),
    ...(goal ? { goal } : {}),
    notes: resumed ? `${said}; ${resumed}` : said,
  };
}

/**
 * For a request that names no work of its own (`resumesOnly`), the note that names the request
 * before it that does: what it answers or goes on with. Empty otherwise, and when that request is
 * at or after `named` (the item names it already).
 */
function resumedNote(s: SessionRecord, at: number, named = at): string {
  const request = s.requests[at];
  if (request === undefined || !resumesOnly(request)) return '';
  // A short reply to the agent's own question answers it: that question is what it goes on from.
  if (s.askedBefore?.request === at)
    return `it answers the agent's question “${oneLine(s.askedBefore.question, 160)}”`;
  const before = s.requests.slice(0, at).findLastIndex((r) => !isAck(r) && !resumesOnly(r));
  const earlier = s.requests[before];
  if (earlier === undefined || before >= named) return '';
  return `it names no work of its own: it goes on from #${before + 1} “${headAndTail(earlier, 160)}”`;
}

/**
 * A request on one line, at most `max` wide: when cut, its opening and then its end (the last
 * paragraph, else the last sentence: where a request most often puts its after-steps, "then
 * push and tell me"), when that end takes at most a third of the room.
 */
function headAndTail(request: string, max: number): string {
  const all = oneLine(request, Number.POSITIVE_INFINITY);
  const whole = oneLine(request, max);
  if (whole === all) return whole;
  const room = Math.floor(max / 3);
  const last =
    request
      .trim()
      .split(/\n\s*\n/)
      .at(-1) ?? '';
  const tail = [oneLine(last), oneLine(sentencesOf(last).at(-1) ?? '')].find(
    (t) => t !== '' && oneLine(t, room) === t && t !== all,
  );
  if (tail === undefined) return whole;
  const head = oneLine(request, max - room - 3).replace(/\s*\S*…$/, '');
  return `${head} … ${tail}`;
}

/** The item for a last commit that was refused, none made since: the work stands uncommitted. */
function refusedCommitItem(s: SessionRecord): Pick<SubSpec, 'title' | 'verify_by' | 'notes'> | undefined {
  const refused = s.commitRefused && s.commands[s.commitRefused.seq];
  if (!s.commitRefused || !refused) return undefined;
  const by = s.commitRefused.hook
    ? 'a commit hook refused it'
    : `it failed (exit ${refused.exitCode ?? 'not 0'})`;
  return {
    title: 'Commit the work: the last commit was not made',
    verify_by: ['git status --short'],
    notes: `${codeSpan(oneLine(refused.command, 100))}: ${by}, and no commit was made after it`,
  };
}

/** "Make X pass" for each failing check; one the agent called older than its work last, saying so. */
function failingItems(s: SessionRecord, failing: Check[]): SubSpec[] {
  // One the agent said was failing before its work is an open concern, not this work's to do.
  return failing
    .filter((c) => !calledOlder(s, c))
    .map((c) => {
      const closed = s.tasks.find((t) => t.status === 'completed' && checksWork(c.command, t.text));
      return {
        // The title names the check briefly: its Verify by holds the whole command.
        title: oneLine(`Make ${codeSpan(oneLine(c.command, 60))} pass`, 200),
        files_in_scope: [],
        verify_by: [c.command],
        notes: oneLine(
          `it failed on its last run (${outcomeOf(c)})${closed ? `; the task list marks "${oneLine(closed.text, 80)}" completed, but no later run shows it` : ''}${failedFromTheStart(s, c) ? '; it failed before the session changed any file, too: the failure may be older than this work' : ''}`,
        ),
      };
    });
}

/**
 * The request the agent was still at when the log ends: the first of the newest turn's requests
 * (what the person said while the agent worked joins it; a "go on" is none), not the Goal. The
 * agent has not ended a turn with words since the newest request (its last words, if after it,
 * have tool calls after them), wrote no task list since, and did not answer in words a turn of
 * questions only. Its number, its text, and what the agent did since, with what was said after it.
 */
function requestUnderWay(
  s: SessionRecord,
): { at: number; title: string; goal: string; notes: string } | undefined {
  const at = s.requestsAt.at(-1);
  if (at === undefined || s.turn === undefined) return undefined;
  const end = s.mainSteps ?? s.steps;
  const saidSince = (s.lastAssistantAt ?? -1) > at;
  if (saidSince && s.lastAssistantStep === end) return undefined;
  if (s.tasksAt !== undefined && s.tasksAt > at) return undefined;
  const asked = withoutRepeats(
    s.requests.map((r, i) => [r, i] as const).filter(([r, i]) => i >= (s.turn?.from ?? 0) && !isAck(r)),
  );
  const [first, ...later] = asked;
  if (first === undefined || first[1] === goalIndex(s.requests, s.commandAims)) return undefined;
  if (saidSince && asked.every(([r]) => isQuestion(sentencesOf(r).at(-1) ?? r))) return undefined;
  const did = changedSince(s, s.turn.step) ?? `${end - s.turn.step} tool call(s), no file changed`;
  const after = later.length
    ? `; the person said after it: ${later.map(([r, i]) => `#${i + 1} “${oneLine(r, 120)}”`).join(', ')}`
    : '';
  const resumed = resumedNote(s, first[1]);
  return {
    at: first[1],
    title: `Carry on with the person's newest request (#${first[1] + 1})`,
    goal: headAndTail(first[0], 500),
    notes: `the agent was at it when the log ends (${did}) and had not answered yet${after}: see what of it is done${resumed ? `; ${resumed}` : ''}`,
  };
}

/**
 * Whether a request takes up what the agent proposed before it: it opens with a yes or a "go on"
 * (`Yes, and also …`, `好的，…`), or names no work of its own.
 */
function takesUp(request: string): boolean {
  const t = request.trim();
  const clause = t.split(/[,.!;:，。！；：\n]/)[0] ?? '';
  return isAck(clause) || isAck(t.split(/\s+/)[0] ?? '') || resumesOnly(t);
}

/** Messages in order, each left out when one after it reads as the same (sent again): the last copy stays. */
function withoutRepeats<T extends readonly [string, number]>(messages: readonly T[]): T[] {
  return messages.filter(([m], i) => !messages.slice(i + 1).some(([later]) => readsAsSame(m, later)));
}

/** Whether the check's first run failed before the session had changed any file. */
function failedFromTheStart(s: SessionRecord, c: Check): boolean {
  const first = s.commands.find((r) => r.seq === c.first);
  if (first?.check?.passed !== false || first.step === undefined) return false;
  const changes = [...s.fileSteps.values()];
  return changes.length === 0 || first.step < Math.min(...changes);
}

/**
 * The subject of a commit made after the task list last changed that names much the same work as
 * an open item (`task`), if any: the list was not brought up to date, and the item may be done.
 */
export function commitAfterList(s: SessionRecord, task: string): string | undefined {
  const listed = s.tasksAt ?? Number.POSITIVE_INFINITY;
  return s.commits.find((c, i) => (s.commitsAt[i] ?? 0) > listed && mostlySame(task, c));
}

function committedSince(s: SessionRecord, task: string): string {
  const subject = commitAfterList(s, task);
  return subject
    ? `a commit after the list's last change may have done it ("${oneLine(subject, 80)}"): look before doing it again`
    : '';
}

/** The note on an open task whose file changed after it was listed. */
function changedNote(s: SessionRecord, task: TaskItem): string {
  const name = changedSinceListed(s, task);
  return name
    ? `\`${name}\` changed after the task was listed: it may be done, look before doing it again`
    : '';
}

/**
 * Requests after which a task list the agent never changed again is no longer its plan: it went on
 * without it, and its open items are one item to look at, not each work to do.
 */
const LIST_LEFT_AFTER = 10;

/**
 * The open items of the task list, each with its notes (in progress, older than the newest
 * requests, a commit since that may have done it); a list left behind `LIST_LEFT_AFTER` requests
 * or more ago is one item naming them.
 */
function taskItems(s: SessionRecord, stale: boolean): { title: string; notes: string }[] {
  const open = s.tasks.filter((t) => t.status !== 'completed');
  const since = requestsSinceList(s);
  if (stale && since >= LIST_LEFT_AFTER) {
    const named = open.map((t) => {
      const said = [
        t.status === 'in_progress' ? 'in progress' : '',
        committedSince(s, t.text) ? 'a commit since may have done it' : '',
      ].filter(Boolean);
      return `“${oneLine(t.text, 100)}”${said.length ? ` (${said.join('; ')})` : ''}`;
    });
    return [
      {
        title: 'See whether the old task list still stands',
        notes: `the agent last changed it before the person's last ${since} requests and worked on without it; still open in it: ${named.join(', ')}`,
      },
    ];
  }
  const staleNote = stale ? staleList(s) : '';
  return open.map((t) => {
    const notes = [
      t.status === 'in_progress' ? 'in progress in the task list' : '',
      staleNote,
      committedSince(s, t.text),
      changedNote(s, t),
    ].filter(Boolean);
    return { title: oneLine(t.text, 160), notes: notes.join('; ') };
  });
}

/** How many of the person's requests (acknowledgements left out) came after the task list last changed. */
function requestsSinceList(s: SessionRecord): number {
  const listed = s.tasksAt ?? -1;
  return s.requestsAt.filter((at) => at > listed).length;
}

/** The note on an item of a task list last changed before the person's newest requests. */
function staleList(s: SessionRecord): string {
  const since = requestsSinceList(s);
  const asked = since > 1 ? `the person's last ${since} requests` : "the person's newest request";
  return `the list was last changed before ${asked}: see that it is still wanted`;
}

/** Whether the task list has open items and last changed before the person's newest request. */
function listOlderThanRequest(s: SessionRecord): boolean {
  const asked = s.requestsAt.at(-1);
  if (asked === undefined) return false;
  return s.tasks.some((t) => t.status !== 'completed') && (s.tasksAt === undefined || s.tasksAt < asked);
}

/**
 * The note of the step the agent stated last: what it changed and ran after saying so, when it did
 * (`acted`: the step may be under way or done, and the successor looks before doing it again).
 */
function sinceSaid(s: SessionRecord): { notes: string; acted: boolean } {
  const at = s.lastAssistantStep;
  const changed = at === undefined ? undefined : changedSince(s, at);
  const ran = at === undefined ? undefined : ranSince(s, at);
  const did = [changed, ran].filter(Boolean).join(' and ');
  return did
    ? { notes: `the agent said this last, then ${did}: see what of it is done`, acted: true }
    : { notes: 'the agent said this last', acted: false };
}

/** "ran `rm -f queue/*.json` and 2 more command(s)": the main log's commands after `step`, the last named, or undefined. */
function ranSince(s: SessionRecord, step: number): string | undefined {
  const end = s.mainSteps ?? Number.POSITIVE_INFINITY;
  const runs = s.commands.filter((c) => c.step !== undefined && c.step > step && c.step <= end);
  const last = runs.at(-1);
  if (!last) return undefined;
  const more = runs.length > 1 ? ` and ${runs.length - 1} more command(s)` : '';
  return `ran ${codeSpan(oneLine(last.command, 80))}${more}`;
}

/**
 * "changed `a.ts`, `b.ts`, `c.ts` and 2 more": the files of the main log changed after `step`, by
 * name, or undefined when none was.
 */
function changedSince(s: SessionRecord, step: number): string | undefined {
  const end = s.mainSteps ?? Number.POSITIVE_INFINITY;
  const names = [
    ...new Set([...s.fileSteps].filter(([, at]) => at > step && at <= end).map(([p]) => fileName(p))),
  ];
  if (names.length === 0) return undefined;
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return `changed ${names.slice(0, 3).map(codeSpan).join(', ')}${more}`;
}

/**
 * The check that proves an item done: a failing check of the kind the item names (tests, lint,
 * types, build), else one of that kind, else the last check of a file the item names (`php -l
 * page.php` for "fix page.php"), else the session's main check, else `git status`.
 */
function verifyFor(title: string, checks: Check[], failing: Check[]): string[] {
  const kind = checkKind(title.toLowerCase());
  const ofKind = (cs: Check[]) => cs.filter((c) => kind !== 'other' && checkKind(c.command) === kind);
  const ofFile = (cs: Check[]) => cs.filter((c) => checksFileOf(title, c.command));
  const pick = ofKind(failing)[0] ?? ofKind(checks).at(-1) ?? ofFile(failing)[0] ?? ofFile(checks).at(-1);
  const command = pick?.command ?? mainCheck(checks);
  return [command ? checkFor(command, title) : 'git status --short'];
}

/** Whether `command` names a file (by its name, with an extension) that the item's words name. */
function checksFileOf(title: string, command: string): boolean {
  const words = title
    .toLowerCase()
    .split(/[\s`'"“”*,:;()]+/)
    .map((w) => w.replace(/[.!?。]+$/, ''));
  return command
    .split(/[\s'"]+/)
    .map((w) => fileName(w).toLowerCase())
    .some((name) => /^[^.].*\.[a-z0-9]{1,6}$/.test(name) && words.some((w) => fileName(w) === name));
}

/** The main check, without a name filter that narrowed it to some tests. */
function widenedMainCheck(checks: Check[]): string | undefined {
  const main = mainCheck(checks);
  return main && widened(main);
}

/** The test, lint, type or build check with a known result (passing first), run most, latest on a tie. */
function mainCheck(checks: Check[]): string | undefined {
  const known = (c: Check) => (passed(c) === true ? 2 : passed(c) === false ? 1 : 0);
  const ranked = checks
    .filter((c) => checkKind(c.command) !== 'other')
    .sort((a, b) => known(b) - known(a) || b.runs - a.runs || b.last.seq - a.last.seq);
  return ranked[0]?.command;
}

const STOP = new Set(
  'the and for with that this from into then than are was were has have had not but all any can will its our your their them they you via per out off now let'.split(
    ' ',
  ),
);
// A file name (`ui.md`, `skills.py`) is one word: two tasks that differ only in the file they name
// are two tasks. A CJK word is often two characters, so two count there.
const FILE_WORD = /[\p{L}\p{N}_-]+\.[a-z][a-z0-9]{0,4}\b/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
function stems(text: string): Set<string> {
  const lower = text.toLowerCase().replace(/^(?:committed|carry on):\s*/, '');
  const files = lower.match(FILE_WORD) ?? [];
  const words = lower
    .replace(FILE_WORD, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => (w.length >= 3 || (w.length === 2 && CJK.test(w))) && !STOP.has(w))
    .map((w) => w.slice(0, 5));
  return new Set([...files, ...words]);
}

/** Whether a check is the check of a task: it names a file the task names, or every word of the task. */
function checksWork(command: string, task: string): boolean {
  const files = (task.toLowerCase().match(FILE_WORD) ?? []).filter((f) => command.toLowerCase().includes(f));
  return files.length > 0 || sameWork(task, command);
}

/**
 * Whether a commit subject names most of a task's work: three of its words at least, and three in
 * five of them (`Update docs for new GUI features` and `docs: update GUI section with …`).
 */
function mostlySame(task: string, subject: string): boolean {
  const words = stems(task);
  const other = stems(subject);
  const shared = [...words].filter((w) => other.has(w)).length;
  return sameWork(task, subject) || (shared >= 3 && shared >= 0.6 * words.size);
}

/** Whether two items name the same work: every word of the shorter is in the longer (two words at least). */
function sameWork(a: string, b: string): boolean {
  const sa = stems(a);
  const sb = stems(b);
  const [small, large] = sa.size <= sb.size ? [sa, sb] : [sb, sa];
  if (small.size < 2) return small.size === 1 && large.size === 1 && [...small][0] === [...large][0];
  return [...small].every((w) => large.has(w));
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
    if (m && /^\s*(?:[-*+]|\d+[.)])\s+\[x\]/i.test(line)) continue;
    if (m) items.push(oneLine((m[1] as string).replace(/\*\*/g, ''), 160));
    else if (items.length > 0 && line.trim() === '') continue;
    else if (items.length > 0) break;
  }
  return items.filter((i) => i !== '').slice(0, 8);
}
