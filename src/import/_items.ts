/**
 * Typed items out of free-form ones: a line of text (or a record from JSON) becomes a Done item,
 * a sub-spec, a decision, a fact, a touched file, a check, a concern, a dead end or a preference.
 * Import never invents verification: Done items are `unverified`, facts `unable-to-check`, and a
 * check is passed or failed only when its own text says so.
 */

import { jsonText } from '../formats/json-text.js';
import { splitListOutsideBraces } from '../formats/list.js';
import { codeSpan, codeSpans } from '../formats/text.js';
import type {
  DeadEnd,
  Decision,
  DoneItem,
  Fact,
  FileTouched,
  SubSpec,
  ValidationEntry,
} from '../handoff/types.js';
import { oneLine } from './_blocks.js';
import { readsAsCommand } from './_command.js';
import type { ImportField } from './_synonyms.js';

/** A typed item of one of the list fields. */
export type TypedItem =
  | { field: 'done'; item: DoneItem }
  | { field: 'remaining'; item: SubSpec }
  | { field: 'decisions'; item: Decision }
  | { field: 'facts'; item: Fact }
  | { field: 'files_touched'; item: FileTouched }
  | { field: 'validation'; item: ValidationEntry }
  | { field: 'dead_ends'; item: DeadEnd }
  | { field: 'open_concerns' | 'preferences'; item: string };

/** The list fields, whose content is items. */
export type ListField = Exclude<ImportField, 'goal' | 'summary'>;

const NONE = /^(none|n\/?a|nothing|-|—|无|没有|ninguno|ninguna|nada|нет|ничего)\.?$/i;
const MARKS = '✅|✔|☑|✓|❌|🔴|🟡|🟢|🟠|🔄|⏳|🚧|⬜|🔲|☐|⛔|🚫|✗|✘|◯|○|●|•|⚠|\\uFE0F';
const LEAD_MARK = new RegExp(`^(?:\\s|${MARKS})+`, 'u');
const TRAIL_MARK = new RegExp(`(?:\\s|${MARKS})+$`, 'u');

/** Text without leading status marks and surrounding space; undefined when it says nothing. */
export function cleanText(text: string): string | undefined {
  const t = oneLine(text).replace(LEAD_MARK, '').replace(TRAIL_MARK, '').trim();
  return t === '' || NONE.test(t) ? undefined : t;
}

/** Splits `a — because b`, `a because b`, `a — b`, `**a**: b` into the part and its reason. */
function splitReason(text: string): [string, string | undefined] {
  const m =
    /^(.+?)\s+(?:—|–|--)\s+(?:because\s+|porque\s+|потому что\s+)?(.+)$/u.exec(text) ??
    /^(.+?)\s+(?:because|since|porque|ya que|потому что|так как)\s+(.+)$/iu.exec(text) ??
    // German and French reasons follow a comma (`, weil …`, `, car …`): alone, `car` is English.
    /^(.+?),\s+(?:weil|denn|car|parce que|pois)\s+(.+)$/iu.exec(text) ??
    /^(\*\*.+?\*\*|__.+?__)\s*[:：]\s*(.+)$/u.exec(text) ??
    /^(.+?)[，,]\s*(?:因为|由于)(.+)$/u.exec(text);
  // The comma before `because` belongs to the sentence, not to the decision.
  return m ? [(m[1] as string).trim().replace(/[,;，]$/u, ''), (m[2] as string).trim()] : [text, undefined];
}

