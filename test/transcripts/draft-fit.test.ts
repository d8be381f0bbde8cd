/**
 * The draft fits what it is read with: a size goal in tokens as a model counts them (Chinese text
 * too), a Goal that holds no more list items than a section may, no invisible characters for the
 * injection scan to refuse, and long lists of files that still name every file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderBaton } from '../../src/formats/baton/render.js';
import { compileAndWrite } from '../../src/hosts/compile-write.js';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';
import { loadTokenCounter } from '../../src/tokens/count.js';
import { compileTranscript } from '../../src/transcripts/transcripts.js';
import { validateFile } from '../../src/validate/validate.js';
import { type Step, writeClaudeSession } from './support/sessions.js';

const cleanups: (() => void)[] = [];
let repo: TempRepo | undefined;
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  repo?.cleanup();
  repo = undefined;
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baton-fit-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Compiles `steps` as a Claude Code session in a real repository, writes it, and validates it. */
async function writtenFrom(steps: Step[]) {
  repo = createTempRepo();
  const path = join(folder(), 'session.jsonl');
  writeClaudeSession(path, repo.dir, steps);
  const { compiled, written } = await compileAndWrite(path, { cwd: repo.dir, env: {} });
  expect(written.ok, JSON.stringify(written)).toBe(true);
  const report = await validateFile(join(repo.dir, '.baton/handoff.md'), { git: true });
  expect(report.verdict, JSON.stringify(report.findings)).toBe('VALID');
  return { compiled, text: readFileSync(join(repo.dir, '.baton/handoff.md'), 'utf8') };
}

const ZH_SENTENCES = [
  '请把登录页面的表单校验改成在提交之前统一检查，错误信息显示在输入框下面。',
  '后端接口返回的错误码需要映射成用户能看懂的中文提示，不要直接显示英文。',
  '测试要覆盖手机号、邮箱和密码三种输入，每种都要有正确和错误的例子。',
  '样式保持和现有的设计稿一致，按钮的颜色和圆角不要改。',
];
const EN_SENTENCES = [
  'Change the login form so that it validates everything once before submitting, with the errors shown under each field.',
  'Map the error codes the backend returns to messages a person can understand, and never show the raw English codes.',
  'The tests must cover phone numbers, e-mail addresses and passwords, each with a right and a wrong example.',
  'Keep the styles as the existing design has them, and do not change the colour or the rounding of the buttons.',
];

/** A session in one language: a first request of `lines` lines, `requests` more, an edit after each. */
function sessionIn(sentences: string[], lines: number, requests: number, next: string): Step[] {
  const steps: Step[] = [{ user: Array.from({ length: lines }, (_, i) => sentences[i % 4]).join('\n') }];
  for (let i = 0; i < requests; i++) {
    steps.push({ user: `${i + 1}: ${sentences[i % 4]}` });
    steps.push({ edit: `src/pages/login/part-${i % 9}.vue` });
  }
  steps.push({ say: next });
  return steps;
}

