/**
 * The committer's gate (seed 000): the progress file exists, says COMPLETED, lists at least one
 * file, every listed file is inside the task's files in scope, and every listed file really
 * changed since the task started. Deterministic: the builder's word is an input, never the
 * authority.
 */
import { isAbsolute, join, normalize, relative } from 'node:path';
import { machineryOf, relativeInside } from '../fs/index.js';
import { scopeMatcher } from '../glob/index.js';
import type { PlanTask } from '../plan/types.js';
import { commitsSince, ignoredPaths, pathStates } from '../provenance/commit.js';
import { readRegularFile } from './_record-files.js';
import { type Progress, type ProgressFile, parseProgress } from './progress-file.js';

/** The gate's verdict. */
export type GateResult =
  | { pass: true; files: ProgressFile[]; progress: Progress; notes: string[] }
  | { pass: false; reason: string; progress?: Progress };

/** Options of `checkGate`. */
export interface GateOptions {
  root: string;
  task: PlanTask;
  progressPath: string;
  /** HEAD when the task started: "changed" means changed since then. */
  startCommit: string | undefined;
  /** Files already changed when the run started, with their blob then: they must change again. */
  dirtyAtStart?: ReadonlyMap<string, string | undefined>;
  /**
   * Commits the run's committer made (other tasks' commits): every other commit made since the
   * task started is the agent's own and must stay in the task's scope.
   */
  ownCommits?: ReadonlySet<string>;
}

/** Runs the gate. */
export function checkGate(options: GateOptions): GateResult {
  const { root, task, progressPath } = options;
  const shown = relative(root, progressPath);
  const read = readRegularFile(progressPath, `progress file ${shown}`);
  if (!read) return { pass: false, reason: `progress file ${shown} not found` };
  if ('refused' in read) return { pass: false, reason: read.refused };
  const progress = parseProgress(read.text);
  if (progress.status !== 'COMPLETED') {
    return {
      pass: false,
      reason: `progress file says Status ${progress.status ?? '(none)'}, not COMPLETED`,
      progress,
    };
  }
  if (progress.files.length === 0) {
    const extra = progress.unreadable.length
      ? ` (unreadable entries: ${progress.unreadable.join('; ')})`
      : '';
    return { pass: false, reason: `progress file lists no changed files${extra}`, progress };
  }
  for (const f of progress.files) {
    const bad = badPath(root, f.path);
    if (bad) return { pass: false, reason: `\`${f.path}\` ${bad}`, progress };
  }
  const inScope = scopeMatcher(task.filesInScope);
  const outside = progress.files.filter((f) => !inScope(clean(f.path)));
  if (outside.length > 0) {
    return {
      pass: false,
      reason: `outside the task's files in scope (${task.filesInScope.join(', ')}): ${outside.map((f) => `\`${f.path}\``).join(', ')}`,
      progress,
    };
  }
  const ignored = ignoredPaths(
    root,
    progress.files.map((f) => clean(f.path)),
  );
  if (ignored.length > 0) {
    return {
      pass: false,
      reason: `git ignores ${ignored.map((i) => `\`${i.path}\` (${i.rule})`).join(', ')}: the committer never commits an ignored file; take it off the progress file`,
      progress,
    };
  }
  const foreign = foreignCommits(options, inScope);
  if (foreign) return { pass: false, reason: foreign, progress };
  const states = pathStates(
    root,
    options.startCommit,
    progress.files.map((f) => clean(f.path)),
  );
  const notes: string[] = [];
  for (const [i, state] of states.entries()) {
    const claimed = (progress.files[i] as ProgressFile).action;
    if (state.before === state.now) {
      return {
        pass: false,
        reason: `progress file lists \`${state.path}\` as ${claimed}, but it did not change since the task started`,
        progress,
      };
    }
    if (options.dirtyAtStart?.has(state.path) && options.dirtyAtStart.get(state.path) === state.now) {
      return {
        pass: false,
        reason: `\`${state.path}\` was already changed before the run started, and this task did not change it`,
        progress,
      };
    }
    const actual = state.before === undefined ? 'CREATE' : state.now === undefined ? 'DELETE' : 'MODIFY';
    if (actual !== claimed) notes.push(`\`${state.path}\` is listed as ${claimed} but was a ${actual}`);
  }
  return { pass: true, files: progress.files.map((f) => ({ ...f, path: clean(f.path) })), progress, notes };
}

// Commits made since the task started that the committer did not make are the agent's own:
// each must keep to the task's scope, as the listed files must. The reason, or undefined.
function foreignCommits(options: GateOptions, inScope: (path: string) => boolean): string | undefined {
  if (!options.startCommit) return undefined;
  const commits = commitsSince(options.root, options.startCommit);
  if (!commits) {
    return `HEAD no longer descends from the task's start commit ${options.startCommit.slice(0, 12)}: the agent moved the branch`;
  }
  for (const c of commits) {
    if (options.ownCommits?.has(c.commit)) continue;
    const bad = c.files.filter((f) => !inScope(f) || badPath(options.root, f));
    if (bad.length > 0) {
      return `commit ${c.commit.slice(0, 12)} ("${c.subject}"), made since the task started and not by the committer, touches files outside the task's files in scope (${options.task.filesInScope.join(', ') || 'the repository'}): ${bad.map((f) => `\`${f}\``).join(', ')}; revert it`;
    }
  }
  return undefined;
}

function clean(path: string): string {
  return normalize(path.replace(/^\.\//, '')).replace(/\\/g, '/');
}

// Only paths inside the repository, outside git's and baton's own folders, may be committed.
// As git names them: a symlink is committed as a link, so the check is on the path as written.
function badPath(root: string, path: string): string | undefined {
  if (path === '' || isAbsolute(path)) return 'is not a path relative to the repository root';
  const rel = relativeInside(root, join(root, clean(path)));
  if (rel === undefined) return 'is outside the repository';
  if (rel === '') return 'is the repository itself, not a file';
  const machinery = machineryOf(rel);
  if (machinery === '.git/') return "is inside git's own folder";
  if (machinery === '.baton/') return "is inside baton's own folder";
  return undefined;
}
