/** Turns an agent spec from the command line into an agent: a shell command, scripted, or endpoint. */
import { UserError } from '../errors.js';
import { a2aAgent } from './a2a.js';
import { commandAgent } from './command.js';
import type { Endpoint } from './endpoints.js';
import { openaiAgent } from './openai.js';
import { loadScriptedAgent } from './scripted.js';
import type { Agent } from './types.js';

/**
 * `scripted:<path>` is a scripted agent, `endpoint:<name>` a named endpoint of `endpoints`, anything
 * else a shell command.
 */
export async function resolveAgent(
  spec: string,
  cwd: string,
  endpoints: ReadonlyMap<string, Endpoint> = new Map(),
): Promise<Agent> {
  const text = spec.trim();
  if (text === '') throw new UserError('AGENT_INVALID', 'an agent spec is empty');
  if (text.startsWith('scripted:')) return loadScriptedAgent(text.slice('scripted:'.length), cwd);
  if (text.startsWith('endpoint:')) {
    const name = text.slice('endpoint:'.length);
    const endpoint = endpoints.get(name);
    if (!endpoint) {
      const known = [...endpoints.keys()];
      throw new UserError(
        'AGENT_INVALID',
        `no endpoint named "${name}"${known.length ? ` (known: ${known.join(', ')})` : ''}`,
        {
          hint: 'name endpoints in .baton/endpoints.yaml or the file given with --endpoints (see docs/run.md)',
        },
      );
    }
    if (endpoint.kind === 'openai') return openaiAgent(endpoint);
    if (endpoint.kind === 'a2a') return a2aEndpointAgent(endpoint);
    const agent = commandAgent(endpoint.command as string);
    agent.name = text;
    agent.budget = { tokenizer: endpoint.tokenizer };
    if (endpoint.maxContext !== undefined) agent.budget.maxContext = endpoint.maxContext;
    return agent;
  }
  return commandAgent(text);
}

function a2aEndpointAgent(endpoint: Endpoint): Agent {
  const token = endpoint.tokenEnv ? process.env[endpoint.tokenEnv] : undefined;
  const agent = a2aAgent({
    url: endpoint.url as string,
    ...(token ? { token } : {}),
    ...(endpoint.timeoutMs ? { timeoutMs: endpoint.timeoutMs } : {}),
  });
  agent.name = `endpoint:${endpoint.name}`;
  agent.budget = { tokenizer: endpoint.tokenizer };
  if (endpoint.maxContext !== undefined) agent.budget.maxContext = endpoint.maxContext;
  return agent;
}
