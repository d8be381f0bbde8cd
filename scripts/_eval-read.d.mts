/** Types of scripts/_eval-read.mjs (the evaluation's own reading of a session log). */
export type EvalEvent =
  | { type: 'request'; line: number; text: string }
  | { type: 'boundary'; line: number }
  | { type: 'summary'; line: number; text: string }
  | { type: 'tool'; line: number; id?: string; name: string; input: unknown; result?: unknown };
export interface EvalSession {
  kind: 'claude-code' | 'codex';
  cwd: string | undefined;
  lines: string[];
  events: EvalEvent[];
}
export function readSession(path: string): EvalSession;
export const ACK_RE: RegExp;
