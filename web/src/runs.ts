// The runs list, newest first.
import type { RunOverview } from '../../src/servers/web/types.js';
import { api, badge, h, idLink, num, show, table, when } from './dom.js';

/** Shows every run the store has recorded. */
export async function runsPage(): Promise<void> {
  const runs = await api<RunOverview[]>('/api/runs');
  if (runs.length === 0) {
    show(h('h1', {}, 'Runs'), h('p', { class: 'muted' }, 'No runs recorded in this store yet.'));
    return;
  }
  const rows = runs.map((r) => [
    idLink(`/runs/${encodeURIComponent(r.id)}`, r.id),
    r.plan,
    when(r.started),
    [r.startedBy, r.host ? `on ${r.host}` : ''].filter(Boolean).join(' '),
    r.builtBy.join(', '),
    badge(r.status),
    `${r.committed}/${r.tasks}`,
    String(r.failed),
    num(r.tokens),
  ]);
  show(
    h('h1', {}, 'Runs'),
    table(
      ['run', 'plan', 'started', 'started by', 'built by', 'status', 'committed', 'failed', 'tokens'],
      rows,
      [6, 7, 8],
    ),
  );
}
