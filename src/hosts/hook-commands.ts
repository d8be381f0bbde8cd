/** The hook entries baton installs, shared by the plugin, `.claude/settings.json` and `.codex/hooks.json`. */
import type { HookEvent } from './hooks.js';

/** The npm package that puts `baton` on PATH (the command is `baton`; the name `baton` is someone else's). */
export const PACKAGE_NAME = 'baton-handoff';

/**
 * The shell command a host runs for `event`: `baton hook <event>` when baton is on PATH, else one
 * line on stderr. It always exits 0, so a missing or failing baton never blocks the session.
 */
export function hookCommand(event: HookEvent): string {
  return `if command -v baton >/dev/null 2>&1; then baton hook ${event}; else echo "baton: not on PATH (npm i -g ${PACKAGE_NAME}): ${event} hook skipped" >&2; fi; exit 0`;
}

/** What the person is told, once per session, when the hooks find no baton on PATH. */
const MISSING_BATON_MESSAGE = `baton is not on PATH, so no handoff is written before compaction and no resume brief comes back after it. Install it with: npm i -g ${PACKAGE_NAME}`;

/**
 * The SessionStart command that tells the person, where they see it (a `systemMessage`), that
 * baton is missing. It runs only when a session begins (`startup`, and `clear`, which begins a new
 * one), so a compaction or a resume of the same session does not say it again; it needs no baton,
 * no state and no JSON tool, and it always exits 0.
 */
function missingBatonCommand(): string {
  return `command -v baton >/dev/null 2>&1 || printf '%s\\n' '{"systemMessage": "${MISSING_BATON_MESSAGE}"}'; exit 0`;
}

/** One host event: its name, the matcher (SessionStart sources), and the command it runs. */
export interface HostHook {
  hostEvent: string;
  matcher?: string;
  command: string;
  timeout: number;
}

const PRE_COMPACT: HostHook = { hostEvent: 'PreCompact', command: hookCommand('pre-compact'), timeout: 30 };
const SESSION_START: HostHook = {
  hostEvent: 'SessionStart',
  matcher: 'startup|resume|clear|compact',
  command: hookCommand('session-start'),
  timeout: 10,
};
const MISSING_BATON: HostHook = {
  hostEvent: 'SessionStart',
  matcher: 'startup|clear',
  command: missingBatonCommand(),
  timeout: 10,
};

/** The hooks for Claude Code: PreCompact (manual and auto), SessionStart (every source; a missing baton), SubagentStop. */
export const CLAUDE_CODE_HOOKS: HostHook[] = [
  PRE_COMPACT,
  SESSION_START,
  MISSING_BATON,
  { hostEvent: 'SubagentStop', command: hookCommand('subagent-stop'), timeout: 30 },
];

/** The hooks for Codex: PreCompact and SessionStart (every source; a missing baton). */
export const CODEX_HOOKS: HostHook[] = [PRE_COMPACT, SESSION_START, MISSING_BATON];

/** One hooks-file group running `hook`'s command. */
export function hookGroup(hook: HostHook): Record<string, unknown> {
  return {
    ...(hook.matcher ? { matcher: hook.matcher } : {}),
    hooks: [{ type: 'command', command: hook.command, timeout: hook.timeout }],
  };
}

/** A hooks file's `hooks` object for `hooks` (the shape both hosts read), one group per entry. */
export function hooksObject(hooks: HostHook[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const h of hooks) out[h.hostEvent] = [...(out[h.hostEvent] ?? []), hookGroup(h)];
  return out;
}
