/**
 * The catalog of injection-risk rules: each has an id, a severity and a function that reports
 * hits in one view of the text. High means "this text tries to act as instructions or to hide
 * something": it quarantines an artifact. Medium and low are shown, never acted on.
 */

import type { Severity } from '../types.js';
import { BIDI_RE, decodeTagChars, TAG_RUN_RE, withoutFlagTags } from './_chars.js';
import { matchAll, matchPhrases } from './_match.js';
import type { PhraseFamily, PhraseGroup } from './_phrase-kit.js';
import {
  AUTHORITY_PHRASES,
  CONCEAL_PHRASES,
  EXFIL_HARD_PHRASES,
  EXFIL_NEEDS_RE,
  EXFIL_SOFT_PHRASES,
  HIJACK_PHRASES,
  LEAK_PHRASES,
  PERSONA_HARD_PHRASES,
  PERSONA_SOFT_PHRASES,
  UNRESTRICTED_RE,
} from './_phrases.js';
import { IGNORE_PHRASES } from './_phrases-ignore.js';
import { REPLY_EXFIL_PHRASES } from './_phrases-reply.js';
import {
  ADDRESSES_AI_RE,
  DATA_URL_RE,
  FAKE_TOOL,
  FAKE_TOOL_NEEDS,
  findImages,
  findInvisible,
  findWrapperBreaks,
  HIDDEN_ELEMENT,
  looksEncoded,
  ROLE_LABEL,
  ROLE_LABEL_START_RE,
  ROLE_TAG,
  runsOf,
  TEMPLATE_TOKEN,
  TURN_TAG,
} from './_structural.js';
import { contains, hasTrigger, NEEDS, type PhraseView } from './_triggers.js';
import type { ScanRule } from './_types.js';
import type { ScanText, View } from './text.js';

export { looksEncoded, runsOf } from './_structural.js';
export type { Hit, ScanRule } from './_types.js';

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
  view: PhraseView,
  family: PhraseFamily,
  title: string,
): ScanRule {
  return { id, severity, title, find: (t, emit) => matchPhrases(t, view, family, emit) };
}

// A rule that runs only when a cheap test says it can match: most texts have no `<`, no
// invisible character, no `![`, so most structural rules cost a few `includes`.
function gated(test: (t: ScanText) => boolean, rule: ScanRule): ScanRule {
  return { ...rule, find: (t, emit) => (test(t) ? rule.find(t, emit) : undefined) };
}

// One of the group's literals is in the norm view (lower case, so the role words of the words
// view are there too).
const needs = (group: PhraseGroup) => (t: ScanText) => hasTrigger(t, 'norm', group);

const mayHide = (t: ScanText) => t.mayHideCharacters;

// Two tests of the norm view in one pass: whether the exfiltration families can match there
// (`EXFIL_NEEDS_RE`), and whether it holds a role word (`NEEDS.roleLabel`, what the role-label
// rule has always needed). The first match of either tells one; the other is looked for from there.
let needsRe: { both: RegExp; exfil: RegExp; roles: RegExp } | undefined;
const normNeeds = new WeakMap<ScanText, { exfil: boolean; roles: boolean }>();

function needsOf(t: ScanText): { exfil: boolean; roles: boolean } {
  let known = normNeeds.get(t);
  if (known) return known;
  if (!needsRe) {
    const roles = NEEDS.roleLabel.triggers.map((l) => l.replace(/[[\]]/g, '\\$&')).join('|');
    needsRe = {
      both: new RegExp(`(${EXFIL_NEEDS_RE.source})|(?:${roles})`),
      exfil: new RegExp(EXFIL_NEEDS_RE.source, 'g'),
      roles: new RegExp(roles, 'g'),
    };
  }
  const norm = t.view('norm');
  const m = needsRe.both.exec(norm);
  if (!m) known = { exfil: false, roles: false };
  else {
    // Both may start at the same place, where the first alternative wins.
    const other = m[1] === undefined ? needsRe.exfil : needsRe.roles;
    other.lastIndex = m.index;
    const found = other.test(norm);
    known = m[1] === undefined ? { exfil: found, roles: true } : { exfil: true, roles: found };
  }
  normNeeds.set(t, known);
  return known;
}

const mayExfiltrate = (t: ScanText) => needsOf(t).exfil;

