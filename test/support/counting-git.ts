/** A `git` for BATON_GIT that logs each start (its first argument) and runs the real git. */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The wrapper's path, and the git commands started through it so far (`status`, `merge-base`…). */
export function countingGit(dir: string): { path: string; starts(): string[] } {
  const path = join(dir, 'git');
  const log = join(dir, 'git-starts');
  writeFileSync(path, `#!/bin/sh\necho "$1" >> ${JSON.stringify(log)}\nexec git "$@"\n`);
  chmodSync(path, 0o755);
  const starts = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
  return { path, starts };
}
