/**
 * Secrets in the log's words, left out of a handoff: a person pastes a key or a password into the
 * chat, an agent runs `curl -H 'Authorization: Bearer …'`, and a compiled handoff is committed,
 * archived and sent to other agents. Four families, each replaced by `[redacted]` (a known
 * prefix and the name of a setting stay, so the reader knows what was there):
 * - tokens of a known shape (provider keys by their prefixes, JSON web tokens, private key blocks);
 * - a password pasted after the account's email address (`dev@example.com / Winter2024!`);
 * - the value of a setting or flag whose name says it is secret (`password=…`, `API_KEY: …`,
 *   `the api key is …`, `--token …`, `Bearer …`, a URL's `user:password@`, a password written
 *   straight after the word in Chinese), unless the value is a placeholder or a reference
 *   (`$TOKEN`, `<key>`, `process.env.KEY`, `***`);
 * - a long run of letters and digits that reads as random (mixed case or letters and digits
 *   interleaved, no word-like runs): not hexadecimal (commit ids and hashes stay), not a UUID.
 */

import { escapeRegExp } from './_text.js';
import type { SessionRecord } from './types.js';

/** What stands where a secret was. */
export const REDACTED = '[redacted]';

// Provider tokens by their prefix: what stays is the prefix, which names the kind of key.
const KNOWN = new RegExp(
  [
    String.raw`\b(sk-ant-(?:api|admin)\d{2}-|sk-ant-|sk-proj-|sk-svcacct-|sk-)[A-Za-z0-9_-]{20,}`,
    String.raw`\b(gh[pousr]_)[A-Za-z0-9]{30,}`,
    String.raw`\b(github_pat_)[A-Za-z0-9_]{30,}`,
    String.raw`\b(glpat-)[A-Za-z0-9_-]{20,}`,
    String.raw`\b((?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{4})[0-9A-Z]{12}\b`,
    String.raw`\b(xox[abposr]-)[A-Za-z0-9-]{10,}`,
    String.raw`\b(AIza)[0-9A-Za-z_-]{35}`,
    String.raw`\b((?:sk|rk|pk|whsec)_(?:live|test)_)[A-Za-z0-9]{16,}`,
    String.raw`\b(npm_)[A-Za-z0-9]{36}\b`,
    String.raw`\b(pypi-)[A-Za-z0-9_-]{40,}`,
    String.raw`\b(hf_)[A-Za-z0-9]{30,}`,
    String.raw`\b(SG\.)[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}`,
    String.raw`\b(\d{8,10}:)AA[A-Za-z0-9_-]{33}\b`,
    String.raw`\b(eyJ)[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`,
  ].join('|'),
  'g',
);

