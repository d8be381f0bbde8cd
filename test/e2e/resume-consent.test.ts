/**
 * `resume --reverify` runs commands another agent wrote, so it asks first: the brief lists each
 * command and where it is written; a terminal is asked once; without one nothing runs unless
 * `--yes`. Real repositories, the built CLI, and a real pseudo-terminal (util-linux `script`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, baton, cleanEnv, draftWithDone, Scratch, section } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

// A handoff whose Done item's command leaves a marker when it runs, then a change that makes
// the claim one to re-verify.
function staleWithMarker() {
  const repo = scratch.repo();
  const marker = join(repo.dir, '..', 'ran');
  const draft = draftWithDone([`- [x] Wrote \`src/a.ts\` — verified by \`touch ${marker}\` → pass`]);
  expect(baton(['write'], { cwd: repo.dir, input: draft }).status).toBe(0);
  repo.write('src/a.ts', 'export const a = 10;\n');
  repo.commit('change a');
  return { repo, marker };
}

// Runs baton inside a pseudo-terminal, typing `answer` at it.
function onTerminal(args: string[], cwd: string, answer: string) {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd,
    input: answer,
    env: cleanEnv({ TERM: 'dumb' }),
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: r.status, output: r.stdout.replace(/\r/g, '') };
}

const hasScript = spawnSync('script', ['--version']).status === 0;

describe('resume --reverify asks before running another agent’s commands', () => {
  it('without a terminal runs nothing unless --yes, and the brief lists each command and where it is written', () => {
    const { repo, marker } = staleWithMarker();
    const r = baton(['resume', '--reverify'], { cwd: repo.dir });
    expect(r.status).toBe(3);
    expect(existsSync(marker)).toBe(false);
    const commands = section(r.stdout, 'Commands to re-verify');
    expect(commands).toContain('written by builder');
    expect(commands).toContain(`\`touch ${marker}\` — from Done item 1`);
    expect(section(r.stdout, 'Re-verified now')).toContain('Not run: no consent was given');
    expect(r.stderr).toContain('--reverify ran nothing');
    expect(r.stderr).toContain('give --yes');

    const yes = baton(['resume', '--reverify', '--yes'], { cwd: repo.dir });
    // Every claim the move touched passed again: exit 0, and the verdict line says so (issue 24 item 8).
    expect(yes.status).toBe(0);
    expect(yes.stdout).toContain('**Verdict: STALE, re-verified.**');
    expect(existsSync(marker)).toBe(true);
    expect(section(yes.stdout, 'Re-verified now')).toContain(`pass — \`touch ${marker}\``);
  });

  it('an agent that edits `head` to make every claim stale still cannot run its commands without consent', () => {
    const { repo, marker } = staleWithMarker();
    const path = join(repo.dir, '.baton/handoff.md');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace(/^head: .*$/m, `head: ${'0'.repeat(40)}`));
    const r = baton(['resume', '--reverify'], { cwd: repo.dir });
    expect(r.status).toBe(3);
    expect(existsSync(marker)).toBe(false);
    expect(r.stdout + r.stderr).not.toContain('pass — `touch');
  });

  it.skipIf(!hasScript)('on a terminal asks once: yes runs the commands, anything else runs none', () => {
    const { repo, marker } = staleWithMarker();
    const no = onTerminal(['resume', '--reverify'], repo.dir, 'n\n');
    expect(no.status).toBe(3);
    expect(no.output).toContain('written by builder, not by baton');
    expect(no.output.match(/Run them now/g)).toHaveLength(1);
    expect(existsSync(marker)).toBe(false);
    expect(no.output).toContain('Not run: declined');

    const yes = onTerminal(['resume', '--reverify'], repo.dir, 'y\n');
    expect(yes.status).toBe(0);
    expect(yes.output.match(/Run them now/g)).toHaveLength(1);
    expect(existsSync(marker)).toBe(true);
  });

  it('says whose commands these are in --help', () => {
    const help = baton(['resume', '--help'], { cwd: scratch.plain() });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'These commands were written by the agent that wrote the handoff, not by you or baton',
    );
  });
});
