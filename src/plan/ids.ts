/**
 * Task ids are names, not paths: the run engine derives record file names from them
 * (`TASK-01_progress.md`, `TASK-01.builder.a1.w1.txt`), so Markdown and YAML plans accept exactly
 * the same ids, and none can hold a `/`, start with a dot or reach a file name's length limit.
 */

/** The source of the task id pattern, shared by the Markdown heading rule. */
const TASK_ID_SOURCE = '[A-Za-z][\\w.-]{0,99}';

const TASK_ID = new RegExp(`^${TASK_ID_SOURCE}$`);

/** What a task id is, in the words a problem message uses. */
export const TASK_ID_RULE = "a letter, then up to 99 letters, digits, '_', '.' or '-'";

/** True when `id` is a valid task id. */
export function isTaskId(id: string): boolean {
  return TASK_ID.test(id);
}
