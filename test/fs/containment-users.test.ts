/**
 * Every place that asked "is this path inside?" with its own `rel.startsWith('..')` now asks the
 * one rule (issue 22 item 2), so a legal `..notes.md` is inside everywhere, and a path outside
 * the repository or in `.git/` is outside everywhere: the compiled handoff's Files touched
 * (issue 20 item 6), the run's scope guardrail, the committer's gate, freshness's own commits,
 * the boot context's paths. Real repositories, real files.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContext } from '../../src/governance/context.js';
import type { PlanTask } from '../../src/plan/types.js';
import { checkGate } from '../../src/run/gate.js';
import { scopeViolations } from '../../src/run/guardrails.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { compileTranscript } from '../../src/transcripts/index.js';
import { baton, DRAFT } from '../e2e/_helpers.js';

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});
function repo(): TempRepo {
  const r = createTempRepo();
  repos.push(r);
  return r;
}

const task = (filesInScope: string[]): PlanTask => ({
  id: 'TASK-01',
  title: 't',
  dependsOn: [],
  filesInScope,
  verifyBy: [],
});

// A Claude Code session in the host's style: one request, then writes inside and outside `cwd`.
function session(cwd: string, files: string[]): string {
  const base = { isSidechain: false, userType: 'external', cwd, sessionId: 'sess-0001', version: '2.1.40' };
  const lines: object[] = [
    {
      ...base,
      type: 'user',
      uuid: 'u-1',
      message: { role: 'user', content: 'Set up the notes and the job.' },
    },
  ];
  files.forEach((file, i) => {
    const id = `t${i}`;
    lines.push({
      ...base,
      type: 'assistant',
      uuid: `a-${i}`,
      message: {
        role: 'assistant',
        content: [{ type: 'tool_use', id, name: 'Write', input: { file_path: file, content: 'x\n' } }],
      },
    });
    lines.push({
      ...base,
      type: 'user',
      uuid: `r-${i}`,
      message: {
        role: 'user',
        content: [{ tool_use_id: id, type: 'tool_result', content: `File created successfully at: ${file}` }],
      },
      toolUseResult: { type: 'create', filePath: file },
    });
  });
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

describe('compile: Files touched names only the repository files (issue 20 item 6)', () => {
  it('lists /etc/cron.d/… and another project apart as outside, keeps ..notes.md relative', async () => {
    const r = repo();
    const path = r.write('.baton/session.jsonl', '');
    // The session as recorded in a project outside any scratch folder, beside a sibling whose
    // path starts with the project's (`/home/dev/shop-other`).
    const root = '/home/dev/shop';
    writeFileSync(
      path,
      session(root, [
        '/etc/cron.d/backdoor',
        `${root}-other/secret.ts`,
        `${root}/..notes.md`,
        `${root}/src/x.ts`,
      ]),
    );
    const { handoff, draft } = await compileTranscript(path);
    expect(handoff.files_touched.map((f) => f.path)).toEqual(['..notes.md', 'src/x.ts']);
    // Named only apart, under the Notes heading that says they are not the repository's.
    const outside = draft.split('### Files outside the repository')[1] ?? '';
    const before = draft.split('### Files outside the repository')[0] ?? '';
    expect(outside).toContain('/etc/cron.d/backdoor');
    expect(outside).toContain('/home/dev/shop-other/secret.ts');
    expect(before).not.toContain('/etc/cron.d');
    expect(before).not.toContain('-other/secret.ts');
  });

  // Where the machine's temporary folder is a scratch folder (/tmp, macOS's /var/folders).
  const scratchTmp = /^\/(?:tmp|var\/tmp|var\/folders|private\/var\/folders)\//.test(`${tmpdir()}/`);
  it.skipIf(!scratchTmp)(
    'leaves a sibling in a scratch folder out, when the project itself is in one (/tmp)',
    async () => {
      const r = repo();
      const path = r.write('.baton/session.jsonl', '');
      writeFileSync(path, session(r.dir, [`${r.dir}-other/secret.ts`, `${r.dir}/..notes.md`]));
      const { handoff, draft } = await compileTranscript(path);
      expect(handoff.files_touched.map((f) => f.path)).toEqual(['..notes.md']);
      expect(draft).not.toContain('-other/secret.ts');
    },
  );
});

describe('the run guardrail and the committer gate', () => {
  it('remaining work on an existing ..notes.md stays inside a scope that names it', () => {
    const r = repo();
    r.write('..notes.md', 'notes\n');
    const spec = {
      title: 'finish',
      files_in_scope: ['..notes.md', `${r.dir}/..notes.md`],
      verify_by: ['true'],
    };
    expect(scopeViolations([spec], task(['..notes.md']), r.dir)).toEqual([]);
  });

  it('remaining work that names .git/ (in any case, or through a link) is outside every scope', () => {
    const r = repo();
    symlinkSync('.git', join(r.dir, 'dotgit'));
    const spec = {
      title: 'finish',
      files_in_scope: ['.git/hooks/pre-commit', '.GIT/config', 'dotgit/config'],
      verify_by: ['true'],
    };
    expect(scopeViolations([spec], task(['**']), r.dir)).toEqual([
      '.git/hooks/pre-commit',
      '.GIT/config',
      'dotgit/config',
    ]);
  });

  it('the gate commits ..notes.md, and refuses `.`, .GIT/ and .Baton/', () => {
    const r = repo();
    const start = r.head();
    const progressPath = join(r.dir, '.baton/runs/R/TASK-01_progress.md');
    const gate = (file: string) => {
      r.write(
        '.baton/runs/R/TASK-01_progress.md',
        `- Status: COMPLETED\n- Files changed:\n  - \`${file}\` — CREATE\n`,
      );
      return checkGate({ root: r.dir, task: task([]), progressPath, startCommit: start });
    };
    r.write('..notes.md', 'notes\n');
    expect(gate('..notes.md')).toMatchObject({ pass: true });
    expect(gate('.')).toMatchObject({ pass: false, reason: expect.stringMatching(/repository itself/) });
    expect(gate('.GIT/config')).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/git's own folder/),
    });
    expect(gate('.Baton/endpoints.yaml')).toMatchObject({
      pass: false,
      reason: expect.stringMatching(/baton's own folder/),
    });
  });
});

describe('freshness and the boot context', () => {
  it("a commit that touches only the handoff at ..handoff.md is the handoff's own, not movement", () => {
    const r = repo();
    r.write('.gitignore', '.baton/\n');
    r.commit('ignore .baton');
    expect(baton(['write', '..handoff.md'], { cwd: r.dir, input: DRAFT }).status).toBe(0);
    r.commit('keep the handoff');
    const v = baton(['validate', '--json', '..handoff.md'], { cwd: r.dir });
    const report = JSON.parse(v.stdout);
    expect(report.findings.map((f: { code: string }) => f.code)).toContain('head-own-commits');
    expect(v.status).toBe(0);
  });

  it('a boot path ..notes.md is shown relative; AGENTS.md -> .git/config is refused, never read', async () => {
    const r = repo();
    r.git('remote', 'add', 'origin', 'https://user:hunter2@example.com/x.git');
    r.write('..notes.md', '# Notes\n\nRun the tests.\n');
    mkdirSync(join(r.dir, '.baton'));
    writeFileSync(join(r.dir, '.baton/config.json'), JSON.stringify({ context: { paths: ['..notes.md'] } }));
    symlinkSync('.git/config', join(r.dir, 'AGENTS.md'));
    const context = await loadContext({ root: r.dir, home: join(r.dir, '.baton', 'home') });
    const paths = context.artifacts.map((a) => a.path);
    expect(paths).toContain('..notes.md');
    expect(paths).toContain('AGENTS.md');
    expect(JSON.stringify(context)).not.toContain('hunter2');
    const agents = context.artifacts.find((a) => a.path === 'AGENTS.md');
    expect(agents?.findings.map((f) => f.code)).toContain('outside-repository');
  });
});
