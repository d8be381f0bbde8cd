/**
 * A Remaining item's Verify by is the check the session ran of that item's file when there is one
 * (a syntax check counts: `php -l`, `bash -n`, `node --check`, `python -m py_compile`), not the
 * default `git status --short`.
 */
import { describe, expect, it } from 'vitest';
import { compileSteps } from './support/sessions.js';

describe('Verify by', () => {
  it('takes a syntax check for a check, and the check of the file an item names for its Verify by', async () => {
    const { handoff } = await compileSteps([
      { user: 'Move the booking form into the theme' },
      { edit: 'theme/booking-form.php' },
      {
        bash: 'php -l theme/booking-form.php',
        output: 'No syntax errors detected in theme/booking-form.php',
      },
      { edit: 'scripts/deploy.sh' },
      { bash: 'bash -n scripts/deploy.sh && echo ok', output: 'ok' },
      { say: 'Next I will add the date picker to booking-form.php.' },
    ]);
    expect(handoff.validation.map((v) => v.command)).toEqual([
      'php -l theme/booking-form.php',
      'bash -n scripts/deploy.sh && echo ok',
    ]);
    const item = handoff.remaining.find((r) => r.title.includes('date picker'));
    expect(item?.verify_by).toEqual(['php -l theme/booking-form.php']);
  });

  it('keeps git status for an item no check names, where only syntax checks ran', async () => {
    const { handoff } = await compileSteps(
      [
        { user: 'Tidy the start script' },
        { edit: 'start.sh' },
        { bash: 'sh -n start.sh' },
        { say: 'Now I will write the release notes.' },
      ],
      'codex',
    );
    expect(handoff.validation.map((v) => v.command)).toEqual(['sh -n start.sh']);
    expect(handoff.remaining.find((r) => r.title.includes('release notes'))?.verify_by).toEqual([
      'git status --short',
    ]);
  });
});