const PRIVATE_KEY = /-----BEGIN ((?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g;

// A URL's password: `scheme://user:password@host`.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/@]{1,256}:)([^\s@/]{3,256})(@)/gi;

// Names that say a value is secret, in the languages the sessions show (`pass` only as a name:
// `pass: …`). Every repetition here and below is bounded: a log is other people's text, and an
// unbounded one let a long run of `x_token_…` take seconds.
// Names in Chinese, Japanese and Korean (a password, a key, a token).
const CJK_NAMES = '密码|密钥|口令|令牌|パスワード|비밀번호';
const SECRET_NAME = `(?:[A-Za-z0-9]{1,40}[_-]){0,4}(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|credentials?|${CJK_NAMES})(?:[_-][A-Za-z0-9]{1,40}){0,4}`;
// `NAME=value`, `NAME: value`, `"name": "value"`, `the api key is value`, `密码是value`; and a
// flag, `--name value` or `--name=value`.
const SETTING = new RegExp(
  String.raw`((?:^|[^\p{L}\p{N}_-])${SECRET_NAME}(?:["']?\s*[:=：]\s*["']?|\s+(?:is|was)\s+["']?|\s*(?:是|为|は)\s*))([^\s"'\x60,;)}\]]{6,})`,
  'giu',
);
// A password or key named in Chinese, Japanese or Korean, its value written straight after the
// word (远程密码 followed by the password: no space, no colon, the word inside a longer one).
const CJK_SECRET = new RegExp(
  String.raw`((?:${CJK_NAMES})\s*(?:[:=：]|是|为|は)?\s*)([A-Za-z0-9!#$%&*+./@^_~-][A-Za-z0-9!#$%&*+./@^_~=?-]{5,})`,
  'gu',
);
const FLAG = new RegExp(String.raw`((?:^|\s)--${SECRET_NAME}(?:\s+|=)["']?)([^\s"'\x60;]{6,})`, 'giu');
const BEARER = /\b((?:Bearer|Basic|Token)\s+)([A-Za-z0-9._~+/=-]{12,})/g;
// An account and its password pasted together: an email address, then (after a space, a line, a
// slash or a colon) a word with both cases and a digit, or a letter and a symbol (`Winter2024!`;
// not `python3` after `ssh user@host`).
const ACCOUNT =
  /(?<![\w.+-])([\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}[\s/:|,]+)((?=\S*[a-z])(?=\S*[A-Z])(?=\S*\d)[^\s/@"'\x60]{6,64}|(?=\S*[A-Za-z])(?=\S*[!#$%&*^~?])[^\s/@"'\x60]{6,64})(?=\s|$)/g;

// A value that stands for a secret without being one: a variable, a placeholder, a mask.
const PLACEHOLDER =
  /^(?:\$.*|%\w+%|<[^>]*>?|\{\{?[^}]*\}?\}?|process\.env\.\w+|os\.environ.*|env\(.*|getenv.*|\*+|x{3,}|\.{3,}|…|(?:your|my|the|some|example|dummy|fake|test|sample|placeholder|changeme|redacted|none|null|undefined|true|false|required|optional|string|secret|password|token)\b.*)$/i;

// A path, a URL or a file name, which a secret's place may hold (`--token-file ~/.config/x`).
const PATH_LIKE = /^[~.]?\/|^\w+:\/\/|\.\w{1,5}$/;

// Whether a value holds what an earlier pattern redacted (its class may stop before the `]`).
const isRedacted = (value: string) => value.includes(REDACTED.slice(0, -1));

// Runs of 20 or more characters a token is made of.
const RUN = /(?<![\p{L}\p{N}_+/=.-])[A-Za-z0-9_+/=-]{20,}(?![\p{L}\p{N}_+/=.-])/gu;

// The words a secret's name holds: the setting patterns are run only on a text with one of them.
const NAME_CUE = new RegExp(`pass|pwd|secret|token|key|credential|${CJK_NAMES}`, 'i');
// At most this many values learned from one log; a value shorter than 8 characters is not learned.
const LEARNED_MAX = 500;

/**
 * The values `text` shows in a secret's place (a secret-named setting or flag, a bearer token, a
 * URL's or an account's password) that read as a credential, not as a name in code: eight
 * characters or more with letters and digits, or random-looking (`password: hashedPassword` in
 * code the agent read teaches nothing). Each pattern runs only on a text that holds what it needs.
 */
export function secretValuesIn(text: string): string[] {
  const out: string[] = [];
  const keep = (value: string) => {
    const v = value.replace(/[.,:;!?'"\x60]+$/, '');
    if (
      v.length >= 8 &&
      v.length <= 256 &&
      !isRedacted(v) &&
      ((/\p{L}/u.test(v) && /\d/.test(v)) || looksRandom(v, 12))
    )
      out.push(v);
  };
  if (NAME_CUE.test(text))
    for (const re of [SETTING, FLAG, CJK_SECRET])
      for (const m of text.matchAll(re)) if (isSecretValue(m[2] as string)) keep(m[2] as string);
  if (/bearer|basic|token/i.test(text))
    for (const m of text.matchAll(BEARER)) if (looksRandom(m[2] as string, 12)) keep(m[2] as string);
  if (text.includes('://')) for (const m of text.matchAll(URL_PASSWORD)) keep(m[2] as string);
  if (text.includes('@'))
    for (const m of text.matchAll(ACCOUNT)) if (!PATH_LIKE.test(m[2] as string)) keep(m[2] as string);
  return out;
}

/** Learns the secret values a text of the log shows (`SessionRecord.secretValues`). */
export function noteSecretValues(s: SessionRecord, text: string): void {
  const values = secretValuesIn(text);
  if (values.length === 0) return;
  s.secretValues ??= new Set();
  for (const v of values) if (s.secretValues.size < LEARNED_MAX) s.secretValues.add(v);
}

/** The text with what looks like a secret replaced by `[redacted]`, and how many were. */
export function redactSecrets(text: string): { text: string; count: number } {
  let count = 0;
  const hide = (keep: string) => {
    count++;
    return `${keep}${REDACTED}`;
  };
  let out = text.replace(PRIVATE_KEY, (_m, kind: string) => hide(`(${kind.toLowerCase()}) `));
  out = out.replace(KNOWN, (m: string, ...groups: unknown[]) => {
    const prefix = groups.slice(0, 14).find((g) => typeof g === 'string') as string | undefined;
    return hide(prefix ?? m.slice(0, 3));
  });
  out = out.replace(URL_PASSWORD, (m, head: string, pw: string, at: string) =>
    isRedacted(pw) ? m : `${hide(head)}${at}`,
  );
  out = out.replace(BEARER, (m, head: string, value: string) =>
    isRedacted(value) || !looksRandom(value, 12) ? m : hide(head),
  );
  out = out.replace(ACCOUNT, (m, head: string, value: string) =>
    isRedacted(value) || PATH_LIKE.test(value) ? m : hide(head),
  );
  const setting = (m: string, head: string, value: string) => (isSecretValue(value) ? hide(head) : m);
  out = out.replace(SETTING, setting).replace(FLAG, setting).replace(CJK_SECRET, setting);
  out = out.replace(RUN, (m) => (looksRandom(m, 20) ? hide('') : m));
  return { text: out, count };
}

/**
 * Whether the value of a secret-named setting is one: not a placeholder or a reference, not a
 * path or a file name (`--token-file ~/.config/x`), and not a plain word (`token: expired`):
 * two kinds of character at least (cases, digits, symbols), or long.
 */
function isSecretValue(value: string): boolean {
  if (isRedacted(value) || PLACEHOLDER.test(value)) return false;
  if (PATH_LIKE.test(value)) return false;
  // Code that reads the secret from elsewhere: a call, an index, a dotted name (`args.api_key`).
  if (/[([]|\$\{|\$[A-Za-z_]{2}|^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(value)) return false;
  if (/^[A-Z]?[a-z]+$/.test(value) && value.length < 16) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^\w\s-]/].filter((k) => k.test(value)).length;
  return kinds >= 2 || value.length >= 16;
}

/**
 * Whether a run reads as random, not as words: at least `min` long, not hexadecimal, letters and
 * digits or both cases mixed all through it, and no run of lowercase letters longer than a word
 * part seldom is in a random string of this length.
 */
function looksRandom(run: string, min: number): boolean {
  const core = run.replace(/=+$/, '');
  if (core.length < min) return false;
  if (isHex(core.replace(/[_-]/g, ''))) return false;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(core)) return false;
  const parts = core.split(/[_+/=-]/).filter(Boolean);
  if (parts.length === 1) return randomPart(core);
  // Joined parts (snake_case, an app id `cli_<hex>`, base64 with `/`): random when a long part
  // is, or when the whole is and no part is a word or hexadecimal.
  if (parts.some((p) => p.length >= 12 && !isHex(p) && randomPart(p))) return true;
  return parts.every((p) => !/^[A-Za-z][a-z]+$/.test(p) && !isHex(p)) && randomPart(parts.join(''));
}

function isHex(s: string): boolean {
  return /^[0-9a-f]+$/i.test(s);
}

function randomPart(s: string): boolean {
  const digits = s.match(/\d/g)?.length ?? 0;
  const upper = s.match(/[A-Z]/g)?.length ?? 0;
  const lower = s.match(/[a-z]/g)?.length ?? 0;
  const classes = Number(digits > 0) + Number(upper > 0) + Number(lower > 0);
  if (classes < 2) return false;
  // Interleaving: how often the kind of character changes, against a word's few changes.
  let changes = 0;
  for (let i = 1; i < s.length; i++) if (kind(s[i] as string) !== kind(s[i - 1] as string)) changes++;
  const rate = changes / (s.length - 1);
  const longestLower = Math.max(0, ...(s.match(/[a-z]+/g) ?? []).map((w) => w.length));
  const digitRuns = s.match(/\d+/g)?.length ?? 0;
  if (classes === 3) return rate >= 0.3 && digitRuns >= 2 && longestLower <= 9;
  // Two kinds: lowercase letters and digits (or uppercase and digits) well mixed.
  return digits >= 4 && digitRuns >= 3 && rate >= 0.3 && longestLower <= 6;
}

function kind(ch: string): number {
  if (ch >= '0' && ch <= '9') return 0;
  if (ch >= 'A' && ch <= 'Z') return 1;
  if (ch >= 'a' && ch <= 'z') return 2;
  return 3;
}

// The compiler drafts one session at up to five levels of detail: it is cleared once, and a
// cleared one is not cleared again.
const cleared = new WeakMap<SessionRecord, SessionRecord>();

/**
 * The session with secrets left out of every text a handoff copies from it (requests, commands,
 * the task list, commit subjects, the agent's last words). Paths and the
 * host's summaries are as they were: the first name files, the second are never copied.
 */
export function withoutSecrets(s: SessionRecord): SessionRecord {
  const kept = cleared.get(s);
  if (kept) return kept;
  const learned = learnedPattern(s.secretValues);
  const clear = (text: string) => {
    const out = redactSecrets(text).text;
    return learned ? out.replace(learned, REDACTED) : out;
  };
  const session: SessionRecord = {
    ...s,
    requests: s.requests.map(clear),
    commands: s.commands.map((c) => ({ ...c, command: clear(c.command) })),
    tasks: s.tasks.map((t) => ({
      ...t,
      text: clear(t.text),
      ...(t.detail ? { detail: clear(t.detail) } : {}),
    })),
    commits: s.commits.map(clear),
    findings: s.findings.map(clear),
  };
  if (s.lastAssistant !== undefined) session.lastAssistant = clear(s.lastAssistant);
  if (s.lastSaidMore !== undefined) session.lastSaidMore = clear(s.lastSaidMore);
  if (s.askedBefore) session.askedBefore = { ...s.askedBefore, question: clear(s.askedBefore.question) };
  if (s.commandAims)
    session.commandAims = new Map([...s.commandAims].map(([i, a]) => [i, { ...a, aim: clear(a.aim) }]));
  cleared.set(s, session);
  cleared.set(session, session);
  return session;
}

/** One pattern for the values the log showed as secrets, each as a whole token, the longest first. */
function learnedPattern(values: Set<string> | undefined): RegExp | undefined {
  if (!values?.size) return undefined;
  const alternatives = [...values].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // Bounded by ASCII only: in Chinese or Japanese a value follows a word with no space between.
  return new RegExp(`(?<![A-Za-z0-9_-])(?:${alternatives.join('|')})(?![A-Za-z0-9_-])`, 'g');
}
