/**
 * The catalog of injection-risk rules: each has an id, a severity and a function that reports
 * hits in one view of the text. High means "this text tries to act as instructions or to hide
 * something": it quarantines an artifact. Medium and low are shown, never acted on.
 */
import {
  BIDI_RE,
  decodeTagChars,
  isOrdinaryInvisible,
  TAG_RUN_RE,
  visible,
  withoutFlagTags,
  ZERO_WIDTH_RUN_RE,
} from './_chars.js';
import {
  AUTHORITY_PHRASES,
  CONCEAL_PHRASES,
  compiledGroup,
  EXFIL_HARD_PHRASES,
  EXFIL_SOFT_PHRASES,
  HIJACK_PHRASES,
  IGNORE_PHRASES,
  LEAK_PHRASES,
  PERSONA_HARD_PHRASES,
  PERSONA_SOFT_PHRASES,
  type PhraseFamily,
  type PhraseGroup,
  startsWord,
  UNRESTRICTED_RE,
} from './_phrases.js';
import type { ScanText, View } from './text.js';

/** How much a finding matters: `high` quarantines, `medium` and `low` are reported. */
export type Severity = 'high' | 'medium' | 'low';

/** One place a rule matched. */
export interface Hit {
  view: View;
  index: number;
  /** What matched (shown in the finding, invisible characters made visible). */
  text: string;
  /** A more specific message than the rule's title. */
  message?: string;
}

/** A rule of the catalog. */
export interface ScanRule {
  id: string;
  severity: Severity;
  /** What the rule looks for, in one line (the catalog in docs/governance.md lists these). */
  title: string;
  find(text: ScanText, emit: (hit: Hit) => void): void;
}

/** Runs each pattern over one view and reports every match. */
export function matchAll(
  text: ScanText,
  view: View,
  patterns: readonly RegExp[],
  emit: (hit: Hit) => void,
  accept: (m: RegExpExecArray, source: string) => boolean = () => true,
): void {
  const source = text.view(view);
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
      if (m[0] !== '' && accept(m, source)) emit({ view, index: m.index, text: m[0] });
      // A rejected match may hide one that starts inside it.
      else pattern.lastIndex = m.index + 1;
    }
  }
}

/**
 * `matchAll` for a phrase family. Each group runs only where its gate matches: on a window of
 * text around each gate match (phrases are short), or on the whole text when the windows would
 * cover most of it. A match must not start in the middle of a word.
 */
function matchPhrases(
  text: ScanText,
  view: View,
  family: PhraseFamily,
  emit: (hit: Hit) => void,
  accept: (m: RegExpExecArray, source: string) => boolean = () => true,
): void {
  const source = text.view(view);
  const ok = (m: RegExpExecArray, s: string) => startsWord(s, m.index) && accept(m, s);
  for (const group of family) {
    const windows = gateWindows(group, source);
    if (windows === undefined) {
      matchAll(text, view, [compiledGroup(group)], emit, ok);
      continue;
    }
    const pattern = compiledGroup(group);
    for (const [from, to] of windows) {
      const part = source.slice(from, to);
      pattern.lastIndex = 0;
      for (let m = pattern.exec(part); m; m = pattern.exec(part)) {
        const at = from + m.index;
        const whole = Object.assign([m[0]], { index: at, input: source }) as unknown as RegExpExecArray;
        if (m[0] !== '' && ok(whole, source)) emit({ view, index: at, text: m[0] });
        else pattern.lastIndex = m.index + 1;
      }
    }
  }
}

// Phrases are shorter than this on either side of the word their gate finds.
const REACH = 320;

// The stretches of text where a group can match, merged; undefined means "all of it".
function gateWindows(group: PhraseGroup, source: string): [number, number][] | undefined {
  if (!group.gate) return undefined;
  const gate = gateOf(group);
  const windows: [number, number][] = [];
  let covered = 0;
  gate.lastIndex = 0;
  for (let m = gate.exec(source); m; m = gate.exec(source)) {
    const from = Math.max(0, m.index - REACH);
    const to = Math.min(source.length, m.index + m[0].length + REACH);
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) {
      covered += to - last[1];
      last[1] = to;
    } else {
      windows.push([from, to]);
      covered += to - from;
    }
    if (covered > source.length / 2) return undefined;
    if (m[0] === '') gate.lastIndex++;
  }
  return windows;
}

const gates = new WeakMap<PhraseGroup, RegExp>();

function gateOf(group: PhraseGroup): RegExp {
  let gate = gates.get(group);
  if (!gate) {
    const g = group.gate as RegExp;
    gate = new RegExp(g.source, g.flags.includes('g') ? g.flags : `${g.flags}g`);
    gates.set(group, gate);
  }
  return gate;
}

