/**
 * Nothing both done and remaining, and nothing dropped for looking like something done: two tasks
 * that differ only in the file they name (or in two-character CJK words) are two tasks, and a task
 * the list closed while its check still fails is not done. And at less detail, a long list of
 * requests is written shorter without losing one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTranscript } from '../../src/transcripts/transcripts.js';
import { type Step, writeClaudeSession, writeCodexRollout } from './support/sessions.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function compiled(steps: Step[], host: 'claude-code' | 'codex' = 'claude-code') {
  const dir = mkdtempSync(join(tmpdir(), 'baton-dr-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'session.jsonl');
  if (host === 'codex') writeCodexRollout(path, dir, steps);
  else writeClaudeSession(path, dir, steps);
  return compileTranscript(path);
}

describe('Done and Remaining', () => {
  it('reads a check run by the PowerShell tool, and takes a call cancelled before it ran for no run', async () => {
    const { handoff } = await compiled([
      { user: 'Make the workspace build clean' },
      { edit: 'src/lib.rs' },
      {
        bash: 'cargo test --workspace 2>&1',
        shell: 'PowerShell',
        output: 'test result: ok. 12 passed; 0 failed',
      },
      { bash: 'cargo clippy --workspace 2>&1', cancelled: true },
    ]);
    const checks = handoff.validation.map((v) => [v.command, v.result]);
    expect(checks).toContainEqual(['cargo test --workspace', 'passed']);
    expect(checks.map(([c]) => c)).not.toContain('cargo clippy --workspace');
    expect(handoff.remaining.map((r) => r.title).join('\n')).not.toMatch(/clippy/);
  });

  it('does not call a check failed when a program after it in the pipe could not be found', async () => {
    const { handoff } = await compiled([
      { user: 'Check that the server types compile' },
      { edit: 'server/index.ts' },
      {
        bash: 'npx tsc --noEmit 2>&1 | Select-Object -First 50',
        exit: 127,
        output: '/usr/bin/bash: line 1: Select-Object: command not found',
      },
    ]);
    expect(handoff.validation.map((v) => v.result)).not.toContain('failed');
    expect(handoff.remaining.map((r) => r.title).join('\n')).not.toMatch(/Make `.*tsc/);
  });

  it('keeps a stated next step that differs from a done task only in the file it names', async () => {
    const { handoff } = await compiled([
      { user: 'Rename the product to Lumen in every page of the guide' },
      { todo: [{ content: 'Update intro.md with the Lumen name', status: 'completed' }] },
      { edit: 'guide/intro.md' },
      { say: 'The intro is done.\n\nNext steps:\n- Update ui.md with the Lumen name' },
    ]);
    expect(handoff.done.map((d) => d.text)).toEqual(['Update intro.md with the Lumen name']);
    expect(handoff.remaining.map((r) => r.title)).toContain('Update ui.md with the Lumen name');
  });

  it('keeps a stated next step that differs from a done task only in two-character Chinese words', async () => {
    const { handoff } = await compiled([
      { user: '把配置加载改成从数据库读取' },
      { todo: [{ content: '阶段二：修改 Loader 读取 数据库', status: 'completed' }] },
      { edit: 'app/loader.py' },
      { say: '加载器已经改好了。\n\nNext steps:\n- 阶段二：更新 接口 Loader' },
    ]);
    expect(handoff.remaining.map((r) => r.title)).toContain('阶段二：更新 接口 Loader');
  });

  it('does not call a task done while the check of its file fails on its last run', async () => {
    const { handoff } = await compiled([
      { user: 'Fix the failing date parser tests' },
      { bash: 'npx vitest run test/date-parse.test.ts', exit: 1, output: 'Tests  1 failed | 9 passed (10)' },
      { edit: 'test/date-parse.test.ts' },
      {
        todo: [
          { content: 'Fix date-parse.test.ts', status: 'completed' },
          { content: 'Write the changelog entry', status: 'completed' },
        ],
      },
    ]);
    const done = handoff.done.map((d) => d.text);
    expect(done).toEqual(['Write the changelog entry']);
    const check = handoff.remaining.find((r) => r.title.startsWith('Make `npx vitest run test/date-parse'));
    expect(check?.notes).toMatch(/marks "Fix date-parse\.test\.ts" completed, but no later run shows it/);
  });
});

describe('the person spoke last', () => {
  it('puts their last message first when nothing the agent said or did answers it', async () => {
    const { handoff } = await compiled([
      { user: 'Add the export button' },
      { taskCreate: { subject: 'Add the export button' } },
      { taskUpdate: { taskId: '1', status: 'in_progress' } },
      { edit: 'src/export.ts' },
      { say: 'The button is in; next I will wire the CSV writer.' },
      { user: 'the login page crashes since your change, here is the trace: TypeError at src/login.ts:12' },
    ]);
    expect(handoff.remaining[0]?.title).toBe(
      "Answer the person's last message: the login page crashes since your change, here is the trace: TypeError at src/login.ts:12",
    );
    expect(handoff.remaining[1]?.title).toBe('Add the export button');
  });

  it('leaves it out once the agent acted on it, in words or with a tool, and never calls a done commit open', async () => {
    const acted = await compiled([
      { user: 'Add the export button' },
      { edit: 'src/export.ts' },
      { user: 'commit!' },
      { bash: 'git commit -qm "Add the export button"', output: '[main 1a2b3c4] Add the export button' },
    ]);
    expect(acted.handoff.remaining.map((r) => r.title).join('\n')).not.toMatch(/last message/);
    const answered = await compiled([
      { user: 'Add the export button' },
      { edit: 'src/export.ts' },
      { user: 'did you push?' },
      { say: 'Not yet: nothing is pushed.' },
    ]);
    expect(answered.handoff.remaining.map((r) => r.title).join('\n')).not.toMatch(/last message/);
    // An empty text block is no answer.
    const blank = await compiled([
      { user: 'Add the export button' },
      { edit: 'src/export.ts' },
      { user: 'the login fails with 401 now, here is the script that works' },
      { say: ' ' },
    ]);
    expect(blank.handoff.remaining[0]?.title).toMatch(/^Answer the person's last message: the login fails/);
  });
});

describe('a check that failed from the start', () => {
  it('says so when its first run failed before the session changed any file', async () => {
    const from = await compiled([
      { user: 'Add the export button' },
      { bash: 'npx tsc --noEmit', exit: 2, output: 'src/legacy.ts(3,1): error TS2304: Cannot find name' },
      { edit: 'src/export.ts' },
      { bash: 'npx tsc --noEmit', exit: 2, output: 'src/legacy.ts(3,1): error TS2304: Cannot find name' },
    ]);
    expect(from.handoff.remaining[0]?.notes).toContain('it failed before the session changed any file, too');
    const after = await compiled([
      { user: 'Add the export button' },
      { edit: 'src/export.ts' },
      { bash: 'npx tsc --noEmit', exit: 2, output: 'src/export.ts(3,1): error TS2304: Cannot find name' },
    ]);
    expect(after.handoff.remaining[0]?.notes).not.toContain('before the session changed');
  });
});

describe('a task list not brought up to date', () => {
  it('says of an open item that a later commit may have done it, and leaves it open', async () => {
    const { handoff } = await compiled([
      { user: 'Add the GUI features and document them' },
      {
        todo: [
          { content: 'Add the printer picker', status: 'completed' },
          { content: 'Update docs for new GUI features', status: 'pending' },
        ],
      },
      { edit: 'docs/gui.md' },
      { bash: 'git commit -qm "docs: update for the new GUI features"', output: '' },
    ]);
    const item = handoff.remaining.find((r) => r.title === 'Update docs for new GUI features');
    expect(item?.notes).toBe(
      'a commit after the list\'s last change may have done it ("docs: update for the new GUI features"): look before doing it again',
    );
    expect(handoff.done.map((d) => d.text)).toContain('Committed: docs: update for the new GUI features');
  });

  it('takes a subject that names most of the item, and not one that shares a word', async () => {
    const notesOf = async (subject: string) => {
      const { handoff } = await compiled([
        { user: 'Tighten the billing rules' },
        { todo: [{ content: 'Write tests for the new billing rules', status: 'in_progress' }] },
        { edit: 'test/billing.test.ts' },
        { bash: `git commit -qm "${subject}"`, output: '' },
      ]);
      return handoff.remaining.find((r) => r.title === 'Write tests for the new billing rules')?.notes;
    };
    expect(await notesOf('tests: write billing rules coverage for refunds')).toContain('may have done it');
    expect(await notesOf('fix: billing page crash on startup')).toBe('in progress in the task list');
  });
});

describe("a task list older than the person's newest requests", () => {
  // The plan was made for the first request; three more came, and the agent's last words name
  // the steps it turned to.
  const steps: Step[] = [
    { user: 'Set up the export command' },
    {
      todo: [
        { content: 'Write the export command', status: 'completed' },
        { content: 'Wire export into the menu', status: 'in_progress' },
      ],
    },
    { edit: 'src/export.py' },
    { user: 'Also the CSV header should be in French' },
    { edit: 'src/csv_header.py' },
    { user: 'And the dates as day/month/year please' },
    { edit: 'src/dates.py' },
    {
      say: 'Dates and header are done.\n\nNext steps:\n- Translate the column names\n- Run the export on the sample file',
    },
  ];

  for (const host of ['claude-code', 'codex'] as const) {
    it(`puts the steps stated since before the list's items, and says how old the list is (${host})`, async () => {
      const { handoff } = await compiled(steps, host);
      expect(handoff.remaining.map((r) => r.title)).toEqual([
        'Translate the column names',
        'Run the export on the sample file',
        'Wire export into the menu',
      ]);
      expect(handoff.remaining[2]?.notes).toContain(
        "the list was last changed before the person's last 2 requests: see that it is still wanted",
      );
    });
  }

  it('leaves a list changed after the newest request as it is, first and without that note', async () => {
    const { handoff } = await compiled([
      ...steps.slice(0, -1),
      { todo: [{ content: 'Wire export into the menu', status: 'in_progress' }] },
      steps.at(-1) as Step,
    ]);
    expect(handoff.remaining[0]?.title).toBe('Wire export into the menu');
    expect(handoff.remaining[0]?.notes).toBe('in progress in the task list');
  });
});

describe('a task list the agent went on without', () => {
  // A plan made for the first request, one item closed by a commit since and one a standing step;
  // then ten more requests the agent worked through without touching the list.
  const asks = [
    'Add a dark theme',
    'The toolbar icons are blurry',
    'Make the window remember its size',
    'Add a recent files menu',
    'The preferences dialog is too wide',
    'Show the printer name in the title',
    'Sort the filament list by name',
    'Add a tooltip to the slicer button',
    'The status bar flickers on resize',
    'Can the log pane be hidden?',
  ];
  const steps = (requests: string[]): Step[] => [
    { user: 'Build the settings window' },
    {
      todo: [
        { content: 'Write the settings window', status: 'completed' },
        { content: 'Document the settings window', status: 'in_progress' },
        { content: 'Run the tests after each step', status: 'pending' },
      ],
    },
    { edit: 'docs/settings.md' },
    { bash: 'git commit -qm "docs: document the settings window"', output: '' },
    ...requests.flatMap((r, i): Step[] => [{ user: r }, { edit: `ui/part${i}.py` }, { say: 'Done.' }]),
  ];

  for (const host of ['claude-code', 'codex'] as const) {
    it(`is one item naming what is still open in it, ten requests on (${host})`, async () => {
      const { handoff } = await compiled(steps(asks), host);
      const titles = handoff.remaining.map((r) => r.title);
      expect(titles).not.toContain('Document the settings window');
      expect(titles).not.toContain('Run the tests after each step');
      const item = handoff.remaining.find((r) => r.title === 'See whether the old task list still stands');
      expect(item?.notes).toBe(
        "the agent last changed it before the person's last 10 requests and worked on without it; still open in it: “Document the settings window” (in progress; a commit since may have done it), “Run the tests after each step”",
      );
    });
  }

  it('keeps each item while fewer requests came since', async () => {
    const { handoff } = await compiled(steps(asks.slice(0, 9)));
    const titles = handoff.remaining.map((r) => r.title);
    expect(titles).toContain('Document the settings window');
    expect(titles).toContain('Run the tests after each step');
    expect(titles).not.toContain('See whether the old task list still stands');
  });
});

describe('what Codex reports without "Process exited with code"', () => {
  it('reads the status of a run its sandbox reports as failed, and the summary line after it', async () => {
    const { handoff } = await compiled(
      [
        { user: 'Fix the slicer tests' },
        { edit: 'opk/slicer.py' },
        { bash: 'pytest -q', exit: 1, sandboxed: true, output: '1 failed, 9 passed in 0.41s' },
      ],
      'codex',
    );
    expect(handoff.validation).toEqual([
      { result: 'failed', command: 'pytest -q', outcome: expect.stringContaining('1 failed') },
    ]);
    expect(handoff.open_concerns.join('\n')).not.toMatch(/without a recorded result/);
  });

  it('reads how a command that went on in an exec session ended, from the poll that saw it end', async () => {
    const { handoff } = await compiled(
      [
        { user: 'Make the build and the tests pass' },
        { edit: 'src/app.ts' },
        { bash: 'npm test', background: true, exit: 1, output: 'Tests  2 failed | 10 passed (12)' },
        { bash: 'npm run build', background: true, output: 'built in 3.1s' },
        { bash: 'git commit -qm "fix: app start"', background: true },
      ],
      'codex',
    );
    expect(handoff.validation.map((v) => [v.command, v.result])).toEqual([
      ['npm test', 'failed'],
      ['npm run build', 'passed'],
    ]);
    expect(handoff.validation[0]?.outcome).toContain('2 failed');
    expect(handoff.done.map((d) => d.text)).toContain('Committed: fix: app start');
    expect(handoff.open_concerns.join('\n')).not.toMatch(/without a recorded result/);
  });

  it('takes a patch apply_patch refused for no edit and no command left without a result', async () => {
    const { handoff } = await compiled(
      [{ user: 'Tidy the schema' }, { refused: 'schemas/pdl.schema.json' }, { edit: 'README.md' }],
      'codex',
    );
    expect(handoff.files_touched.map((f) => f.path)).toEqual(['README.md']);
    expect(handoff.open_concerns.join('\n')).not.toMatch(/without a recorded result/);
  });

  for (const host of ['claude-code', 'codex'] as const)
    it(`takes a later pass of the same command with variables set for the check the session settled on (${host})`, async () => {
      const { handoff } = await compiled(
        [
          { user: 'Run the tests' },
          { edit: 'opk/cli.py' },
          { bash: 'pytest -q', exit: 2, sandboxed: true, output: 'ERROR collecting tests' },
          { bash: 'PYTHONPATH=. pytest -q', output: '12 passed in 0.30s' },
          { bash: 'pytest -q tests/test_cli.py', exit: 1, output: '1 failed in 0.1s' },
          { bash: 'PYTHONPATH=. pytest -q tests/test_io.py', output: '3 passed in 0.1s' },
        ],
        host,
      );
      // The whole suite passed under PYTHONPATH; a run of one file is not covered by a run of another.
      expect(handoff.validation.map((v) => [v.command, v.result])).toEqual([
        ['PYTHONPATH=. pytest -q', 'passed'],
        ['pytest -q tests/test_cli.py', 'failed'],
        ['PYTHONPATH=. pytest -q tests/test_io.py', 'passed'],
      ]);
    });
});

describe('the Goal', () => {
  it('is the first request for work, not a greeting or a call for the host’s help', async () => {
    const { handoff } = await compiled([
      { user: '你好' },
      { say: '你好！有什么可以帮你？' },
      { user: '/gsd:help' },
      { user: 'Move the feishu bot from the container to the host' },
      { edit: 'deploy/bot.yml' },
    ]);
    expect(handoff.goal).toBe('Move the feishu bot from the container to the host');
    expect(handoff.notes).toContain('| 1 | 你好 |');
    expect(handoff.notes).toContain('| 3 | (the Goal) |');
    const init = await compiled([
      { user: '/init' },
      { write: 'CLAUDE.md' },
      { user: 'Now port the CLI to Go' },
    ]);
    expect(init.handoff.goal).toBe('Now port the CLI to Go');
    const plain = await compiled([{ user: 'hello there' }, { say: 'Hi!' }]);
    expect(plain.handoff.goal).toBe('hello there');
  });

  // Cases of our own, in the languages the sessions show: a first message about the assistant
  // itself (its model, its memory, picking up from it) names no work.
  it.each([
    'which model are you running on?',
    'Hey, are you there?',
    'Do you still remember what we were doing?',
    "Let's pick up where we left off.",
    '你现在用的是哪个模型？',
    '你还记得我们刚才做到哪了吗',
    '会话断了，看看你的记忆',
    'Welches Modell bist du eigentlich?',
    '前回の続きからお願いします',
  ])('is not a question about the assistant: %s', async (first) => {
    const { handoff } = await compiled([
      { user: first },
      { say: 'Sure.' },
      { user: 'Rotate the nginx logs daily and keep 14 of them' },
      { edit: 'deploy/logrotate.conf' },
    ]);
    expect(handoff.goal).toBe('Rotate the nginx logs daily and keep 14 of them');
    expect(handoff.notes).toContain(`| 1 | ${first} |`);
  });

  it.each([
    'Continue where we left off with the auth refactor, then finish the token refresh and its tests',
    'What model should we use for the classifier? Compare the two in notebooks/eval.ipynb',
    'Check the memory usage of the worker pool and cut it in half',
    'Read RESUME.md and continue.',
    '你是怎么实现登录的？把它改成用 OAuth',
    'Do you remember the flag we added to `build.sh`? Remove it again',
  ])('stays a first request that asks for work: %s', async (first) => {
    const { handoff } = await compiled([
      { user: first },
      { user: 'and update the changelog' },
      { edit: 'src/a.ts' },
    ]);
    expect(handoff.goal).toBe(first);
  });
});

describe('the step the agent stated last', () => {
  it('says what the agent changed after stating it, so the successor looks before doing it again', async () => {
    const { handoff } = await compiled([
      { user: 'Deploy the site to the new server' },
      { say: 'Now I will write the full deployment script.' },
      { write: 'scripts/deploy.sh' },
      { edit: 'scripts/deploy.sh' },
    ]);
    expect(handoff.remaining[0]?.title).toBe(
      'See whether this is done, then carry on: Now I will write the full deployment script.',
    );
    expect(handoff.remaining[0]?.notes).toBe(
      'the agent said this last, then changed `deploy.sh`: see what of it is done',
    );
    // A task list older than the person's newest request: the step the agent took up since comes first.
    const newer = await compiled([
      { user: 'Add the export button and document it' },
      { taskCreate: { subject: 'Add the export button' } },
      { taskCreate: { subject: 'Document the export' } },
      { taskUpdate: { taskId: '1', status: 'completed' } },
      { user: 'the editor crashes when I open a file, have a look' },
      { say: 'Let me look at the crash in the editor first.' },
      { read: 'src/editor.py' },
    ]);
    expect(newer.handoff.remaining.map((r) => r.title)).toEqual([
      "Carry on with the person's newest request (#2)",
      'Carry on: Let me look at the crash in the editor first.',
      'Document the export',
    ]);
    const before = await compiled([
      { user: 'Deploy the site to the new server' },
      { edit: 'scripts/deploy.sh' },
      { say: 'Next I will run the deployment script on the server.' },
    ]);
    expect(before.handoff.remaining[0]?.notes).toBe('the agent said this last');
  });
});

describe('the newest request, when the agent was still at it', () => {
  const plan =
    'Done: the export.\n\nNext steps:\n- Add targeted policies for the two printers\n- Write the import guide';
  for (const host of ['claude-code', 'codex'] as const)
    it(`leads Remaining, before steps stated earlier (${host})`, async () => {
      const { handoff } = await compiled(
        [
          { user: 'Add the CSV export' },
          { edit: 'src/export.py' },
          { say: plan },
          { user: 'Can we now add support for the tag format? Start with the schema' },
          { edit: 'schemas/tag.schema.json' },
          { edit: 'src/tags.py' },
        ],
        host,
      );
      const [first, ...rest] = handoff.remaining;
      expect(first?.title).toBe("Carry on with the person's newest request (#2)");
      expect(first?.goal).toBe('Can we now add support for the tag format? Start with the schema');
      expect(first?.notes).toBe(
        'the agent was at it when the log ends (changed `tag.schema.json`, `tags.py`) and had not answered yet: see what of it is done',
      );
      // The steps it proposed before that request, which took up none of them, are one item.
      expect(rest.map((r) => [r.title, r.notes])).toEqual([
        [
          'See whether the steps the agent proposed before the newest request are still wanted',
          "the agent proposed them in its last message; the person's newest request (#2) came after them and the agent turned to it: “Add targeted policies for the two printers”, “Write the import guide”",
        ],
      ]);
    });

  it('keeps each step it proposed when the newest request takes them up ("Yes, and …")', async () => {
    const { handoff } = await compiled([
      { user: 'Add the CSV export' },
      { edit: 'src/export.py' },
      { say: plan },
      { user: 'Yes, and start with the schema of the tag format' },
      { edit: 'schemas/tag.schema.json' },
    ]);
    expect(handoff.remaining.map((r) => r.title).slice(1)).toEqual([
      'Add targeted policies for the two printers',
      'Write the import guide',
    ]);
  });

  it('does not lead once the agent answered it, wrote a task list for it, or when it is the Goal', async () => {
    const titles = async (steps: Step[]) => (await compiled(steps)).handoff.remaining.map((r) => r.title);
    const under = "Carry on with the person's newest request (#2)";
    const asked: Step[] = [
      { user: 'Add the CSV export' },
      { edit: 'src/export.py' },
      { user: 'now the JSON export' },
    ];
    // Still at it: words, then more tool calls; a "go on" from the person does not change which request.
    expect(
      await titles([
        ...asked,
        { say: 'Let me add it.' },
        { edit: 'src/json.py' },
        { user: 'continue' },
        { read: 'src/json.py' },
      ]),
    ).toContain(under);
    // The person said "go on" twice at the end and nothing answered: still that request.
    expect(
      await titles([...asked, { edit: 'src/json.py' }, { user: 'continue' }, { user: 'continue' }]),
    ).toContain(under);
    // Answered: its last words came after its last tool call.
    expect(
      await titles([...asked, { edit: 'src/json.py' }, { say: 'The JSON export is in src/json.py.' }]),
    ).not.toContain(under);
    // A task list written since holds the work.
    expect(
      await titles([
        ...asked,
        { todo: [{ content: 'Write the JSON export', status: 'in_progress' }] },
        { edit: 'src/json.py' },
      ]),
    ).not.toContain(under);
    // The only request is the Goal, which the handoff states already.
    expect(await titles([{ user: 'Add the CSV export' }, { edit: 'src/export.py' }])).not.toContain(
      "Carry on with the person's newest request (#1)",
    );
  });
});

describe('failures that are not the work’s', () => {
  it('takes a `test`/`[` that guards set-up for no check, and one on its own for a check', async () => {
    const { handoff } = await compiled([
      { user: 'Bump the build to Node 20' },
      { edit: '.nvmrc' },
      {
        bash: '[ -s "$HOME/.nvm/nvm.sh" ] && . "$HOME/.nvm/nvm.sh" && nvm use 20 && node --version',
        exit: 1,
      },
      { bash: 'test -f dist/app.js', exit: 1 },
    ]);
    expect(handoff.validation.map((v) => [v.command, v.result])).toEqual([['test -f dist/app.js', 'failed']]);
    expect(handoff.remaining.map((r) => r.title).join('\n')).not.toContain('nvm use');
  });

  // The typecheck failed, and the agent called its errors older than its work.
  const calledOlder: Step[] = [
    { user: 'Show the lifetime P&L beside the unrealized one' },
    { edit: 'src/widget.tsx' },
    {
      bash: 'bun run typecheck',
      exit: 2,
      output: "src/socket.ts(3,1): error TS2304: Cannot find name 'io'.",
    },
    { say: 'The typecheck errors are all pre-existing in src/socket.ts; none are in the widget.' },
  ];

  it('says so in the Summary where the agent called the only failure older than its work', async () => {
    const { handoff } = await compiled(calledOlder);
    expect(handoff.summary).toContain('; the agent then said failures were there before its work).');
  });

  it('does not say no check fails where the only failure is one the agent called older', async () => {
    const { handoff } = await compiled(calledOlder);
    const ask = handoff.remaining.find((r) => r.title === 'Ask the person what comes next');
    expect(ask?.notes).not.toContain('failing check');
    expect(ask?.notes).toContain('failed before its work (Open concerns)');
  });

  it('makes a failure the agent called older than its work an open concern, not work to do', async () => {
    const { handoff } = await compiled([
      ...calledOlder,
      { edit: 'src/widget.tsx' },
      { bash: 'bun test', exit: 1, output: '1 fail\n4 pass' },
    ]);
    const failing = handoff.remaining.filter((r) => r.title.startsWith('Make '));
    expect(failing.map((r) => r.title)).toEqual(['Make `bun test` pass']);
    expect(failing[0]?.notes).not.toContain('the agent said');
    // The Summary names the other failure first, as Remaining does.
    expect(handoff.summary).toContain('Failing on its last run: `bun test` (');
    expect(handoff.open_concerns).toContainEqual(
      expect.stringMatching(
        /^`bun run typecheck` failed on its last run \(.*\), and after it the agent said the failures were there before its work: fix them only if the person asks\.$/,
      ),
    );
    expect(handoff.validation.map((v) => [v.command, v.result])).toContainEqual([
      'bun run typecheck',
      'failed',
    ]);
  });
});

describe('the newest request: a "go on", what was said during the turn, a question answered', () => {
  const under = (n: number) => `Carry on with the person's newest request (#${n})`;
  it('is the turn’s request, not a "go on" in any language nor what was typed while the agent worked', async () => {
    for (const go of ['继续', 'weiter', 'continúa', '続けて']) {
      const { handoff } = await compiled([
        { user: 'Add the CSV export' },
        { say: 'Done.' },
        { user: 'Show the change under the main value, not beside it' },
        { edit: 'src/table.py' },
        { user: go },
        { edit: 'src/table.py' },
      ]);
      expect(handoff.remaining[0]?.title, go).toBe(under(2));
    }
    const { handoff } = await compiled([
      { user: 'Add the CSV export' },
      { say: 'Done.' },
      { user: 'Keep only the translator bot on the host' },
      { edit: 'deploy/host.json' },
      {
        attach: {
          type: 'queued_command',
          prompt: 'why does this server’s config keep changing?',
          commandMode: 'prompt',
        },
      },
      { edit: 'deploy/host.json' },
    ]);
    expect(handoff.remaining[0]?.title).toBe(under(2));
    expect(handoff.remaining[0]?.notes).toBe(
      'the agent was at it when the log ends (changed `host.json`) and had not answered yet; the person said after it: #3 “why does this server’s config keep changing?”: see what of it is done',
    );
  });

  it('is no open work when it only asked a question the agent answered in words', async () => {
    const { handoff } = await compiled([
      { user: 'Set up the gateway' },
      { say: 'Done.' },
      { user: 'is this hard to install?' },
      { say: 'It is somewhat complex: it needs a Docker build. I will start the build now.' },
      { bash: 'docker build -t gateway .', exit: 0 },
    ]);
    expect(handoff.remaining.map((r) => r.title)).not.toContain(under(2));
  });

  it('is followed by the step the agent stated while at it; words from before it say so', async () => {
    const { handoff } = await compiled([
      { user: 'Set up the gateway' },
      { say: 'Done.' },
      { user: 'Read RESUME.md and continue' },
      { read: 'RESUME.md' },
      { say: 'Now batch 3: the booking admin views.' },
      { write: 'scripts/batch3.py' },
    ]);
    expect(handoff.remaining.map((r) => r.title).slice(0, 2)).toEqual([
      under(2),
      'See whether this is done, then carry on: Now batch 3: the booking admin views.',
    ]);
    const earlier = await compiled([
      { user: 'Set up the gateway' },
      { say: 'All set; the tests pass.' },
      { user: 'Now add the tag format' },
      { edit: 'src/tags.py' },
    ]);
    expect(earlier.handoff.summary).toContain(
      "Before the person's newest request the agent said: “All set; the tests pass.”",
    );
  });
});

describe('last words that only react', () => {
  it('are quoted with the words before them that say where the work is, in any language', async () => {
    for (const [react, said] of <[string, string][]>[
      ['完美！', '部署脚本已写好，下一步在服务器上运行 scripts/deploy.sh。'],
      ['Good.', 'The cache key still ignores the language cookie; next I will add it to nginx.conf.'],
      ['Perfekt!', 'Die Tabelle ist fertig; als Nächstes kommt der Export.'],
    ]) {
      const { handoff } = await compiled([
        { user: 'Fix the deployment' },
        { say: said },
        { edit: 'nginx.conf' },
        { say: react },
        { bash: 'nginx -t', exit: 0 },
      ]);
      expect(handoff.summary, react).toContain(
        `At the end the agent said: “${react}”; before that: “${said}”`,
      );
    }
    // Words with more in them are quoted alone.
    const { handoff } = await compiled([
      { user: 'Fix the deployment' },
      { say: 'Earlier words.' },
      { say: 'Batch 2 done.' },
    ]);
    expect(handoff.summary).toContain('At the end the agent said: “Batch 2 done.”\n');
    // A reaction before the step the agent states: the step is in Remaining, and no fragment is quoted.
    const split = await compiled([
      { user: 'Build the offline notebook app' },
      { edit: 'index.html' },
      { say: '完美！现在让我为您创建最后的总结和快速启动指南：' },
    ]);
    expect(split.handoff.summary).not.toContain('the agent said: “完美！”');
    expect(split.handoff.remaining.map((r) => r.title)).toContain(
      'Carry on: 现在让我为您创建最后的总结和快速启动指南：',
    );
  });

  it('never bring back a secret the log showed', async () => {
    const key = 'sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
    const draft = (
      await compiled([
        { user: 'Wire the payments key' },
        { say: `Set STRIPE_SECRET_KEY=${key} in the env file.` },
        { say: 'Done!' },
      ])
    ).draft;
    expect(draft).toContain('before that: “Set STRIPE_SECRET_KEY=');
    expect(draft).not.toContain(key.slice(8));
  });
});

describe('changes whose call the log does not hold whole', () => {
  it("counts a file the host's checkpoints backed up, once, and a write by a command whose result never came", async () => {
    const { handoff } = await compiled([
      { user: 'Document the dashboard and refresh the report' },
      { edit: 'README.md' },
      // The checkpoint of the edit above (its call is in the log), then one of a call the log lost.
      { checkpoint: { 'README.md': { version: 1 } } },
      { say: 'Now the dashboard README.' },
      { checkpoint: { 'README.md': { version: 1 }, 'README_DASHBOARD.md': { version: 1, created: true } } },
      {
        pending: 'Bash',
        input: { command: "python3 << 'EOF'\nwith open('data/REPORT.md', 'w') as f:\n    f.write('x')\nEOF" },
      },
    ]);
    expect(handoff.files_touched.map((f) => [f.path, f.action]).sort()).toEqual([
      ['README.md', 'modified'],
      ['README_DASHBOARD.md', 'created'],
      ['data/REPORT.md', 'created'],
    ]);
  });
});

describe('the step the agent stated, then acted on', () => {
  it('is to be checked before carrying on when a command ran after it, and carried on when nothing did', async () => {
    const said: Step[] = [
      { user: 'The queue keeps growing, find out why' },
      { say: 'The worker is fine; the backlog is stale. Let me clear the backlog and restart the worker:' },
    ];
    const acted = await compiled([
      ...said,
      { bash: 'rm -f queue/*.json', exit: 0 },
      { bash: 'systemctl restart worker', exit: 0 },
    ]);
    const item = acted.handoff.remaining.find((r) => r.title.includes('clear the backlog'));
    expect(item?.title).toBe(
      'See whether this is done, then carry on: Let me clear the backlog and restart the worker:',
    );
    expect(item?.notes).toBe(
      'the agent said this last, then ran `systemctl restart worker` and 1 more command(s): see what of it is done',
    );
    const cut = await compiled(said);
    expect(cut.handoff.remaining.map((r) => r.title)).toContain(
      'Carry on: Let me clear the backlog and restart the worker:',
    );
  });
});

describe('the step the agent stated, when its task list was closed after it', () => {
  it('gives way to telling the person what was done', async () => {
    const todo = (status: 'in_progress' | 'completed') => ({
      todo: [
        { content: 'Tag the unclassified funds', status },
        { content: 'Write the change notes', status },
      ],
    });
    const said: Step[] = [
      { user: 'Tag the funds the table still shows as unclassified' },
      todo('in_progress'),
      { say: 'Let me keep editing the classifier.' },
      { edit: 'src/classify.py' },
    ];
    const closed = await compiled([...said, { write: 'CHANGES.md' }, todo('completed')]);
    expect(closed.handoff.remaining.map((r) => [r.title, r.notes])).toEqual([
      [
        'Ask the person what comes next',
        'every item of the task list is done, marked so after the agent last spoke: tell the person what was done, and ask',
      ],
    ]);
    // Closed before the agent's last words: those words still lead.
    const before = await compiled([...said.slice(0, 2), todo('completed'), ...said.slice(2)]);
    expect(before.handoff.remaining[0]?.title).toBe(
      'See whether this is done, then carry on: Let me keep editing the classifier.',
    );
  });
});

describe('several messages nothing answered yet', () => {
  it('are all in the item that answers the last one', async () => {
    const { handoff } = await compiled([
      { user: 'Move the bots into containers' },
      { edit: 'deploy/compose.yml' },
      { user: 'why is the download so slow?' },
      {
        attach: {
          type: 'queued_command',
          prompt: 'keep the controller bot on the host, the others in containers',
          commandMode: 'prompt',
        },
      },
      { user: 'continue' },
      { user: 'is the mirror in Hong Kong the problem?' },
    ]);
    expect(handoff.remaining[0]?.title).toBe(
      "Answer the person's last message: is the mirror in Hong Kong the problem?",
    );
    expect(handoff.remaining[0]?.notes).toBe(
      'the person said this last, after 2 more message(s) nothing answered yet (“why is the download so slow?”, “keep the controller bot on the host, the others in containers”); the log shows no answer of the agent yet',
    );
    // Answered in between: only what came after the answer is open.
    const answered = await compiled([
      { user: 'Move the bots into containers' },
      { user: 'why is the download so slow?' },
      { say: 'The mirror is far away.' },
      { user: 'use the Tokyo mirror then' },
    ]);
    expect(answered.handoff.remaining[0]?.notes).toBe(
      'the person said this last; the log shows no answer of the agent yet',
    );
  });
});

describe('a message the person sent again', () => {
  it('is one message in the item that answers it, and the earlier different ones stay', async () => {
    const { handoff } = await compiled([
      { user: 'Move the bots into containers' },
      { edit: 'deploy/compose.yml' },
      { user: 'keep the controller bot on the host' },
      { user: 'only the tester bot did not answer me, the others replied' },
      { user: 'only the tester bot did not answer me, the others all replied' },
    ]);
    expect(handoff.remaining[0]?.title).toBe(
      "Answer the person's last message: only the tester bot did not answer me, the others all replied",
    );
    expect(handoff.remaining[0]?.notes).toBe(
      'the person said this last (more than once), after 1 more message(s) nothing answered yet (“keep the controller bot on the host”); the log shows no answer of the agent yet',
    );
  });

  it('is one request while the agent is at it, named by its last copy', async () => {
    const { handoff } = await compiled([
      { user: 'Set up the report page' },
      { say: 'The report page is set up.' },
      { user: 'Add the CSV export to the report page' },
      { edit: 'src/report.ts' },
      {
        attach: {
          type: 'queued_command',
          prompt: 'add the CSV export to the report page!!',
          commandMode: 'prompt',
        },
      },
      { edit: 'src/export.ts' },
    ]);
    const item = handoff.remaining[0];
    expect(item?.title).toBe("Carry on with the person's newest request (#3)");
    expect(item?.notes).not.toMatch(/said after it/);
  });

  it('is not a message that differs in what it asks for', async () => {
    const { handoff } = await compiled([
      { user: 'Move the bots into containers' },
      { edit: 'deploy/compose.yml' },
      { user: 'approve the pairing code 9UZ76GJR for the video bot' },
      { user: 'approve the pairing code TRUGZB6T for the data bot' },
    ]);
    expect(handoff.remaining[0]?.notes).toContain('after 1 more message(s)');
  });
});

describe('a commit that was not made', () => {
  const REFUSED = 'Commit the work: the last commit was not made';
  const work: Step[] = [{ user: 'Trace the webhook handler' }, { edit: 'lib/hooks.ex' }];
  const commit = (exit: number, output: string): Step => ({
    bash: 'git add -A && git commit -m "feat: trace the webhook handler"',
    exit,
    output,
  });
  for (const host of ['claude-code', 'codex'] as const)
    it(`is Remaining while no later commit was made (${host})`, async () => {
      const { handoff } = await compiled(
        [
          ...work,
          commit(1, 'lint-staged: running pre-commit checks\nERROR: type spec mismatch in lib/hooks.ex'),
        ],
        host,
      );
      const item = handoff.remaining.find((r) => r.title === REFUSED);
      expect(item?.notes).toBe(
        '`git add -A && git commit -m "feat: trace the webhook handler"`: a commit hook refused it, and no commit was made after it',
      );
      expect(item?.verify_by).toEqual(['git status --short']);
      expect(handoff.done.map((d) => d.text)).toEqual([]);
    });

  it('is not Remaining once a later commit was made, nor when there was nothing to commit', async () => {
    const titles = async (steps: Step[]) => (await compiled(steps)).handoff.remaining.map((r) => r.title);
    expect(
      await titles([...work, commit(1, 'error: could not apply: merge conflict in lib/hooks.ex')]),
    ).toContain(REFUSED);
    expect(
      await titles([
        ...work,
        commit(1, 'hook failed'),
        { edit: 'lib/hooks.ex' },
        commit(0, '[main 1a2b3c4] feat'),
      ]),
    ).not.toContain(REFUSED);
    expect(
      await titles([...work, commit(1, 'On branch main\nnothing to commit, working tree clean')]),
    ).not.toContain(REFUSED);
  });
});

describe('a check run again as part of a wider run', () => {
  const FAIL = '3 examples, 2 failures';
  const PASS = '17 examples, 0 failures';
  const failing = (handoff: { validation: { result: string; command: string }[] }) =>
    handoff.validation.filter((v) => v.result === 'failed').map((v) => v.command);

  it('is not failing once a later run of the same command on the same or more targets passed', async () => {
    for (const wide of [
      'bundle exec rspec spec/models/b_spec.rb spec/models/a_spec.rb 2>&1 | tail -5',
      'bundle exec rspec spec/models/',
      'bundle exec rspec',
    ]) {
      const { handoff } = await compiled([
        { user: 'Fix the models' },
        { edit: 'app/models/a.rb' },
        { bash: 'bundle exec rspec spec/models/a_spec.rb', exit: 1, output: FAIL },
        { edit: 'app/models/a.rb' },
        { bash: wide, output: PASS },
      ]);
      expect(failing(handoff), wide).toEqual([]);
      expect(handoff.remaining.map((r) => r.title).join('\n'), wide).not.toMatch(/Make .* pass/);
    }
  });

  it('is one check with its error output joined or not: the run after `| head` decides', async () => {
    const { handoff } = await compiled([
      { user: 'Fix the types' },
      { edit: 'src/App.tsx' },
      {
        bash: 'bun run typecheck 2>&1 | head -50',
        output: "src/App.tsx(28,3): error TS6133: 'x' is declared but never read.",
      },
      { edit: 'src/App.tsx' },
      { bash: 'bun run typecheck 2>&1', output: '$ tsc --noEmit' },
    ]);
    expect(failing(handoff)).toEqual([]);
    expect(handoff.validation).toEqual([
      expect.objectContaining({ result: 'passed', command: 'bun run typecheck' }),
    ]);
  });

  it('still fails when the later run left its target out, or ran with other options', async () => {
    for (const other of [
      'bundle exec rspec spec/models/b_spec.rb',
      'bundle exec rspec --tag fast spec/models/a_spec.rb',
      'bundle exec rspec spec/models/a_spec.rb --only-failures',
      'cd web && bundle exec rspec spec/models/a_spec.rb',
    ]) {
      const { handoff } = await compiled([
        { user: 'Fix the models' },
        { edit: 'app/models/a.rb' },
        { bash: 'bundle exec rspec spec/models/a_spec.rb', exit: 1, output: FAIL },
        { bash: other, output: PASS },
      ]);
      expect(failing(handoff), other).toEqual(['bundle exec rspec spec/models/a_spec.rb']);
    }
  });
});

describe('requests at less detail', () => {
  const opening = (r: string) => r.slice(0, 40).toLowerCase().replace(/\s+/g, ' ');

  it('writes each in its first clause past 48 characters, folds near-repeats, and keeps every one', async () => {
    const topics = ['upload', 'billing', 'search', 'export', 'login', 'audit', 'profile', 'report'];
    const requests = topics.flatMap((t, i) => [
      `Look at the ${t} screen again and make the empty state say what to do next, with a link to the help page and a short example of a filled-in ${t} form`,
      `Number ${i}: the ${t} service logs too much at info level; move the request dumps to debug and keep one line per call with its status and duration`,
      `Please rename the ${t} helper to something clearer, it is called from three places and nobody knows what it does`,
    ]);
    const repeat = 'Please rename the upload helper to something clearer, and say in the commit why';
    const steps: Step[] = requests.flatMap((r, i) => [{ user: r }, { edit: `src/part${i}.ts` }]);
    steps.push({ user: repeat }, { edit: 'src/last.ts' });
    const { draft } = await compiled(steps);
    const table = draft.slice(draft.indexOf("### The person's requests, in order"));
    const rows = table.split('\n').filter((l) => /^\| \d/.test(l));
    const folded = draft.toLowerCase().replace(/\s+/g, ' ');
    for (const r of [...requests, repeat]) expect(folded).toContain(opening(r));
    for (const row of rows.slice(1)) expect(row.replace(/^\| \d+ \| /, '').length).toBeLessThan(100);
    // The repeat reads as request 3 at this detail: one row.
    expect(rows).toContainEqual(expect.stringMatching(/^\| 3 \| Please rename the upload helper/));
    expect(rows.some((r) => r.startsWith('| 25 |'))).toBe(false);
  });
});

describe('the task tools’ list as it stands', () => {
  it('counts a task made again under the same title once, by its last copy', async () => {
    const { handoff } = await compiled([
      { user: '把总控放在宿主机上，其他 Agent 放进 Docker' },
      { taskCreate: { subject: 'Move the four agents into Docker' } },
      { taskUpdate: { taskId: '1', status: 'in_progress' } },
      { taskCreate: { subject: 'Move the four agents into Docker' } },
      { taskUpdate: { taskId: '2', status: 'in_progress' } },
      { edit: 'docker-compose.yml' },
      { taskUpdate: { taskId: '2', status: 'completed' } },
    ]);
    const done = handoff.done.map((d) => d.text);
    expect(done).toContain('Move the four agents into Docker');
    expect(handoff.remaining.map((r) => r.title)).not.toContain('Move the four agents into Docker');
  });

  it('takes a new title and a deletion from TaskUpdate', async () => {
    const { handoff } = await compiled([
      { user: 'Set up the instances' },
      { taskCreate: { subject: 'Create 4 instances' } },
      { taskCreate: { subject: 'Write the gateway config' } },
      { taskCreate: { subject: 'Benchmark the gateway' } },
      { taskUpdate: { taskId: '1', subject: 'Create 5 instances', status: 'in_progress' } },
      { taskUpdate: { taskId: '3', status: 'deleted' } },
      { edit: 'gateway.yml' },
      { taskUpdate: { taskId: '2', status: 'completed' } },
    ]);
    const remaining = handoff.remaining.map((r) => r.title);
    expect(remaining).toContain('Create 5 instances');
    expect(remaining).not.toContain('Create 4 instances');
    expect(remaining).not.toContain('Benchmark the gateway');
    expect(handoff.done.map((d) => d.text)).toContain('Write the gateway config');
  });
});

describe("a yes to the agent's question", () => {
  it('is the work when the agent said nothing since, and the question is no longer waiting for an answer', async () => {
    const { handoff } = await compiled([
      { user: 'Review the state machine plan' },
      { read: 'docs/plans/state-machine.md' },
      {
        say: 'The transitions could be a pure function first. Want me to update the plan with this restructuring?',
      },
      { user: 'yes' },
      { read: 'docs/plans/state-machine-v2.md' },
    ]);
    const first = handoff.remaining[0];
    expect(first?.title).toBe(
      'Do what the person said yes to: Want me to update the plan with this restructuring?',
    );
    expect(first?.notes).toContain('the person answered “yes” (#2)');
    expect(JSON.stringify(handoff.remaining)).not.toContain('the log ends before an answer');
  });

  it("leaves the work to the agent's own words once it spoke after the yes", async () => {
    const { handoff } = await compiled([
      { user: 'Review the state machine plan' },
      { say: 'Want me to update the plan with this restructuring?' },
      { user: 'yes' },
      { say: 'Next I will rewrite the plan around the pure transition function.' },
    ]);
    expect(handoff.remaining.map((r) => r.title).join('\n')).not.toContain('said yes to');
    expect(handoff.remaining[0]?.title).toContain('rewrite the plan');
  });
});

describe('work in another folder', () => {
  it("is not the repository's: a scratch repository's commit and files, another project's commit", async () => {
    const { handoff } = await compiled([
      { user: 'Can a worktree be moved with git?' },
      {
        bash: 'cd /tmp/try-move && git init -q && echo hi > file.txt && git add . && git commit -qm "init"',
        output: '',
      },
      { bash: 'cd /srv/other-app && git commit -am "chore: bump"', output: '[main 1a2b3c4] chore: bump' },
      { bash: 'git -C /srv/sandbox commit -m "try"', output: '[main 5d6e7f8] try' },
      { edit: 'web/app.ts' },
      {
        bash: 'cd web && git commit -am "feat: move worktrees"',
        output: '[main 9a8b7c6] feat: move worktrees',
      },
    ]);
    expect(handoff.done.map((d) => d.text)).toEqual(['Committed: feat: move worktrees']);
    expect(handoff.files_touched.map((f) => f.path)).toEqual(['web/app.ts']);
  });

  it('reads `~` as the home folder the repository path shows, and not at all when it shows none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-dr-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'session.jsonl');
    writeClaudeSession(path, '/home/dev/app', [
      { user: 'Bump both' },
      { bash: 'cd ~/code/other-app && git commit -am "chore: bump other"', output: '[main 1a2b3c4] x' },
      { bash: 'cd ~/app/web && git commit -am "feat: bump web"', output: '[main 5d6e7f8] y' },
    ]);
    const { handoff } = await compileTranscript(path);
    expect(handoff.done.map((d) => d.text)).toEqual(['Committed: feat: bump web']);
    const unknown = await compiled([
      { user: 'Bump it' },
      { bash: 'cd ~/code/other-app && git commit -am "chore: bump"', output: '[main 1a2b3c4] x' },
    ]);
    expect(unknown.handoff.done.map((d) => d.text)).toEqual(['Committed: chore: bump']);
  });
});

describe('a run narrowed to named tests', () => {
  it('that failed is settled by a later whole run of the same kind that passed, not by another narrowed one', async () => {
    const fail = {
      bash: 'go test -v -run "TestCleansUpStale|TestMostRecent" ./strategy/',
      exit: 1,
      output: '--- FAIL: TestCleansUpStale (0.01s)\nFAIL\nFAIL\texample/strategy\t0.6s',
    };
    const narrowPass = {
      bash: 'go test -v -run TestMostRecent ./strategy/',
      output: 'ok  \texample/strategy\t1.5s',
    };
    const before = await compiled([
      { user: 'Fix the stale sessions' },
      { edit: 'strategy/session.go' },
      fail,
      narrowPass,
    ]);
    expect(before.handoff.remaining.map((r) => r.title).join('\n')).toContain('Make `go test -v -run');
    const after = await compiled([
      { user: 'Fix the stale sessions' },
      { edit: 'strategy/session.go' },
      fail,
      narrowPass,
      { bash: 'mise run fmt && mise run lint && mise run test:ci', output: 'ok  \texample/strategy\t2.1s' },
    ]);
    expect(after.handoff.remaining.map((r) => r.title).join('\n')).not.toContain('Make `go test');
  });
});

describe('an open task whose file changed after it was listed', () => {
  it('says it may be done; a task whose file changed before it was listed does not', async () => {
    const { handoff } = await compiled([
      { user: 'Ask for telemetry consent' },
      { edit: 'cmd/enable.go' },
      {
        todo: [
          { content: 'Add promptTelemetryConsent() in setup.go', status: 'pending' },
          { content: 'Call the prompt from enable.go', status: 'pending' },
        ],
      },
      { edit: 'cmd/setup.go' },
    ]);
    const notes = (words: string) => handoff.remaining.find((r) => r.title.includes(words))?.notes ?? '';
    expect(notes('setup.go')).toContain('`setup.go` changed after the task was listed: it may be done');
    expect(notes('enable.go')).not.toContain('changed after the task was listed');
  });
});
