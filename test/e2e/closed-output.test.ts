/**
 * A closed stdout (`baton … | head`) ends a command quietly (issue 11 item 13): no EPIPE stack
 * trace, the command's own exit code. The reader of a real pipe goes away before baton writes.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { handoffInput } from '../store/_handoffs.js';
import { BIN, cleanEnv, DRAFT, hasStackTrace, Scratch, type TempRepo } from './_helpers.js';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

// Runs baton with stdout a pipe whose reading end is closed at once: its first write finds no reader.
function withClosedStdout(
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stderr });
    });
  });
}

describe('output into a closed pipe', () => {
  let repo: TempRepo;
  let store: string;
  beforeAll(async () => {
    repo = scratch.repo();
    store = `sqlite:${join(repo.dir, '.baton/baton.db')}`;
    const s = await openStore({ url: store });
    try {
      for (let i = 0; i < 30; i++)
        await s.putHandoff(handoffInput({ id: `H${i}`, task: `T-${i}`, title: 'Handoff pipe' }));
      for (let seq = 1; seq <= 50; seq++) {
        await s.appendEvent({
          run_id: 'run-1',
          seq,
          time: '2026-11-30T01:00:00Z',
          event: 'task.started',
          data: { seq },
        });
      }
      await s.putRunSummary({
        run_id: 'run-1',
        status: 'done',
        started_at: '2026-11-30T01:00:00Z',
        data: {},
      });
    } finally {
      await s.close();
    }
    writeFileSync(
      join(repo.dir, 'notes.md'),
      '# Notes\n\n## Done\n\n- wrote the parser\n\n## Next\n\n- the docs\n',
    );
    writeFileSync(join(repo.dir, 'draft.md'), DRAFT);
  });

  const cases: [string, string[]][] = [
    ['runs show', ['runs', 'show', 'run-1']],
    ['runs', ['runs']],
    ['search', ['search', 'pipe']],
    ['log', ['log']],
    ['import', ['import', 'notes.md']],
    ['convert', ['convert', 'draft.md', '--to', 'json']],
    ['keys list', ['keys', 'list']],
    ['validate --help', ['validate', '--help']],
  ];
  for (const [name, args] of cases) {
    it(`${name}: ends quietly, exit 0`, async () => {
      const r = await withClosedStdout(args, repo.dir, {
        BATON_STORE: store,
        BATON_HOME: join(repo.dir, '.home'),
      });
      expect(hasStackTrace(r.stderr), r.stderr).toBe(false);
      expect(r.stderr).not.toMatch(/EPIPE/);
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
    }, 120_000);
  }

  it('demo: ends quietly at its first line', async () => {
    const r = await withClosedStdout(['demo'], repo.dir, { BATON_HOME: join(repo.dir, '.home') });
    expect(hasStackTrace(r.stderr), r.stderr).toBe(false);
    expect(r.stderr).not.toMatch(/EPIPE/);
    expect(r.status).toBe(0);
  }, 120_000);
});
