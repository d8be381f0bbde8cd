// The archive: every handoff, narrowed by task, branch, writer and status, or found by the
// store's full-text search.
import type { HandoffList } from '../../src/servers/web/types.js';
import { api, badge, h, idLink, show, table, when } from './dom.js';

const FILTERS = ['q', 'task', 'branch', 'from', 'status'] as const;

/** Shows the archive with the filters in the page's query string. */
export async function handoffsPage(params: URLSearchParams): Promise<void> {
  const query = new URLSearchParams();
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  const { hits } = await api<HandoffList>(`/api/handoffs?${query}`);
  const form = h('form', { class: 'filters', method: 'get', action: '/handoffs' });
  for (const k of FILTERS) {
    const input = h('input', { name: k, placeholder: k === 'q' ? 'full-text search' : k, 'aria-label': k });
    (input as HTMLInputElement).value = params.get(k) ?? '';
    if (k === 'q') input.setAttribute('type', 'search');
    form.appendChild(input);
  }
  form.appendChild(h('button', { type: 'submit' }, 'Filter'));
  show(
    h('h1', {}, 'Handoffs'),
    form,
    hits.length ? handoffTable(hits) : h('p', { class: 'muted' }, 'No handoff matches.'),
  );
}

/** A table of handoffs, each linked to its page. */
export function handoffTable(hits: HandoffList['hits']): HTMLElement {
  return table(
    ['id', 'created', 'status', 'task', 'from', 'title'],
    hits.map(({ handoff: x, snippet }) => [
      idLink(`/handoffs/${encodeURIComponent(x.id)}`, x.id),
      when(x.created_at),
      x.status ? badge(x.status) : '–',
      x.task ?? '–',
      x.from ?? '–',
      h('span', {}, x.title ?? '', snippet ? h('div', { class: 'muted' }, snippet) : undefined),
    ]),
  );
}
