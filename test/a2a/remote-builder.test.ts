/**
 * Remote builders: `baton run` in one clone whose builder endpoint is `kind: a2a`, pointing at a
 * `baton serve a2a --agent` on a second clone of the same repository. The remote change comes back
 * as a patch and a progress file; the local gate and committer commit it. Refusals, timeouts and
 * patches that do not apply are failed attempts with their reason.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, git, makePair, type Pair, runEvents, type Served, serve } from './_helpers.js';

const PLAN = `# Plan: Calculator

## TASK-01: Sum
- Files in scope: src/sum.js, README.md
- Verify by: \`grep -q reduce src/sum.js\`
`;

const RESULT = `<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Wrote src/sum.js.</what><why>The plan asks for it.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>`;

// The remote agent: does the work in its checkout, keeps the progress file in its run folder.
const BUILDER = `#!/bin/sh
set -e
\${BEFORE:-true}
printf 'export const sum = (xs) => xs.reduce((a, b) => a + b, 0);\\n' > src/sum.js
printf 'built remotely in %s\\n' "$(basename "$PWD")" >> README.md
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/sum.js\` — CREATE\\n  - \`README.md\` — MODIFY\\n' > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
printf 'env: %s %s %s %s %s\\n' "$BATON_TASK" "$BATON_STAGE" "$BATON_WINDOW" "$BATON_ATTEMPT" "$BATON_ROLE" >> README.md
printf 'a scratch file of its own run folder\\n' > "$BATON_RUN_DIR/scratch.txt"
cat <<'XML'
${RESULT}
XML
`;

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function setup(builderEnv: Record<string, string> = {}, serveArgs?: string[]) {
  const pair: Pair = makePair();
  const tools = mkdtempSync(join(tmpdir(), 'baton-remote-'));
  cleanup.push(
    () => pair.cleanup(),
    () => rmSync(tools, { recursive: true, force: true }),
  );
  writeFileSync(join(tools, 'builder.sh'), BUILDER);
  writeFileSync(join(tools, 'plan.md'), PLAN);
  const server: Served = await serve(
    pair.receiver,
    serveArgs ?? ['--agent', `sh '${join(tools, 'builder.sh')}'`],
    builderEnv,
  );
  cleanup.push(() => server.stop());
  const endpoints = (extra = '') =>
    writeFileSync(
      join(tools, 'endpoints.yaml'),
      `endpoints:\n  remote:\n    kind: a2a\n    url: ${server.url}\n${extra}`,
    );
  endpoints();
  const run = (args: string[] = []) =>
    baton(
      [
        'run',
        '--plan',
        join(tools, 'plan.md'),
        '--builder',
        'endpoint:remote',
        '--endpoints',
        join(tools, 'endpoints.yaml'),
        ...args,
      ],
      { cwd: pair.sender.dir, timeoutMs: 90_000 },
    );
  return { pair, tools, server, endpoints, run };
}

describe('a plan run with a remote builder', () => {
  it('commits the remote agent’s change locally, with the progress file it wrote over there', async () => {
    const { pair, run } = await setup();
    const start = pair.sender.head();
    const r = run();
    expect(r.status, r.stderr).toBe(0);
    const log = git(pair.sender.dir, ['log', '--format=%s', `${start}..HEAD`]);
    expect(log).toBe('TASK-01: Sum');
    const files = git(pair.sender.dir, ['show', '--name-only', '--format=', 'HEAD']).split('\n').sort();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'src/sum.js']));
    expect(readFileSync(join(pair.sender.dir, 'src/sum.js'), 'utf8')).toMatch(/reduce/);
    expect(readFileSync(join(pair.sender.dir, 'README.md'), 'utf8')).toMatch(/^built remotely in tree$/m);
    const runDir = join(
      pair.sender.dir,
      '.baton',
      'runs',
      readdirSync(join(pair.sender.dir, '.baton', 'runs'))[0] as string,
    );
    expect(readFileSync(join(runDir, 'TASK-01_progress.md'), 'utf8')).toMatch(/Status: COMPLETED/);
    // Started exactly as a local command agent: the same BATON_* environment, a run folder of its own,
    // of which only the task's progress file comes back.
    expect(readFileSync(join(pair.sender.dir, 'README.md'), 'utf8')).toMatch(
      /^env: TASK-01 builder 1 1 child$/m,
    );
    expect(existsSync(join(runDir, 'scratch.txt'))).toBe(false);
    // The remote checkout is left as it was: the work happened in a worktree that is gone.
    expect(git(pair.receiver, ['status', '--porcelain', '--', '.', ':!.baton'])).toBe('');
    expect(existsSync(join(pair.receiver, 'src/sum.js'))).toBe(false);
    expect(git(pair.receiver, ['worktree', 'list']).split('\n')).toHaveLength(1);
  });

  it('a remote that refuses the dispatch is a failed attempt with its reason', async () => {
    const { pair, run } = await setup({}, []);
    const r = run(['--max-attempts', '1']);
    expect(r.status).toBe(5);
    const failed = runEvents(pair.sender.dir).find(
      (e) => e.event === 'reply' && e.verdict === 'AGENT-FAILED',
    );
    expect(failed?.reason).toMatch(/the remote rejected the dispatch: this server runs no agent/);
  });

  it('a remote that does not finish in time is a failed attempt (timed out)', async () => {
    const { pair, endpoints, run } = await setup({ BEFORE: 'sleep 20' });
    endpoints('    timeout: 1\n');
    const r = run(['--max-attempts', '1']);
    expect(r.status).toBe(5);
    expect(r.millis).toBeLessThan(15_000);
    const failed = runEvents(pair.sender.dir).find(
      (e) => e.event === 'reply' && e.verdict === 'AGENT-FAILED',
    );
    expect(failed?.reason).toMatch(/timed out after 1 s/);
  });

  it('a patch that does not apply is a failed attempt, and the local work tree is untouched', async () => {
    const { pair, run } = await setup();
    writeFileSync(join(pair.sender.dir, 'README.md'), 'a local edit the remote never saw\n');
    const r = run(['--max-attempts', '1', '--allow-dirty']);
    expect(r.status).toBe(5);
    const failed = runEvents(pair.sender.dir).find(
      (e) => e.event === 'reply' && e.verdict === 'AGENT-FAILED',
    );
    expect(failed?.reason).toMatch(/the remote patch does not apply: .*README\.md/);
    expect(existsSync(join(pair.sender.dir, 'src/sum.js'))).toBe(false);
    expect(readFileSync(join(pair.sender.dir, 'README.md'), 'utf8')).toBe(
      'a local edit the remote never saw\n',
    );
  });
});
