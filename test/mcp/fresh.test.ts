/**
 * `baton mcp` keeps one git answer per state of the repository (issue 23): repeated
 * validate_handoff calls on an unchanged repository start no git process, and the moment a file
 * changes between two calls the second says STALE. Over stdio against the built binary, with a
 * `git` on PATH that counts its own starts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TempRepo } from '../../src/testing/git-repo.js';
import { baton, DRAFT, makePlainDir, makeRepo } from '../e2e/_helpers.js';
import { countingGit } from '../support/counting-git.js';
import { type Connected, call, connectStdio, ok, PHASE_PLAN } from './_helpers.js';

const plain = makePlainDir();
const git = countingGit(plain.dir);
let repo: TempRepo;
let mcp: Connected;

beforeAll(async () => {
  repo = makeRepo({ origin: 'https://github.com/acme/mcp-fresh.git' });
  expect(baton(['write'], { cwd: repo.dir, input: DRAFT }).status).toBe(0);
  mcp = await connectStdio(repo.dir, { BATON_GIT: git.path });
}, 60_000);

afterAll(async () => {
  await mcp?.close();
  repo?.cleanup();
  plain.cleanup();
});

const gitStarts = () => git.starts().length;
const validate = async () => ok(await call(mcp.client, 'validate_handoff', {})).verdict;
// Past the margin within which stat data cannot be trusted (racy timestamps).
const settle = () => new Promise((r) => setTimeout(r, 250));

describe('validate_handoff on a warm server', () => {
  it('answers an unchanged repository without starting git', async () => {
    expect(await validate()).toBe('VALID');
    await settle();
    expect(await validate()).toBe('VALID');
    const before = gitStarts();
    for (let i = 0; i < 5; i++) expect(await validate()).toBe('VALID');
    expect(gitStarts()).toBe(before);
  });

  it('says STALE the moment a file is edited between two calls, and VALID when it is put back', async () => {
    await settle();
    expect(await validate()).toBe('VALID');
    const before = gitStarts();
    const original = readFileSync(join(repo.dir, 'src/a.ts'), 'utf8');
    repo.write('src/a.ts', original.replace('1', '2'));
    expect(await validate()).toBe('STALE');
    expect(gitStarts()).toBeGreaterThan(before);
    repo.write('src/a.ts', original);
    expect(await validate()).toBe('VALID');
  });

  it('says STALE after a commit, and after a new untracked file', async () => {
    repo.write('notes.txt', 'n\n');
    expect(await validate()).toBe('STALE');
    repo.commit('notes');
    const data = ok(await call(mcp.client, 'validate_handoff', {}));
    expect(data.verdict).toBe('STALE');
    expect(JSON.stringify(data.findings)).toContain('head-moved');
  });
});

describe('the phase handoff on a warm server', () => {
  const load = async () => ok(await call(mcp.client, 'load_phase_handoff', { phase: 'plan' })).verdict;

  it('is loaded without starting git while nothing changes, and STALE the moment a file is edited', async () => {
    await settle();
    ok(await call(mcp.client, 'save_phase_handoff', PHASE_PLAN));
    expect(await load()).toBe('VALID');
    await settle();
    expect(await load()).toBe('VALID');
    const before = gitStarts();
    for (let i = 0; i < 3; i++) expect(await load()).toBe('VALID');
    expect(gitStarts()).toBe(before);
    const original = readFileSync(join(repo.dir, 'src/a.ts'), 'utf8');
    repo.write('src/a.ts', original.replace('1', '3'));
    expect(await load()).toBe('STALE');
    repo.write('src/a.ts', original);
    expect(await load()).toBe('VALID');
  });
});
