/**
 * A handoff's chain in the store: the parents it names (each handoff's `parent`, followed up),
 * the handoffs that name it as their parent, the others of its task, and what it supersedes.
 */
import type { Store, StoredHandoff, StoredHandoffSummary } from '../store/types.js';

/** How one archived handoff relates to the others. */
export interface HandoffChain {
  /** Its parent, the parent's parent, …, nearest first (at most `depth`). */
  parents: StoredHandoffSummary[];
  /** Handoffs whose parent is this one. */
  children: StoredHandoffSummary[];
  /** Every other handoff of the same task, newest first. */
  sameTask: StoredHandoffSummary[];
  /** Artifact ids its context manifest says it supersedes. */
  supersedes: string[];
}

/** The chain of `handoff` in `store`, following at most `depth` parents. */
export async function handoffChain(store: Store, handoff: StoredHandoff, depth = 20): Promise<HandoffChain> {
  const parents: StoredHandoffSummary[] = [];
  const seen = new Set([handoff.id]);
  let parent = handoff.parent;
  while (parent && parents.length < depth && !seen.has(parent)) {
    seen.add(parent);
    const found = await store.getHandoff(parent);
    if (!found || found.id !== parent) break;
    parents.push(summaryOf(found));
    parent = found.parent;
  }
  const sameTask = handoff.task
    ? (await store.listHandoffs({ task: handoff.task, limit: 200 })).filter((h) => h.id !== handoff.id)
    : [];
  const children = sameTask.filter((h) => h.parent === handoff.id);
  return { parents, children, sameTask, supersedes: supersededIds(handoff.text) };
}

function summaryOf(h: StoredHandoff): StoredHandoffSummary {
  const { text: _text, ...summary } = h;
  return summary;
}

// `supersedes:` in the front matter (flat, or inside context_manifest), one id or a list.
function supersededIds(text: string): string[] {
  const end = text.startsWith('---') ? text.indexOf('\n---', 3) : -1;
  if (end < 0) return [];
  const front = text.slice(0, end);
  const m = /^\s*supersedes:[ \t]*(.*)$/m.exec(front);
  if (!m) return [];
  const inline = (m[1] ?? '').trim();
  if (inline.startsWith('[')) {
    return inline
      .slice(1, -1)
      .split(',')
      .map((s) => s.trim().replace(/^['"]|['"]$/g, ''))
      .filter(Boolean);
  }
  if (inline) return [inline.replace(/^['"]|['"]$/g, '')];
  const after = front.slice(m.index + m[0].length).split('\n');
  const ids: string[] = [];
  for (const line of after.slice(1)) {
    const item = /^\s+-\s+(\S+)/.exec(line);
    if (!item) break;
    ids.push((item[1] as string).replace(/^['"]|['"]$/g, ''));
  }
  return ids;
}