const re = (source: string, flags = 'g') => new RegExp(source, flags);

const TEMPLATE_TOKEN = [
  re(
    '<\\|[a-z][a-z0-9_]{0,40}\\|>|<\\|(?:im_start|im_end|endoftext|eot_id|start_header_id)|\\[/?inst\\]|<</?sys>>',
  ),
  re('</?(?:start|end)_of_turn>|</?\\|?(?:bos|eos)\\|?>(?=\\s*(?:system|user|assistant|model))'),
];
const ROLE_TAG = [
  re(
    '<\\s*/?\\s*(?:system|assistant|developer)(?:[-_ ]?(?:prompt|message|instructions?|reminder|override|note|update|directive|content|context))?(?:\\s[^<>\\n]{0,200})?/?>',
  ),
  re('<\\s*/\\s*(?:user|human|model|ai|bot|tool|instructions?|im_start|user_query|user_input)\\s*>'),
];
const TURN_TAG = [re('<(?:user|human|user_query|user_input|human_turn|model|ai|bot)>')];
const FAKE_TOOL = [
  re(
    '<\\s*/?\\s*(?:antml:)?(?:function_calls|tool_calls?|tool_use|tool_result|tool_response|function_results?|function_call|invoke(?=\\s+name\\s*=))(?=[\\s>/])[^<>\\n]{0,300}>',
  ),
  re('"(?:tool_calls|function_call|tool_use_id|tool_call_id)"\\s*:'),
  re('"type"\\s*:\\s*"(?:tool_use|tool_result|function_call|function_call_output|tool_call)"'),
  re('"role"\\s*:\\s*"(?:system|tool|function|developer|assistant|ipython)"'),
  re('\\[tool_calls\\]|^[ \\t]*action[ \\t]*:[^\\n]{1,80}\\n[ \\t]*action[ \\t]+input[ \\t]*:', 'gm'),
];
const ROLE_LABEL = [
  re(
    '^[ \\t>#-]{0,8}(?:system|assistant|human|developer)(?:[ \\t]*\\([^)\\n]{0,30}\\))?[ \\t]*:[ \\t]*\\S',
    'gm',
  ),
  re('^[ \\t>]{0,8}\\[(?:system|assistant|sys)\\]', 'gm'),
  re('^#{1,6}[ \\t]*(?:system|instruction|response|human|assistant)[ \\t]*:?[ \\t]*$', 'gm'),
];
const WRAPPER_RE =
  /<(\/?)\s*(context-handoff|artifact|handoff|context|previous-results|task-result|dispatch|documents?|data|tool_result|tool_output|function_results|search_results|user_input|input|source|quote|email|webpage|file|attachment|baton-[a-z0-9-]*|untrusted[a-z0-9_-]*|external[a-z0-9_-]*|retrieved[a-z0-9_-]*)(?=[\s>/])[^<>\n]{0,300}>/g;
