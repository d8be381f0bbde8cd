/** `kind: a2a` endpoints: read from endpoints.yaml, refused with one line when incomplete. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEndpoints } from '../../src/agents/endpoints.js';
import { resolveAgent } from '../../src/agents/resolve.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function file(yaml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'baton-endpoints-'));
  dirs.push(dir);
  const path = join(dir, 'endpoints.yaml');
  writeFileSync(path, yaml);
  return path;
}

describe('a2a endpoints', () => {
  it('reads url, token_env and timeout, and resolves to an a2a agent with the endpoint’s budget', async () => {
    const path = file(
      'endpoints:\n  far:\n    kind: a2a\n    url: http://10.0.0.7:4477/\n    token_env: FAR_TOKEN\n    timeout: 900\n    max_context: 100000\n',
    );
    const endpoints = await loadEndpoints('/', path);
    expect(endpoints.get('far')).toMatchObject({
      kind: 'a2a',
      url: 'http://10.0.0.7:4477/',
      tokenEnv: 'FAR_TOKEN',
      timeoutMs: 900_000,
    });
    const agent = await resolveAgent('endpoint:far', '/', endpoints);
    expect(agent.name).toBe('endpoint:far');
    expect(agent.budget).toEqual({ tokenizer: 'o200k_base', maxContext: 100000 });
  });

  it('refuses an a2a endpoint without an http(s) url', async () => {
    await expect(loadEndpoints('/', file('far:\n  kind: a2a\n'))).rejects.toThrow(
      /endpoint "far": an a2a endpoint needs url/,
    );
    await expect(loadEndpoints('/', file('far:\n  kind: a2a\n  url: file:///etc/passwd\n'))).rejects.toThrow(
      /needs url \(http/,
    );
    await expect(loadEndpoints('/', file('far:\n  kind: smoke\n'))).rejects.toThrow(
      /kind must be openai, command or a2a/,
    );
  });
});
