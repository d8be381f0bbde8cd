/**
 * Where the work stands at the cut: the files a successor will go to next, named from what the log
 * says about the work ahead (an issue the agent printed, the workflow a command expands to), and
 * not named twice.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTranscript } from '../../src/transcripts/index.js';
import { namedNext } from './support/named.js';
import { type Step, writeClaudeSession, writeCodexRollout } from './support/sessions.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baton-next-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const ISSUE_FILES = [
  'lib/review/context_builder.ex',
  'lib/review/token_store.ex',
  'lib/web/review_controller.ex',
  'plugin/hooks/hooks.json',
  'plugin/scripts/session-start.sh',
  'test/review/context_builder_test.exs',
  'test/web/review_controller_test.exs',
];
const ISSUE = `app-42: Review context at session start\nStatus: open\n\nTouch:\n${ISSUE_FILES.map((f) => `- ${f}`).join('\n')}\n`;
// Work that names nothing: the same file edited again and again, long enough for a passing mention to fade.
const BUSY: Step[] = Array.from({ length: 40 }, () => ({ edit: 'lib/other.ex' }));

/** The files named next in the handoff compiled from a Claude Code session of these steps. */
async function nextOf(steps: Step[]): Promise<string[]> {
  const dir = folder();
  const path = join(dir, 'session.jsonl');
  writeClaudeSession(path, dir, steps);
  return namedNext((await compileTranscript(path)).handoff.summary);
}

describe('the files named next', () => {
  it('are not the changed files again, when text cut their paths at a space or shared their ends', async () => {
    const next = await nextOf([
      { user: 'Set up the vault folders' },
      { write: 'vault/Life OS/Privat/Charakter/_index.md' },
      { write: 'vault/Work OS/Privat/Charakter/_index.md' },
      {
        say: 'Created OS/Privat/Charakter/_index.md and Charakter/_index.md in both trees; next docs/setup.md.',
      },
    ]);
    expect(next).not.toContain('OS/Privat/Charakter/_index.md');
    expect(next).not.toContain('Charakter/_index.md');
    expect(next).toContain('docs/setup.md');
  });

  it('are not changed files again, when the session folder has a space a command escaped or an error printed', async () => {
    const root = join(folder(), '00 vibe projects', 'shop');
    const escaped = root.replace(/ /g, '\\ ');
    const path = join(root, 'session.jsonl');
    mkdirSync(root, { recursive: true });
    writeClaudeSession(path, root, [
      { user: 'Make the checkout tests pass' },
      { write: 'tests/checkout.spec.ts' },
      { edit: 'tests/agents/docs.spec.ts' },
      { bash: `grep -n "test(" ${escaped}/tests/agents/docs.spec.ts | wc -l`, output: '12\n' },
      {
        bash: 'npx playwright test',
        exit: 1,
        output: `1 failed\n    at ${root}/tests/checkout.spec.ts:30:17\n`,
      },
      { say: 'The checkout test fails at its first step; next I look at src/checkout.ts.' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toContain('src/checkout.ts');
    expect(next.filter((p) => p.endsWith('.spec.ts'))).toEqual([]);
  });

  it('takes an issue the agent printed as the spec of the work ahead, not as a passing listing', async () => {
    const dir = folder();
    for (const [name, show] of [
      ['bd', 'bd show app-42'],
      ['gh', 'gh issue view 42 --comments'],
    ] as const) {
      const path = join(dir, `${name}.jsonl`);
      writeClaudeSession(path, dir, [
        { user: 'Work through the open issues' },
        { bash: show, output: ISSUE },
        ...BUSY,
      ]);
      const { handoff } = await compileTranscript(path);
      expect(namedNext(handoff.summary), name).toEqual(expect.arrayContaining(ISSUE_FILES.slice(0, 6)));
    }
  });

  it("names a module's test the log listed right after the module, beyond the cap, where tests of it sit", async () => {
    const modules = Array.from({ length: 14 }, (_, i) => `lib/shop/part_${i}.ex`);
    const listing = [
      'test/shop/part_0_test.exs',
      'test/shop/part_1_test.exs',
      // Another module of the same name, in another part of the tree: not the one at hand.
      'test/billing/part_2_test.exs',
      'test/shop/unrelated_test.exs',
    ];
    const next = await nextOf([
      { user: 'Split the shop modules' },
      { bash: 'find test -name "*_test.exs"', output: `${listing.join('\n')}\n` },
      ...BUSY,
      { say: `Next I will change ${modules.join(', ')}.` },
    ]);
    // (Written under their folders: the modules first, then their tests.)
    expect(next.slice(0, 2)).toEqual(['lib/shop/part_0.ex', 'lib/shop/part_1.ex']);
    expect(next).toEqual(expect.arrayContaining(['test/shop/part_0_test.exs', 'test/shop/part_1_test.exs']));
    expect(next).not.toContain('test/billing/part_2_test.exs');
    expect(next).not.toContain('test/shop/unrelated_test.exs');
  });

  it('names no path built on a variable, whose folder the text does not say', async () => {
    const next = await nextOf([
      { user: 'Give each instance its own config' },
      {
        bash: 'for d in /opt/inst-*; do cp "$TEMPLATE_DIR/instance.json" "$d/"; jq . "$CONFIG_HOME/app.json"; done',
      },
      { say: 'Next I will edit config/instances.yaml and check $STATE_DIR/state.json.' },
      { edit: 'config/other.yaml' },
    ]);
    expect(next).toContain('config/instances.yaml');
    expect(next.filter((p) => /instance\.json|app\.json|state\.json/.test(p))).toEqual([]);
  });

  it('does the same for a Codex rollout', async () => {
    const dir = folder();
    const path = join(dir, 'rollout.jsonl');
    writeCodexRollout(path, dir, [
      { user: 'Work through the open issues' },
      { bash: 'gh issue view 42', output: ISSUE },
      ...BUSY,
    ]);
    const { handoff } = await compileTranscript(path);
    expect(namedNext(handoff.summary)).toEqual(expect.arrayContaining(ISSUE_FILES.slice(0, 6)));
  });

  it('reads what a custom command expands to as the spec of the work it asked for', async () => {
    const dir = folder();
    const path = join(dir, 'session.jsonl');
    writeClaudeSession(path, dir, [
      { user: '<command-name>/flow:execute-plan</command-name>\n<command-args>phase 3</command-args>' },
      {
        meta: 'Execute the plan. When every task is done, write `.planning/phases/03/SUMMARY.md`, then update `.planning/STATE.md` and `.planning/ROADMAP.md`.',
      },
      ...BUSY.slice(0, 10),
      { todo: [{ content: 'Update STATE.md and ROADMAP.md', status: 'pending' }] },
      ...BUSY.slice(0, 10),
    ]);
    const { handoff } = await compileTranscript(path);
    expect(namedNext(handoff.summary)).toEqual(
      expect.arrayContaining(['.planning/STATE.md', '.planning/ROADMAP.md']),
    );
    // The expansion is the command's text, not the person's: not a request, not a preference.
    expect(handoff.notes ?? '').not.toContain('Execute the plan');
  });

  it('does not name again the file the agent was on', async () => {
    const dir = folder();
    const path = join(dir, 'session.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Fix the parser in src/parser.ts, see docs/grammar.md' },
      { read: 'docs/grammar.md' },
      { read: 'src/parser.ts' },
    ]);
    const { handoff } = await compileTranscript(path);
    expect(handoff.summary).toContain('It was on: `src/parser.ts` (read), `docs/grammar.md` (read).');
    expect(namedNext(handoff.summary)).not.toContain('src/parser.ts');
    expect(namedNext(handoff.summary)).not.toContain('docs/grammar.md');
  });

  it('names twelve at the least detail, fourteen at full detail', async () => {
    const files = Array.from(
      { length: 16 },
      (_, i) => `lib/billing/step_${String(i + 1).padStart(2, '0')}.ex`,
    );
    const dir = folder();
    const path = join(dir, 'session.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Work through the billing issue' },
      { bash: 'bd show app-7', output: `app-7: Split billing into steps\n\nTouch:\n${files.join('\n')}\n` },
      ...BUSY,
    ]);
    const full = await compileTranscript(path);
    const least = await compileTranscript(path, { maxTokens: 1 });
    expect(namedNext(full.handoff.summary)).toHaveLength(14);
    expect(namedNext(least.handoff.summary)).toHaveLength(12);
  });
});

