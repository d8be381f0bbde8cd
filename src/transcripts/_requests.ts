/** Telling the person's own words from the wrappers hosts put in the user role. */
import { foldedWords } from './_text.js';
import type { CommandAim } from './types.js';

// Whole records the host writes as the user: slash-command echoes, local command output,
// background-task notices, IDE context, interruptions, hook echoes, a prompt a hook stopped.
const WRAPPER_START =
  /^(?:<(?:command-name|command-message|command-args|local-command-[a-z-]+|task-notification|bash-input|bash-stdout|bash-stderr|user-prompt-submit-hook|environment_context|user_instructions|permissions instructions|skills_instructions|turn_aborted|subagent_notification)>|\[Request interrupted|Caveat: The messages below|# AGENTS\.md instructions|<INSTRUCTIONS>|Operation stopped by hook: )/;
// Context blocks a host or the app around it inserts inside the person's message: the IDE's, and
// any block whose tag names it the system's (`<system-reminder>`, Conductor's `<system_instruction>`).
const INLINE_BLOCKS = /<(ide_opened_file|ide_selection|ide_diagnostics|system[\w-]*)>[\s\S]*?<\/\1>/g;
const SUMMARY_START =
  /^(?:This session is being continued from a previous conversation|Another language model started to solve this problem)/;

// A shell's or an agent host's prompt at the start of a pasted request (`❯ `, `$ `, `> `).
const PROMPT_MARK = /^[❯›»$>][ \t\u00a0]+(?=\S)/u;

/** The text without the prompt it was pasted with; a block quoted line by line (`> …` twice) stays. */
function withoutPrompt(text: string): string {
  if (!PROMPT_MARK.test(text)) return text;
  if (text.startsWith('>') && text.split('\n').filter((l) => /^\s*>/.test(l)).length > 1) return text;
  return text.replace(PROMPT_MARK, '');
}

/** The person's request in a user text, or undefined when it is a wrapper or only host context. */
export function requestText(text: string): string | undefined {
  const stripped = withoutPrompt(text.replace(INLINE_BLOCKS, '').trim());
  if (/^<command-(?:name|message)>/.test(stripped)) return slashRequest(stripped);
  if (stripped === '' || WRAPPER_START.test(stripped) || SUMMARY_START.test(stripped)) return undefined;
  return isHostCommand(stripped) ? undefined : stripped;
}

/** Whether a user text is a host's compaction summary handed to the next window. */
export function isSummaryText(text: string): boolean {
  return SUMMARY_START.test(text.trimStart());
}

// The slash commands that steer the host itself; any other (a custom or plugin command) is a request.
const HOST_COMMANDS = new Set(
  'add-dir agents bashes clear compact config context cost doctor exit export fast help hooks ide login logout mcp memory model output-style permissions plugin privacy-settings quit rate-limit-options release-notes resume rewind status statusline tasks terminal-setup theme todos upgrade usage vim'.split(
    ' ',
  ),
);

/** A slash command the person ran, as `/name args`, when it asks for work (not `/compact`, `/clear`, …). */
function slashRequest(text: string): string | undefined {
  const name = /<command-name>\s*\/?([^<\s]+)\s*<\/command-name>/.exec(text)?.[1];
  if (!name || HOST_COMMANDS.has(name)) return undefined;
  const args = /<command-args>([\s\S]*?)<\/command-args>/.exec(text)?.[1]?.trim();
  return `/${name}${args ? ` ${args}` : ''}`;
}

// A request that is a command the person ran: `/name` or `/plugin:name`, with its arguments.
const COMMAND = /^\/([a-z][\w.-]*(?::[\w.-]+)?)(?:[ \t]+(\S[^\n]*))?$/i;

/** Whether a request is a command the person ran (`/gsd:plan-phase 26`), and whether it has arguments. */
export function commandOf(request: string): { name: string; args: boolean } | undefined {
  const m = COMMAND.exec(request.trim());
  return m ? { name: m[1] as string, args: m[2] !== undefined } : undefined;
}

/**
 * What a command's prompt (what the host expanded it to) says it is for: its `<objective>` block
 * (`stated`), else its first paragraph of prose past the skill's folder line, headings and front
 * matter; the first paragraph of either, on one line, or undefined when it has none.
 */
export function commandAim(prompt: string): CommandAim | undefined {
  const block = /<objective>([\s\S]*?)(?:<\/objective>|$)/i.exec(prompt)?.[1];
  const body = (block ?? prompt).replace(/^\s*---\n[\s\S]*?\n---\s*\n/, '');
  const paragraph = body
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .find(
      (p) =>
        /\p{L}{3}/u.test(p) && !/^(?:#|<|Base directory for this skill:|[-*•]\s|\d+[.)]\s|```|@)/.test(p),
    );
  if (paragraph === undefined) return undefined;
  return {
    aim: paragraph.length > 300 ? `${paragraph.slice(0, 299).replace(/\s+\S*$/, '')}…` : paragraph,
    stated: block !== undefined,
  };
}

/** Whether a typed request is only a host command (`/clear`, ` /compact`): not a request for work. */
function isHostCommand(text: string): boolean {
  const name = /^\s*\/([a-z][\w-]*)\s*$/.exec(text)?.[1];
  return name !== undefined && HOST_COMMANDS.has(name);
}

// A sentence that asks rather than tells, in the languages the corpus shows.
const QUESTION_START =
  /^(?:what|why|how|when|where|which|who|whose|did|do(?!\s+not\b)|does|is|are|was|were|can|could|should|would|will|have|has|shall|may|might|any idea|wie|was|warum|wo|kannst|ist|sind|est-ce|pourquoi|comment|qué|por qué|cómo|puedes)\b/i;

// Questions written without a question mark in Chinese and Japanese: a closing particle
// (`…可以吗`, `…怎么弄呢，…`, `…通りましたか`) or an asking word (`怎么`, `为什么`, `是否`, `要不要`).
const CJK_QUESTION =
  /[吗呢](?=[\s，,。.!！~～]|$)|(?:怎么|为什么|为何|是否|如何|要不要|能不能|是不是|可不可以|有没有|哪个|哪些|哪里)|か(?=[\s。.]*$)/;

/** Whether a sentence is a question (a question mark, it starts as one, or asks as Chinese and Japanese do). */
export function isQuestion(sentence: string): boolean {
  const s = sentence.trim();
  return /[?？]\s*$/.test(s) || QUESTION_START.test(s) || CJK_QUESTION.test(s);
}

// A line that starts a block of its own: a list item, a heading, a quote, a fence, a table row.
const BLOCK_START = /^\s*(?:[-*•+>#|]|```|\d{1,3}[.)]\s|[a-z][.)]\s)/;
// A line that ends its sentence (or introduces what follows it).
const SENTENCE_END = /[.!?。！？:：]["'”’)]*$/;

/**
 * The text with hard-wrapped lines joined: a line break inside a sentence (the line before it ends
 * in a space, a comma or a dash, or the next line goes on in lower case) becomes a space. A line
 * that ends its sentence, a blank line and a line that starts a list item or a heading stay breaks.
 */
function joinWrapped(text: string): string {
  const lines = text.split(/\r?\n/);
  let out = lines[0] ?? '';
  for (const line of lines.slice(1)) {
    const before = out.slice(out.lastIndexOf('\n') + 1);
    const next = line.trimStart();
    const goesOn =
      before.trim() !== '' &&
      next !== '' &&
      !BLOCK_START.test(line) &&
      !SENTENCE_END.test(before.trimEnd()) &&
      (/[ \t]$/.test(before) || /[,;\u2013\u2014-]$/.test(before) || /^\p{Ll}/u.test(next));
    out = goesOn ? `${out.trimEnd()} ${next}` : `${out}\n${line}`;
  }
  return out;
}

/**
 * The sentences of a request, split at sentence ends and line breaks (hard-wrapped lines joined
 * first); a list item's number (`1.`) ends no sentence.
 */
export function sentencesOf(text: string): string[] {
  return joinWrapped(text)
    .split(/\n+|(?<=[.!?。！？])(?<!(?:^|\s)\d{1,3}\.)\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

// Replies that only say "go on": not requests for work, in the languages the sessions show.
const ACK =
  /^(?:ok(?:ay)?|k|y|yes|yep|yeah|sure|go|go on|go ahead|continue|proceed|carry on|thanks?|thank you|great|good|nice|done|next|please continue|continue implementation|keep going|lgtm|weiter|mach weiter|weiter so|ja|danke|gut|oui|merci|d'accord|vas-y|sí|si|gracias|sigue|continúa|继续|继续吧|请继续|好|好的|好吧|可以|行|嗯|对|是的|没问题|谢谢|はい|続けて|ありがとう|계속)[.!。！～~ ]*$/i;

/** Whether a message only says "go on" (`ok`, `continue`, `keep going`): no request for work of its own. */
export const isAck = (line: string) => ACK.test(line.trim());

/**
 * Words that only react ("Good.", "Perfect!", "完美！", "好的！"): short sentences, each of at most
 * three words (or six letters of a script written without spaces), with no number, path or code.
 */
export function isInterjection(text: string): boolean {
  const t = text.trim();
  if (t.length > 24 || /[\d`/\\]/.test(t)) return false;
  return sentencesOf(t).every((x) => {
    const wide = x.match(/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/gu)?.length ?? 0;
    return wide > 0 ? wide <= 6 : x.split(/\s+/).length <= 3;
  });
}

// A greeting, or a command that only asks the host for its help: no work of its own.
const GREETING =
  /^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening)|hallo|moin|servus|bonjour|salut|hola|ciao|olá|你好|您好|嗨|哈喽|こんにちは|안녕하세요|привет)(?:\s+(?:there|all|claude|codex))?[\s!.,。！～~]*$/iu;
// `/init` writes the host's memory file, `/plan` only switches the mode: neither names the work.
const HELP = /^\/(?:(?:[\w-]+:)?help\b|init$|plan$)/;

// Words that ask about the assistant itself, not the work: which model it is, who it is, whether
// it is there, what it remembers, and a call to pick up the earlier work from its memory.
const ABOUT_ASSISTANT = new RegExp(
  [
    String.raw`\b(?:what|which)\s+(?:ai\s+|llm\s+)?(?:model|llm|version)\b[^.?!]{0,30}\b(?:are you|is this|do you|am i)`,
    String.raw`\bwho are you\b|\bare you (?:there|online|awake|alive|claude|gpt|codex)\b`,
    String.raw`\bdo you (?:still )?(?:remember|recall|have (?:the )?(?:context|memory))\b|\b(?:check|read|look at) (?:your|the) memory\b`,
    String.raw`\b(?:continue|pick up|resume|carry on|start again)\b[^.?!]{0,15}\bwhere (?:we|you|i) (?:left off|stopped|were)\b|\bwhere were we\b`,
    String.raw`welches modell|wer bist du|wo waren wir|quel modèle|qué modelo|où en étions`,
    // Chinese and Japanese: which model, who are you, your memory, still remember, the session broke.
    '什么模型|哪个模型|啥模型|你是谁|你的记忆|还有记忆|还记得|会话断|断了会话|上次的进度|どのモデル|何のモデル|あなたは誰|前回の続き',
  ].join('|'),
);
// Words one of those phrases holds: the pattern (costly to compile) is tried only on a text with one.
const ABOUT_CUES =
  /model|who are|are you|remember|recall|memory|left off|stopped|where we|where were|wer bist|waren wir|modèle|modelo|étions|模型|你是谁|记忆|还记得|会话断|上次的进度|モデル|あなたは誰|前回の続き/;
// What a request holds besides words about the assistant: a path, a URL, code, a number, a
// second sentence of work.
const WORK_SIGNS = /[/\\\x60]|https?:|\d{3,}|\.\w{1,4}\b/;

/**
 * Whether a request only asks about the assistant (its model, whether it remembers, "pick up
 * where we left off"): short, with no path, URL, code or further work in it.
 */
function isAboutAssistant(request: string): boolean {
  const t = request.trim();
  const lower = t.toLowerCase();
  if (t.length > 200 || !ABOUT_CUES.test(lower) || !ABOUT_ASSISTANT.test(lower) || WORK_SIGNS.test(t))
    return false;
  const wide = (t.match(/[\u3040-\u30ff\u3400-\u9fff]/g) ?? []).length;
  const words = t
    .replace(/[\u3040-\u30ff\u3400-\u9fff]/g, ' ')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w)).length;
  return words <= 10 && wide <= 24 && sentencesOf(t).length <= 2;
}

// A message that only says to go on with the work: "continue", "Read RESUME.md and continue",
// "carry on where you left off", "mach weiter mit dem Plan".
const RESUME =
  /^(?:(?:please|pls|ok(?:ay)?|now|so|bitte|jetzt)[,\s]+)?(?:(?:read|re-?read|check|open|see|look at|lies|lese)\s+\S+(?:\s+\S+)?\s*(?:and|then|,|und|dann)\s+)?(?:continue|carry on|proceed|resume|keep going|go on|pick up|mach(?:e)? weiter|weiter(?:machen)?|fahre? fort)\b[^.?!\n]{0,40}[.!]?$/i;

/**
 * Whether a request names no work of its own: it says to go on (`Read RESUME.md and continue`),
 * or it is a few characters with no path, code or number in it (`空的`, `fix it`): it answers or
 * goes on with what came before it.
 */
export function resumesOnly(request: string): boolean {
  const t = request.trim();
  return RESUME.test(t) || ([...t].length < 20 && !WORK_SIGNS.test(t));
}

/**
 * Which request is the Goal: the first that asks for work, not a greeting, a "go on", a call for
 * the host's help or set-up (`你好`, `/gsd:help`, a bare `/init`) or a question about the
 * assistant itself (`what model are you?`, `do you remember where we were?`), nor a bare command
 * whose prompt (`aims`) states no objective when a request follows it; the first of all when none does.
 */
export function goalIndex(requests: readonly string[], aims?: ReadonlyMap<number, CommandAim>): number {
  const asks = requests.flatMap((r, i) => {
    const t = r.trim();
    return !GREETING.test(t) && !HELP.test(t) && !isAck(t) && !isAboutAssistant(t) ? [i] : [];
  });
  // A command run with no arguments whose prompt states no objective (a skill's guide) says what
  // kind of work, and the request after it which work.
  const named = asks.find((i) => {
    const command = commandOf(requests[i] as string);
    return !command || command.args || aims?.get(i)?.stated !== false;
  });
  return named ?? asks[0] ?? 0;
}

/**
 * Whether a message reads as another sent again: the same words, or nearly (85 in 100 of their
 * letter pairs shared, as `…回了我` and `…回我了`; not under eight letters), as when the person sends
 * it once more after the host failed to answer.
 */
export function readsAsSame(a: string, b: string): boolean {
  const fa = foldedWords(a).replace(/ /g, '');
  const fb = foldedWords(b).replace(/ /g, '');
  if (fa === fb) return fa !== '';
  if (Math.min(fa.length, fb.length) < 8) return false;
  const pairs = (t: string) => {
    const counts = new Map<string, number>();
    for (let i = 0; i + 1 < t.length; i++)
      counts.set(t.slice(i, i + 2), (counts.get(t.slice(i, i + 2)) ?? 0) + 1);
    return counts;
  };
  const pa = pairs(fa);
  const pb = pairs(fb);
  let shared = 0;
  for (const [pair, n] of pa) shared += Math.min(n, pb.get(pair) ?? 0);
  return (2 * shared) / (fa.length + fb.length - 2) >= 0.85;
}
