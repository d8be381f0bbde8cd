/** The host's task list as it stands: one item per task, a task made again counting once. */
import { fileName } from './_paths.js';
import type { SessionRecord, TaskItem } from './types.js';

/**
 * The list with each task once: an agent that makes a task again under the same title (and
 * finishes the new one) has not left the old one open, so of the items with the same title the
 * last one stands, in its place.
 */
export function currentTasks(items: readonly TaskItem[]): TaskItem[] {
  const last = new Map<string, number>();
  items.forEach((t, i) => {
    last.set(titleKey(t.text), i);
  });
  return items.filter((t, i) => last.get(titleKey(t.text)) === i).map((t) => ({ ...t }));
}

function titleKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The file names a task's title gives (`Update ui.md with the branding`: `ui.md`). */
function namedFiles(text: string): string[] {
  return [...text.matchAll(/[\p{L}\p{N}_.-]+\.[A-Za-z][A-Za-z0-9]{0,5}\b/gu)].map((m) => m[0]);
}

/**
 * The file an open task names that the session changed after the task took its status: the task
 * may be done before the list says so (the list lags the work).
 */
export function changedSinceListed(s: SessionRecord, task: TaskItem): string | undefined {
  const names = namedFiles(task.text);
  if (names.length === 0) return undefined;
  for (const [path, at] of s.fileSteps) {
    const name = fileName(path);
    if (at > (task.since ?? 0) && names.includes(name)) return name;
  }
  return undefined;
}
