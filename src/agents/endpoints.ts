/**
 * Named endpoints (`endpoints.yaml`): the models agents run on, with their context budgets. Read
 * from `--endpoints <file>` or `.baton/endpoints.yaml`; Anchor's `quirks: {max_context}` is read
 * too. An endpoint without `max_context` enforces no budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { TOKENIZERS, type TokenizerName } from '../tokens/count.js';

/** One named endpoint. */
export interface Endpoint {
  name: string;
  kind: 'openai' | 'command' | 'a2a' | 'pool';
  /** A pool's members: the names of other endpoints of the file. */
  members?: string[];
  /** Calls this endpoint takes at once as a pool member (default 1). */
  maxTasks?: number;
  /** An a2a endpoint's server URL (a `baton serve a2a --agent` elsewhere). */
  url?: string;
  /** The environment variable holding an a2a endpoint's bearer token. */
  tokenEnv?: string;
  baseUrl?: string;
  model?: string;
  /** The environment variable holding the API key (the key itself is never stored or logged). */
  apiKeyEnv?: string;
  command?: string;
  maxContext?: number;
  tokenizer: TokenizerName;
  /** Per call, in milliseconds. */
  timeoutMs?: number;
  /** Retries on 429, 5xx and refused connections (openai endpoints; default 3). */
  retries?: number;
  /** First backoff between retries, in milliseconds; it doubles each time (default 500). */
  backoffMs?: number;
}

/** The default endpoints file, relative to the repository root. */
const DEFAULT_ENDPOINTS_PATH = '.baton/endpoints.yaml';

/** Reads the endpoints file at `path` (or the default under `root`); none there is an empty set. */
export async function loadEndpoints(root: string, path?: string): Promise<Map<string, Endpoint>> {
  const file = path ?? join(root, DEFAULT_ENDPOINTS_PATH);
  if (!existsSync(file)) {
    if (path) throw new UserError('AGENT_INVALID', `no endpoints file at ${path}`);
    return new Map();
  }
  const { parse } = await import('yaml');
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: 100, uniqueKeys: true });
  } catch (error) {
    throw new UserError(
      'AGENT_INVALID',
      `${file}: not valid YAML: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  const root_ = (doc as { endpoints?: unknown } | null)?.endpoints ?? doc;
  const entries: [string, unknown][] = Array.isArray(root_)
    ? root_.map((e, i) => [String((e as { name?: unknown })?.name ?? `#${i + 1}`), e])
    : typeof root_ === 'object' && root_ !== null
      ? Object.entries(root_)
      : [];
  const endpoints = new Map<string, Endpoint>();
  for (const [name, value] of entries) endpoints.set(name, readEndpoint(file, name, value));
  for (const endpoint of endpoints.values()) checkMembers(file, endpoint, endpoints);
  return endpoints;
}

// A pool's members are other endpoints of the file, each named once, none of them a pool.
function checkMembers(file: string, pool: Endpoint, endpoints: ReadonlyMap<string, Endpoint>): void {
  const bad = (what: string) => new UserError('AGENT_INVALID', `${file}: endpoint "${pool.name}": ${what}`);
  const seen = new Set<string>();
  for (const name of pool.members ?? []) {
    const member = endpoints.get(name);
    if (!member) throw bad(`member "${name}" is not an endpoint of the file`);
    if (member.kind === 'pool') throw bad(`member "${name}" is a pool; a pool's members are endpoints`);
    if (seen.has(name)) throw bad(`member "${name}" is named twice`);
    seen.add(name);
  }
}

function readEndpoint(file: string, name: string, value: unknown): Endpoint {
  const bad = (what: string) => new UserError('AGENT_INVALID', `${file}: endpoint "${name}": ${what}`);
  if (typeof value !== 'object' || value === null) throw bad('expected a mapping of settings');
  const v = value as Record<string, unknown>;
  const kind = v.kind ?? (v.command ? 'command' : 'openai');
  if (kind !== 'openai' && kind !== 'command' && kind !== 'a2a' && kind !== 'pool')
    throw bad(`kind must be openai, command, a2a or pool, not ${String(kind)}`);
  const quirks = (v.quirks ?? {}) as Record<string, unknown>;
  const max = v.max_context ?? quirks.max_context;
  if (max !== undefined && (!Number.isInteger(max) || (max as number) < 1))
    throw bad('max_context must be a whole number of tokens');
  const tokenizer = String(v.tokenizer ?? 'o200k_base');
  if (!(TOKENIZERS as readonly string[]).includes(tokenizer))
    throw bad(`tokenizer must be one of ${TOKENIZERS.join(', ')}`);
  const timeout = v.timeout;
  if (timeout !== undefined && (typeof timeout !== 'number' || timeout <= 0))
    throw bad('timeout must be a number of seconds');
  const endpoint: Endpoint = { name, kind, tokenizer: tokenizer as TokenizerName };
  if (max !== undefined) endpoint.maxContext = max as number;
  if (typeof timeout === 'number') endpoint.timeoutMs = timeout * 1000;
  if (v.retries !== undefined) {
    if (!Number.isInteger(v.retries) || (v.retries as number) < 0)
      throw bad('retries must be a whole number');
    endpoint.retries = v.retries as number;
  }
  if (v.max_tasks !== undefined) {
    if (!Number.isInteger(v.max_tasks) || (v.max_tasks as number) < 1)
      throw bad('max_tasks must be a whole number from 1 up');
    endpoint.maxTasks = v.max_tasks as number;
  }
  if (v.backoff !== undefined) {
    if (typeof v.backoff !== 'number' || v.backoff < 0) throw bad('backoff must be a number of seconds');
    endpoint.backoffMs = v.backoff * 1000;
  }
  if (kind === 'openai') {
    if (typeof v.base_url !== 'string') throw bad('an openai endpoint needs base_url');
    if (typeof v.model !== 'string') throw bad('an openai endpoint needs model');
    endpoint.baseUrl = v.base_url;
    endpoint.model = v.model;
    if (typeof v.api_key_env === 'string') endpoint.apiKeyEnv = v.api_key_env;
  } else if (kind === 'pool') {
    const members = v.members;
    if (!Array.isArray(members) || members.length === 0 || !members.every((m) => typeof m === 'string'))
      throw bad('a pool endpoint needs members: a list of endpoint names');
    endpoint.members = members as string[];
  } else if (kind === 'a2a') {
    if (typeof v.url !== 'string' || !/^https?:\/\//.test(v.url))
      throw bad('an a2a endpoint needs url (http:// or https://)');
    endpoint.url = v.url;
    if (typeof v.token_env === 'string') endpoint.tokenEnv = v.token_env;
  } else {
    if (typeof v.command !== 'string' || v.command.trim() === '')
      throw bad('a command endpoint needs command');
    endpoint.command = v.command;
  }
  return endpoint;
}
