/**
 * The person's requests as a reader takes them: hard-wrapped lines read as the sentences they
 * are, a list item's number ends no sentence.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sentencesOf } from '../../src/transcripts/_requests.js';
import { standingParts } from '../../src/transcripts/_standing.js';
import { compileTranscript } from '../../src/transcripts/transcripts.js';
import { type Step, writeClaudeSession } from './support/sessions.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function compiled(steps: Step[]) {
  const dir = mkdtempSync(join(tmpdir(), 'baton-rq-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'session.jsonl');
  writeClaudeSession(path, dir, steps);
  return compileTranscript(path);
}

describe('hard-wrapped requests', () => {
  it('joins a line break inside a sentence, and keeps the breaks of a list', () => {
    expect(sentencesOf('Add logging first, check the \nlogs. Do not guess —\ndiagnose first.')).toEqual([
      'Add logging first, check the logs.',
      'Do not guess — diagnose first.',
    ]);
    expect(sentencesOf('Fix these:\n- the header\n- the footer\nThen push')).toEqual([
      'Fix these:',
      '- the header',
      '- the footer',
      'Then push',
    ]);
    expect(sentencesOf('Fix the login\nAdd the footer')).toEqual(['Fix the login', 'Add the footer']);
    expect(sentencesOf('Rename the table, and\nthen migrate it.')).toEqual([
      'Rename the table, and then migrate it.',
    ]);
  });

  it('ends no sentence at a list number', () => {
    expect(sentencesOf('Two fixes needed: 1. the header 2. the footer')).toEqual([
      'Two fixes needed: 1. the header 2. the footer',
    ]);
  });

  it('keeps a standing instruction whole across a wrap', () => {
    expect(standingParts('Add debug logs, check them. Do not guess — \ndiagnose first.')).toEqual([
      'Do not guess — diagnose first.',
    ]);
  });

  it('cuts a request row at its first sentence as written, not at a list number', async () => {
    const { handoff } = await compiled([
      { user: 'Build the admin page for translations' },
      { edit: 'src/admin.php' },
      {
        user: 'Several fixes and improvements needed:\n\n1. TRANSLATION SYSTEM — Full overhaul:\nRemove the manual entry \nform completely from the admin page.\n\n2. Add the DeepL option to the settings page.',
      },
      { edit: 'src/settings.php' },
    ]);
    expect(handoff.notes).not.toContain('| 2 | Several fixes and improvements needed: 1. |');
    expect(handoff.notes).toContain('| 2 | Several fixes and improvements needed: 1. TRANSLATION SYSTEM');
  });
});

// A custom command as Claude Code logs it: the command's record, then its prompt as a meta record.
const commandRecord = (name: string, args = '') =>
  `<command-message>${name}</command-message>\n<command-name>/${name}</command-name>${args ? `\n<command-args>${args}</command-args>` : ''}`;

describe('a Goal that is a command', () => {
  it('says what the command asks for: the objective its prompt states', async () => {
    const { handoff } = await compiled([
      { user: commandRecord('gsd:plan-phase', '26') },
      {
        meta: '<objective>\nCreate executable phase prompt with discovery,\ncontext injection, and task breakdown.\n\nPurpose: Break down roadmap phases.\n</objective>\n\n<process>\n1. Read the roadmap\n</process>',
      },
      { write: '.planning/phases/26-x/26-01-PLAN.md' },
    ]);
    expect(handoff.goal).toBe(
      "/gsd:plan-phase 26\n\n[baton: the command's prompt says: Create executable phase prompt with discovery, context injection, and task breakdown.]",
    );
    expect(handoff.title).toBe('Compiled handoff: /gsd:plan-phase 26');
  });

  it('reads the prompt of a command typed as text and run by the agent', async () => {
    const { handoff } = await compiled([
      { user: '  /gsd:execute-plan .planning/11-01-PLAN.md\n' },
      { say: 'Running the plan.' },
      { meta: '<objective>\nExecute a PLAN.md file with per-task atomic commits.\n</objective>' },
      { edit: 'src/theme.css' },
    ]);
    expect(handoff.goal).toContain('/gsd:execute-plan .planning/11-01-PLAN.md\n\n');
    expect(handoff.goal).toContain('Execute a PLAN.md file with per-task atomic commits.');
  });

  it('takes the request after a bare command whose prompt states no objective', async () => {
    const { handoff } = await compiled([
      { user: commandRecord('skill-creator') },
      {
        meta: 'Base directory for this skill: /home/me/.claude/skills/skill-creator\n\n# Skill Creator\n\nThis skill provides guidance for creating effective skills.',
      },
      { user: 'Create a skill that queries our market data API' },
      { write: 'skills/market/SKILL.md' },
    ]);
    expect(handoff.goal).toBe(
      'Create a skill that queries our market data API\n\n[baton: asked after the command `/skill-creator`]',
    );
    expect(handoff.notes).toContain('| 1 | /skill-creator |');
    expect(handoff.notes).toContain('| 2 | (the Goal) |');
  });

  it('leaves a bare command the Goal when nothing follows it, with its prompt’s first paragraph', async () => {
    const { handoff } = await compiled([
      { user: commandRecord('skill-creator') },
      { meta: 'Base directory for this skill: /s\n\n# Skill Creator\n\nThis skill provides guidance.' },
      { write: 'skills/a/SKILL.md' },
    ]);
    expect(handoff.goal).toBe(
      "/skill-creator\n\n[baton: the command's prompt says: This skill provides guidance.]",
    );
  });
});

describe('a request inside the context an app wraps around it', () => {
  it("takes the person's words after the system's blocks, and a draft that holds none of them", async () => {
    const wrapped = [
      '<system_instruction>',
      'You run inside Relay, a desktop app that runs many agents side by side.',
      'Work in /home/ana/relay/ws/lisbon unless told otherwise.',
      '</system_instruction>',
      '',
      '<system_instruction>',
      'The user has attached these files. Read them before proceeding.',
      '- /home/ana/relay/ws/lisbon/.context/attachments/plan.md',
      '</system_instruction>',
      '',
      'implement the plan, then open a PR',
    ].join('\n');
    const { handoff, draft, session } = await compiled([
      { user: wrapped },
      { edit: 'src/a.ts' },
      { user: '<system-notice>The build server is back.</system-notice> and rerun the tests' },
    ]);
    expect(handoff.goal).toBe('implement the plan, then open a PR');
    expect(session.requests).toEqual(['implement the plan, then open a PR', 'and rerun the tests']);
    expect(draft).not.toMatch(/<\/?system/);
  });
});

describe('a request pasted with its prompt', () => {
  it.each([
    ['❯ Fix the login redirect', 'Fix the login redirect'],
    ['❯\u00a0Fix the login redirect', 'Fix the login redirect'],
    ['$ npm test fails on the date parser, fix it', 'npm test fails on the date parser, fix it'],
    ['> Fix the login redirect', 'Fix the login redirect'],
    [
      '> the docs say one thing\n> the code another\n\nWhich is right?',
      '> the docs say one thing\n> the code another\n\nWhich is right?',
    ],
  ])('drops the prompt: %j', async (request, goal) => {
    const { handoff } = await compiled([{ user: request }, { edit: 'src/a.ts' }]);
    expect(handoff.goal).toBe(goal);
  });
});

describe('the newest request in Remaining', () => {
  it('keeps the end of a long request (its after-steps) after its opening', async () => {
    const items = Array.from(
      { length: 12 },
      (_, i) => `${i + 1}. Move the settings panel item number ${i + 1} into the sidebar and give it a label`,
    );
    const request = `Several fixes needed:\n\n${items.join('\n')}\n\nAfter fixes: run the tests, push, update RESUME.md and tell me.`;
    const { handoff } = await compiled([
      { user: 'Build the settings panel' },
      { edit: 'src/panel.ts' },
      { say: 'The panel is in.' },
      { user: request },
      { edit: 'src/sidebar.ts' },
    ]);
    const goal = handoff.remaining[0]?.goal ?? '';
    expect(goal.startsWith('Several fixes needed: 1. Move the settings panel')).toBe(true);
    expect(goal.endsWith(' … After fixes: run the tests, push, update RESUME.md and tell me.')).toBe(true);
    expect(goal.length).toBeLessThanOrEqual(500);
  });

  it.each(['Read RESUME.md and continue', 'continue where you left off with the plan', '空的'])(
    'names the request that %j goes on from',
    async (last) => {
      const { handoff } = await compiled([
        { user: 'Build the settings panel' },
        { edit: 'src/panel.ts' },
        { say: 'Done.' },
        { user: 'The site is down: check the nginx logs and bring it back' },
        { bash: 'tail -50 /var/log/nginx/error.log' },
        { say: 'Found it.' },
        { user: last },
        { edit: 'deploy/nginx.conf' },
      ]);
      expect(handoff.remaining[0]?.notes).toContain(
        'it names no work of its own: it goes on from #2 “The site is down: check the nginx logs and bring it back”',
      );
    },
  );

  it('names it when the message is the last and unanswered, too', async () => {
    const { handoff } = await compiled([
      { user: 'Build the settings panel' },
      { edit: 'src/panel.ts' },
      { say: 'Which folder should the config go to?' },
      { user: 'the old one' },
    ]);
    expect(handoff.remaining[0]?.title).toBe("Answer the person's last message: the old one");
    // It came right after the agent's question: it answers that.
    expect(handoff.remaining[0]?.notes).toContain(
      "it answers the agent's question “Which folder should the config go to?”",
    );
    const after = await compiled([
      { user: 'Build the settings panel' },
      { edit: 'src/panel.ts' },
      { say: 'The panel is in place.' },
      { user: 'the old one' },
    ]);
    expect(after.handoff.remaining[0]?.notes).toContain('it goes on from #1 “Build the settings panel”');
  });

  it('keeps the end of a long last message the agent has not answered, as a pasted log has it', async () => {
    const log = Array.from(
      { length: 30 },
      (_, i) => `[Autopilot] token ${i} price fetched in ${20 + i} ms`,
    ).join('\n');
    const { handoff } = await compiled([
      { user: 'Find out why the prices are missing' },
      { edit: 'src/prices.ts' },
      { say: 'Reload the page and paste the console.' },
      { user: `${log}\n\nMATCH RESULT: 28 / 34` },
    ]);
    expect(handoff.remaining[0]?.title).toMatch(/^Answer the person's last message: \[Autopilot\] token 0/);
    expect(handoff.remaining[0]?.goal).toMatch(/^\[Autopilot\] token 0 .* … MATCH RESULT: 28 \/ 34$/);
  });

  it('quotes the question it answers with the session’s secrets left out', async () => {
    const key = 'sk-live-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    const { draft } = await compiled([
      { user: 'Wire the payments key into the staging config' },
      { say: `Should I put STRIPE_SECRET_KEY=${key} into config/staging.env?` },
      { user: 'the staging one' },
    ]);
    expect(draft).toContain("it answers the agent's question “Should I put STRIPE_SECRET_KEY=");
    expect(draft).not.toContain(key.slice(8));
  });

  it('adds nothing to a request that names its own work', async () => {
    const { handoff } = await compiled([
      { user: 'Build the settings panel' },
      { edit: 'src/panel.ts' },
      { say: 'Done.' },
      { user: 'Now add a dark mode toggle to the panel header' },
      { edit: 'src/header.ts' },
    ]);
    expect(handoff.remaining[0]?.notes).not.toContain('goes on from');
  });
});

describe('a preference a later request speaks to again', () => {
  it('leaves out a one-off layout remark when a later request re-specifies the same element', async () => {
    const { handoff } = await compiled([
      { user: '把产品表格导出为excel' },
      { edit: 'export.py' },
      { user: '变化离当前值太远了，不要把变化放在单元格右上角，放在数字的右上角' },
      { edit: 'export.py' },
      { user: '我能否采用这个方案：变化值放在当前数字的下方，不在右上角' },
      { edit: 'export.py' },
    ]);
    expect(handoff.preferences).toEqual([]);
  });

  it('does so in English, and keeps what says it holds from now on', async () => {
    const { handoff } = await compiled([
      { user: 'Build the pricing table. Always write the prices with two decimals.' },
      { edit: 'src/table.tsx' },
      { user: "Don't put the discount badge over the price column, put it beside the plan name." },
      { edit: 'src/table.tsx' },
      { user: 'Move the discount badge under the price column after all' },
      { edit: 'src/table.tsx' },
    ]);
    expect(handoff.preferences).toEqual(['Always write the prices with two decimals.']);
  });

  it('keeps a one-off instruction no later request speaks to', async () => {
    const { handoff } = await compiled([
      { user: "Build the pricing table. Don't add new dependencies for it." },
      { edit: 'src/table.tsx' },
      { user: 'Now add the footer links' },
      { edit: 'src/footer.tsx' },
    ]);
    expect(handoff.preferences).toEqual(["Don't add new dependencies for it."]);
  });
});

describe('words the person gave when refusing a tool call', () => {
  it("are a request of theirs, in order; the host's own words for a refused question are not", async () => {
    const { handoff, session } = await compiled([
      { user: 'Fix the relative path filtering' },
      { edit: 'src/filter.ts' },
      { refused: 'src/commit.ts', said: 'no, I did not say commit anything' },
      {
        refused: 'src/ask.ts',
        said: 'The user wants to clarify these questions.\n    This means they may have additional information.',
      },
      { refused: 'src/other.ts' },
      { say: 'Understood, I will not commit.' },
    ]);
    expect(session.requests).toEqual([
      'Fix the relative path filtering',
      'no, I did not say commit anything',
    ]);
    expect(JSON.stringify(handoff)).toContain('no, I did not say commit anything');
  });
});

describe('a prompt a hook stopped', () => {
  it("is the hook's message in the person's place: no request; the person quoting it later is one", async () => {
    const { session } = await compiled([
      { user: 'hi' },
      {
        user: 'Operation stopped by hook: Warning: Shadow branch conflict detected!\n\nBranch: entire/314004c',
      },
      {
        user: 'we are getting this warning when starting up:\n```\nOperation stopped by hook: Warning: Shadow branch conflict\n```',
      },
    ]);
    expect(session.requests.map((r) => r.slice(0, 30))).toEqual(['hi', 'we are getting this warning wh']);
  });
});