// `run `npm test` to check`, `verify with `make check``, `check by running `pytest``: the command
// that proves the work done, written in the item's own words.
const VERIFY_IN =
  /\b(?:run(?:ning)?|verify(?: it)? (?:with|by(?: running)?)|check(?: it)? (?:with|by(?: running)?)|confirm(?: it)? with|test(?: it)? with)\s+`([^`]+)`/gi;

/** The commands an item's words name as its check (a code span that reads as a command). */
function verifyIn(text: string): string[] {
  return [...text.matchAll(VERIFY_IN)].map((m) => (m[1] as string).trim()).filter((c) => readsAsCommand(c));
}

const PASS =
  /(?<![\p{L}])(pass(?:ed|es|ing)?|green|ok|succeeded|success|all checks passed|通过|成功|pasa(?:n|ron)?|exitos[oa]|пройден[оы]?|успешно)(?![\p{L}])|✅/iu;
const FAIL =
  /(?<![\p{L}])(fail(?:ed|s|ing|ure)?|red|error|errors|broken|失败|fall[oó]|fallan|fallaron|провален[оы]?|ошибка)(?![\p{L}])|❌|🔴/iu;
const PATH_LIKE =
  /(?:^|\s)((?:~|\.{1,2})?\/?[\w@.-]+(?:\/[\w@.*-]+)+\/?|[\w-]+\.(?:[a-z]{1,6}))(?=$|[\s,;:)])/i;
const ACTION_WORDS: [FileTouched['action'], RegExp][] = [
  ['created', /\b(created|added|new|nuev[oa]|añadid|cread|создан|добавлен|новый)|新增|新建|创建/iu],
  ['deleted', /\b(deleted|removed|dropped|eliminad|borrad|удален)|删除|移除/iu],
  ['renamed', /\b(renamed|moved|renombrad|movid|переименован|перемещен)|重命名|移动/iu],
  [
    'modified',
    /\b(modified|updated|changed|edited|rewritten|modificad|actualizad|изменен|обновлен)|修改|更新|改动/iu,
  ],
];

/** The file action a heading or item text names, if any. */
export function actionOf(text: string): FileTouched['action'] | undefined {
  return ACTION_WORDS.find(([, re]) => re.test(text))?.[0];
}

/**
 * A typed item of `field` from one line of text; `defaults.action` is the file action the
 * section heading named. Undefined when the text cannot be that kind of item (it stays in Notes).
 */
export function itemOf(
  field: ListField,
  raw: string,
  defaults: { action?: FileTouched['action'] } = {},
): TypedItem | undefined {
  const text = cleanText(raw);
  if (text === undefined) return undefined;
  switch (field) {
    case 'done':
      return { field, item: { text, result: 'unverified' } };
    case 'remaining':
      return { field, item: { title: text, files_in_scope: [], verify_by: verifyIn(text) } };
    case 'decisions': {
      const [decision, reason] = splitReason(text);
      return { field, item: reason ? { decision, reason, rejected: [] } : { decision, rejected: [] } };
    }
    case 'facts': {
      const span = codeSpans(text).find((s) => /[/.:]/.test(s.code));
      return {
        field,
        item: { verdict: 'unable-to-check', claim: text, evidence: span ? span.code : 'none' },
      };
    }
    case 'files_touched':
      return fileOf(text, defaults.action);
    case 'validation':
      return checkOf(text);
    case 'dead_ends': {
      const [attempt, reason] = splitReason(text);
      return { field, item: reason ? { attempt, reason } : { attempt } };
    }
    default:
      return { field, item: text };
  }
}

// A check needs a command the source presents as one (a code span that reads as a command);
// any other text is a claim about the tests (a fact, when it states a result) or a note.
function checkOf(text: string): TypedItem | undefined {
  const span = codeSpans(text).find((s) => readsAsCommand(s.code));
  if (!span) {
    return PASS.test(text) || FAIL.test(text) || /\d/.test(text) ? itemOf('facts', text) : undefined;
  }
  const result = FAIL.test(text) ? 'failed' : PASS.test(text) ? 'passed' : 'not run';
  const entry: ValidationEntry = { result, command: span.code.trim() };
  const rest = cleanText(text.slice(0, span.start) + text.slice(span.end).replace(/^\s*[—–:-]\s*/, ''));
  if (rest) entry.outcome = rest;
  return { field: 'validation', item: entry };
}

function fileOf(text: string, fallback: FileTouched['action'] | undefined): TypedItem | undefined {
  const span = codeSpans(text).find((s) => s.code.trim() !== '' && !/\s/.test(s.code.trim()));
  let path: string | undefined;
  let rest: string;
  if (span) {
    path = span.code.trim();
    rest = text.slice(0, span.start) + text.slice(span.end);
  } else {
    const m = PATH_LIKE.exec(text);
    if (!m) return undefined;
    path = (m[1] as string).replace(/[.,;:]$/, '');
    rest = text.replace(m[1] as string, '');
  }
  const note = cleanText(rest.replace(/^[\s—–:(-]+|[\s—–:)-]+$/g, '').replace(/\(\s*\)/g, ''));
  const item: FileTouched = { action: actionOf(text) ?? fallback ?? 'modified', path };
  if (note) item.note = note;
  return { field: 'files_touched', item };
}

const TEXT_KEYS = [
  'title',
  'task',
  'name',
  'action',
  'summary',
  'description',
  'text',
  'item',
  'step',
  'decision',
  'claim',
  'fact',
  'finding',
  'issue',
  'attempt',
  'note',
  'message',
  'path',
  'file',
  'command',
  'cmd',
  'check',
];
const REASON_KEYS = ['reason', 'rationale', 'why', 'because', 'result'];

/** The paths a record's `files` value lists, when it is a string or a list of strings or numbers. */
function pathsOf(v: unknown): string[] | undefined {
  const scalar = (x: unknown) => typeof x === 'string' || typeof x === 'number';
  if (typeof v === 'string') return splitListOutsideBraces(v).filter(Boolean);
  if (Array.isArray(v) && v.length > 0 && v.every(scalar))
    return v.map((x) => oneLine(String(x))).filter(Boolean);
  return undefined;
}

/** A typed item of `field` from a record (an element of a JSON or YAML array). */
export function itemOfRecord(
  field: ListField,
  record: Record<string, unknown>,
  defaults: { action?: FileTouched['action'] } = {},
): TypedItem | undefined {
  const get = (keys: string[]) => {
    for (const k of keys) {
      const v = record[k];
      if (typeof v === 'string' || typeof v === 'number') return { key: k, value: String(v) };
    }
    return undefined;
  };
  const commandKeys = ['command', 'cmd', 'run', 'script'];
  const main = (field === 'validation' ? get(commandKeys) : undefined) ?? get(TEXT_KEYS);
  const used = new Set(main ? [main.key] : []);
  const reason = field === 'decisions' || field === 'dead_ends' ? get(REASON_KEYS) : undefined;
  if (reason) used.add(reason.key);
  const rest = Object.entries(record)
    .filter(
      ([k, v]) =>
        !used.has(k) && v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    )
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : jsonText(v, false)}`);
  const text = main?.value ?? rest.shift();
  if (text === undefined) return undefined;
  const extra = rest.length ? ` (${oneLine(rest.join('; '))})` : '';
  if (field === 'remaining') {
    const spec = itemOf(field, text);
    if (spec?.field !== 'remaining') return undefined;
    const verify = get(['verify', 'verify_by', 'verification', 'test', 'check', 'command']);
    if (verify && verify.key !== main?.key) spec.item.verify_by.push(oneLine(verify.value));
    // Paths only from a string or a list of strings: an object under `files` is kept as notes.
    const [filesKey, paths] =
      ['files', 'files_in_scope', 'paths', 'scope']
        .map((k) => [k, pathsOf(record[k])] as const)
        .find(([, p]) => p !== undefined) ?? [];
    if (paths) spec.item.files_in_scope.push(...paths);
    const notes = rest.filter((r) => !r.startsWith(`${verify?.key}:`) && !r.startsWith(`${filesKey}:`));
    if (notes.length) spec.item.notes = oneLine(notes.join('; '));
    return spec;
  }
  // A record's `command` (or `cmd`, `run`) value is a command as the source presents it.
  const command = field === 'validation' && main !== undefined && commandKeys.includes(main.key);
  const shown = command ? codeSpan(text) : text;
  const withReason = reason ? `${shown} — ${reason.value}` : shown;
  return itemOf(field, `${withReason}${extra}`, defaults);
}
