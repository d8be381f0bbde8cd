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
