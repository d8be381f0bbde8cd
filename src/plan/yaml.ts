/** YAML plans: the same content as Markdown plans, as `title:` and a `tasks:` list. */
import { isTaskId, TASK_ID_RULE } from './ids.js';
import type { Plan, PlanProblem, PlanTask } from './types.js';

/** Reads a YAML plan; problems carry line numbers when the YAML has them. */
export async function parseYamlPlan(text: string): Promise<{ plan: Plan; problems: PlanProblem[] }> {
  const { LineCounter, parseDocument } = await import('yaml');
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true });
  const problems: PlanProblem[] = doc.errors.map((e) => ({
    message: e.message.split('\n')[0] ?? 'bad YAML',
    line: e.linePos?.[0]?.line,
  }));
  const empty: Plan = { title: '', tasks: [] };
  if (problems.length > 0) return { plan: empty, problems };
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return { plan: empty, problems: [{ message: `the YAML cannot be read: ${(error as Error).message}` }] };
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    return {
      plan: empty,
      problems: [{ message: 'a YAML plan is a mapping with `title:` and `tasks:`', line: 1 }],
    };
  }
  const r = root as Record<string, unknown>;
  const title = typeof r.title === 'string' ? r.title : '';
  if (!title) problems.push({ message: 'missing `title:`', line: 1 });
  if (!Array.isArray(r.tasks) || r.tasks.length === 0) {
    problems.push({ message: 'missing `tasks:`, a list of tasks', line: 1 });
    return { plan: { title, tasks: [] }, problems };
  }
  const seq = doc.get('tasks', true) as { items?: { range?: [number, number, number] }[] } | undefined;
  const tasks: PlanTask[] = [];
  r.tasks.forEach((entry: unknown, i: number) => {
    const offset = seq?.items?.[i]?.range?.[0];
    const line = offset === undefined ? undefined : counter.linePos(offset).line;
    if (typeof entry !== 'object' || entry === null) {
      problems.push({ message: `task ${i + 1} is not a mapping`, line });
      return;
    }
    const t = entry as Record<string, unknown>;
    const id = str(t.id);
    if (!id) {
      problems.push({ message: `task ${i + 1} has no \`id\``, line });
      return;
    }
    // The same names as Markdown headings: an id becomes part of record file names.
    if (typeof t.id !== 'string' || !isTaskId(id)) {
      problems.push({ message: `task id \`${id}\` is not a name: ${TASK_ID_RULE}`, line });
      return;
    }
    const task: PlanTask = {
      id,
      title: str(t.title) ?? id,
      dependsOn: list(t.depends_on ?? t.dependsOn),
      filesInScope: list(t.files_in_scope ?? t.filesInScope ?? t.files),
      verifyBy: list(t.verify_by ?? t.verifyBy ?? t.verify),
      line,
    };
    const goal = str(t.goal);
    if (goal) task.goal = goal;
    const notes = str(t.notes);
    if (notes) task.notes = notes;
    tasks.push(task);
  });
  return { plan: { title, tasks }, problems };
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() || undefined : undefined;
}

function list(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  const items = Array.isArray(v) ? v : [v];
  return items.map((x) => str(x)).filter((x): x is string => x !== undefined);
}
