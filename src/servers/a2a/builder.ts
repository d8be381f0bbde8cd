/**
 * A remote builder: a run-engine dispatch done by the `--agent`, started exactly as a local
 * command agent is, in a task work tree of this checkout at the orchestrator's start commit (the
 * run engine's, src/run/task-tree.ts).
 * The task ends COMPLETED with the reply, the change as a git patch and the run-folder files, or
 * FAILED/REJECTED with why. The orchestrator applies them (src/agents/a2a.ts).
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Message } from '@a2a-js/sdk';
import { AgentEvent, type ExecutionEventBus } from '@a2a-js/sdk/server';
import type { Agent } from '../../agents/types.js';
import { captureProvenance } from '../../provenance/capture.js';
import { hasCommit } from '../../provenance/worktree.js';
import { workInTaskTree } from '../../run/task-tree.js';
import { artifact, dataPart, TaskState, taskIn, textPart } from './_tasks.js';
import { finish } from './handoff-agent.js';
import type { DispatchRequest } from './parts.js';

/** What one dispatch runs with. */
export interface DispatchContext {
  root: string;
  agent?: Agent;
  sender: string;
  ids: { taskId: string; contextId: string; history: Message[] };
  bus: ExecutionEventBus;
}

/** The largest progress file sent back. */
const MAX_RUN_FILE_BYTES = 1024 * 1024;

/** Checks the dispatch is for this repository, runs the agent in a worktree, publishes the outcome. */
export async function runDispatch(d: DispatchRequest, ctx: DispatchContext): Promise<void> {
  const meta: Record<string, unknown> = {
    sender: ctx.sender,
    task: d.task,
    stage: d.stage,
    start_commit: d.startCommit,
    ...(d.runId ? { run_id: d.runId } : {}),
  };
  const refusal = refuse(d, ctx);
  if (refusal) {
    ctx.bus.publish(
      AgentEvent.task(
        taskIn(TaskState.TASK_STATE_REJECTED, ctx.ids, [textPart(`REJECTED: ${refusal}`)], {
          ...meta,
          reason: refusal,
        }),
      ),
    );
    ctx.bus.finished();
    return;
  }
  const agent = ctx.agent as Agent;
  ctx.bus.publish(
    AgentEvent.task(
      taskIn(TaskState.TASK_STATE_WORKING, ctx.ids, [textPart(`WORKING: ${d.task} ${d.stage}`)], meta),
    ),
  );
  // Outside the checkout: the worktree and run folder never show up in its `git status`.
  const scratch = mkdtempSync(join(tmpdir(), `baton-a2a-${d.task}-`));
  const runDir = join(scratch, 'run');
  mkdirSync(runDir);
  try {
    const dispatchFile = join(runDir, `${d.task}.${d.stage}.dispatch.txt`);
    writeFileSync(dispatchFile, d.text);
    const work = await workInTaskTree(ctx.root, join(scratch, 'tree'), d.startCommit, (tree) =>
      agent.call({
        dispatch: d.text,
        dispatchFile,
        task: d.task,
        stage: d.stage,
        window: d.window,
        attempt: d.attempt,
        role: 'child',
        runDir,
        cwd: tree.dir,
        timeoutMs: d.timeoutMs,
      }),
    );
    if (!work.ok) return finish({ ...ctx, meta }, false, '', work.error);
    const files = runFiles(runDir, d.task);
    const extra = [
      artifact('patch', 'the change, as a git patch against start_commit', [
        textPart(work.patch, 'text/x-diff', 'change.patch'),
      ]),
      artifact('run-files', 'files the agent wrote to its run folder', [dataPart(files)]),
    ];
    finish({ ...ctx, meta }, work.value.ok, work.value.text, work.value.error, extra);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    ctx.bus.finished();
  }
}

function refuse(d: DispatchRequest, ctx: DispatchContext): string | undefined {
  if (!ctx.agent) return 'this server runs no agent (start it with --agent "<command>")';
  const here = captureProvenance(ctx.root).current.repository;
  if (!here || here !== d.repository) {
    return `the dispatch is for repository ${d.repository || '(none)'}, this checkout is ${here ?? '(unknown)'}`;
  }
  if (!hasCommit(ctx.root, d.startCommit))
    return `this checkout has no commit ${d.startCommit} (fetch first)`;
  return undefined;
}

// The task's own progress file only (docs/run.md): the orchestrator takes nothing else.
function runFiles(runDir: string, task: string): Record<string, string> {
  const name = `${task}_progress.md`;
  const path = join(runDir, name);
  const st = lstatSync(path, { throwIfNoEntry: false });
  return st?.isFile() && st.size <= MAX_RUN_FILE_BYTES ? { [name]: readFileSync(path, 'utf8') } : {};
}
