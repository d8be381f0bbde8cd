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
      /kind must be openai, command, a2a or pool/,
    );
  });
});

describe('pool endpoints', () => {
  it('reads members and max_tasks, and refuses a member that is missing, a pool, or named twice', async () => {
    const base = 'a:\n  kind: command\n  command: x\n  max_tasks: 3\nb:\n  kind: a2a\n  url: http://h:1/\n';
    const endpoints = await loadEndpoints('/', file(`${base}p:\n  kind: pool\n  members: [a, b]\n`));
    expect(endpoints.get('p')).toMatchObject({ kind: 'pool', members: ['a', 'b'] });
    expect(endpoints.get('a')?.maxTasks).toBe(3);
    const agent = await resolveAgent('endpoint:p', '/', endpoints);
    expect(agent.name).toBe('endpoint:p');
    // A member without max_context: the pool enforces no budget unless it sets its own.
    expect(agent.budget).toEqual({ tokenizer: 'o200k_base' });
    const own = await loadEndpoints(
      '/',
      file(`${base}p:\n  kind: pool\n  members: [a]\n  max_context: 5000\n`),
    );
    expect((await resolveAgent('endpoint:p', '/', own)).budget?.maxContext).toBe(5000);
    const refused: [string, RegExp][] = [
      [`${base}p:\n  kind: pool\n`, /endpoint "p": a pool endpoint needs members/],
      [
        `${base}p:\n  kind: pool\n  members: [a, c]\n`,
        /endpoint "p": member "c" is not an endpoint of the file/,
      ],
      [`${base}p:\n  kind: pool\n  members: [a, a]\n`, /member "a" is named twice/],
      [`${base}p:\n  kind: pool\n  members: [a]\nq:\n  kind: pool\n  members: [p]\n`, /member "p" is a pool/],
      ['a:\n  kind: command\n  command: x\n  max_tasks: 0\n', /max_tasks must be a whole number from 1 up/],
    ];
    for (const [yaml, message] of refused)
      await expect(loadEndpoints('/', file(yaml))).rejects.toThrow(message);
  });
});
