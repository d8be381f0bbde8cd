/** The one place baton starts git: a synchronous call with a fixed environment, counted. */
import { execFile, spawnSync } from 'node:child_process';
import { UserError } from '../errors.js';

/** What one git process returned. */
export interface GitResult {
  status: number;
  stdout: string;
  stderr: string;
}

let spawned = 0;

/** How many git processes this process has started (for benchmarks and tests). */
export function gitProcessCount(): number {
  return spawned;
}

// Variables that point git at another repository (git hooks export them): git must look at the
// repository baton located, never at the one a calling hook happens to run in.
const REDIRECTS = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_COMMON_DIR',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
];

// Stable, parseable, non-interactive git: no locale, no pager, no prompts, no optional locks
// (so that `git status` never takes index.lock while an agent is working in the same tree).
function gitEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LC_ALL: 'C',
    LANGUAGE: 'C',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
  };
  for (const name of REDIRECTS) delete env[name];
  return { ...env, ...extra };
}

/** Runs `git -C <cwd> <args>`; throws PROVENANCE_GIT_MISSING when there is no git binary. */
export function runGit(
  cwd: string,
  args: readonly string[],
  options: {
    maxBuffer?: number;
    input?: string;
    encoding?: 'utf8' | 'latin1';
    /** Set after the redirects are cleared: a scratch `GIT_INDEX_FILE`, and nothing else from outside. */
    env?: Readonly<Record<string, string>>;
  } = {},
): GitResult {
  spawned++;
  const result = spawnSync(process.env.BATON_GIT ?? 'git', ['-C', cwd, ...args], {
    env: gitEnv(options.env),
    // latin1 maps each byte to one character, so blobs read back exactly (Buffer.from(s, 'latin1')).
    encoding: options.encoding ?? 'utf8',
    input: options.input,
    maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
    windowsHide: true,
  });
  if (result.error) {
    const code = (result.error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new UserError('PROVENANCE_GIT_MISSING', 'git is not installed (or not on PATH)', {
        hint: 'install git, or pass --no-git to compare only the --current-* values you give',
      });
    }
    throw new UserError('PROVENANCE_GIT_FAILED', `could not run git: ${result.error.message}`, {
      cause: result.error,
    });
  }
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `runGit` off the event loop: for the long git calls of a run that several tasks make at once
 * (a worktree's checkout), so that one task's call does not hold up every other task.
 */
export function runGitAsync(
  cwd: string,
  args: readonly string[],
  options: { env?: Readonly<Record<string, string>> } = {},
): Promise<GitResult> {
  spawned++;
  return new Promise((resolve, reject) => {
    execFile(
      process.env.BATON_GIT ?? 'git',
      ['-C', cwd, ...args],
      { env: gitEnv(options.env), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        const code = error?.code;
        // A non-zero exit is git's answer; a git that did not start is an error.
        if (error && typeof code !== 'number') {
          const e = error as NodeJS.ErrnoException;
          reject(
            e.code === 'ENOENT'
              ? new UserError('PROVENANCE_GIT_MISSING', 'git is not installed (or not on PATH)')
              : new UserError('PROVENANCE_GIT_FAILED', `could not run git: ${e.message}`, { cause: e }),
          );
        } else resolve({ status: typeof code === 'number' ? code : 0, stdout, stderr });
      },
    );
  });
}
