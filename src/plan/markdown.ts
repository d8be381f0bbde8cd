/**
 * Markdown plans: `# Plan: <title>`, then `## TASK-01: <title>` per task with `- Depends on:`,
 * `- Files in scope:`, `- Verify by: \`cmd\`` (one or more), `- Goal:` and free text.
 */
import { splitListOutsideBraces } from '../formats/list.js';
import { codeSpans, FenceTracker } from '../formats/text.js';
import { isTaskId, TASK_ID_RULE } from './ids.js';
import type { Plan, PlanProblem, PlanTask } from './types.js';

const TASK_HEADING = /^##[ \t]+([A-Za-z][\w.-]*)[ \t]*[:—–-][ \t]*(.+?)[ \t]*$/;
const LABEL =
  /^[-*+][ \t]+(depends on|dependencies|files in scope|files|scope|verify by|verify|goal|notes?)[ \t]*:[ \t]*(.*)$/i;

/** Reads a Markdown plan; problems carry line numbers. */
export function parseMarkdownPlan(text: string): { plan: Plan; problems: PlanProblem[] } {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const problems: PlanProblem[] = [];
  let title: string | undefined;
  const tasks: (PlanTask & { free: string[] })[] = [];
  let current: (PlanTask & { free: string[] }) | undefined;
  const fence = new FenceTracker();
  lines.forEach((raw, i) => {
    const no = i + 1;
    if (fence.step(raw)) {
      current?.free.push(raw);
      return;
    }
    const h1 = /^#[ \t]+(.*)$/.exec(raw);
    if (h1) {
      title = (h1[1] ?? '').replace(/^plan[ \t]*:[ \t]*/i, '').trim();
      return;
    }
    if (raw.startsWith('## ')) {
      const m = TASK_HEADING.exec(raw);
      if (!m) {
        problems.push({ message: 'expected a task heading `## TASK-01: <title>`', line: no });
        current = undefined;
        return;
      }
      if (!isTaskId(m[1] as string)) {
        problems.push({ message: `task id \`${m[1]}\` is not a name: ${TASK_ID_RULE}`, line: no });
        current = undefined;
        return;
      }
      current = {
        id: m[1] as string,
        title: m[2] as string,
        dependsOn: [],
        filesInScope: [],
        verifyBy: [],
        line: no,
        free: [],
      };
      tasks.push(current);
      return;
    }
    if (!current) {
      if (raw.trim() !== '' && title === undefined) {
        problems.push({ message: 'a plan starts with `# Plan: <title>`', line: no });
      }
      return;
    }
    const label = LABEL.exec(raw);
    if (!label) {
      current.free.push(raw);
      return;
    }
    const name = (label[1] as string).toLowerCase();
    const value = (label[2] as string).trim();
    if (name.startsWith('depend'))
      current.dependsOn.push(...splitList(value).filter((v) => !/^none\.?$/i.test(v)));
    else if (name.startsWith('verify')) {
      const spans = codeSpans(value).map((s) => s.code.trim());
      current.verifyBy.push(...(spans.length > 0 ? spans : value ? [value] : []));
    } else if (name === 'goal') current.goal = current.goal ? `${current.goal} ${value}` : value;
    else if (name.startsWith('note')) current.free.push(value);
    else current.filesInScope.push(...splitPaths(value));
  });
  if (title === undefined) problems.push({ message: 'missing the `# Plan: <title>` line', line: 1 });
  if (tasks.length === 0) problems.push({ message: 'no tasks: expected `## TASK-01: <title>` headings' });
  const plan: Plan = {
    title: title ?? '',
    tasks: tasks.map(({ free, ...task }) => {
      const notes = free.join('\n').trim();
      return notes ? { ...task, notes } : task;
    }),
  };
  return { plan, problems };
}

function splitList(value: string): string[] {
  return value
    .split(/[,\s]+/)
    .map((v) => v.replace(/`/g, '').trim())
    .filter((v) => v !== '');
}

function splitPaths(value: string): string[] {
  if (value.includes('`')) return codeSpans(value).map((s) => s.code.trim());
  return splitListOutsideBraces(value);
}
