/** The host's task list as it stands: one item per task, a task made again counting once. */
import type { TaskItem } from './types.js';

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
