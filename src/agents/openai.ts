/**
 * The `openai` agent: any OpenAI-compatible chat-completions endpoint (vLLM, llama.cpp server,
 * Ollama, hosted APIs). A timeout per request, retries with backoff on 429 and 5xx (and refused
 * connections), the API key from a named environment variable (never logged), usage recorded.
 */
import type { Endpoint } from './endpoints.js';
import type { Agent, AgentCall, AgentReply, Unavailable } from './types.js';

/** Options of `openaiAgent`. */
export interface OpenAIAgentOptions {
  /** Retries after the first try (default 3). */
  retries?: number;
  /** First backoff in milliseconds; it doubles each retry (default 500). */
  backoffMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** An agent that sends the dispatch as the user message of one chat completion. */
export function openaiAgent(endpoint: Endpoint, options: OpenAIAgentOptions = {}): Agent {
  const agent: Agent = {
    name: `endpoint:${endpoint.name}`,
    budget: { tokenizer: endpoint.tokenizer },
    call: (call) => complete(endpoint, call, options),
  };
  if (endpoint.maxContext !== undefined && agent.budget) agent.budget.maxContext = endpoint.maxContext;
  return agent;
}

async function complete(
  endpoint: Endpoint,
  call: AgentCall,
  options: OpenAIAgentOptions,
): Promise<AgentReply> {
  const started = Date.now();
  const env = options.env ?? process.env;
  const fail = (error: string, exitCode: number | null = null, unavailable?: Unavailable): AgentReply => ({
    text: '',
    ok: false,
    error,
    exitCode,
    durationMs: Date.now() - started,
    ...(unavailable ? { unavailable } : {}),
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.apiKeyEnv) {
    const key = env[endpoint.apiKeyEnv];
    if (!key) return fail(`the API key variable ${endpoint.apiKeyEnv} is not set`);
    headers.authorization = `Bearer ${key}`;
  }
  const url = `${(endpoint.baseUrl ?? '').replace(/\/+$/, '')}/chat/completions`;
  const body = JSON.stringify({
    model: endpoint.model,
    messages: [{ role: 'user', content: call.dispatch }],
  });
  const timeoutMs = endpoint.timeoutMs ?? call.timeoutMs;
  const retries = options.retries ?? endpoint.retries ?? 3;
  let lastError = 'no attempt made';
  let lastCause: Unavailable = 'unreachable';
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep((options.backoffMs ?? endpoint.backoffMs ?? 500) * 2 ** (attempt - 1));
    let response: Response;
    try {
      // The run's interrupt (Ctrl-C) ends the request at once, as the timeout does.
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
      response = await fetch(url, { method: 'POST', headers, body, signal });
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      if (call.signal?.aborted) return fail('interrupted');
      if (e.name === 'TimeoutError' || e.name === 'AbortError')
        return fail(`no answer within ${Math.round(timeoutMs / 1000)} s`, null, 'timeout');
      lastError = `cannot reach ${url}: ${e.cause?.code ?? e.message}`;
      lastCause = 'unreachable';
      continue;
    }
    if (response.status === 429 || response.status >= 500) {
      lastError = `${url} answered ${response.status}`;
      lastCause = 'refused';
      const wait = Number(response.headers.get('retry-after'));
      await response.body?.cancel();
      if (Number.isFinite(wait) && wait > 0 && attempt < retries) await sleep(Math.min(wait, 30) * 1000);
      continue;
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return fail(`the answer was cut off: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const refused = response.status === 401 || response.status === 403 ? 'refused' : undefined;
      return fail(`${url} answered ${response.status}: ${text.slice(0, 200)}`, response.status, refused);
    }
    return read(text, started, fail);
  }
  return fail(`${lastError} (after ${retries + 1} tries)`, null, lastCause);
}

function read(text: string, started: number, fail: (e: string) => AgentReply): AgentReply {
  let json: {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  try {
    json = JSON.parse(text);
  } catch {
    return fail(`the endpoint answered with something that is not JSON: ${text.slice(0, 120)}`);
  }
  const content = json.choices?.[0]?.message?.content;
  if (typeof content !== 'string')
    return fail('the endpoint answered with no choice (no choices[0].message.content)');
  const reply: AgentReply = { text: content, ok: true, durationMs: Date.now() - started };
  if (json.usage) {
    reply.usage = {};
    if (typeof json.usage.prompt_tokens === 'number') reply.usage.promptTokens = json.usage.prompt_tokens;
    if (typeof json.usage.completion_tokens === 'number')
      reply.usage.completionTokens = json.usage.completion_tokens;
  }
  return reply;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
