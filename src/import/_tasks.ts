/**
 * Which sub-headings of remaining work name one task. A heading numbered as a task (`Task 2:
 * QuickPick Menu`, `Step 3`, `Priority 1: …`, `T13`, `#22`, `1. …`, `TRK-42 …`) is one sub-spec
 * whatever is under it: its lists, tables and sub-sections are that task's detail, kept in
 * Notes, never more tasks. A group heading (`Must Have`, `High Priority`) holds tasks.
 */

const TASK_WORDS =
  'task|step|todo|item|priority|checkpoint|milestone|phase|stage|part|ticket|issue|story|epic|subtask|tarea|paso|fase|etape|étape|tache|tâche|schritt|aufgabe|tarefa|etapa|задача|шаг|этап|任务|步骤|阶段|タスク|ステップ';
const TASK = new RegExp(
  `^(?:(?:${TASK_WORDS})\\s*#?\\d+[a-z]?(?![\\p{L}\\p{N}])|[tpm]\\d{1,3}(?![\\p{L}\\p{N}])|#\\d+|\\d{1,2}[.)]\\s|[A-Z][A-Z0-9]+-\\d+)`,
  'iu',
);

/** True when a heading under remaining work names one task (numbered or labelled as one). */
export function isTaskHeading(heading: string): boolean {
  return TASK.test(heading.trim().replace(/^[^\p{L}\p{N}#]+/u, ''));
}
