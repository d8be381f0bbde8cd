/**
 * The structural rules' patterns and finders: tags, tool calls, images, hidden text, invisible
 * characters and encoded runs. Each finder is linear in the text.
 */
import { isOrdinaryInvisible, visible, ZERO_WIDTH_RUN_RE } from './_chars.js';
import { base64Runs, type Run } from './_decode.js';
import type { Hit } from './_types.js';
import type { ScanText } from './text.js';

const re = (source: string, flags = 'g') => new RegExp(source, flags);

/** Chat-template control tokens. */
export const TEMPLATE_TOKEN = [
  re(
    '<\\|[a-z][a-z0-9_]{0,40}\\|>|<\\|(?:im_start|im_end|endoftext|eot_id|start_header_id)|\\[/?inst\\]|<</?sys>>',
  ),
  re('</?(?:start|end)_of_turn>|</?\\|?(?:bos|eos)\\|?>(?=\\s*(?:system|user|assistant|model))'),
];
/** Tags that open or close a system, assistant or developer turn, and closing turn tags. */
export const ROLE_TAG = [
  re(
    '<\\s*/?\\s*(?:system|assistant|developer)(?:[-_ ]?(?:prompt|message|instructions?|reminder|override|note|update|directive|content|context))?(?:\\s[^<>\\n]{0,200})?/?>',
  ),
  re('<\\s*/\\s*(?:user|human|model|ai|bot|tool|instructions?|im_start|user_query|user_input)\\s*>'),
];
/** Opening user or model turn tags (often placeholders). */
export const TURN_TAG = [re('<(?:user|human|user_query|user_input|human_turn|model|ai|bot)>')];
/** Tool-call and function-result markup, XML or JSON. */
export const FAKE_TOOL = [
  re(
    '<\\s*/?\\s*(?:antml:)?(?:function_calls|tool_calls?|tool_use|tool_result|tool_response|function_results?|function_call|invoke(?=\\s+name\\s*=))(?=[\\s>/])[^<>\\n]{0,300}>',
  ),
  re('"(?:tool_calls|function_call|tool_use_id|tool_call_id)"\\s*:'),
  re('"type"\\s*:\\s*"(?:tool_use|tool_result|function_call|function_call_output|tool_call)"'),
  re('"role"\\s*:\\s*"(?:system|tool|function|developer|assistant|ipython)"'),
  re('\\[tool_calls\\]|^[ \\t]*action[ \\t]*:[^\\n]{1,80}\\n[ \\t]*action[ \\t]+input[ \\t]*:', 'gm'),
  // A fenced block labelled as a call or its result (```tool_call), as some chat formats print them.
  re(
    '^[ \\t]{0,3}(?:`{3,8}|~{3,8})[ \\t]{0,8}(?:tool_calls?|tool_code|tool_use|tool_results?|tool_response|function_calls?|function_results?)(?![a-z0-9_])',
    'gm',
  ),
];
/**
 * Literals one of which each `FAKE_TOOL` pattern's matches hold (one list per pattern, in order):
 * a pattern whose literals are not in the text cannot match there.
 */
export const FAKE_TOOL_NEEDS: readonly (readonly string[])[] = [
  ['<'],
  ['"'],
  ['"'],
  ['"'],
  ['[tool_calls]', 'action'],
  ['```', '~~~'],
];
/** Lines labelled as a turn of a chat. */
export const ROLE_LABEL = [
  re(
    '^[ \\t>#-]{0,8}(?:<!--[ \\t]{0,8})?(?:system|assistant|human|developer)(?:[ \\t]*\\([^)\\n]{0,30}\\))?[ \\t]*:[ \\t]*\\S',
    'gm',
  ),
  re('^[ \\t>]{0,8}\\[(?:system|assistant|sys)\\]', 'gm'),
  re('^#{1,6}[ \\t]*(?:system|instruction|response|human|assistant)[ \\t]*:?[ \\t]*$', 'gm'),
];
/**
 * What every `ROLE_LABEL` match starts with: at the start of a line, any of its leading marks (an
 * HTML comment's `<!--` among them), then a role word (`sys` of `system`). One quick test before
 * the three patterns and their literals.
 */