/** The catalog, in the order findings are reported. */
export const SCAN_RULES: readonly ScanRule[] = [
  gated(
    needs(NEEDS.template),
    patternRule(
      'template-token',
      'high',
      'norm',
      TEMPLATE_TOKEN,
      'chat-template control tokens (`<|im_start|>`, `[INST]`, `<<SYS>>`, `<start_of_turn>`)',
    ),
  ),
  gated(
    needs(NEEDS.tag),
    patternRule(
      'role-tag',
      'high',
      'norm',
      ROLE_TAG,
      'role tags that open or close a turn (`<system>`, `</assistant>`, `<system-reminder>`, `</user>`)',
    ),
  ),
  gated(needs(NEEDS.tag), {
    id: 'wrapper-break',
    severity: 'high',
    title:
      'a closing tag that would end a data wrapper it never opened (`</context-handoff>`, `</artifact>`), or a forged baton wrapper',
    find: findWrapperBreaks,
  }),
  phraseRule(
    'ignore-instructions',
    'high',
    'folded',
    IGNORE_PHRASES,
    '"ignore previous instructions" and its kin in 21 languages (English, Spanish, French, German, Portuguese, Italian, Dutch, Polish, Swedish, Norwegian, Danish, Turkish, Indonesian, Vietnamese, Russian, Ukrainian, Arabic, Hindi, Chinese, Japanese, Korean)',
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
  {
    id: 'fake-tool-call',
    severity: 'high',
    title:
      'fake tool-call or function-result blocks (`<function_calls>`, `<tool_result>`, `"role": "system"`, `"tool_calls":`)',
    find(t, emit) {
      // Only the patterns whose literals are in the text: the others cannot match.
      const norm = t.view('norm');
      const can = FAKE_TOOL.filter((_, i) => FAKE_TOOL_NEEDS[i]?.some((l) => contains(norm, l)));
      if (can.length > 0) matchAll(t, 'norm', can, emit);
    },
  },
  {
    id: 'secret-exfil',
    severity: 'high',
    title:
      'commands or requests that send secret files, the environment or the conversation elsewhere, or into the reply',
    find(t, emit) {
      if (mayExfiltrate(t)) matchPhrases(t, 'norm', EXFIL_HARD_PHRASES, emit);
      matchPhrases(t, 'folded', REPLY_EXFIL_PHRASES, emit);
    },
  },
  gated(needs(NEEDS.image), {
    id: 'image-exfil',
    severity: 'high',
    title: 'Markdown or HTML images whose URL carries data in its query or path (fetching it leaks the data)',
    find: (t, emit) => findImages(t, emit, true),
  }),
  gated(mayHide, {
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
  }),
  gated(mayHide, {
    id: 'bidi-control',
    severity: 'high',
    title: 'bidirectional embedding, override or isolate controls (U+202A–U+202E, U+2066–U+2069)',
    find(t, emit) {
      BIDI_RE.lastIndex = 0;
      for (let m = BIDI_RE.exec(t.raw); m; m = BIDI_RE.exec(t.raw)) {
        emit({ view: 'raw', index: m.index, text: m[0] });
      }
    },
  }),
  gated(mayHide, {
    id: 'invisible-run',
    severity: 'high',
    title:
      'runs of zero-width characters or variation selectors (three or more together, or over eight on a line)',
    find: (t, emit) => findInvisible(t, emit, 'run'),
  }),
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
  gated(
    // The role words the rule has always needed, then the start of its patterns (rarely there).
    (t) => needsOf(t).roles && ROLE_LABEL_START_RE.test(t.view('words')),
    patternRule(
      'role-label',
      'medium',
      'words',
      ROLE_LABEL,
      'lines labelled as a turn of a chat (`System:`, `Assistant:`, `### Instruction:`, `[system]`)',
    ),
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
  gated(
    mayExfiltrate,
    phraseRule(
      'exfil-request',
      'medium',
      'norm',
      EXFIL_SOFT_PHRASES,
      'requests to send credentials or tokens to an address',
    ),
  ),
  gated(needs(NEEDS.tag), {
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
  }),
  gated(
    needs(NEEDS.dataUrl),
    patternRule('data-url', 'medium', 'norm', [DATA_URL_RE], 'base64 `data:` URLs'),
  ),
  {
    id: 'base64-blob',
    severity: 'medium',
    title: 'long base64 blobs (160 characters or more)',
    find(t, emit) {
      for (const run of runsOf(t)) {
        if (run.text.length >= 160 && looksEncoded(run.text))
          emit({ view: 'raw', index: run.index, text: run.text });
      }
    },
  },
  gated(mayHide, {
    id: 'invisible-char',
    severity: 'medium',
    title: 'stray zero-width or direction characters outside the scripts and emoji that use them',
    find: (t, emit) => findInvisible(t, emit, 'char'),
  }),
  gated(
    needs(NEEDS.tag),
    patternRule(
      'turn-tag',
      'low',
      'norm',
      TURN_TAG,
      'opening user or model turn tags (`<user>`, `<human>`): often a placeholder, sometimes a fake turn',
    ),
  ),
  gated(needs(NEEDS.image), {
    id: 'image-query',
    severity: 'low',
    title: 'images fetched from a URL with a short query (badges); data-bearing ones are image-exfil',
    find: (t, emit) => findImages(t, emit, false),
  }),
];

/** Rules by id. */
export const RULES_BY_ID: ReadonlyMap<string, ScanRule> = new Map(SCAN_RULES.map((r) => [r.id, r]));

function unrestrictedAfter(source: string, index: number): boolean {
  return UNRESTRICTED_RE.test(source.slice(index, index + 160));
}
