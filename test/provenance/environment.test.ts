import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTempRepo, type TempRepo } from '../../src/testing/git-repo.js';

const repos: TempRepo[] = [];
const saved = { GIT_DIR: process.env.GIT_DIR, GIT_WORK_TREE: process.env.GIT_WORK_TREE };

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.resetModules();
  for (const r of repos.splice(0)) r.cleanup();
});

describe('captureProvenance and the git environment', () => {
  // Bug: src/provenance/_git.ts passes the whole environment to git, GIT_DIR and GIT_WORK_TREE
  // included (git hooks and some dotfile setups export them). git then answers about that
  // repository, while root, config and refs are read from the repository that contains the path.
  it('captures the repository that contains the path even when GIT_DIR names another one', async () => {
    const a = createTempRepo();
    const b = createTempRepo({ origin: 'https://github.com/acme/b.git' });
    repos.push(a, b);
    a.commit('a moves on');
    b.write('b-only.txt', 'dirty\n');
    process.env.GIT_DIR = join(a.dir, '.git');
    process.env.GIT_WORK_TREE = a.dir;
    vi.resetModules();
    const { captureProvenance } = await import('../../src/provenance/capture.js');
    const c = captureProvenance(b.dir);
    expect(c.root).toBe(b.dir);
    expect(c.current.repository).toBe('acme/b');
    expect(c.current.head).toBe(b.head());
    expect(c.current.worktree_state).toBe('dirty');
  });
});
