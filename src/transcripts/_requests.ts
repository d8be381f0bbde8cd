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
  if (stripped === '' || WRAPPER_START.test(stripped) || SUMMARY_START.test(stripped)) return undefined;
  return stripped;
}

/** Whether a user text is a host's compaction summary handed to the next window. */
export function isSummaryText(text: string): boolean {
  return SUMMARY_START.test(text.trimStart());
}
