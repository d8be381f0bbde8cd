/** Where a run keeps its records: `.baton/runs/<run-id>/` under the repository root. */
import { join } from 'node:path';

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
  dispatch(task: string, stage: string, attempt: number, window: number): string;
  reply(task: string, stage: string, attempt: number, window: number): string;
}

/** The record paths of run `runId` in the repository at `root`. */
export function runPaths(root: string, runId: string): RunPaths {
  const dir = join(root, '.baton', 'runs', runId);
  const name = (task: string, stage: string, attempt: number, window: number) =>
    `${task}.${stage}.a${attempt}.w${window}`;
  return {
    root,
    runId,
    dir,
    events: join(dir, 'events.jsonl'),
    summary: join(dir, 'run.json'),
    plan: join(dir, 'plan.md'),
    progress: (task) => join(dir, `${task}_progress.md`),
    result: (task) => join(dir, `${task}_result.md`),
    dispatch: (task, stage, attempt, window) =>
      join(dir, 'dispatches', `${name(task, stage, attempt, window)}.txt`),
    reply: (task, stage, attempt, window) =>
      join(dir, 'replies', `${name(task, stage, attempt, window)}.txt`),
  };
}
