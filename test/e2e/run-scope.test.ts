/**
 * The committer stays in scope and inside the run folder: it never commits a git-ignored file,
 * refuses an attempt whose agent committed out-of-scope files itself, never writes or reads its
 * records through a symbolic link an agent planted, and a plan id cannot name a path. The built
 * CLI in real temporary repositories, with shell-script builders.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { baton } from './_helpers.js';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
});

const RESULT = `<task-result status="PASS">
  <context-handoff from="builder" detail-level="FULL">
    <what>Did it.</what><why>Asked.</why><caution>None</caution><incomplete>None</incomplete>
  </context-handoff>
</task-result>`;

// A builder: `work` changes files and writes "$P" (the progress file path), then it replies PASS.
function builder(work: string): string {
  return `#!/bin/sh
set -e
P="$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
${work}
cat <<'XML'
${RESULT}
XML
`;
}

function setup(plan: string, planName = 'plan.md') {
  const repo = createTempRepo();
  const tools = mkdtempSync(join(tmpdir(), 'baton-scope-'));
  cleanup.push(
    () => repo.cleanup(),
    () => rmSync(tools, { recursive: true, force: true }),
  );
  repo.write('.gitignore', '*.env\n');
  repo.write('src/.keep', '');
  repo.commit('project');
  const planPath = join(tools, planName);
  writeFileSync(planPath, plan);
  const run = (script: string, extra: string[] = []) => {
    const path = join(tools, 'builder.sh');
    writeFileSync(path, script);
    return baton(['run', '--plan', planPath, '--builder', `sh '${path}'`, '--max-attempts', '1', ...extra], {
      cwd: repo.dir,
      timeoutMs: 60_000,
    });
  };
  return { repo, tools, run };
}

const PLAN = '# Plan: p\n\n## TASK-01: Config\n- Files in scope: src/**\n';

function events(repo: TempRepo): Record<string, unknown>[] {
  const runs = join(repo.dir, '.baton', 'runs');
  const [id] = readdirSync(runs);
  return readFileSync(join(runs, id as string, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function gateReason(repo: TempRepo): string {
  return String(events(repo).find((e) => e.event === 'gate')?.reason);
}

describe('the committer stays in scope', () => {
  it('never commits a git-ignored file inside the scope, and says which rule ignores it', () => {
    const { repo, run } = setup(PLAN);
    const r = run(
      builder(`echo 'SECRET=1' > src/.env
echo 'export const x = 1;' > src/x.js
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/x.js\` — CREATE\\n  - \`src/.env\` — CREATE\\n' > "$P"`),
    );
    expect(r.status).toBe(5);
    expect(gateReason(repo)).toContain('git ignores `src/.env` (.gitignore:1: *.env)');
    expect(repo.git('log', '--all', '--format=%H', '--', 'src/.env')).toBe('');
    expect(repo.git('log', '--format=%s', '-1')).toBe('project');
  });

  it('fails the attempt when the builder itself committed a file outside the scope, and the run does not succeed', () => {
    const { repo, run } = setup(PLAN);
    const r = run(
      builder(`echo 'export const x = 1;' > src/x.js
echo sneaky > outside.txt
git add outside.txt && git commit -q -m 'builder commit'
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/x.js\` — CREATE\\n' > "$P"`),
    );
    expect(r.status).toBe(5);
    expect(gateReason(repo)).toMatch(
      /^commit [0-9a-f]{12} \("builder commit"\), made since the task started and not by the committer, touches files outside the task's files in scope \(src\/\*\*\): `outside\.txt`/,
    );
    expect(repo.git('log', '--format=%s', '--grep=^Baton-Task:')).toBe('');
    expect(r.stdout).toContain('Run halted');
  });

  it('lets a builder commit in-scope work itself, and still makes the task commit', () => {
    const { repo, run } = setup(PLAN);
    const r = run(
      builder(`echo 'export const x = 1;' > src/x.js
git add src/x.js && git commit -q -m 'builder commit'
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/x.js\` — CREATE\\n' > "$P"`),
    );
    expect(r.status, r.stderr).toBe(0);
    expect(repo.git('log', '--format=%s', '-2').split('\n')).toEqual(['TASK-01: Config', 'builder commit']);
  });
});

describe('the run folder is the committer’s: no planted link is followed', () => {
  it('replaces a result file planted as a link to a file outside, which stays untouched', () => {
    const { repo, tools, run } = setup(PLAN);
    const outside = join(tools, 'outside.txt');
    writeFileSync(outside, 'keep me\n');
    const r = run(
      builder(`echo 'export const x = 1;' > src/x.js
ln -sf '${outside}' "$BATON_RUN_DIR/\${BATON_TASK}_result.md"
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`src/x.js\` — CREATE\\n' > "$P"`),
    );
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('keep me\n');
    const runDir = join(repo.dir, '.baton/runs', readdirSync(join(repo.dir, '.baton/runs'))[0] as string);
    const result = join(runDir, 'TASK-01_result.md');
    expect(lstatSync(result).isSymbolicLink()).toBe(false);
    expect(readFileSync(result, 'utf8')).toContain('# TASK-01 Result: Config');
  });

  it('refuses a progress file that is a link (to a file outside the repository), and never quotes it', () => {
    const { repo, tools, run } = setup(PLAN);
    const outside = join(tools, 'secret-progress.md');
    writeFileSync(
      outside,
      '- Status: COMPLETED\n- Files changed:\n  - `src/x.js` — CREATE\n<!-- TOP SECRET -->\n',
    );
    const r = run(
      builder(`echo 'export const x = 1;' > src/x.js
ln -sf '${outside}' "$P"`),
      ['--max-attempts', '2'],
    );
    expect(r.status).toBe(5);
    expect(gateReason(repo)).toMatch(
      /TASK-01_progress\.md is a symbolic link: the committer reads only a regular file/,
    );
    const runDir = join(repo.dir, '.baton/runs', readdirSync(join(repo.dir, '.baton/runs'))[0] as string);
    const retry = readFileSync(join(runDir, 'dispatches', 'TASK-01.builder.a2.w1.txt'), 'utf8');
    expect(retry).not.toContain('TOP SECRET');
  });

  it('refuses to run when .baton is a committed link to a folder outside the repository, writing nothing there', () => {
    const { repo, tools, run } = setup(PLAN);
    const outside = join(tools, 'elsewhere');
    mkdirSync(outside);
    symlinkSync(outside, join(repo.dir, '.baton'));
    repo.commit('baton folder elsewhere');
    const r = run(builder('true'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('.baton is a symbolic link: the run keeps its records only in its own folder');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a YAML plan id that is a path writes nothing outside the run folder: the plan is refused', () => {
    const target = mkdtempSync(join(tmpdir(), 'baton-target-'));
    cleanup.push(() => rmSync(target, { recursive: true, force: true }));
    const id = `../../../../../../../../..${target}/T1`;
    const { repo, run } = setup(
      `title: p\ntasks:\n  - id: "${id}"\n    files_in_scope: [src/**]\n`,
      'plan.yaml',
    );
    const r = run(builder('true'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`task id \`${id}\` is not a name`);
    expect(readdirSync(target)).toEqual([]);
    expect(existsSync(join(repo.dir, '.baton/runs'))).toBe(false);
  });
});
