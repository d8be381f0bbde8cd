/**
 * The one place baton starts git, with a fixed environment, counted: synchronously for the CLI
 * (one process per call, nothing else to do while git runs) and asynchronously for the servers
 * (so that one slow repository does not hold up every request). Answers made of several git
 * calls are written once, as steps, and run either way.
 */
import { execFile, spawnSync } from 'node:child_process';
import { UserError } from '../errors.js';

/** What one git process returned. */
export interface GitResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** One git call: its arguments, its input and how its output is decoded. */
export interface GitCall {
  args: readonly string[];
  maxBuffer?: number;
  input?: string;
  /** latin1 maps each byte to one character, so blobs read back exactly (Buffer.from(s, 'latin1')). */
  encoding?: 'utf8' | 'latin1';
  /** Set after the redirects are cleared: a scratch `GIT_INDEX_FILE`, and nothing else from outside. */
  env?: Readonly<Record<string, string>>;
}

// How git is run, apart from its arguments.
type GitRunOptions = Omit<GitCall, 'args'>;

/** The steps of an answer: git calls out, their results in, the answer at the end. */
export type GitSteps<T> = Generator<GitCall, T, GitResult>;

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

function startFailure(error: NodeJS.ErrnoException): UserError {
  if (error.code === 'ENOENT') {
    return new UserError('PROVENANCE_GIT_MISSING', 'git is not installed (or not on PATH)', {
      hint: 'install git, or pass --no-git to compare only the --current-* values you give',
    });
  }
  return new UserError('PROVENANCE_GIT_FAILED', `could not run git: ${error.message}`, { cause: error });
}

/** Runs `git -C <cwd> <args>`; throws PROVENANCE_GIT_MISSING when there is no git binary. */
export function runGit(cwd: string, args: readonly string[], options: GitRunOptions = {}): GitResult {
  spawned++;
  const result = spawnSync(process.env.BATON_GIT ?? 'git', ['-C', cwd, ...args], {
    env: gitEnv(options.env),
    encoding: options.encoding ?? 'utf8',
    input: options.input,
    maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
    windowsHide: true,
  });
  if (result.error) throw startFailure(result.error);
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `runGit` off the event loop (execFile): the servers' way of asking git, and the run engine's for
 * the long calls several tasks make at once (a worktree's checkout).
 */
export function runGitAsync(
  cwd: string,
  args: readonly string[],
  options: GitRunOptions = {},
): Promise<GitResult> {
  spawned++;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.env.BATON_GIT ?? 'git',
      ['-C', cwd, ...args],
      {
        env: gitEnv(options.env),
        encoding: options.encoding ?? 'utf8',
        maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
        windowsHide: true,
      },
      (error, stdout, stderr) => {
        const code = error?.code;
        // A non-zero exit is an answer (`merge-base` says 1 for "no common ancestor"); a git that
        // did not start, or output over the buffer, is not.
        if (error && typeof code !== 'number') reject(startFailure(error as NodeJS.ErrnoException));
        else resolve({ status: typeof code === 'number' ? code : 0, stdout, stderr });
      },
    );
    // Closed or not read when git does not need its input; the answer says what went wrong.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input);
  });
}

/** Runs an answer's steps with `runGit`. */
export function runSteps<T>(cwd: string, steps: GitSteps<T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next(runGit(cwd, step.value.args, step.value));
  return step.value;
}

/** Runs an answer's steps with `runGitAsync`. */
export async function runStepsAsync<T>(cwd: string, steps: GitSteps<T>): Promise<T> {
  let step = steps.next();
  while (!step.done) step = steps.next(await runGitAsync(cwd, step.value.args, step.value));
  return step.value;
}