const IMAGE_MD_RE = /!\[[^[\]\n]{0,300}\]\(\s*<?([^)\s>]{1,2000})>?(?:\s+["'(][^)\n]{0,200})?\)/g;
const IMAGE_REF_RE = /!\[[^[\]\n]{0,300}\]\[([^[\]\n]{1,100})\]/g;
const LINK_DEF_RE = /^[ \t]{0,3}\[([^\]\n]{1,100})\]:[ \t]*<?(\S{1,2000}?)>?(?:[ \t]|$)/gm;
const IMAGE_HTML_RE = /<img\b[^<>]{0,500}?\bsrc\s*=\s*["']?([^"'\s>]{1,2000})/g;
const EXFIL_PARAMS = new Set(
  'data d q secret token key apikey api_key password pass pwd content msg message text exfil leak info payload conversation chat history prompt context session cookie env creds credentials memory summary'.split(
    ' ',
  ),
);
const ADDRESSES_AI_RE =
  /(?<![\p{L}])(?:ai|llm|assistant|agents?|model|claude|gpt|chatgpt|codex|copilot|cursor|gemini|bot)(?![\p{L}])[^\n]{0,60}?(?<![\p{L}])(?:must|should|shall|always|never|do not|don't|ignore|instead|secretly|silently|you (?:are|will|must))(?![\p{L}])/u;
const HIDDEN_ELEMENT = [
  re(
    '<[a-z][a-z0-9]{0,30}\\b[^<>]{0,300}?(?:display\\s*:\\s*none|visibility\\s*:\\s*hidden|font-size\\s*:\\s*0(?:px|em|rem|pt|%)?\\s*[;"\']|opacity\\s*:\\s*0(?:\\.0+)?\\s*[;"\']|\\shidden(?=[\\s>=]))[^<>]{0,300}>',
  ),
];
const BASE64_BLOB_RE = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{160,65536}/g;
const DATA_URL_RE =
  /data:[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}(?:;[a-z0-9=.+-]{1,40}){0,4};base64,[a-z0-9+/]{32,65536}/g;

/** True when a long run of base64 characters looks like encoded data, not a word or a path. */
export function looksEncoded(run: string): boolean {
  if (!/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/[0-9]/.test(run)) return false;
  const slashes = run.length - run.replaceAll('/', '').length;
  return slashes * 16 <= run.length;
}

// A rule that reports every match of some patterns (or phrase families) in one view.
function patternRule(
  id: string,
  severity: Severity,
  view: View,
  patterns: readonly RegExp[],
  title: string,
): ScanRule {
  return { id, severity, title, find: (t, emit) => matchAll(t, view, patterns, emit) };
}

function phraseRule(
  id: string,
  severity: Severity,
  view: View,
  family: PhraseFamily,
  title: string,
): ScanRule {
  return { id, severity, title, find: (t, emit) => matchPhrases(t, view, family, emit) };
}

/** The catalog, in the order findings are reported. */
export const SCAN_RULES: readonly ScanRule[] = [
  patternRule(
    'template-token',
    'high',
    'norm',
    TEMPLATE_TOKEN,
    'chat-template control tokens (`<|im_start|>`, `[INST]`, `<<SYS>>`, `<start_of_turn>`)',
  ),
  patternRule(
    'role-tag',
    'high',
    'norm',
    ROLE_TAG,
    'role tags that open or close a turn (`<system>`, `</assistant>`, `<system-reminder>`, `</user>`)',
  ),
  {
    id: 'wrapper-break',
    severity: 'high',
    title:
      'a closing tag that would end a data wrapper it never opened (`</context-handoff>`, `</artifact>`), or a forged baton wrapper',
    find: findWrapperBreaks,
  },
  phraseRule(
    'ignore-instructions',
    'high',
    'folded',
    IGNORE_PHRASES,
    '"ignore previous instructions" and its kin in English, Spanish, French, German, Portuguese, Italian, Chinese, Russian, Japanese and Korean',
  ),
  {
    id: 'persona-switch',
    severity: 'high',
    title:
      'jailbreak persona switches ("you are no longer an AI", "developer mode", "you are now … without restrictions")',
    find(t, emit) {
      matchPhrases(t, 'folded', PERSONA_HARD_PHRASES, emit);
      matchPhrases(t, 'folded', PERSONA_SOFT_PHRASES, emit, (m, s) => unrestrictedAfter(s, m.index));
    },
  },
  patternRule(
    'fake-tool-call',
    'high',
    'norm',
    FAKE_TOOL,
    'fake tool-call or function-result blocks (`<function_calls>`, `<tool_result>`, `"role": "system"`, `"tool_calls":`)',
  ),
  phraseRule(
    'secret-exfil',
    'high',
    'norm',
    EXFIL_HARD_PHRASES,
    'commands or requests that send secret files, the environment or the conversation elsewhere',
  ),
  {
    id: 'image-exfil',
    severity: 'high',
    title: 'Markdown or HTML images whose URL carries data in its query or path (fetching it leaks the data)',
    find: (t, emit) => findImages(t, emit, true),
  },
  {
    id: 'hidden-tags',
    severity: 'high',
    title: 'Unicode tag characters (U+E0000–U+E007F): invisible ASCII, decoded in the message',
    find(t, emit) {
      // Flag tags are blanked in place, so positions stay those of the text.
      const raw = withoutFlagTags(t.raw);
      TAG_RUN_RE.lastIndex = 0;
      for (let m = TAG_RUN_RE.exec(raw); m; m = TAG_RUN_RE.exec(raw)) {
        const hidden = decodeTagChars(m[0]);
        emit({
          view: 'raw',
          index: m.index,
          text: m[0],
          message: `${[...m[0]].length} invisible tag character(s) spelling ${JSON.stringify(hidden.slice(0, 120))}`,
        });
      }
    },
  },
  {
    id: 'bidi-control',
    severity: 'high',
    title: 'bidirectional embedding, override or isolate controls (U+202A–U+202E, U+2066–U+2069)',
    find(t, emit) {
      BIDI_RE.lastIndex = 0;
      for (let m = BIDI_RE.exec(t.raw); m; m = BIDI_RE.exec(t.raw)) {
        emit({ view: 'raw', index: m.index, text: m[0] });
      }
    },
  },
  {
    id: 'invisible-run',
    severity: 'high',
    title:
      'runs of zero-width characters or variation selectors (three or more together, or over eight on a line)',
    find: (t, emit) => findInvisible(t, emit, 'run'),
  },
  {
    id: 'encoded-instructions',
    severity: 'high',
    title: 'base64, hex, percent or escape-encoded text that decodes to a high-severity finding',
    find() {
      // Filled in by the scanner, which decodes candidates and scans them (see scan.ts).
    },
  },
  {
    id: 'persona-hint',
    severity: 'medium',
    title: 'persona switches that may be innocent ("you are now …", "from now on you …", "pretend to be")',
    find: (t, emit) =>
      matchPhrases(t, 'folded', PERSONA_SOFT_PHRASES, emit, (m, s) => !unrestrictedAfter(s, m.index)),
  },
  phraseRule(
    'instruction-hijack',
    'medium',
    'folded',
    HIJACK_PHRASES,
    '"new instructions:", "your real task is", "ignore the above"',
  ),
  patternRule(
    'role-label',
    'medium',
    'words',
    ROLE_LABEL,
    'lines labelled as a turn of a chat (`System:`, `Assistant:`, `### Instruction:`, `[system]`)',
  ),
  phraseRule(
    'prompt-leak',
    'medium',
    'folded',
    LEAK_PHRASES,
    'requests to reveal the system prompt or hidden instructions',
  ),
  phraseRule(
    'authority-claim',
    'medium',
    'folded',
    AUTHORITY_PHRASES,
    'text claiming authority only a signature can give ("SYSTEM OVERRIDE:", "approved by", "these instructions override")',
  ),
  phraseRule(
    'concealment',
    'medium',
    'folded',
    CONCEAL_PHRASES,
    'instructions to keep something from the user ("do not tell the user", "secretly send")',
  ),
  phraseRule(
    'exfil-request',
    'medium',
    'norm',
    EXFIL_SOFT_PHRASES,
    'requests to send credentials or tokens to an address',
  ),
  {
    id: 'hidden-text',
    severity: 'medium',
    title: 'HTML comments that address an AI reader, and HTML elements hidden by style',
    find(t, emit) {
      const norm = t.view('norm');
      // Comments found with indexOf: a regular expression would rescan an unclosed `<!--` run.
      for (let start = norm.indexOf('<!--'); start >= 0; start = norm.indexOf('<!--', start + 4)) {
        const end = norm.indexOf('-->', start + 4);
        if (end < 0) break;
        const inner = norm.slice(start + 4, Math.min(end, start + 4004));
        if (ADDRESSES_AI_RE.test(inner))
          emit({ view: 'norm', index: start, text: norm.slice(start, end + 3) });
        start = end;
      }
      matchAll(t, 'norm', HIDDEN_ELEMENT, emit);
    },
  },
  patternRule('data-url', 'medium', 'norm', [DATA_URL_RE], 'base64 `data:` URLs'),
  {
    id: 'base64-blob',
    severity: 'medium',
    title: 'long base64 blobs (160 characters or more)',
    find: (t, emit) => matchAll(t, 'raw', [BASE64_BLOB_RE], emit, (m) => looksEncoded(m[0])),
  },
  {
    id: 'invisible-char',
    severity: 'medium',
    title: 'stray zero-width or direction characters outside the scripts and emoji that use them',
    find: (t, emit) => findInvisible(t, emit, 'char'),
  },
  patternRule(
    'turn-tag',
    'low',
    'norm',
    TURN_TAG,
    'opening user or model turn tags (`<user>`, `<human>`): often a placeholder, sometimes a fake turn',
  ),
  {
    id: 'image-query',
    severity: 'low',
    title: 'images fetched from a URL with a short query (badges); data-bearing ones are image-exfil',
    find: (t, emit) => findImages(t, emit, false),
  },
];

/** Rules by id. */
export const RULES_BY_ID: ReadonlyMap<string, ScanRule> = new Map(SCAN_RULES.map((r) => [r.id, r]));

function unrestrictedAfter(source: string, index: number): boolean {
  return UNRESTRICTED_RE.test(source.slice(index, index + 160));
}

function findWrapperBreaks(t: ScanText, emit: (hit: Hit) => void): void {
  const norm = t.view('norm');
  const open = new Map<string, number>();
  WRAPPER_RE.lastIndex = 0;
  for (let m = WRAPPER_RE.exec(norm); m; m = WRAPPER_RE.exec(norm)) {
    const closing = m[1] === '/';
    const name = m[2] as string;
    if (name.startsWith('baton-')) {
      emit({
        view: 'norm',
        index: m.index,
        text: m[0],
        message: 'text that imitates baton’s own data wrapper',
      });
      continue;
    }
    if (m[0].endsWith('/>')) continue;
    const n = open.get(name) ?? 0;
    if (!closing) open.set(name, n + 1);
    else if (n > 0) open.set(name, n - 1);
    else
      emit({
        view: 'norm',
        index: m.index,
        text: m[0],
        message: `\`${m[0]}\` closes a <${name}> it never opened`,
      });
  }
}

const invisibleCache = new WeakMap<ScanText, { run: Hit[]; char: Hit[] }>();

// One pass over the runs of invisible characters serves both invisible rules; lines come in
// order, so a line's count is complete when the next line starts (constant memory).
function findInvisible(t: ScanText, emit: (hit: Hit) => void, want: 'run' | 'char'): void {
  let found = invisibleCache.get(t);
  if (!found) {
    found = { run: [], char: [] };
    const out = found;
    const raw = t.raw;
    let cur: { line: number; count: number; index: number; text: string } | undefined;
    const flush = () => {
      if (!cur) return;
      const hit = {
        view: 'raw' as const,
        index: cur.index,
        text: cur.text,
        message: `${cur.count} invisible character(s) on this line, first ${visible(cur.text)}`,
      };
      (cur.count > 8 ? out.run : out.char).push(hit);
      cur = undefined;
    };
    ZERO_WIDTH_RUN_RE.lastIndex = 0;
    for (let m = ZERO_WIDTH_RUN_RE.exec(raw); m; m = ZERO_WIDTH_RUN_RE.exec(raw)) {
      let odd = 0;
      let offset = m.index;
      for (const ch of m[0]) {
        if (!isOrdinaryInvisible(raw, offset, ch)) odd++;
        offset += ch.length;
      }
      if (odd === 0) continue;
      if (odd >= 3) {
        out.run.push({
          view: 'raw',
          index: m.index,
          text: m[0].slice(0, 64),
          message: `${odd} invisible characters in a row`,
        });
        continue;
      }
      const line = t.lineAt('raw', m.index);
      if (cur && cur.line !== line) flush();
      if (cur) cur.count += odd;
      else cur = { line, count: odd, index: m.index, text: m[0] };
    }
    flush();
    invisibleCache.set(t, found);
  }
  for (const hit of found[want]) emit(hit);
}

function findImages(t: ScanText, emit: (hit: Hit) => void, dataBearing: boolean): void {
  const norm = t.view('norm');
  const check = (url: string, index: number, whole: string) => {
    const verdict = judgeImageUrl(url);
    if (verdict === 'none') return;
    if ((verdict === 'data') === dataBearing) emit({ view: 'norm', index, text: whole });
  };
  for (const pattern of [IMAGE_MD_RE, IMAGE_HTML_RE]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(norm); m; m = pattern.exec(norm)) check(m[1] as string, m.index, m[0]);
  }
  IMAGE_REF_RE.lastIndex = 0;
  let defs: Map<string, string> | undefined;
  for (let m = IMAGE_REF_RE.exec(norm); m; m = IMAGE_REF_RE.exec(norm)) {
    if (!defs) {
      defs = new Map();
      LINK_DEF_RE.lastIndex = 0;
      for (let d = LINK_DEF_RE.exec(norm); d; d = LINK_DEF_RE.exec(norm))
        defs.set(d[1] as string, d[2] as string);
    }
    const url = defs.get(m[1] as string);
    if (url) check(url, m.index, m[0]);
  }
}

/** `data` when fetching the image would carry data out, `query` for a plain query, else `none`. */
export function judgeImageUrl(url: string): 'data' | 'query' | 'none' {
  if (!/^(?:https?:)?\/\//.test(url)) return 'none';
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/#.*$/, '');
  const placeholder = /[{}$<>[\]]|%7b|%7d|%24|%3c/;
  const segments = path.split('/').slice(3);
  if (
    segments.some(
      (s) => placeholder.test(s) || (s.length >= 40 && looksEncoded(s.replace(/[^A-Za-z0-9+/_-]/g, ''))),
    )
  ) {
    return 'data';
  }
  if (q < 0) return 'none';
  const query = url.slice(q + 1).replace(/#.*$/, '');
  if (query === '') return 'none';
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    if (EXFIL_PARAMS.has(name) || value.length >= 16 || placeholder.test(value)) return 'data';
  }
  return 'query';
}
