/** Telling the person's own words from the wrappers hosts put in the user role. */

// Whole records the host writes as the user: slash-command echoes, local command output,
// background-task notices, IDE context, interruptions, hook echoes.
const WRAPPER_START =
  /^(?:<(?:command-name|command-message|command-args|local-command-[a-z-]+|task-notification|bash-input|bash-stdout|bash-stderr|user-prompt-submit-hook|environment_context|user_instructions|permissions instructions|skills_instructions|turn_aborted|subagent_notification)>|\[Request interrupted|Caveat: The messages below|# AGENTS\.md instructions|<INSTRUCTIONS>)/;
// Context blocks a host inserts inside the person's message.
const INLINE_BLOCKS = /<(ide_opened_file|ide_selection|ide_diagnostics|system-reminder)>[\s\S]*?<\/\1>/g;
const SUMMARY_START =
  /^(?:This session is being continued from a previous conversation|Another language model started to solve this problem)/;

/** The person's request in a user text, or undefined when it is a wrapper or only host context. */
export function requestText(text: string): string | undefined {
  const stripped = text.replace(INLINE_BLOCKS, '').trim();
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
  'add-dir agents bashes clear compact config context cost doctor exit export fast help hooks ide login logout mcp memory model output-style permissions plugin privacy-settings quit release-notes resume rewind status statusline tasks terminal-setup theme todos upgrade usage vim'.split(
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

/** The sentences of a request, split at sentence ends and line breaks. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?。！？])\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

// Replies that only say "go on": not requests for work.
const ACK =
  /^(?:ok(?:ay)?|k|y|yes|yep|yeah|sure|go|go on|go ahead|continue|proceed|carry on|thanks?|thank you|great|good|nice|done|next|please continue|continue implementation|keep going|lgtm)[.! ]*$/i;

/** Whether a message only says "go on" (`ok`, `continue`, `keep going`): no request for work of its own. */
export const isAck = (line: string) => ACK.test(line.trim());

// A greeting, or a command that only asks the host for its help: no work of its own.
const GREETING =
  /^(?:hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening)|hallo|moin|servus|bonjour|salut|hola|ciao|olá|你好|您好|嗨|哈喽|こんにちは|안녕하세요|привет)(?:\s+(?:there|all|claude|codex))?[\s!.,。！～~]*$/iu;
// `/init` writes the host's memory file, `/plan` only switches the mode: neither names the work.
const HELP = /^\/(?:(?:[\w-]+:)?help\b|init$|plan$)/;

/**
 * Which request is the Goal: the first that asks for work, not a greeting, a "go on" or a call
 * for the host's help or set-up (`你好`, `/gsd:help`, a bare `/init`); the first of all when none does.
 */
export function goalIndex(requests: readonly string[]): number {
  const at = requests.findIndex((r) => {
    const t = r.trim();
    return !GREETING.test(t) && !HELP.test(t) && !isAck(t);
  });
  return Math.max(at, 0);
}
