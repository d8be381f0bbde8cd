/**
 * `baton run` end to end: the built binary, real temporary repositories, and small shell scripts
 * as builder agents.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { BIN, baton, cleanEnv } from './_helpers.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

const PLAN = `# Plan: Calculator

## TASK-01: Sum
- Files in scope: src/sum.js
- Verify by: \`test -f src/sum.js\`

## TASK-02: Mean
- Depends on: TASK-01
- Files in scope: src/mean.js
- Verify by: \`grep -q mean src/mean.js\`

## TASK-03: Docs
- Depends on: TASK-02
- Files in scope: README.md
- Verify by: \`grep -q mean README.md\`
`;

const RESULT = `<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Wrote the task's file.</what><why>The plan asks for it.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>`;

// A builder that does each task's work, keeps the progress file, and replies with a result.
// `before` runs first (a chance to misbehave on some attempts).
function builderScript(before = ''): string {
  return `#!/bin/sh
set -e
${before}
case "$BATON_TASK" in
  TASK-01) f=src/sum.js; printf 'export const sum = (xs) => xs.reduce((a, b) => a + b, 0);\\n' > "$f"; a=CREATE ;;
  TASK-02) f=src/mean.js; printf 'export const mean = (xs) => xs.length;\\n' > "$f"; a=CREATE ;;
  TASK-03) f=README.md; printf '# calc\\n\\nsum and mean\\n' > "$f"; a=MODIFY ;;
esac
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`%s\` — %s\\n' "$f" "$a" > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
cat <<'XML'
${RESULT}
XML
`;
}

function setup(plan = PLAN) {
  const repo = createTempRepo({ prefix: 'calc repo' });
  const tools = mkdtempSync(join(tmpdir(), 'baton-agents-'));
  cleanup.push(
    () => repo.cleanup(),
    () => rmSync(tools, { recursive: true, force: true }),
  );
  repo.write('src/.keep', '');
  repo.commit('project');
  const planPath = join(tools, 'plan.md');
  writeFileSync(planPath, plan);
  const agent = (name: string, script: string) => {
    const path = join(tools, `${name}.sh`);
    writeFileSync(path, script);
    return `sh '${path}'`;
  };
  const run = (args: string[], timeoutMs = 60_000) =>
    baton(['run', '--plan', planPath, ...args], { cwd: repo.dir, timeoutMs });
  return { repo, tools, planPath, agent, run };
}

function taskCommits(repo: TempRepo): { subject: string; files: string[] }[] {
  const log = repo.git('log', '--format=%x00%s', '--name-only', '--grep=^Baton-Task: ', 'HEAD');
  return log
    .split('\0')
    .filter((c) => c.trim() !== '')
    .map((c) => {
      const [subject = '', ...files] = c
        .trim()
        .split('\n')
        .filter((l) => l !== '');
      return { subject, files };
    })
    .reverse();
}

function events(repo: TempRepo): Record<string, unknown>[] {
  const runs = join(repo.dir, '.baton', 'runs');
  const [id] = readdirSync(runs);
  return readFileSync(join(runs, id as string, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('baton run', () => {
  it('runs a three-task plan with a command builder: three commits with the right files and messages', () => {
    const { repo, agent, run } = setup();
    const r = run(['--builder', agent('builder', builderScript())]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const commits = taskCommits(repo);
    expect(commits.map((c) => c.subject)).toEqual(['TASK-01: Sum', 'TASK-02: Mean', 'TASK-03: Docs']);
    expect(commits[0]?.files.filter((f) => !f.startsWith('.baton/'))).toEqual(['src/sum.js']);
    expect(commits[1]?.files.filter((f) => !f.startsWith('.baton/'))).toEqual(['src/mean.js']);
    expect(commits[2]?.files.filter((f) => !f.startsWith('.baton/'))).toEqual(['README.md']);
    expect(commits[0]?.files.some((f) => /\.baton\/runs\/[0-9A-Z]{26}\/TASK-01_result\.md$/.test(f))).toBe(
      true,
    );
    expect(repo.git('status', '--porcelain', '--', '.', ':(exclude).baton')).toBe('');
    expect(r.stdout).toContain('All tasks committed');
    const ev = events(repo);
    expect(ev.map((e) => e.seq)).toEqual(ev.map((_, i) => i + 1));
    const dispatches = ev.filter((e) => e.event === 'dispatch' && e.stage === 'builder');
    expect(dispatches.every((d) => typeof d.tokens === 'number' && (d.tokens as number) > 0)).toBe(true);
    const summary = JSON.parse(
      readFileSync(
        join(repo.dir, '.baton/runs', readdirSync(join(repo.dir, '.baton/runs'))[0] as string, 'run.json'),
        'utf8',
      ),
    );
    expect(summary).toMatchObject({ status: 'committed', exitCode: 0, goal: 'Calculator' });
    const listed = baton(['runs'], { cwd: repo.dir });
    expect(listed.stdout).toContain(summary.id);
    expect(listed.stdout).toContain(`${ev.length} events`);
  });

  it('sends the next builder the earlier results by distance: 1 back FULL, 2 back SUMMARY, 3 back dropped', () => {
    const plan = `${PLAN}\n## TASK-04: More\n- Depends on: TASK-03\n- Files in scope: src/more.js\n- Verify by: \`true\`\n`;
    const { repo, agent, run } = setup(plan);
    const script = builderScript().replace(
      'esac',
      '  TASK-04) f=src/more.js; echo more > "$f"; a=CREATE ;;\nesac',
    );
    expect(run(['--builder', agent('builder', script)]).status).toBe(0);
    const runDir = join(repo.dir, '.baton/runs', readdirSync(join(repo.dir, '.baton/runs'))[0] as string);
    const dispatch = readFileSync(join(runDir, 'dispatches', 'TASK-04.builder.a1.w1.txt'), 'utf8');
    expect(dispatch).toMatch(/task="TASK-03"[^>]*detail-level="FULL"|detail-level="FULL"[^>]*task="TASK-03"/);
    expect(dispatch).toMatch(
      /task="TASK-02"[^>]*detail-level="SUMMARY"|detail-level="SUMMARY"[^>]*task="TASK-02"/,
    );
    expect(dispatch).not.toContain('task="TASK-01"');
  });

  it('retries a builder whose progress file fails the gate, and commits on the second attempt', () => {
    const { repo, agent, run } = setup();
    const lieOnce = `if [ "$BATON_TASK" = TASK-02 ] && [ "$BATON_ATTEMPT" = 1 ]; then
  echo 'export const mean = 1;' > src/mean.js
  printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/sum.js\` — MODIFY\\n' > "$BATON_RUN_DIR/TASK-02_progress.md"
  cat <<'XML'
${RESULT}
XML
  exit 0
fi`;
    const r = run(['--builder', agent('builder', builderScript(lieOnce))]);
    expect(r.status).toBe(0);
    expect(taskCommits(repo).map((c) => c.subject)).toEqual([
      'TASK-01: Sum',
      'TASK-02: Mean',
      'TASK-03: Docs',
    ]);
    const gates = events(repo).filter((e) => e.event === 'gate' && e.task === 'TASK-02');
    expect(gates.map((g) => g.pass)).toEqual([false, true]);
    const retry = readFileSync(
      join(
        repo.dir,
        '.baton/runs',
        readdirSync(join(repo.dir, '.baton/runs'))[0] as string,
        'dispatches/TASK-02.builder.a2.w1.txt',
      ),
      'utf8',
    );
    expect(retry).toContain('This is a retry. The last attempt failed: outside the task');
    expect(retry).toContain('The progress file as the last attempt left it');
  });

  it('fails a task after three attempts and halts the run: no new task starts, nothing is committed for it', () => {
    const { repo, agent, run } = setup();
    const alwaysLie = `if [ "$BATON_TASK" = TASK-02 ]; then
  printf -- '- Status: IN_PROGRESS\\n' > "$BATON_RUN_DIR/TASK-02_progress.md"
  cat <<'XML'
${RESULT}
XML
  exit 0
fi`;
    const r = run(['--builder', agent('builder', builderScript(alwaysLie))]);
    expect(r.status).toBe(5);
    expect(taskCommits(repo).map((c) => c.subject)).toEqual(['TASK-01: Sum']);
    const ev = events(repo);
    expect(ev.filter((e) => e.event === 'attempt-started' && e.task === 'TASK-02')).toHaveLength(3);
    expect(ev.some((e) => e.task === 'TASK-03')).toBe(false);
    expect(ev.find((e) => e.event === 'task-finished' && e.task === 'TASK-02')).toMatchObject({
      status: 'failed',
    });
    expect(r.stdout).toContain('Run halted');
  });

  it('re-dispatches a malformed reply once, saying exactly what was wrong', () => {
    const { repo, agent, run } = setup();
    const garbleOnce = `if [ "$BATON_TASK" = TASK-01 ] && [ "$BATON_WINDOW" = 1 ]; then echo 'I think I am done!'; exit 0; fi`;
    expect(run(['--builder', agent('builder', builderScript(garbleOnce))]).status).toBe(0);
    const ev = events(repo);
    const correction = ev.find((e) => e.event === 'correction');
    expect(correction).toMatchObject({ task: 'TASK-01', stage: 'builder', window: 2 });
    expect(String(correction?.reason)).toContain('no <task-result> element');
  });

  it('records an agent that cannot run, hangs, prints nothing, prints 100 MB or exits non-zero, and halts', () => {
    const cases: [string, string, RegExp][] = [
      ['missing', 'no-such-agent-command --flag', /exited 127/],
      ['hang', `sh -c 'sleep 30'`, /timed out/],
      ['silent', 'true', /reply was empty/],
      ['flood', `sh -c 'head -c 100000000 /dev/zero | tr "\\\\0" x'`, /printed more than/],
      ['crash', `sh -c 'echo broken >&2; exit 3'`, /exited 3: broken/],
    ];
    for (const [, command, why] of cases) {
      const { repo, run } = setup();
      const r = run(['--builder', command, '--timeout', '1', '--max-attempts', '1'], 60_000);
      expect(r.status).toBe(5);
      expect(taskCommits(repo)).toEqual([]);
      const failed = events(repo).find((e) => e.event === 'attempt-failed');
      expect(String(failed?.reason)).toMatch(why);
    }
  });

  it('refuses a dirty repository unless --allow-dirty, and then never commits what was already changed', () => {
    const { repo, agent, run } = setup();
    repo.write('notes.txt', 'mine, not the task\n');
    const refused = run(['--builder', agent('builder', builderScript())]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('uncommitted changes: notes.txt');
    expect(existsSync(join(repo.dir, '.baton/runs'))).toBe(false);
    expect(run(['--builder', agent('builder', builderScript()), '--allow-dirty']).status).toBe(0);
    expect(taskCommits(repo).flatMap((c) => c.files)).not.toContain('notes.txt');
    expect(repo.git('status', '--porcelain', 'notes.txt')).toBe('?? notes.txt');
  });

  it('refuses a plan that is not a plan, or has a cycle, with line numbers and nothing run', () => {
    const { tools, repo, agent } = setup();
    const bad = join(tools, 'bad.md');
    writeFileSync(bad, '# Plan: x\n\n## A: one\n- Depends on: B\n\n## B: two\n- Depends on: A\n');
    const r = baton(['run', '--plan', bad, '--builder', agent('b', builderScript())], { cwd: repo.dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('bad.md:3: dependency cycle: A → B → A');
    expect(existsSync(join(repo.dir, '.baton/runs'))).toBe(false);
  });

  it('runs independent tasks in parallel and commits each', () => {
    const plan = `# Plan: two\n\n## A: one\n- Files in scope: a.txt\n\n## B: two\n- Files in scope: b.txt\n`;
    const { repo, agent, run } = setup(plan);
    const script = `#!/bin/sh
f=$(echo "$BATON_TASK" | tr A-Z a-z).txt
echo "$BATON_TASK" > "$f"
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`%s\` — CREATE\\n' "$f" > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
cat <<'XML'
${RESULT}
XML
`;
    expect(run(['--builder', agent('b', script), '--parallel', '2']).status).toBe(0);
    expect(
      taskCommits(repo)
        .map((c) => c.subject)
        .sort(),
    ).toEqual(['A: one', 'B: two']);
  });

  it('continues a run killed with kill -9: committed tasks are not redone, nothing is committed twice or lost', async () => {
    const { repo, tools, agent, planPath } = setup();
    const marker = join(tools, 'in-task-02');
    const stall = `if [ "$BATON_TASK" = TASK-02 ] && [ ! -e '${join(tools, 'go')}' ]; then touch '${marker}'; sleep 60; fi`;
    const builder = agent('builder', builderScript(stall));
    const child = spawn(process.execPath, [BIN, 'run', '--plan', planPath, '--builder', builder], {
      cwd: repo.dir,
      env: cleanEnv(),
      detached: true,
      stdio: 'ignore',
    });
    const deadline = Date.now() + 30_000;
    while (!existsSync(marker) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(marker)).toBe(true);
    process.kill(-(child.pid as number), 'SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const runId = readdirSync(join(repo.dir, '.baton/runs'))[0] as string;
    const before = events(repo);
    expect(taskCommits(repo).map((c) => c.subject)).toEqual(['TASK-01: Sum']);
    writeFileSync(join(tools, 'go'), '');
    const r = baton(['run', '--resume', runId], { cwd: repo.dir, timeoutMs: 60_000 });
    expect(r.status).toBe(0);
    expect(taskCommits(repo).map((c) => c.subject)).toEqual([
      'TASK-01: Sum',
      'TASK-02: Mean',
      'TASK-03: Docs',
    ]);
    const after = events(repo);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => i + 1));
    expect(after.filter((e) => e.event === 'commit' && e.task === 'TASK-01')).toHaveLength(1);
    expect(after.some((e) => e.event === 'run-resumed')).toBe(true);
    // The store has every event of the log once, in order: the resume replayed what the kill kept from it.
    const shown = baton(['runs', 'show', runId, '--json'], { cwd: repo.dir });
    expect(shown.status).toBe(0);
    const stored = JSON.parse(shown.stdout) as { events: { seq: number; event: string }[] };
    expect(stored.events.map((e) => [e.seq, e.event])).toEqual(after.map((e) => [e.seq, e.event]));
    const redispatched = after.filter(
      (e) => e.event === 'dispatch' && e.task === 'TASK-02' && e.stage === 'builder',
    );
    expect(redispatched.map((e) => e.window)).toEqual([1, 2]);
  });
});
