/** The dependency graph of a plan: checks, order, and distances between tasks. */
import type { Plan, PlanProblem, PlanTask } from './types.js';

/** Duplicate ids, unknown dependencies and cycles (each cycle named), all of them, with line numbers. */
export function checkGraph(plan: Plan): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const byId = new Map<string, PlanTask>();
  for (const task of plan.tasks) {
    const first = byId.get(task.id);
    if (first) {
      problems.push({
        message: `task ${task.id} is defined twice (first at line ${first.line ?? '?'})`,
        line: task.line,
      });
    } else byId.set(task.id, task);
  }
  for (const task of plan.tasks) {
    for (const dep of task.dependsOn) {
      if (!byId.has(dep))
        problems.push({ message: `${task.id} depends on unknown task ${dep}`, line: task.line });
      if (dep === task.id) problems.push({ message: `${task.id} depends on itself`, line: task.line });
    }
  }
  // Every problem at once: cycles are looked for whatever else is wrong (a self-dependency is
  // already named above, an unknown task cannot close a cycle).
  for (const cycle of findCycles([...byId.values()])) {
    problems.push({
      message: `dependency cycle: ${[...cycle, cycle[0]].join(' → ')}`,
      line: byId.get(cycle[0] as string)?.line,
    });
  }
  return problems;
}

function findCycles(tasks: readonly PlanTask[]): string[][] {
  const deps = new Map(tasks.map((t) => [t.id, t.dependsOn.filter((d) => d !== t.id)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (id: string) => {
    state.set(id, 'open');
    stack.push(id);
    for (const dep of deps.get(id) ?? []) {
      const s = state.get(dep);
      if (s === 'open') cycles.push(stack.slice(stack.indexOf(dep)));
      else if (s === undefined) visit(dep);
    }
    stack.pop();
    state.set(id, 'done');
  };
  for (const t of tasks) if (!state.has(t.id)) visit(t.id);
  return cycles;
}

/** The tasks in an order where every task comes after its dependencies (stable: plan order). */
export function topologicalOrder(plan: Plan): PlanTask[] {
  const done = new Set<string>();
  const order: PlanTask[] = [];
  const pending = [...plan.tasks];
  while (pending.length > 0) {
    const i = pending.findIndex((t) => t.dependsOn.every((d) => done.has(d)));
    if (i < 0) throw new Error('topologicalOrder: the plan has a cycle (checkGraph first)');
    const [task] = pending.splice(i, 1) as [PlanTask];
    done.add(task.id);
    order.push(task);
  }
  return order;
}

const dependencyMaps = new WeakMap<Plan, Map<string, string[]>>();

// The dependency lists by task id, built once per plan.
function dependencies(plan: Plan): Map<string, string[]> {
  let deps = dependencyMaps.get(plan);
  if (!deps) {
    deps = new Map(plan.tasks.map((t) => [t.id, t.dependsOn]));
    dependencyMaps.set(plan, deps);
  }
  return deps;
}

/**
 * Shortest dependency distance from `taskId` back to each of its ancestors: its direct
 * dependencies are at 1, theirs at 2, and so on (FORMATS.md §4), up to `maxDistance`.
 */
export function ancestorDistances(
  plan: Plan,
  taskId: string,
  maxDistance = Number.POSITIVE_INFINITY,
): Map<string, number> {
  const deps = dependencies(plan);
  const distance = new Map<string, number>();
  let frontier = [...(deps.get(taskId) ?? [])];
  let d = 1;
  while (frontier.length > 0 && d <= maxDistance) {
    const next: string[] = [];
    for (const id of frontier) {
      if (distance.has(id)) continue;
      distance.set(id, d);
      next.push(...(deps.get(id) ?? []));
    }
    frontier = next;
    d++;
  }
  return distance;
}
