/** Turns an agent spec from the command line into an agent: a shell command, scripted, or endpoint. */
import { UserError } from '../errors.js';
import { commandAgent } from './command.js';
import { loadScriptedAgent } from './scripted.js';
import type { Agent } from './types.js';

/**
 * `scripted:<path>` is a scripted agent, `endpoint:<name>` a named endpoint, anything else a
 * shell command.
 */
export async function resolveAgent(spec: string, cwd: string): Promise<Agent> {
  const text = spec.trim();
  if (text === '') throw new UserError('AGENT_INVALID', 'an agent spec is empty');
  if (text.startsWith('scripted:')) return loadScriptedAgent(text.slice('scripted:'.length), cwd);
  if (text.startsWith('endpoint:')) {
    throw new UserError('AGENT_INVALID', `endpoint agents are not configured here: ${text}`, {
      hint: 'name endpoints in .baton/endpoints.yaml (see docs/run.md)',
    });
  }
  return commandAgent(text);
}
