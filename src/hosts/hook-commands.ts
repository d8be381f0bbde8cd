/** The hook entries baton installs, shared by the plugin, `.claude/settings.json` and `.codex/hooks.json`. */
import type { HookEvent } from './hooks.js';

/**
 * The shell command a host runs for `event`: `baton hook <event>` when baton is on PATH, else one
 * line on stderr. It always exits 0, so a missing or failing baton never blocks the session.
 */
export function hookCommand(event: HookEvent): string {
  return `if command -v baton >/dev/null 2>&1; then baton hook ${event}; else echo "baton: not on PATH (npm i -g baton): ${event} hook skipped" >&2; fi; exit 0`;
}

/** One host event: its name, the matcher (SessionStart sources), and baton's event. */
export interface HostHook {
  hostEvent: string;
  matcher?: string;
  event: HookEvent;
  timeout: number;
}

/** The hooks for Claude Code: PreCompact (manual and auto), SessionStart (every source), SubagentStop. */
export const CLAUDE_CODE_HOOKS: HostHook[] = [
  { hostEvent: 'PreCompact', event: 'pre-compact', timeout: 30 },
  { hostEvent: 'SessionStart', matcher: 'startup|resume|clear|compact', event: 'session-start', timeout: 10 },
  { hostEvent: 'SubagentStop', event: 'subagent-stop', timeout: 30 },
];

/** The hooks for Codex: PreCompact and SessionStart (every source). */
export const CODEX_HOOKS: HostHook[] = [
  { hostEvent: 'PreCompact', event: 'pre-compact', timeout: 30 },
  { hostEvent: 'SessionStart', matcher: 'startup|resume|clear|compact', event: 'session-start', timeout: 10 },
];

/** A hooks file's `hooks` object for `hooks` (the shape both hosts read). */
export function hooksObject(hooks: HostHook[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const h of hooks) {
    out[h.hostEvent] = [
      {
        ...(h.matcher ? { matcher: h.matcher } : {}),
        hooks: [{ type: 'command', command: hookCommand(h.event), timeout: h.timeout }],
      },
    ];
  }
  return out;
}