// Work that names nothing else, `n` tool calls of it.
const busy = (n: number): Step[] => Array.from({ length: n }, () => ({ edit: 'lib/other.ex' }));

describe('what the log points at beside the words', () => {
  it('names a file whose edit the tool refused, in Claude Code and in Codex', async () => {
    const dir = folder();
    const claude = join(dir, 'claude.jsonl');
    writeClaudeSession(claude, dir, [
      { user: 'Fix the cart' },
      { refused: 'src/cart/total.ts' },
      ...busy(10),
    ]);
    expect(namedNext((await compileTranscript(claude)).handoff.summary)).toContain('src/cart/total.ts');
    const codex = join(dir, 'codex.jsonl');
    writeCodexRollout(codex, dir, [{ user: 'Fix the cart' }, { refused: 'src/cart/total.ts' }, ...busy(10)]);
    const { handoff } = await compileTranscript(codex);
    expect(namedNext(handoff.summary)).toContain('src/cart/total.ts');
    expect(handoff.files_touched.map((f) => f.path)).not.toContain('src/cart/total.ts');
  });

  it('keeps the plan the agent asked the person to approve as the map of the work ahead', async () => {
    const dir = folder();
    const files = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((x) => `app/stream/${x}.tsx`);
    const path = join(dir, 'plan.jsonl');
    const plan = `# Plan\n\n${files.map((f, i) => `${i + 1}. Change \`${f}\``).join('\n')}\n`;
    writeClaudeSession(path, dir, [{ user: 'Rework the stream screen' }, { plan }, ...busy(60)]);
    const { handoff } = await compileTranscript(path);
    expect(namedNext(handoff.summary)).toEqual(expect.arrayContaining(files));
  });

  it('names the files a failed check points into, not those of a passing one', async () => {
    const dir = folder();
    const path = join(dir, 'tsc.jsonl');
    const failed =
      'src/api/client.ts(12,5): error TS2322: Type string is not assignable to number.\nsrc/api/types.ts:40:3 - error TS2304: Cannot find name Order.';
    writeClaudeSession(path, dir, [
      { user: 'Make the build pass' },
      { bash: 'npx tsc --noEmit', exit: 2, output: failed },
      { bash: 'npx eslint src', output: 'src/ui/list.ts:3:1 warning: unused import' },
      ...busy(10),
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toEqual(expect.arrayContaining(['src/api/client.ts', 'src/api/types.ts']));
    expect(next).not.toContain('src/ui/list.ts');
  });
});

describe('files of every kind a project keeps', () => {
  it('names documents and templates by their own extensions (AsciiDoc, reStructuredText, Handlebars, Jinja)', async () => {
    const dir = folder();
    const path = join(dir, 'docs.jsonl');
    const files = [
      'docs/context/profile.adoc',
      'docs/api.rst',
      'views/card.hbs',
      'templates/mail.j2',
      'config/database.yml.example',
    ];
    writeClaudeSession(path, dir, [{ user: `Next, update ${files.join(', ')}` }, ...busy(5)]);
    expect(namedNext((await compileTranscript(path)).handoff.summary)).toEqual(expect.arrayContaining(files));
  });
});

describe('an import alias', () => {
  it('names the file it stands for, once, by its path in the repository', async () => {
    const dir = folder();
    const path = join(dir, 'alias.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Use the new avatar in the user table' },
      { bash: 'ls src/components/Avatars', output: 'src/components/Avatars/AppAvatar.vue\n' },
      { say: 'Next I will import @/components/Avatars/AppAvatar.vue in the table.' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toContain('src/components/Avatars/AppAvatar.vue');
    expect(next).not.toContain('@/components/Avatars/AppAvatar.vue');
  });
});

describe('a session recorded on Windows', () => {
  it('names its files relative to its root with `/`, the same file the same way, and others as outside', async () => {
    const dir = folder();
    const path = join(dir, 'windows.jsonl');
    const root = 'C:\\Users\\dev\\shop';
    writeClaudeSession(path, root, [
      { user: `in ${root}\\orders\\views\\list.xml add a bulk action` },
      { edit: 'orders\\models\\order.py' },
      { bash: 'rm /c/Users/dev/shop/tools/old.py' },
      { write: '..\\.claude\\plans\\plan.md' },
      ...busy(5),
    ]);
    const { handoff } = await compileTranscript(path);
    const paths = handoff.files_touched.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['orders/models/order.py', 'tools/old.py']));
    expect(paths.some((p) => p.includes('plan.md') || p.includes('\\'))).toBe(false);
    expect(handoff.notes).toContain('C:\\Users\\dev\\.claude\\plans\\plan.md');
    expect(namedNext(handoff.summary)).toContain('orders/views/list.xml');
  });
});

/** The Remaining titles of a session that ends with the agent saying `words`. */
async function remainingAfter(dir: string, name: string, words: string): Promise<string[]> {
  const path = join(dir, `${name.replace(/\W+/g, '-')}.jsonl`);
  writeClaudeSession(path, dir, [{ user: 'Fix the login form' }, { edit: 'src/form.vue' }, { say: words }]);
  return (await compileTranscript(path)).handoff.remaining.map((r) => r.title);
}

describe('the agent’s stated next step', () => {
  it('is read in the languages the person and the agent write in', async () => {
    const dir = folder();
    for (const [lang, words] of [
      ['zh', '接下来我会修改 src/login.vue 里的提交逻辑。'],
      ['ja', '次に src/login.vue の送信処理を直します。'],
      ['de', 'Als Nächstes ändere ich die Logik in src/login.vue.'],
      ['fr', 'Je vais maintenant corriger src/login.vue.'],
      ['es', 'Ahora voy a corregir src/login.vue.'],
    ] as const) {
      expect(await remainingAfter(dir, lang, words), lang).toEqual([`Carry on: ${words}`]);
    }
  });

  it('is the sentence that states it, in the phrasings agents use most, and a line that announces a call', async () => {
    const dir = folder();
    const cases: [string, string, string][] = [
      [
        'zh let me',
        '配置文件里的端口写错了。让我把 config/app.yaml 的端口改成 8080：',
        '让我把 config/app.yaml 的端口改成 8080：',
      ],
      ['zh now I', '好的！我现在为您更新导出脚本，加上颜色：', '我现在为您更新导出脚本，加上颜色：'],
      [
        'zh two steps',
        '测试跑通了。让我继续改代码。我需要先找到 parser 的入口。',
        '让我继续改代码。我需要先找到 parser 的入口。',
      ],
      [
        'de',
        'Die Datei ist gelesen. Jetzt schreibe ich die Zusammenfassung in docs/notes.md:',
        'Jetzt schreibe ich die Zusammenfassung in docs/notes.md:',
      ],
      ['ko', '원인을 찾았습니다. 이제 설정 파일을 수정하겠습니다.', '이제 설정 파일을 수정하겠습니다.'],
      [
        'pt',
        'O build passou. Agora vou rodar os testes de integração.',
        'Agora vou rodar os testes de integração.',
      ],
      [
        'a heading that announces',
        '**3. routes.php — the new admin routes:**',
        // The bold marks are the person's screen's, not the step's words.
        '3. routes.php — the new admin routes:',
      ],
      ['en now', 'Batch 2 done. Now Batch 3: the admin views.', 'Now Batch 3: the admin views.'],
      [
        'zh now, then a colon',
        '修复完毕。现在更新测试——旧的预期值是基于 round 的，需要改成 ceil：',
        '现在更新测试——旧的预期值是基于 round 的，需要改成 ceil：',
      ],
    ];
    for (const [what, words, step] of cases) {
      expect(await remainingAfter(dir, what, words), what).toEqual([`Carry on: ${step}`]);
    }
  });

  it('is not a question to the person, a report of what is done, or what the person should do', async () => {
    const dir = folder();
    for (const words of [
      '现在飞书机器人应该已经在正常回复你了，对吗？',
      'Shall I also migrate the old records: yes or no?',
      'The dropdown now switches language and theme, and the choice persists across pages.',
      '你运行后如果发现字段名不对，直接改脚本顶部的字典即可。',
      'Refresh the page and check the logs - the data should arrive now.',
      'Fixed. The forwarder now reads from these stores:',
    ]) {
      expect(await remainingAfter(dir, 'done', words), words).toEqual(['Ask the person what comes next']);
    }
  });

  it('when it is a question, is quoted as the question the next step waits on', async () => {
    const dir = folder();
    for (const [words, asked] of <[string, string][]>[
      [
        'Nothing left to do on your end. **Want me to trigger a test run now** to see it end to end?',
        'Want me to trigger a test run now to see it end to end?',
      ],
      ['定时任务已经配置好了。要不要我现在手动触发一次？', '要不要我现在手动触发一次？'],
      [
        'Der Export läuft. Soll ich auch die alten Daten migrieren?',
        'Soll ich auch die alten Daten migrieren?',
      ],
    ]) {
      const path = join(dir, 'asked.jsonl');
      writeClaudeSession(path, dir, [
        { user: 'Fix the login form' },
        { edit: 'src/form.vue' },
        { say: words },
      ]);
      const ask = (await compileTranscript(path)).handoff.remaining;
      expect(
        ask.map((r) => r.title),
        words,
      ).toEqual(['Ask the person what comes next']);
      expect(ask[0]?.notes, words).toContain(
        `asked the person “${asked}”, and the log ends before an answer`,
      );
    }
    // A report that ends in a statement asks nothing; a question the person answered is theirs.
    const path = join(dir, 'answered.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Fix the login form' },
      { edit: 'src/form.vue' },
      { say: 'Done. The form now validates the e-mail.' },
    ]);
    expect((await compileTranscript(path)).handoff.remaining[0]?.notes).not.toContain('asked the person');
  });

  it('is said once: the Summary quotes what came before it, Remaining carries it on', async () => {
    const dir = folder();
    for (const [what, words, said] of [
      [
        'a finding, then the step',
        "The export drops the header row. I'll make src/export.ts write it first.",
        'At the end the agent said: “The export drops the header row.”',
      ],
      ['the step alone', 'Let me run the export tests again.', undefined],
      [
        'a step too long for its Remaining title',
        `The export drops the header row. I'll make src/export.ts write the header row first, ${'then check every column name against the schema, '.repeat(3)}and run the tests.`,
        'At the end the agent said: “The export drops the header row.”',
      ],
      [
        'no step',
        'The export now writes the header row first.',
        'At the end the agent said: “The export now writes the header row first.”',
      ],
    ] as const) {
      const path = join(dir, `${what.replace(/\W+/g, '-')}.jsonl`);
      writeClaudeSession(path, dir, [
        { user: 'Fix the CSV export' },
        { edit: 'src/export.ts' },
        { say: words },
      ]);
      const { summary } = (await compileTranscript(path)).handoff;
      const line = summary?.split('\n').find((l) => l.startsWith('At the end the agent said'));
      expect(line, what).toBe(said);
    }
  });
});