export const ROLE_LABEL_START_RE =
  /^[ \t>#-]*(?:<!--[ \t]*)?\[?(?:sys|assistant|human|developer|instruction|response)/m;
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
// Names of an AI reader (one or two words: "AI agent", "language model").
const AI_READER =
  '(?:(?:ai|coding|the)\\s+)?(?:ai|llm|language\\s+model|assistant|agents?|model|claude|gpt|chatgpt|codex|copilot|cursor|gemini|bot)';
/** A comment that addresses an AI reader with a directive. */
export const ADDRESSES_AI_RE = new RegExp(
  [
    // An AI reader, then an instruction (across lines: comments span them).
    `(?<![\\p{L}])${AI_READER}(?![\\p{L}])[\\s\\S]{0,60}?(?<![\\p{L}])(?:must|should|shall|always|never|do not|don't|ignore|instead|secretly|silently|quietly|please|you (?:are|will|must))(?![\\p{L}])`,
    // Addressed to one: "Hey AI agent reading this", "To the language model processing …", "For Claude only:".
    `(?<![\\p{L}])(?:hey|hi|hello|dear|attention|attn|note\\s+to|message\\s+to|instructions?\\s+for|to|for|psst)\\s*[,:]?\\s+(?:the\\s+|any\\s+|all\\s+|an?\\s+|you\\s+)?${AI_READER}(?![\\p{L}])(?:s(?![\\p{L}]))?\\s*(?:[:,!—-]|\\s(?:only|reading|processing|parsing|reviewing|working|that\\s+reads|who\\s+reads|here))`,
    `(?<![\\p{L}])${AI_READER}\\s+(?:reading|processing|parsing|reviewing)\\s+this`,
  ].join('|'),
  'u',
);
/** HTML elements hidden by style or attribute. */
export const HIDDEN_ELEMENT = [
  re(
    '<[a-z][a-z0-9]{0,30}\\b[^<>]{0,300}?(?:display\\s*:\\s*none|visibility\\s*:\\s*hidden|font-size\\s*:\\s*0(?:px|em|rem|pt|%)?\\s*[;"\']|opacity\\s*:\\s*0(?:\\.0+)?\\s*[;"\']|\\shidden(?=[\\s>=]))[^<>]{0,300}>',
  ),
];
/** Base64 `data:` URLs. */
export const DATA_URL_RE =
  /data:[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}(?:;[a-z0-9=.+-]{1,40}){0,4};base64,[a-z0-9+/]{32,65536}/g;

const runsCache = new WeakMap<ScanText, Run[]>();

/** The runs of base64 characters of a text, found once for the blob rule and the decoder. */
export function runsOf(t: ScanText): Run[] {
  let runs = runsCache.get(t);
  if (!runs) {
    runs = base64Runs(t.raw);
    runsCache.set(t, runs);
  }
  return runs;
}

/** True when a long run of base64 characters looks like encoded data, not a word or a path. */
export function looksEncoded(run: string): boolean {
  if (!/[A-Z]/.test(run) || !/[a-z]/.test(run) || !/[0-9]/.test(run)) return false;
  const slashes = run.length - run.replaceAll('/', '').length;
  return slashes * 16 <= run.length;
}

/** Reports closing wrapper tags the text never opened, and imitations of baton's wrapper. */
export function findWrapperBreaks(t: ScanText, emit: (hit: Hit) => void): void {
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
/** Reports invisible characters: runs (`run`) or stray ones (`char`). */
export function findInvisible(t: ScanText, emit: (hit: Hit) => void, want: 'run' | 'char'): void {
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

/** Reports images whose URL carries data (`dataBearing`) or a plain query. */
export function findImages(t: ScanText, emit: (hit: Hit) => void, dataBearing: boolean): void {
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
function judgeImageUrl(url: string): 'data' | 'query' | 'none' {
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
