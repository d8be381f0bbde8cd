/**
 * `baton run` with an `openai` endpoint: the built binary against a small OpenAI-compatible server
 * on 127.0.0.1 that, like a tool-using agent, also changes files in the repository.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { type FakeAnswer, type SeenRequest, startOpenAIServer } from '../support/openai-server.js';
import { batonAsync } from './_helpers.js';

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

const PLAN = `# Plan: p

## TASK-01: Parser
- Goal: parse the config file
- Files in scope: src/**
- Verify by: \`test -f src/parse.js\`
`;
const RESULT =
  '<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>wrote the parser</what></context-handoff></task-result>';
const HANDOFF = `## Done
- [x] Grammar — verified by \`true\` → pass

## Remaining
### Error messages
- Files in scope: src/parse.js
- Verify by: \`test -f src/parse.js\`

## Decisions made
- Hand-written parser — because the grammar is tiny

## Files touched
- created \`src/parse.js\`

## Open concerns
- None.
`;

async function setup(
  answer: (r: SeenRequest, n: number, doWork: () => void) => FakeAnswer,
  endpoint: Record<string, unknown> = {},
  plan = PLAN,
) {
  const repo = createTempRepo();
  const tools = mkdtempSync(join(tmpdir(), 'baton-endpoint-'));
  cleanup.push(
    () => repo.cleanup(),
    () => rmSync(tools, { recursive: true, force: true }),
  );
  repo.write('src/.keep', '');
  repo.commit('src');
  // Like an agent with tools, the server does the task's work before it answers.
  const doWork = (r: SeenRequest) => () => {
    const dispatch = r.body.messages?.[0]?.content ?? '';
    const progress = /progress file at (\S+_progress\.md)/.exec(dispatch)?.[1];
    writeFileSync(join(repo.dir, 'src/parse.js'), `// parser ${Date.now()}\n`);
    if (progress)
      writeFileSync(
        join(repo.dir, progress),
        '- Status: COMPLETED\n- Files changed:\n  - `src/parse.js` — CREATE\n',
      );
  };
  const server = await startOpenAIServer((r, n) => answer(r, n, doWork(r)));
  cleanup.push(() => server.close());
  const settings = {
    kind: 'openai',
    base_url: server.url,
    model: 'test-model',
    api_key_env: 'TEST_LLM_KEY',
    retries: 2,
    backoff: 0.05,
    ...endpoint,
  };
  const yaml = `endpoints:\n  local:\n${Object.entries(settings)
    .map(([k, v]) => `    ${k}: ${typeof v === 'string' ? JSON.stringify(v) : v}`)
    .join('\n')}\n`;
  writeFileSync(join(tools, 'endpoints.yaml'), yaml);
  writeFileSync(join(tools, 'plan.md'), plan);
  const run = (args: string[] = [], env: Record<string, string> = { TEST_LLM_KEY: 'sk-secret-value-123' }) =>
    batonAsync(
      [
        'run',
        '--plan',
        join(tools, 'plan.md'),
        '--builder',
        'endpoint:local',
        '--endpoints',
        join(tools, 'endpoints.yaml'),
        ...args,
      ],
      {
        cwd: repo.dir,
        env,
        timeoutMs: 60_000,
      },
    );
  const events = () => {
    const runs = join(repo.dir, '.baton/runs');
    const id = readdirSync(runs)[0] as string;
    return readFileSync(join(runs, id, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  };
  return { repo, server, run, events, tools };
}

describe('an openai endpoint as the builder', () => {
  it('finishes a task in one window, sends the key from its variable, records usage, never logs the key', async () => {
    const { run, server, events, repo } = await setup((_r, _n, work) => {
      work();
      return { content: RESULT, usage: { prompt_tokens: 321, completion_tokens: 45 } };
    });
    const r = await run();
    expect(r.status).toBe(0);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-secret-value-123');
    expect(server.requests[0]?.body.model).toBe('test-model');
    const reply = events().find((e) => e.event === 'reply');
    expect(reply).toMatchObject({ verdict: 'PASS', usage: { promptTokens: 321, completionTokens: 45 } });
    const everything = r.stdout + r.stderr + JSON.stringify(events()) + repo.git('log', '-p');
    expect(everything).not.toContain('sk-secret-value-123');
  });

  it('hands off once and finishes in the next window', async () => {
    const { run, events } = await setup((_r, n, work) => {
      if (n === 1) return { content: HANDOFF };
      work();
      return { content: RESULT };
    });
    expect((await run()).status).toBe(0);
    expect(events().filter((e) => e.event === 'handoff')).toHaveLength(1);
    expect(
      events()
        .filter((e) => e.event === 'dispatch' && e.stage === 'builder')
        .map((e) => e.window),
    ).toEqual([1, 2]);
  });

  it('does not send a dispatch over max_context (failed-budget), and attaches the notice from the threshold on', async () => {
    const over = await setup(() => ({ content: RESULT }), { max_context: 100 });
    expect((await over.run(['--max-attempts', '1'])).status).toBe(5);
    expect(over.server.requests).toHaveLength(0);
    expect(over.events().some((e) => e.event === 'failed-budget')).toBe(true);
    const near = await setup(
      (r, _n, work) => {
        work();
        expect(r.body.messages?.[0]?.content).toContain('BUDGET NOTICE');
        return { content: RESULT };
      },
      { max_context: 2000, tokenizer: 'chars/4' },
    );
    expect((await near.run(['--handoff-threshold', '0.1'])).status).toBe(0);
    expect(near.events().find((e) => e.event === 'budget-notice')).toMatchObject({
      threshold: 0.1,
      max_context: 2000,
    });
  });

  it('retries 429 and 5xx with backoff, and fails clearly on errors that do not pass', async () => {
    const flaky = await setup((_r, n, work) => {
      if (n === 1) return { status: 429, raw: '{}', headers: { 'retry-after': '0' } };
      if (n === 2) return { status: 503, raw: 'busy' };
      work();
      return { content: RESULT };
    });
    expect((await flaky.run()).status).toBe(0);
    expect(flaky.server.requests).toHaveLength(3);
    const cases: [string, (r: SeenRequest, n: number, w: () => void) => FakeAnswer, RegExp][] = [
      ['500', () => ({ status: 500, raw: 'oops' }), /answered 500 \(after 3 tries\)/],
      ['slow', () => ({ content: RESULT, delayMs: 1600 }), /no answer within 1 s/],
      ['not json', () => ({ raw: '<html>gateway</html>' }), /not JSON/],
      ['empty choice', () => ({ content: undefined }), /no choice/],
    ];
    for (const [, answer, why] of cases) {
      const s = await setup(answer, { timeout: 1 });
      expect((await s.run(['--max-attempts', '1'])).status).toBe(5);
      expect(String(s.events().find((e) => e.event === 'attempt-failed')?.reason)).toMatch(why);
    }
  });

  it('fails clearly when the endpoint refuses connections or its key variable is not set', async () => {
    const { run, events, server } = await setup(() => ({ content: RESULT }));
    await server.close();
    expect((await run(['--max-attempts', '1'])).status).toBe(5);
    expect(String(events().find((e) => e.event === 'attempt-failed')?.reason)).toMatch(
      /cannot reach .*ECONNREFUSED/,
    );
  });
});