describe('a root whose folder name has a space', () => {
  it('reads the paths under it whole, on Windows and elsewhere, from text and from a file read', async () => {
    const dir = folder();
    for (const [name, root, text, read] of [
      [
        'windows',
        'C:\\Users\\dev\\My Shop',
        'I will change C:\\Users\\dev\\My Shop\\orders\\views\\list.xml next.',
        'orders\\models\\order.py',
      ],
      [
        'posix',
        '/Users/dev/Client Work/app',
        'I will change /Users/dev/Client Work/app/orders/views/list.xml next.',
        'orders/models/order.py',
      ],
    ] as const) {
      const path = join(dir, `${name}.jsonl`);
      writeClaudeSession(path, root, [{ user: 'Add a bulk action' }, { read }, { say: text }, ...busy(2)]);
      const summary = (await compileTranscript(path)).handoff.summary ?? '';
      expect(namedNext(summary), name).toContain('orders/views/list.xml');
      expect(summary, name).toContain('`orders/models/order.py` (read)');
      // Cut at the space, the same paths were `Shop/orders/…` and `Work/app/orders/…`.
      expect(summary, name).not.toMatch(/`(?:Shop|Work)[\\/]/);
    }
  });
});

describe('names that only look like paths, and paths written from a folder below the root', () => {
  it("does not take a pair of tool names for a folder and a file, nor the host's own shell snapshots", async () => {
    const dir = folder();
    const path = join(dir, 'names.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Tidy the landing page' },
      { bash: 'source .claude/shell-snapshots/snapshot-zsh-17599-69qe.sh && ls' },
      { say: 'This is a React/Next.js app with a Node/Express.js API; next I edit src/app/page.tsx.' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toContain('src/app/page.tsx');
    expect(next.filter((p) => p.endsWith('.js') || p.includes('shell-snapshots'))).toEqual([]);
  });

  it('names a path written from a subfolder by the one known path that ends with it', async () => {
    const dir = folder();
    const path = join(dir, 'subfolder.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Fix the cart' },
      { bash: 'ls shop/test', output: 'shop/test/cart.test.js\nshop/test/order.test.js\n' },
      { say: 'Now in shop/, next I will fix test/cart.test.js.' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toContain('shop/test/cart.test.js');
    expect(next).not.toContain('test/cart.test.js');
  });

  it('keeps such a path as it is when the agent read it there', async () => {
    const dir = folder();
    const path = join(dir, 'both.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Fix the cart' },
      { bash: 'ls shop/test', output: 'shop/test/cart.test.js\n' },
      { read: 'test/cart.test.js' },
      ...busy(6),
      { say: 'Next I will fix test/cart.test.js and shop/test/cart.test.js.' },
    ]);
    const summary = (await compileTranscript(path)).handoff.summary ?? '';
    expect(summary).toContain('`test/cart.test.js`');
    expect(summary).toContain('`shop/test/cart.test.js`');
  });
});

describe('the open items of the task list', () => {
  it('names the files an open task names, by their bare names where nothing else gives the folder', async () => {
    const dir = folder();
    const path = join(dir, 'tasks.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Build the validation phases' },
      { taskCreate: { subject: 'Phase 1', description: 'Write profiling.py and outliers.py' } },
      {
        taskCreate: { subject: 'Phase 4', description: 'Write metrics.py, ensembles.py and calibration.py' },
      },
      { taskUpdate: { taskId: '1', status: 'completed' } },
      { write: 'ml/phase1/profiling.py' },
      ...busy(60),
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toEqual(expect.arrayContaining(['metrics.py', 'ensembles.py', 'calibration.py']));
    // A done task's files are not ahead; a bare name whose folder the log gives is named by its path.
    expect(next).not.toContain('outliers.py');
    expect(next).not.toContain('profiling.py');
  });

  it('names the file an open task names by a symbol, in the case the language writes its files', async () => {
    const dir = folder();
    const path = join(dir, 'symbols.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'Add skill subscriptions' },
      // A listing names every file there is, each for little.
      {
        bash: 'find app web -type f',
        output: [
          'app/services/skill_loader.py',
          'app/services/order_loader.py',
          'app/services/billing.py',
          'app/models/skill.py',
          'app/models/order.py',
          'web/src/components/SkillCard.tsx',
          'web/src/components/OrderList.tsx',
          'web/src/api/fetch-orders.ts',
          'web/src/api/client.ts',
        ].join('\n'),
      },
      {
        todo: [
          { content: 'Phase 1: 更新 SkillLoader 解析新字段', status: 'in_progress' },
          { content: 'Phase 3: 创建SkillCard组件', status: 'pending' },
          { content: 'Wire up fetchOrders in the page', status: 'pending' },
          { content: 'Update the Skill model', status: 'pending' },
          { content: 'Remove the OrderLoader', status: 'completed' },
        ],
      },
      ...busy(60),
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toEqual(
      expect.arrayContaining([
        'app/services/skill_loader.py',
        'web/src/components/SkillCard.tsx',
        'web/src/api/fetch-orders.ts',
      ]),
    );
    // One word is a word, not a symbol; a done task names nothing ahead.
    expect(next).not.toContain('app/models/skill.py');
    expect(next).not.toContain('app/services/order_loader.py');
  });
});

describe('a file named by its module in the last words', () => {
  it('is next when one or two known files have that name, in snake_case or a symbol', async () => {
    const next = await nextOf([
      { user: 'Narrow the broad excepts' },
      {
        bash: 'ls -R app',
        output: [
          'app/clients/subscription_client.py',
          'app/ui/PlanCard.tsx',
          'app/a/config_loader.py',
          'app/b/config_loader.py',
          'app/c/config_loader.py',
          'app/unrelated_module.py',
        ].join('\n'),
      },
      ...BUSY,
      { say: 'Routes done. Now the subscription_client, then PlanCard.render and the config_loader.' },
    ]);
    expect(next).toEqual(
      expect.arrayContaining(['app/clients/subscription_client.py', 'app/ui/PlanCard.tsx']),
    );
    // A name three files share names a kind of file.
    expect(next.filter((p) => p.includes('config_loader'))).toEqual([]);
  });

  it('is not next when the person spoke after those words', async () => {
    const next = await nextOf([
      { user: 'Narrow the broad excepts' },
      { bash: 'ls -R app', output: 'app/clients/subscription_client.py\napp/auth/login.py\n' },
      ...BUSY,
      { say: 'Routes done. Now the subscription_client.' },
      { user: 'Drop that, look at the login first.' },
    ]);
    expect(next).not.toContain('app/clients/subscription_client.py');
  });
});

describe('paths in other scripts', () => {
  it('reads names in Chinese or with accents, and not the words around a path in text without spaces', async () => {
    const dir = folder();
    const path = join(dir, 'scripts.jsonl');
    writeClaudeSession(path, dir, [
      { user: '请修改docs/新成员入门指南.md和src/café.ts然后提交' },
      { say: '好的，我先看README.md和docs/a.md。' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toEqual(expect.arrayContaining(['docs/新成员入门指南.md', 'src/café.ts', 'docs/a.md']));
    expect(next.filter((p) => /和|提交|我/.test(p))).toEqual([]);
  });
});

describe('a folder with an accent in an otherwise plain text', () => {
  it('reads the whole path, not the ASCII tail after the accent', async () => {
    const next = await nextOf([{ user: 'Please tidy up résumé/notes.md next, then commit' }]);
    expect(next).toContain('résumé/notes.md');
    expect(next).not.toContain('notes.md');
  });
});

describe('the compiled name a TypeScript import writes', () => {
  it('counts `./events/index.js` for the known `.ts` file, and keeps a `.js` file that exists as one', async () => {
    const next = await nextOf([
      { user: 'Wire the event bus into src/coordination/index.ts' },
      { write: 'src/coordination/types.ts' },
      {
        bash: 'ls src/coordination/events src/coordination/store',
        output:
          'src/coordination/events/index.ts\nsrc/coordination/events/bus.ts\nsrc/coordination/store/kv.ts',
      },
      {
        say: "Next I'll export the bus: `export * from './events/index.js'` and `import { kv } from './store/kv.js'` in src/coordination/index.ts, then update scripts/build.js.",
      },
      { read: 'scripts/build.js' },
    ]);
    expect(next).toEqual(
      expect.arrayContaining(['src/coordination/events/index.ts', 'src/coordination/store/kv.ts']),
    );
    expect(next.filter((p) => /(?:events\/index|store\/kv)\.js$/.test(p))).toEqual([]);
  });
});

describe('records a program keeps', () => {
  it('names no session log, id-named record or host history as a file to work on next', async () => {
    const next = await nextOf([
      { user: 'Find out why the agents stopped answering, then fix scripts/content-validator.sh' },
      {
        bash: 'ls -t .openclaw/agents/main/sessions/ | head -3',
        output:
          '.openclaw/agents/main/sessions/6c47c562-e82e-49f8-9a4e-d4a492871f6b.jsonl\n.openclaw/agents/main/sessions/34b583e0-e1c8-4e9e-bbc8-9a1e42274301.jsonl\ncache/5d41402abc4b2a76b9719d911017c592.json',
      },
      { bash: 'tail -5 .claude/history.jsonl', output: '{"display":"fix it"}' },
      { say: "Next I'll fix scripts/content-validator.sh." },
    ]);
    expect(next).toContain('scripts/content-validator.sh');
    expect(next.filter((p) => /sessions\/|history\.jsonl|5d41402a/.test(p))).toEqual([]);
  });
});

describe('names that are not one of the project’s files', () => {
  it('takes no template of a name for a file: a date to fill in, a letter in a number’s place', async () => {
    const next = await nextOf([
      { user: 'Rotate the nightly exports' },
      {
        say: 'Each run writes exports/orders-YYYYMMDD.csv and journal/yyyy-mm-dd.md, keeps a copy in archive/MM-DD/summary.json, and the runbook asks for reviews/Sprint-N-retro.md and notes/Release-X-checklist.md (or XX-name/plan.md, tmp/xxx.txt).',
      },
      {
        say: 'Next I will change jobs/rotate.py and read journal/2026-04-02.md, drafts/x.md and docs/N-queens.md.',
      },
    ]);
    expect(next).toEqual(
      expect.arrayContaining(['jobs/rotate.py', 'journal/2026-04-02.md', 'drafts/x.md', 'docs/N-queens.md']),
    );
    expect(next.filter((p) => /YYYY|yyyy|MM-DD|-N-|-X-|XX-|xxx/.test(p))).toEqual([]);
  });

  it('takes two file names joined by a slash for two names, not for a folder and a file', async () => {
    const next = await nextOf([
      { user: 'Write the agent’s persona' },
      {
        say: 'The persona goes in PERSONA.md/VOICE.md, and the API in handlers.ts/routes.ts; next I will edit conf.d/site.conf and vendor-docs/chart.js/README.md.',
      },
    ]);
    expect(next).toEqual(expect.arrayContaining(['conf.d/site.conf', 'vendor-docs/chart.js/README.md']));
    expect(next.filter((p) => p.includes('.md/') || p.includes('.ts/'))).toEqual([]);
  });

  it('takes no path from what a package manager prints as it works', async () => {
    const next = await nextOf([
      { user: 'Install the build tools on the box, then fix deploy/provision.sh' },
      {
        bash: 'tail -8 /var/log/provision.log',
        output: [
          'W: Target Sources (universe/source/Sources.yml) is configured multiple times in /etc/apt/sources.list:4',
          'Get:2 http://mirror.example.org stable/main amd64 Contents/index.json [12 kB]',
          'Unpacking libtool (2.4.7-7) over (2.4.7-5) from pool/main/libtool.conf ...',
          'Collecting wheel-helpers==0.3 (from -r requirements/build.txt)',
          'Downloading cache/pkgs/wheel_helpers-0.3.tar.json (9 kB)',
          'npm warn deprecated glob@7.2.3 in packages/legacy/package.json',
          'provision: wrote config/tools.yaml',
        ].join('\n'),
      },
    ]);
    expect(next).toEqual(expect.arrayContaining(['deploy/provision.sh', 'config/tools.yaml']));
    expect(
      next.filter((p) => /Sources\.yml|index\.json|libtool|requirements|wheel|packages\/legacy/.test(p)),
    ).toEqual([]);
  });
});

describe('text the host puts in the person’s place', () => {
  it('reads a skill’s document as naming the skill’s own files, and as no word on the work’s', async () => {
    for (const base of [
      '/home/dev/.claude/skills/form-kit',
      'C:\\Users\\Ana Ruiz\\.claude\\skills\\form-kit',
    ]) {
      const next = await nextOf([
        { user: 'Build the signup form with the form-kit skill' },
        {
          meta: `Base directory for this skill: ${base}\n\n# Form kit\n\nRead references/field_rules.md first; copy templates/FieldGroup.tsx into app/forms/FieldGroup.tsx and register it in lib/forms/registry.ts.`,
        },
        { say: 'I will start with app/signup/page.tsx.' },
      ]);
      expect(next, base).toEqual(['app/signup/page.tsx']);
    }
  });
});

