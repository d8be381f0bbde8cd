/**
 * The built-in committer: the gate, then the result file and one commit of exactly the task's
 * files plus the run's records, with message `TASK-NN: <title>` and trailers that let a resumed
 * run find the commit again instead of making it twice.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { ContextHandoffXml } from '../formats/pipeline-xml/index.js';
import { renderContextHandoff } from '../formats/pipeline-xml/index.js';
import type { PlanTask } from '../plan/types.js';
import { commitPaths, findCommitWithTrailers } from '../provenance/commit.js';
import { writeRecord } from './_record-files.js';
import type { RunContext } from './context.js';
import type { RunEvent } from './events.js';
import { checkGate, type GateResult } from './gate.js';
import { commitInTree, type TaskTree } from './task-tree.js';

/** The trailers of a task's commit. */
function commitTrailers(runId: string, task: string): Record<string, string> {
  return { 'Baton-Run': runId, 'Baton-Task': task };
}

/** The commit a run made for a task, if it made one (found by its trailers). */
export function findTaskCommit(ctx: RunContext, task: string, since: string | undefined): string | undefined {
  return findCommitWithTrailers(ctx.paths.root, commitTrailers(ctx.runId, task), since);
}

/** What the committer did: the gate's verdict and, when it passed, the commit. */
export interface Committed {
  gate: GateResult;
  /** The task's commit: on the branch, or (a task's own work tree) in the tree, still to land. */
  commit?: string;
  /** The commit's message (for landing it). */
  message?: string;
}

/**
 * Gate, result file and commit. With a work tree of the task's own, the gate judges the tree and
 * the commit is made there (git hooks run there), to land on the branch afterwards (task-tree.ts);
 * else both happen in the repository, and the commit is on the branch.
 */
export function gateAndCommit(
  ctx: RunContext,
  task: PlanTask,
  attempt: number,
  startCommit: string | undefined,
  handoffs: { builder: ContextHandoffXml; verifier: ContextHandoffXml },
  tree?: TaskTree,
): Committed {
  const { paths } = ctx;
  const gate = checkGate({
    root: tree?.dir ?? paths.root,
    task,
    progressPath: paths.progress(task.id),
    startCommit: tree?.base ?? startCommit,
    // A task's tree was clean when it was made: only the user's work tree has changes of its own.
    ...(tree ? {} : { dirtyAtStart: ctx.dirtyAtStart }),
    ownCommits: new Set(ctx.log.events.flatMap((e: RunEvent) => (e.event === 'commit' ? [e.commit] : []))),
  });
  if (!gate.pass) return { gate };
  const result = paths.result(task.id);
  writeRecord(paths, result, resultFile(task, attempt, gate, handoffs));
  // The task's own records go with it. The event log does not: committing a log that grows with
  // every step, once per task, would make a long run's commits quadratic in bytes.
  const records = [paths.progress(task.id), result].filter((p) => existsSync(p));
  const trailers = Object.entries(commitTrailers(ctx.runId, task.id))
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  const message = `${task.id}: ${task.title}\n\n${trailers}\n`;
  const files = gate.files.map((f) => f.path);
  if (tree) return { gate, commit: commitInTree(tree, paths, files, records, message), message };
  const all = [...files, ...records.map((p) => relative(paths.root, p))];
  return { gate, commit: commitPaths(paths.root, all, message), message };
}

// The result file (seed 000 §4): status, files, verification and the handoffs, as committed.
function resultFile(
  task: PlanTask,
  attempt: number,
  gate: Extract<GateResult, { pass: true }>,
  handoffs: { builder: ContextHandoffXml; verifier: ContextHandoffXml },
): string {
  const lines = [
    `# ${task.id} Result: ${task.title}`,
    '',
    '## Status',
    '',
    '- Status: COMPLETED',
    `- Attempts: ${attempt}`,
    `- Started: ${gate.progress.started ?? '(not recorded)'}`,
    `- Finished: ${new Date().toISOString()}`,
    '',
    '## Files changed',
    '',
    ...gate.files.map((f) => `- \`${f.path}\` — ${f.action}`),
    '',
    '## Verification',
    '',
    ...(task.verifyBy.length ? task.verifyBy.map((v) => `- \`${v}\``) : ['- None given in the plan.']),
  ];
  if (gate.notes.length) lines.push('', '## Gate notes', '', ...gate.notes.map((n) => `- ${n}`));
  lines.push(
    '',
    '## Context handoff',
    '',
    '```xml',
    renderContextHandoff(handoffs.builder),
    renderContextHandoff(handoffs.verifier),
    '```',
    '',
  );
  return lines.join('\n');
}