describe('the size goal', () => {
  it('is counted in tokens, so a long request in Chinese is cut as short as one in English', async () => {
    const count = (await loadTokenCounter('o200k_base')).count;
    const { compiled } = await writtenFrom(sessionIn(ZH_SENTENCES, 60, 5, '接下来我会修改提交逻辑。'));
    // Half of the shortest summary a host wrote in the sessions measured (1,724 tokens).
    expect(count(compiled.draft)).toBeLessThanOrEqual(862);
    expect(compiled.handoff.goal).toContain('[baton: the request goes on; 60 lines in all]');
  });

  it('keeps every request, and many in Chinese cost about what they cost in English', async () => {
    const count = (await loadTokenCounter('o200k_base')).count;
    const zh = (await writtenFrom(sessionIn(ZH_SENTENCES, 3, 30, '接下来我会修改提交逻辑。'))).compiled;
    const en = (await writtenFrom(sessionIn(EN_SENTENCES, 3, 30, 'Next I will change the submit logic.')))
      .compiled;
    // At less detail a request keeps its first 48 characters whatever the script: in English that is
    // about 12 tokens, in Chinese about 35, so Chinese costs more (1.45 when measured; 1.35 while an
    // English request still ran on to the end of its clause at the least detail).
    expect(count(zh.draft)).toBeLessThanOrEqual(1.5 * count(en.draft));
    for (let i = 1; i <= 30; i++)
      expect(zh.handoff.notes).toContain(`| ${i + 1} | ${i}: ${ZH_SENTENCES[(i - 1) % 4]?.slice(0, 8)}`);
  });

  it('never drops a request to fit: sixty of them, in Chinese as in English, each keep their first 40 characters, in order', async () => {
    for (const sentences of [ZH_SENTENCES, EN_SENTENCES]) {
      const { compiled } = await writtenFrom(
        sessionIn(sentences, 3, 60, 'Next I will change the submit logic.'),
      );
      const notes = compiled.handoff.notes ?? '';
      let at = 0;
      for (let i = 1; i <= 60; i++) {
        const found = notes.indexOf(`| ${i + 1} | ${`${i}: ${sentences[(i - 1) % 4]}`.slice(0, 40)}`, at);
        expect(found, `request ${i}`).toBeGreaterThan(at);
        at = found;
      }
    }
  });

  it('at the least detail, ends each request with the word its first 48 characters stop in', async () => {
    const { compiled } = await writtenFrom(
      sessionIn(EN_SENTENCES, 3, 60, 'Next I will change the submit logic.'),
    );
    const notes = compiled.handoff.notes ?? '';
    // Not on to the end of the clause (`… before submitting…`): sixty requests cost less that way.
    expect(notes).toContain('| 2 | 1: Change the login form so that it validates everything… |');
    expect(notes).toContain('| 3 | 2: Map the error codes the backend returns to messages… |');
  });

  it('trims each request to its first sentence, and folds acknowledgements and repeats', async () => {
    const long = `${EN_SENTENCES[0]} ${EN_SENTENCES[1]} ${EN_SENTENCES[2]}`;
    const { compiled } = await writtenFrom([
      { user: 'Fix the importer.' },
      { user: long },
      { user: 'ok' },
      { user: 'Run the whole test suite again, please.' },
      { user: 'run the whole test suite again, please!' },
      { edit: 'src/importer.ts' },
    ]);
    const notes = compiled.handoff.notes ?? '';
    expect(notes).toContain(`| 2 | ${EN_SENTENCES[0]} |`);
    expect(notes).not.toContain(EN_SENTENCES[1]);
    expect(notes).not.toMatch(/\| 3 \| ok/);
    expect(notes).toContain('| 4 | Run the whole test suite again, please. |');
    expect(notes).not.toContain('| 5 |');
  });

  it('cuts a one-line request that runs on, at a word, and says how long it was', async () => {
    const words = Array.from({ length: 900 }, (_, i) => `step${i}`).join(' ');
    const { compiled } = await writtenFrom([{ user: `Do all of this: ${words}` }, ...manyRequests(40)]);
    expect(compiled.handoff.goal).toMatch(
      / step\d+\n\n\[baton: the request goes on; \d+ characters in all\]$/,
    );
  });
});

function manyRequests(n: number): Step[] {
  return Array.from({ length: n }, (_, i) => ({
    user: `Now handle case ${i + 1} of the importer, with its own test.`,
  }));
}

describe('what the draft may hold', () => {
  it('keeps a Goal with more list items than a section may hold VALID, and says it was cut', async () => {
    const list = Array.from({ length: 30 }, (_, i) => `- check the page ${i + 1}`).join('\n');
    const { compiled } = await writtenFrom([{ user: `Go through these:\n${list}` }]);
    expect(compiled.handoff.goal).toContain('- check the page 25');
    expect(compiled.handoff.goal).not.toContain('- check the page 26');
    expect(compiled.handoff.goal).toContain('[baton: the request goes on; 31 lines in all]');
  });

  it('leaves out the invisible characters pasted text carries, so the scan has nothing to refuse', async () => {
    const { text } = await writtenFrom([
      { user: 'Rename the \u202Aorders\u202C table\u200B and keep\u00AD the\uFEFF old view' },
      { bash: 'grep -q orders\u200B db/schema.sql' },
      { say: 'Next I will update\u200F the migration.' },
    ]);
    expect(text).not.toMatch(/[\u00ad\u200b\u200f\u202a\u202c\ufeff]/);
    expect(text).toContain('Rename the orders table and keep the old view');
  });
});

describe('files outside the repository', () => {
  /** The Notes of a Claude Code session of these steps, working in `cwd`. */
  async function notesOf(cwd: string, steps: Step[]): Promise<string> {
    const path = join(folder(), 'session.jsonl');
    writeClaudeSession(path, cwd, steps);
    return (await compileTranscript(path)).handoff.notes ?? '';
  }

  it('are written from the folder most of them share, once, and the others whole', async () => {
    const notes = await notesOf('/home/dev/council', [
      { user: 'Apply the review to the web app' },
      { write: '/home/dev/web-app/lib/fetch-utils.ts' },
      { edit: '/home/dev/web-app/hooks/use-tasks.ts' },
      { edit: '/home/dev/web-app/hooks/use-chat.ts' },
      { edit: '/home/dev/web-app/app/api/tasks/route.ts' },
      { edit: '/home/dev/.claude.json' },
      { edit: 'README.md' },
    ]);
    expect(notes).toContain(
      [
        '### Files outside the repository',
        'Under `/home/dev/web-app/`:',
        '- created: `lib/fetch-utils.ts`\n- modified in `hooks/`: `use-tasks.ts`, `use-chat.ts`\n- modified: `app/api/tasks/route.ts`',
        'Elsewhere:',
        '- modified: `/home/dev/.claude.json`',
      ].join('\n\n'),
    );
  });

  it('are listed whole when fewer than three share a folder', async () => {
    const notes = await notesOf('/home/dev/council', [
      { user: 'Note the plan' },
      { write: '/home/dev/plans/a.md' },
      { edit: '/home/dev/.claude.json' },
      { edit: 'README.md' },
    ]);
    expect(notes).toContain('- created: `/home/dev/plans/a.md`');
    expect(notes).not.toContain('Under `');
  });

  it('are never written from a home folder', async () => {
    const notes = await notesOf('/Users/me/council', [
      { user: 'Note it everywhere' },
      { edit: '/Users/me/notes/todo.md' },
      { edit: '/Users/me/blog/draft.md' },
      { edit: '/Users/me/.zshrc.local.sh' },
      { edit: 'README.md' },
    ]);
    expect(notes).toContain('`/Users/me/notes/todo.md`');
    expect(notes).not.toContain('Under `');
  });
});

