/**
 * Dispatch assembly: what each stage of a task is sent (FORMATS.md §4). The builder gets the task
 * spec and earlier tasks' handoffs by distance; the verifier gets the builder at FULL; the
 * committer gets the verifier at FULL and the builder at SUMMARY.
 */
import type { ContextHandoffXml, DispatchXml } from '../formats/pipeline-xml/index.js';
import { ancestorDistances } from '../plan/graph.js';
import type { Plan, PlanTask } from '../plan/types.js';
import { DEFAULT_WINDOW, detailAt, type WindowSizes } from './policy.js';

/** A handoff at a detail level: SUMMARY keeps `what` only, at most three lines. */
export function atDetail(h: ContextHandoffXml, detail: 'FULL' | 'SUMMARY'): ContextHandoffXml {
  if (detail === 'FULL') return { ...h, detail };
  const what = h.what.split('\n').slice(0, 3).join('\n');
  const out: ContextHandoffXml = { from: h.from, detail, what };
  if (h.task) out.task = h.task;
  return out;
}

/** The task spec as the agent reads it. */
function taskSpec(task: PlanTask, extra: string[] = []): string {
  const lines = [`${task.id}: ${task.title}`];
  if (task.goal) lines.push(`Goal: ${task.goal}`);
  if (task.dependsOn.length) lines.push(`Depends on: ${task.dependsOn.join(', ')}`);
  if (task.filesInScope.length) lines.push(`Files in scope: ${task.filesInScope.join(', ')}`);
  for (const v of task.verifyBy) lines.push(`Verify by: \`${v}\``);
  if (task.notes) lines.push('', task.notes);
  if (extra.length) lines.push('', ...extra);
  return lines.join('\n');
}

/** The `<previous-results>` of a task: its ancestors' final handoffs, by dependency distance. */
export function previousResults(
  plan: Plan,
  taskId: string,
  finals: ReadonlyMap<string, ContextHandoffXml>,
  sizes: WindowSizes = DEFAULT_WINDOW,
): ContextHandoffXml[] {
  // Nothing beyond the window can be sent, so the walk stops there.
  const distances = [...ancestorDistances(plan, taskId, Math.max(sizes.full, sizes.summary))].sort(
    (a, b) => a[1] - b[1],
  );
  const out: ContextHandoffXml[] = [];
  for (const [id, distance] of distances) {
    const detail = detailAt(distance, sizes);
    const h = finals.get(id);
    if (detail === 'DROP' || !h) continue;
    out.push(atDetail({ ...h, task: id }, detail));
  }
  return out;
}

/** What a builder is dispatched with. */
export interface BuilderInputs {
  plan: Plan;
  task: PlanTask;
  finals: ReadonlyMap<string, ContextHandoffXml>;
  instructions: string[];
  /** On a retry: why the last attempt failed, and what it left behind. */
  retry?: { reason: string; progress?: string; verifier?: ContextHandoffXml; builder?: ContextHandoffXml };
  sizes?: WindowSizes;
}

/** The builder's dispatch. */
export function builderDispatch(input: BuilderInputs): DispatchXml {
  const extra = [...input.instructions];
  const handoffs: ContextHandoffXml[] = [];
  if (input.retry) {
    extra.push('', `This is a retry. The last attempt failed: ${input.retry.reason}`);
    if (input.retry.progress)
      extra.push('', 'The progress file as the last attempt left it:', '', input.retry.progress.trim());
    if (input.retry.verifier) handoffs.push(atDetail(input.retry.verifier, 'FULL'));
    if (input.retry.builder) handoffs.push(atDetail(input.retry.builder, 'SUMMARY'));
  }
  return {
    to: 'builder',
    task: input.task.id,
    spec: taskSpec(input.task, extra),
    handoffs,
    previousResults: previousResults(input.plan, input.task.id, input.finals, input.sizes),
  };
}

/** The verifier's dispatch: the builder's handoff at FULL. */
export function verifierDispatch(
  task: PlanTask,
  builder: ContextHandoffXml,
  instructions: string[],
): DispatchXml {
  return {
    to: 'verifier',
    task: task.id,
    spec: taskSpec(task, instructions),
    handoffs: [atDetail(builder, 'FULL')],
  };
}

/** The committer's dispatch: the verifier at FULL and the builder at SUMMARY. */
export function committerDispatch(
  task: PlanTask,
  verifier: ContextHandoffXml,
  builder: ContextHandoffXml,
): DispatchXml {
  return {
    to: 'committer',
    task: task.id,
    handoffs: [atDetail(verifier, 'FULL'), atDetail(builder, 'SUMMARY')],
  };
}
