/** Temporary git repositories for a test file, each deleted after the test that made it. */
import { afterEach } from 'vitest';
import { createTempRepo, type TempRepo, type TempRepoOptions } from '../../src/testing/git-repo.js';

/** A maker of repositories that registers their clean-up (call it at the top of a test file). */
export function tempRepos(): (options?: TempRepoOptions) => TempRepo {
  const made: TempRepo[] = [];
  afterEach(() => {
    for (const r of made.splice(0)) r.cleanup();
  });
  return (options) => {
    const r = createTempRepo(options);
    made.push(r);
    return r;
  };
}
