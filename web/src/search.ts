// One search box on every page: handoffs by full-text search, runs by id or plan.
import type { SearchAnswer } from '../../src/servers/web/types.js';
import { api, h, idLink, show } from './dom.js';
import { handoffTable } from './handoffs.js';

/** Shows what the query `q` finds. */
export async function searchPage(params: URLSearchParams): Promise<void> {
  const q = params.get('q') ?? '';
  const box = document.querySelector<HTMLInputElement>('header input[type=search]');
  if (box) box.value = q;
  const found = await api<SearchAnswer>(`/api/search?q=${encodeURIComponent(q)}`);
  show(
    h('h1', {}, `Search: ${q}`),
    h('h2', {}, `Runs (${found.runs.length})`),
    found.runs.length
      ? h(
          'ul',
          {},
          ...found.runs.map((r) =>
            h('li', {}, idLink(`/runs/${encodeURIComponent(r.id)}`, r.id), ` ${r.title}`),
          ),
        )
      : h('p', { class: 'muted' }, 'none'),
    h('h2', {}, `Handoffs (${found.handoffs.length})`),
    found.handoffs.length ? handoffTable(found.handoffs) : h('p', { class: 'muted' }, 'none'),
  );
}
