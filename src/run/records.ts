/** Where a run keeps its records: `.baton/runs/<run-id>/` under the repository root. */
import { existsSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { ULID_RE } from '../handoff/values.js';

/** The paths of one run's records. */
export interface RunPaths {
  root: string;
  runId: string;
  dir: string;
  events: string;
  summary: string;
  plan: string;
  progress(task: string): string;
  result(task: string): string;
  /** The folder of the run's task work trees (`--parallel` N > 1). */
  worktrees: string;
  /** Task `task`'s work tree. */
  worktree(task: string): string;
  dispatch(task: string, stage: string, attempt: number, window: number): string;
  reply(task: string, stage: string, attempt: number, window: number): string;
}

/** The record paths of run `runId` in the repository at `root`. */
export function runPaths(root: string, runId: string): RunPaths {
  const dir = join(root, '.baton', 'runs', plainName(runId, 'run id'));
  const name = (task: string, stage: string, attempt: number, window: number) =>
    `${plainName(task, 'task id')}.${plainName(stage, 'stage')}.a${attempt}.w${window}`;
  return {
    root,
    runId,
    dir,
    events: join(dir, 'events.jsonl'),
    summary: join(dir, 'run.json'),
    plan: join(dir, 'plan.md'),
    progress: (task) => join(dir, `${plainName(task, 'task id')}_progress.md`),
    result: (task) => join(dir, `${plainName(task, 'task id')}_result.md`),
    worktrees: join(dir, 'worktrees'),
    worktree: (task) => join(dir, 'worktrees', plainName(task, 'task id')),
    dispatch: (task, stage, attempt, window) =>
      join(dir, 'dispatches', `${name(task, stage, attempt, window)}.txt`),
    reply: (task, stage, attempt, window) =>
      join(dir, 'replies', `${name(task, stage, attempt, window)}.txt`),
  };
}

/** The records of run `runId`, which must exist: RUN_NOT_FOUND for an id that names no run here. */
export function existingRunPaths(root: string, runId: string): RunPaths {
  const paths = runPaths(root, runId);
  if (!ULID_RE.test(runId) || !existsSync(paths.events)) {
    throw new UserError('RUN_NOT_FOUND', `no run ${runId} in ${join(root, '.baton', 'runs')}`);
  }
  return paths;
}

// Every path derived from an id stays in the run folder: an id is one file-name part, never a path.
function plainName(value: string, what: string): string {
  if (!/^[A-Za-z0-9][\w.-]{0,99}$/.test(value)) {
    throw new UserError(
      'RUN_RECORD_UNSAFE',
      `the ${what} \`${value}\` is not a plain name: records stay in the run folder`,
    );
  }
  return value;
}

/**
 * Refuses a repository whose `.baton` or `.baton/runs` is a symbolic link (or not a folder): a run
 * keeps its records, and its store file, inside the repository. Checked before anything is opened.
 */
export function checkRecordsHome(root: string): void {
  for (const part of [join(root, '.baton'), join(root, '.baton', 'runs')]) {
    const s = lstatSync(part, { throwIfNoEntry: false });
    if (!s) return;
    if (s.isSymbolicLink() || !s.isDirectory()) {
      const shown = part.slice(root.length + 1);
      throw new UserError(
        'RUN_RECORD_UNSAFE',
        `${shown} ${s.isSymbolicLink() ? 'is a symbolic link' : 'is not a folder'}: the run keeps its records only in its own folder`,
      );
    }
  }
}
