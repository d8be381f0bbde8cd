/** Temporary git repositories for tests and the demo: real repositories, thrown away after. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { runGit } from '../provenance/git.js';

/** A throwaway repository with helpers to change it. */
export interface TempRepo {
  /** Work tree root (real path). */
  dir: string;
  /** Runs git in the repository; throws with git's message when it fails. */
  git(...args: string[]): string;
  /** Writes a file (creating folders), relative to the root. */
  write(path: string, content: string): string;
  /** Stages everything and commits; returns the new HEAD. */
  commit(message: string): string;
  /** The current HEAD. */
  head(): string;
  /** Deletes the repository. */
  cleanup(): void;
}

/** Options of `createTempRepo`. */
export interface TempRepoOptions {
  /** Initial branch (default `main`). */
  branch?: string;
  /** Set `origin` to this URL (nothing is fetched). */
  origin?: string;
  /** Make a first commit with a README (default true). */
  initialCommit?: boolean;
  /** Folder name prefix; may contain spaces. */
  prefix?: string;
}

/** Creates a repository in a new temporary folder. */
export function createTempRepo(options: TempRepoOptions = {}): TempRepo {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'baton-')));
  const dir = join(parent, options.prefix ?? 'repo');
  mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) => {
    const r = runGit(dir, args);
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr.trim()}`);
    return r.stdout.trim();
  };
  git('init', '-q', '-b', options.branch ?? 'main');
  git('config', 'user.email', 'agent@baton.invalid');
  git('config', 'user.name', 'baton test');
  git('config', 'commit.gpgsign', 'false');
  if (options.origin) git('remote', 'add', 'origin', options.origin);
  const repo: TempRepo = {
    dir,
    git,
    write(path, content) {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
    commit(message) {
      git('add', '-A');
      git('commit', '-q', '--allow-empty', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    head: () => git('rev-parse', 'HEAD'),
    cleanup: () => rmSync(parent, { recursive: true, force: true }),
  };
  if (options.initialCommit !== false) {
    repo.write('README.md', '# scratch\n');
    // Named after its folder: two repositories made within the same second would otherwise share
    // a root commit, and git (and baton, which recognises a renamed repository by its history)
    // could not tell them apart.
    repo.commit(`initial commit of ${basename(parent)}`);
  }
  return repo;
}