describe('a path that text cut at a space', () => {
  it('is read whole from its backtick, from the root, or from an absolute start; a list or a command is still read path by path', async () => {
    const dir = folder();
    const path = join(dir, 'spaced.jsonl');
    const root = 'C:\\Users\\dev\\Field Notes';
    writeClaudeSession(path, root, [
      { user: 'Tidy the vault' },
      {
        say: `The index lives in \`20 Reading/index.md\`; next ${root}\\10 Areas\\Home Lab\\setup.md, and the old site at E:/Old Sites/shop/cart/Checkout.php stays as it is. Then lib/feed.ts lib/parse.ts, 用docs/数据说明.md这个文档校验 scripts/gen.py; run \`cat docs/guide.md\` and \`npx vitest run test/cart.test.ts\` first.`,
      },
      { edit: 'notes\\today.md' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toEqual(
      expect.arrayContaining([
        '20 Reading/index.md',
        '10 Areas/Home Lab/setup.md',
        'lib/feed.ts',
        'lib/parse.ts',
      ]),
    );
    expect(next).toEqual(expect.arrayContaining(['docs/guide.md', 'test/cart.test.ts', 'scripts/gen.py']));
    expect(next.filter((p) => /^(?:Reading|Areas|Lab|Sites)\/| /.test(p) && !/^\d+ /.test(p))).toEqual([]);
  });
});

describe('a folder name that mixes scripts', () => {
  it('is read whole after a separator, and words before a path are still no part of it', async () => {
    const dir = folder();
    const path = join(dir, 'mixed.jsonl');
    const root = '/Users/fan/Desktop/周报V2';
    writeClaudeSession(path, root, [
      { user: '请更新周报' },
      {
        say: `先改 ${root}/config.py 和 ${root}/数据V3/load_data.py，再看src/模块A/说明.md和周报V2/utils.py；修改了README.md和docs/a.md。`,
      },
      {
        bash: 'cat agent-log.jsonl',
        output: `{"cwd":"${root}","files":"${root}/generate_report.py\\n${root}/helpers.py\\n"}`,
      },
      { edit: 'run_weekly_report.py' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toEqual(
      expect.arrayContaining(['config.py', '数据V3/load_data.py', 'src/模块A/说明.md', 'docs/a.md']),
    );
    expect(next.filter((p) => /^(?:V2|V3|A)\/|周报|修改|和/.test(p))).toEqual([]);
  });
});

describe('a relative path that ends a path outside the repository', () => {
  it('is not named when it is the end of another repository’s file the log names', async () => {
    const next = await nextOf([
      { user: 'Start the billing worker from our dev server' },
      {
        bash: 'grep -rn "runWorker" /opt/billing-api/src',
        output:
          '/opt/billing-api/src/cli.ts:12:  runWorker(args)\n/opt/billing-api/src/worker.ts:3:export function runWorker\n/opt/billing-api/src/jobs/queue.ts:8:  runWorker()',
      },
      {
        say: 'The worker starts with `npx tsx src/cli.ts run` in billing-api, and its jobs/queue.ts polls (src/jobs/queue.ts there). Next I will spawn it from src/devServer.ts and log from src/worker.ts.',
      },
      { read: 'src/worker.ts' },
      ...busy(2),
    ]);
    expect(next).toContain('src/devServer.ts');
    expect(next.filter((p) => /cli\.ts|queue\.ts/.test(p))).toEqual([]);
  });

  it('is not named when it ends a file outside that the agent changed, though a manifest or its words name it that way', async () => {
    // (Recorded at /home/dev/docs, so that the sibling folder is not a scratch folder as /tmp is.)
    const addon = '../addons/kickoff';
    const path = join(folder(), 'session.jsonl');
    writeClaudeSession(path, '/home/dev/docs', [
      { user: 'Give the checklist in /home/dev/addons/kickoff a matrix view' },
      { edit: `${addon}/views/checklist_view.xml` },
      { edit: `${addon}/views/contract_info.xml` },
      {
        write: `${addon}/__manifest__.py`,
        content: "{'data': ['views/checklist_view.xml', 'views/contract_info.xml', 'views/budget.xml']}",
      },
      {
        say: 'Updated checklist_view.xml and contract_info.xml; you said kickoff/views/checklist_view.xml was next.',
      },
      { say: 'Next I will write docs/matrix.md here.' },
    ]);
    const next = namedNext((await compileTranscript(path)).handoff.summary);
    expect(next).toContain('docs/matrix.md');
    expect(next.filter((p) => /checklist_view|contract_info/.test(p))).toEqual([]);
  });
});

describe('a module imported without its extension', () => {
  // A listing long ago names every file; the code read at the end imports some of them.
  const TREE = [
    'src/ui/Cart.tsx',
    'src/ui/CartRow.tsx',
    'src/ui/Badge.ts',
    'src/ui/Badge.tsx',
    'src/ui/Price.tsx',
    'src/store/cart/types.ts',
    'src/store/cart/slice.ts',
    'src/store/user/types.ts',
    'src/api/client.ts',
    'src/api/orders.ts',
    'src/main.tsx',
    'src/router.tsx',
  ];
  const CODE = [
    `1\timport { useMemo } from "react";`,
    `2\timport { CartRow } from "./CartRow";`,
    `3\timport { Badge } from './Badge';`,
    `4\timport type { CartLine } from "@/store/cart/types";`,
    `5\timport { money } from "@acme/format/money";`,
  ].join('\n');

  /** The files named next by each host's handoff after a listing long ago, then `last`. */
  async function namedAfter(last: Step): Promise<string[][]> {
    const out: string[][] = [];
    for (const write of [writeClaudeSession, writeCodexRollout]) {
      const dir = folder();
      const path = join(dir, 'imports.jsonl');
      write(path, dir, [
        { user: 'Show the discount on each cart line' },
        { bash: 'git ls-files src', output: `${TREE.join('\n')}\n` },
        ...busy(40),
        last,
      ]);
      out.push(namedNext((await compileTranscript(path)).handoff.summary));
    }
    return out;
  }

  it('names the one known file it is, by its path, and never the import as written', async () => {
    for (const next of await namedAfter({ read: 'src/ui/Cart.tsx', text: CODE })) {
      expect(next).toEqual(expect.arrayContaining(['src/ui/CartRow.tsx', 'src/store/cart/types.ts']));
      // `./Badge` is either of two files; a package's path is no file of the project.
      expect(next.filter((p) => /Badge|user\/types|money|^@|^\./.test(p) || !/\.\w+$/.test(p))).toEqual([]);
    }
  });

  it('in code the agent writes, as in code it reads', async () => {
    const content = CODE.replace(/^\d+\t/gm, '');
    for (const next of await namedAfter({ write: 'src/ui/CartSummary.tsx', content }))
      expect(next).toEqual(expect.arrayContaining(['src/ui/CartRow.tsx', 'src/store/cart/types.ts']));
  });
});

describe('a diff the agent read', () => {
  it('names its files by their own paths, not with the `a/` and `b/` of its header lines', async () => {
    const diff = [
      'diff --git a/cmd/cli/resume_test.go b/cmd/cli/resume_test.go',
      'index 1c2d3e4..5f6a7b8 100644',
      '--- a/cmd/cli/resume_test.go',
      '+++ b/cmd/cli/resume_test.go',
      '@@ -10,3 +10,4 @@ func TestResume(t *testing.T) {',
      '+\tenv.GitMerge("main")',
    ].join('\n');
    const next = await nextOf([
      { user: 'Why does the merge test fail?' },
      { bash: 'git show HEAD', output: diff },
      { say: 'The merge runs the hooks.' },
    ]);
    expect(next).toContain('cmd/cli/resume_test.go');
    expect(next.filter((p) => /^[ab]\//.test(p))).toEqual([]);
  });
});

describe('the step the agent stated last', () => {
  it('keeps the list its colon introduces, each line short', async () => {
    const dir = folder();
    const path = join(dir, 'session.jsonl');
    writeClaudeSession(path, dir, [
      { user: 'The hook logs go to the wrong session' },
      { edit: 'cmd/hooks.go' },
      {
        say: [
          'I see the problem now. Both sessions are in the same worktree, so filtering by worktree does not help, and the logger starts before the session id is known.',
          '',
          'Now let me set the logger after each handler reads its input. The key insertion points are:',
          '',
          '1. `handleSessionStart()` — after `input.SessionID`',
          '2. `handleSessionEnd()` — after `input.SessionID`',
          '3. `commitWithMetadata()` — after `input.SessionID` (covers stop)',
        ].join('\n'),
      },
    ]);
    const { handoff } = await compileTranscript(path);
    const carry = handoff.remaining.find((r) => r.title.startsWith('Carry on'));
    expect(carry?.goal).toContain('The key insertion points are: 1. `handleSessionStart()`');
    expect(carry?.goal).toContain('3. `commitWithMetadata()` — after `input.SessionID` (covers stop)');
  });
});

describe('a path given as an example', () => {
  it('is not named next: "e.g." before it, or a placeholder path', async () => {
    const next = await nextOf([
      { user: 'Plan the telemetry consent' },
      {
        read: 'docs/plan-template.md',
        text: 'Reference the code you change (e.g., `app/services/example_service.rb:42`), for example src/models/user_model.py,\nand write it to path/to/file.txt. Start with cmd/setup.go and cmd/enable.go.',
      },
      { say: 'I will follow the template.' },
    ]);
    expect(next).toEqual(expect.arrayContaining(['cmd/setup.go', 'cmd/enable.go']));
    expect(next.filter((p) => /example_service|user_model|path\/to/.test(p))).toEqual([]);
  });
});

describe('a file the person pointed at', () => {
  it('names a root file the person pointed Claude Code at with `@`, and no other bare name', async () => {
    const next = await nextOf([
      { user: 'Bump the version in @package.json, in the format README.md asks for' },
      { say: 'Reading the version first.' },
    ]);
    expect(next).toContain('package.json');
    expect(next).not.toContain('README.md');
    const more = await nextOf([
      {
        user: 'See @tsconfig.json#L3, and why this fails:\n@mock.patch("app.client.get")\ndef test_get(): ...',
      },
      { say: 'Looking.' },
    ]);
    expect(more).toContain('tsconfig.json');
    expect(more).not.toContain('mock.patch');
  });
});

describe('colour codes', () => {
  it('are no part of a path, printed or written in code', async () => {
    const next = await nextOf([
      { user: 'Clean up the TODOs' },
      {
        bash: 'rg -l TODO --color always',
        output: '\u001b[0m\u001b[35msrc/a.ts\u001b[0m\n\u001b[35msrc/b.ts\u001b[0m\n',
      },
      { read: 'src/mock.ts', text: "log('HMR update: \\x1b[1msrc/components/Panel.tsx\\x1b[0m');" },
      { read: 'src/bar.ts', text: "write('\\\\x1b[2Ksrc/lib/progress.ts');" },
      { say: 'Next: the two files with TODOs, then the panel.' },
    ]);
    expect(next).toEqual(
      expect.arrayContaining(['src/a.ts', 'src/b.ts', 'src/components/Panel.tsx', 'src/lib/progress.ts']),
    );
    expect(next.filter((p) => /^\d+m/.test(p))).toEqual([]);
  });
});

describe('a new file of a series', () => {
  it("is named by its bare name when it extends a known file's name, with the same extension", async () => {
    const next = await nextOf([
      { user: 'Make fixed copies of the strategies and keep the old ones' },
      { read: 'lab/strategy/strategy_vwap.py' },
      { read: 'lab/strategy/strategy_aroon.py' },
      { read: 'docs/SKILL.md' },
      {
        say: 'The new files: `strategy_vwap_2yi.py`, `strategy_aroon_2yi.py`; notes go in SUMMARY.md and SKILL_DATA_ARCHITECTURE.md.',
      },
    ]);
    expect(next).toEqual(expect.arrayContaining(['strategy_vwap_2yi.py', 'strategy_aroon_2yi.py']));
    // A template's name, and a long name that only begins with a known one's, are no series.
    expect(next.filter((p) => /SUMMARY|SKILL_/.test(p))).toEqual([]);
  });
});
