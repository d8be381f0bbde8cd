/**
 * The issue tracker item the agent was on is where the work stands, and an item it closed is
 * done: read from `bd`, `gh`, `glab`, `linear` and `jira` commands, on both hosts.
 */
import { describe, expect, it } from 'vitest';
import { compileSteps, type Step } from './support/sessions.js';

const compiled = async (steps: Step[], host?: 'claude-code' | 'codex') =>
  (await compileSteps(steps, host)).handoff;

describe('issue tracker items', () => {
  it('names the bead the agent set in progress, and counts the ones it closed as done', async () => {
    const h = await compiled([
      { user: 'Work through the ready beads of the shop-9k epic' },
      { bash: 'bd ready' },
      { bash: 'bd update shop-9k.1 --status in_progress' },
      { edit: 'src/cart.ts' },
      { bash: 'bd close shop-9k.1 --reason "cart totals done"' },
      { bash: 'bd update shop-9k.2 --status=in_progress 2>&1' },
      { edit: 'src/checkout.ts' },
      { say: 'Now the payment form.' },
    ]);
    expect(h.summary).toContain('It was on: `shop-9k.2` (set in progress with bd), ');
    expect(h.done.map((d) => d.text)).toContain('Closed in the tracker (bd): shop-9k.1');
    expect(h.summary).not.toContain('shop-9k.1');
  });

  it('reads gh, linear and jira, where a closed or merged item is no longer the one the agent is on', async () => {
    const gh = await compiled(
      [
        { user: 'Look at the open issues and fix the first bug' },
        { bash: 'gh issue view 12 --comments' },
        { bash: 'gh pr checkout 34' },
        { edit: 'lib/parse.py' },
        { bash: 'gh issue view 15' },
      ],
      'codex',
    );
    expect(gh.summary).toContain('`PR #34` (checked out with gh)');
    const closed = await compiled([
      { user: 'Finish ENG-7 and close it' },
      { bash: 'linear issue start ENG-7' },
      { edit: 'app/models.py' },
      { bash: 'linear issue update ENG-7 --state "Done"' },
      { bash: 'jira issue move OPS-3 "In Progress"' },
    ]);
    expect(closed.summary).toContain('`OPS-3` (set in progress with jira)');
    expect(closed.done.map((d) => d.text)).toContain('Closed in the tracker (linear): ENG-7');
  });

  it('takes a failed command for nothing done to the item', async () => {
    const h = await compiled([
      { user: 'Close shop-9k.4 once the tests pass' },
      { bash: 'bd close shop-9k.4', exit: 1, output: 'Error: no issue found' },
    ]);
    expect(h.done.map((d) => d.text).join('\n')).not.toContain('shop-9k.4');
  });
});
