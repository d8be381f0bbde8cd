/** Turns an agent spec from the command line into an agent: a shell command, scripted, or endpoint. */
import { UserError } from '../errors.js';
import { a2aAgent } from './a2a.js';
import { commandAgent } from './command.js';
import type { Endpoint } from './endpoints.js';
import { openaiAgent } from './openai.js';
import { poolAgent } from './pool.js';
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
    if (endpoint.kind === 'pool') return poolEndpointAgent(endpoint, endpoints);
    return endpointAgent(endpoint);
  }
  return commandAgent(text);
}

// An openai, a2a or command endpoint as an agent.
function endpointAgent(endpoint: Endpoint): Agent {
  if (endpoint.kind === 'openai') return openaiAgent(endpoint);
  if (endpoint.kind === 'a2a') return a2aEndpointAgent(endpoint);
  const agent = commandAgent(endpoint.command as string);
  agent.name = `endpoint:${endpoint.name}`;
  agent.budget = { tokenizer: endpoint.tokenizer };
  if (endpoint.maxContext !== undefined) agent.budget.maxContext = endpoint.maxContext;
  return agent;
}

// A pool's budget is its own when it sets one, else the smallest of its members': a dispatch
// counted for the pool fits whichever member takes it.
function poolEndpointAgent(pool: Endpoint, endpoints: ReadonlyMap<string, Endpoint>): Agent {
  const members = (pool.members ?? []).map((name) => endpoints.get(name) as Endpoint);
  const agent = poolAgent(
    `endpoint:${pool.name}`,
    members.map((m) => ({ name: m.name, agent: endpointAgent(m), maxTasks: m.maxTasks ?? 1 })),
  );
  const limits = members.map((m) => m.maxContext);
  const smallest = limits.every((l) => l !== undefined) ? Math.min(...(limits as number[])) : undefined;
  agent.budget = { tokenizer: pool.tokenizer };
  const max = pool.maxContext ?? smallest;
  if (max !== undefined) agent.budget.maxContext = max;
  return agent;
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