describe('files past the cap', () => {
  it('are named under their folder, each by name, and a shared name keeps its whole path', async () => {
    const steps: Step[] = [{ user: 'Add the printer profiles' }];
    const printers = Array.from({ length: 30 }, (_, i) => `examples/printers/printer_${i}.json`);
    for (const p of printers) steps.push({ write: p });
    steps.push({ edit: 'src/a/index.ts' }, { edit: 'src/b/index.ts' });
    for (let i = 0; i < 25; i++) steps.push({ edit: `src/late/file_${i}.ts` });
    const { compiled } = await writtenFrom(steps);
    const notes = compiled.handoff.notes ?? '';
    expect(notes).toContain('- created in `examples/printers/`: `printer_0.json`, `printer_1.json`');
    for (const p of printers) expect(notes).toContain(`\`${p.split('/').pop()}\``);
    expect(notes).toContain('`src/a/index.ts`');
    expect(notes).toContain('`src/b/index.ts`');
  });

  it('at less detail, list fewer one a line and name the rest under their folder', async () => {
    const steps: Step[] = [{ user: 'Rework the login pages' }, ...manyRequests(30)];
    const pages = Array.from({ length: 20 }, (_, i) => `src/pages/login/page_${i}.vue`);
    for (const p of pages) steps.push({ edit: p });
    const { compiled } = await writtenFrom(steps);
    expect(compiled.handoff.files_touched.length).toBeLessThanOrEqual(8);
    const notes = compiled.handoff.notes ?? '';
    expect(notes).toMatch(/- modified in `src\/pages\/login\/`: `page_\d+\.vue`, /);
    for (const p of pages) expect(`${notes}\n${compiled.draft}`).toContain(`${p.split('/').pop()}\``);
  });

  it('groups the paths of a session from Windows under their folder too, relative to its root', async () => {
    const dir = folder();
    const path = join(dir, 'session.jsonl');
    const names = Array.from({ length: 30 }, (_, i) => `report_${i}.md`);
    writeClaudeSession(path, 'C:\\Users\\me\\shop', [
      { user: 'Write the reports' },
      ...names.map((n) => ({ write: `docs-${n}` })),
    ]);
    // The helper joins with `/`; a session from Windows has `\` throughout.
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('shop/docs-', 'shop\\\\docs\\\\'));
    const { handoff } = await compileTranscript(path);
    // Relative to the session's root, with `/` as every relative path.
    expect(handoff.notes).toContain('- created in `docs/`: `report_');
    for (const n of names) expect(renderBaton(handoff)).toContain(`${n}\``);
  });

  it('names the last check in the Summary by its first 60 characters: the whole command is in Notes', async () => {
    const command = `cd ${'/home/someone/projects/shop/packages/app'} && pnpm vitest run src/store/user/actions.test.js 2>&1 | head -40`;
    const { compiled } = await writtenFrom([
      { user: 'Fix the user store' },
      { edit: 'src/store/user/actions.js' },
      { bash: command, output: 'running' },
    ]);
    const summary = compiled.handoff.summary ?? '';
    expect(summary).toContain('Last check: `cd /home/someone/projects/shop/packages/app && pnpm vitest…`');
    expect(compiled.handoff.notes).toContain(
      '`cd /home/someone/projects/shop/packages/app && pnpm vitest run src/store/user/actions.test.js`',
    );
  });
});

describe('checks whose result the log does not show', () => {
  it('lists the last five at full detail, and at the least the last one with how many came before', async () => {
    const path = join(folder(), 'unknown.jsonl');
    const runs: Step[] = Array.from({ length: 7 }, (_, i) => ({
      bash: `npx vitest run test/part${i}.test.ts | tail -5`,
      output: 'some lines\n',
    }));
    writeClaudeSession(path, folder(), [{ user: 'Fix the parts' }, { edit: 'src/a.ts' }, ...runs]);
    const section = (notes: string | undefined) =>
      (notes ?? '').split('### Checks whose outcome is unknown')[1]?.trim().split('\n') ?? [];
    const full = section((await compileTranscript(path)).handoff.notes);
    expect(full).toHaveLength(6);
    expect(full.at(-1)).toBe('- and 2 more before these');
    const least = section((await compileTranscript(path, { maxTokens: 1 })).handoff.notes);
    expect(least[0]).toContain('test/part6.test.ts');
    expect(least).toEqual([least[0], '- and 6 more before these']);
  });
});
