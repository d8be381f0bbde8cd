import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../src/agents/scripted.js';
import type { Agent, AgentCall } from '../../src/agents/types.js';
import { parsePlan } from '../../src/plan/load.js';
import type { RunOptions } from '../../src/run/context.js';
import { startRun } from '../../src/run/engine.js';
import type { RunEvent } from '../../src/run/events.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { loadTokenCounter } from '../../src/tokens/count.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

const PLAN = `# Plan: p

## TASK-01: Parser
- Goal: parse the config file
- Files in scope: src/**
- Verify by: \`test -f src/parse.js\`
`;

const RESULT =
  '<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>done</what></context-handoff></task-result>';

/** An Anchor handoff; `verify: false` leaves the sub-spec vague. */
function anchor(remaining: string, options: { verify?: boolean; files?: string } = {}): string {
  return `## Done
- [x] Read the config grammar — verified by \`true\` → pass

## Remaining
### ${remaining}
- Goal: finish ${remaining}
- Files in scope: ${options.files ?? 'src/parse.js'}
${options.verify === false ? '' : '- Verify by: `test -f src/parse.js`'}

## Decisions made
- Hand-written parser — because the grammar is tiny

## Files touched
- created \`src/parse.js\`

## Open concerns
- None.
`;
}

function finish(call: AgentCall): string {
  writeFileSync(join(call.cwd, 'src/parse.js'), `// window ${call.window}\n`);
  writeFileSync(
    join(call.runDir, `${call.task}_progress.md`),
    '- Status: COMPLETED\n- Files changed:\n  - `src/parse.js` — CREATE\n',
  );
  return RESULT;
}

async function run(builder: Agent, extra: Partial<RunOptions> = {}) {
  const repo = createTempRepo();
  repos.push(repo);
  repo.write('src/.keep', '');
  repo.commit('src');
  const { plan } = await parsePlan(PLAN);
  const events: RunEvent[] = [];
  const result = await startRun({
    root: repo.dir,
    plan,
    planText: PLAN,
    builder,
    tokenizer: await loadTokenCounter('chars/4'),
    listeners: [(e) => events.push(e)],
    ...extra,
  });
  const dispatch = (window: number) =>
    readFileSync(join(result.runDir, 'dispatches', `TASK-01.builder.a1.w${window}.txt`), 'utf8');
  return { repo, result, events, dispatch };
}

const byWindow = (replies: Record<number, (call: AgentCall) => string>) =>
  scriptedAgent((call) => (replies[call.window] ?? finish)(call));

