/**
 * The draft's own English and the agent's words it quotes read as plain text: counts agree with
 * their nouns, and the Markdown the agent wrote for the person's screen is not copied into a quote
 * or a heading.
 */
import { describe, expect, it } from 'vitest';
import { compileSteps } from './support/sessions.js';

describe("the Summary's counts", () => {
  it('say one of a thing in the singular and more in the plural', async () => {
    const one = await compileSteps([
      { user: 'Fix the rounding in the invoice total' },
      { edit: 'src/invoice.ts' },
      { bash: 'npm test', output: 'Tests  3 passed (3)' },
      {
        bash: 'git commit -am "round invoice totals half-up"',
        output: '[main 1a2b3c4] round invoice totals',
      },
    ]);
    expect(one.handoff.summary).toContain(
      'without a model: 1 request, 1 file touched, 2 commands (1 check), 1 commit.',
    );
    const more = await compileSteps([
      { user: 'Fix the rounding in the invoice total' },
      { edit: 'src/invoice.ts' },
      { edit: 'src/tax.ts' },
      { user: 'and the tax line too' },
    ]);
    expect(more.handoff.summary).toContain(
      'without a model: 2 requests, 2 files touched, 0 commands (0 checks), 0 commits.',
    );
  });
});

describe("the agent's words, quoted", () => {
  it('leave out bold marks and code fences, in the quote and in the step carried on', async () => {
    const { handoff } = await compileSteps([
      { user: 'Why does the worker restart?' },
      {
        bash: 'journalctl -u worker -n 50',
        output: 'worker.service: Main process exited, code=killed, status=15/TERM',
      },
      {
        say: 'Found it: **the worker gets SIGTERM from the watchdog** and the log says:\n```text\nMain process exited\n```\nNow I will **raise the watchdog timeout** in `deploy/**/worker.service`:',
      },
    ]);
    // Said last, it is carried on in Remaining (and not quoted again in the Summary).
    const carry = handoff.remaining.map((r) => r.title).find((t) => t.startsWith('Carry on:'));
    expect(carry).toContain('the worker gets SIGTERM from the watchdog and');
    expect(carry).toContain('raise the watchdog timeout in');
    expect(carry).not.toContain('```');
    // A glob in a code span keeps its stars; no other star is left.
    expect(carry).toContain('`deploy/**/worker.service`');
    expect(carry?.replace('`deploy/**/worker.service`', '')).not.toContain('*');
  });
});