describe('continuation windows', () => {
  it('finishes a task in one window', async () => {
    const { result, events } = await run(scriptedAgent(finish));
    expect(result.exitCode).toBe(0);
    expect(events.filter((e) => e.event === 'handoff')).toEqual([]);
    expect(result.summary.tasks[0]).toMatchObject({ windows: 1, handoffs: 0, status: 'committed' });
  });

  it('hands off once and finishes in a fresh window that restates the task and carries the work forward', async () => {
    const { result, events, dispatch } = await run(byWindow({ 1: () => anchor('Error messages') }));
    expect(result.exitCode).toBe(0);
    expect(events.find((e) => e.event === 'handoff')).toMatchObject({
      window: 1,
      remaining: 1,
      stage: 'builder',
    });
    const second = dispatch(2);
    expect(second).toContain('parse the config file');
    expect(second).toContain('<continuation>');
    expect(second).toContain('Read the config grammar');
    expect(second).toContain('Hand-written parser — because the grammar is tiny');
    expect(second).toContain('created `src/parse.js`');
    expect(second).toContain('### Error messages');
    expect(result.summary.tasks[0]).toMatchObject({ windows: 2, handoffs: 1 });
  });

  it('stops at the respawn cap: a decomposition error, not another window (needs planning, exit 6)', async () => {
    const { result, events } = await run(scriptedAgent((call) => anchor(`step ${call.window}`)));
    expect(result.exitCode).toBe(6);
    expect(result.status).toBe('needs-planning');
    expect(events.filter((e) => e.event === 'handoff')).toHaveLength(3);
    expect(events.find((e) => e.event === 'handoff-cap-reached')).toMatchObject({ cap: 2, respawns: 2 });
    expect(events.filter((e) => e.event === 'dispatch' && e.stage === 'builder')).toHaveLength(3);
  });

  it('counts a continuation that comes back with the same remaining work against the cap', async () => {
    const { result, events } = await run(scriptedAgent(() => anchor('the same thing')));
    expect(result.exitCode).toBe(6);
    expect(events.filter((e) => e.event === 'handoff').map((e) => e.unchanged)).toEqual([false, true, true]);
  });

  it('with --max-respawns 0 escalates the first handoff', async () => {
    const { result, events } = await run(
      scriptedAgent(() => anchor('more')),
      { maxRespawns: 0 },
    );
    expect(result.exitCode).toBe(6);
    expect(events.filter((e) => e.event === 'dispatch' && e.stage === 'builder')).toHaveLength(1);
    expect(events.find((e) => e.event === 'handoff-cap-reached')).toMatchObject({ cap: 0 });
  });

  it('corrects a vague handoff once, naming the sub-spec that lacks Verify by', async () => {
    const { result, events, dispatch } = await run(
      byWindow({ 1: () => anchor('Vague step', { verify: false }), 2: () => anchor('Vague step') }),
    );
    expect(result.exitCode).toBe(0);
    expect(events.find((e) => e.event === 'handoff-vague')).toMatchObject({
      items: ['Vague step'],
      escalated: false,
    });
    expect(dispatch(2)).toContain('"Vague step" has none');
  });

  it('escalates a handoff that stays vague after its corrective retry', async () => {
    const { result, events } = await run(scriptedAgent(() => anchor('Vague step', { verify: false })));
    expect(result.exitCode).toBe(5);
    expect(events.filter((e) => e.event === 'handoff-vague').map((e) => e.escalated)).toEqual([false, true]);
    expect(events.find((e) => e.event === 'task-finished')).toMatchObject({
      status: 'failed',
      escalated: true,
    });
  });

  it('refuses a handoff that widens the scope and routes it back to planning', async () => {
    for (const files of ['deploy/prod.yaml', 'src/../deploy/x.sh', '/etc/hosts']) {
      const { result, events } = await run(scriptedAgent(() => anchor('Deploy it', { files })));
      expect(result.exitCode).toBe(6);
      expect(events.find((e) => e.event === 'handoff-scope-refused')).toMatchObject({ paths: [files] });
    }
  });

  it('treats a handoff whose Remaining is empty as a result, and says so', async () => {
    const empty = anchor('x').replace(/### x[\s\S]*?(?=## Decisions)/, '- None.\n\n');
    const { events } = await run(byWindow({ 1: () => empty }));
    expect(String(events.find((e) => e.event === 'correction')?.reason)).toContain(
      'this is a result, not a handoff',
    );
  });
});

describe('budgets', () => {
  const budgeted = (maxContext: number, inner: Agent = scriptedAgent(finish)): Agent => ({
    ...inner,
    name: 'endpoint:small',
    budget: { maxContext, tokenizer: 'chars/4' },
  });

  it('does not send a dispatch over max_context: the window ends failed-budget', async () => {
    let calls = 0;
    const agent = budgeted(
      50,
      scriptedAgent((call) => {
        calls++;
        return finish(call);
      }),
    );
    const { result, events } = await run(agent, { maxAttempts: 1 });
    expect(calls).toBe(0);
    expect(result.exitCode).toBe(5);
    expect(events.find((e) => e.event === 'failed-budget')).toMatchObject({ max_context: 50 });
  });

  it('attaches the BUDGET NOTICE exactly when the count reaches the threshold', async () => {
    const long = `${PLAN}\n${'The config grammar has many corner cases worth reading about. '.repeat(80)}\n`;
    const first = await runWithPlan(long, budgeted(1_000_000));
    const tokens = Number(first.events.find((e) => e.event === 'dispatch')?.tokens_endpoint);
    expect(tokens).toBeGreaterThan(1200);
    const at = Math.floor(tokens / 0.8);
    const noticed = await runWithPlan(long, budgeted(at));
    expect(noticed.events.find((e) => e.event === 'budget-notice')).toMatchObject({
      tokens,
      max_context: at,
    });
    expect(
      readFileSync(join(noticed.result.runDir, 'dispatches/TASK-01.builder.a1.w1.txt'), 'utf8'),
    ).toContain('BUDGET NOTICE');
    const below = await runWithPlan(long, budgeted(at + 1));
    expect(below.events.some((e) => e.event === 'budget-notice')).toBe(false);
  });

  async function runWithPlan(planText: string, builder: Agent) {
    const repo = createTempRepo();
    repos.push(repo);
    repo.write('src/.keep', '');
    repo.commit('src');
    const { plan } = await parsePlan(planText);
    const events: RunEvent[] = [];
    const result = await startRun({
      root: repo.dir,
      plan,
      planText,
      builder,
      tokenizer: await loadTokenCounter('chars/4'),
      listeners: [(e) => events.push(e)],
    });
    return { result, events };
  }
});
