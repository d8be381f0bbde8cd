// One handoff: its verdict now, provenance, governance label, chain, a diff against another
// handoff of its task, and its text (as text).
import type { HandoffDetail, HandoffDiff, StoredHandoffSummary } from '../../src/servers/web/types.js';
import { api, badge, h, idLink, link, show, when } from './dom.js';

/** Shows handoff `id`; `?diff=<other>` adds the diff against that one. */
export async function handoffPage(id: string, params: URLSearchParams): Promise<void> {
  const d = await api<HandoffDetail>(`/api/handoffs/${encodeURIComponent(id)}`);
  const x = d.handoff;
  const provenance = h('dl', { class: 'kv' });
  for (const [k, v] of [
    ['format', x.format],
    ['created', when(x.created_at)],
    ['archived', when(x.archived_at)],
    ['from', x.from],
    ['task', x.task],
    ['repository', x.repository],
    ['branch', x.branch],
    ['head', x.head],
  ] as const) {
    if (v) provenance.append(h('dt', {}, k), h('dd', {}, v));
  }
  const findings = d.verdict.findings.filter((f) => f.verdict !== 'INFO' || d.verdict.verdict === 'VALID');
  const other = params.get('diff');
  show(
    h('h1', {}, x.title ?? x.id),
    h(
      'p',
      { id: 'verdict' },
      'Now: ',
      badge(d.verdict.verdict),
      ' · loads as ',
      badge(d.governance),
      ` · ${x.id}`,
    ),
    findings.length
      ? h(
          'ul',
          { class: 'findings' },
          ...findings.map((f) => h('li', {}, badge(f.verdict), ` ${f.code}: ${f.message}`)),
        )
      : undefined,
    h('h2', {}, 'Provenance'),
    provenance,
    chainSection(d),
    other ? await diffSection(x.id, other) : undefined,
    h('h2', {}, 'Text'),
    h('pre', { id: 'handoff-text' }, x.text),
  );
}

function chainSection(d: HandoffDetail): HTMLElement {
  const list = (rows: StoredHandoffSummary[]) =>
    rows.length
      ? h(
          'ul',
          {},
          ...rows.map((r) =>
            h(
              'li',
              {},
              idLink(`/handoffs/${encodeURIComponent(r.id)}`, r.id),
              ` ${when(r.created_at)} ${r.title ?? ''}`,
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'none');
  const same = d.chain.sameTask.map((r) =>
    h(
      'li',
      {},
      idLink(`/handoffs/${encodeURIComponent(r.id)}`, r.id),
      ` ${when(r.created_at)} ${r.title ?? ''} `,
      link(`/handoffs/${encodeURIComponent(d.handoff.id)}?diff=${encodeURIComponent(r.id)}`, 'diff'),
    ),
  );
  return h(
    'section',
    {},
    h('h2', {}, 'Chain'),
    h('h3', {}, 'Parents'),
    list(d.chain.parents),
    h('h3', {}, 'Children'),
    list(d.chain.children),
    h('h3', {}, 'Same task'),
    same.length ? h('ul', {}, ...same) : h('p', { class: 'muted' }, 'none'),
    d.chain.supersedes.length ? h('p', {}, `Supersedes: ${d.chain.supersedes.join(', ')}`) : undefined,
  );
}

async function diffSection(id: string, other: string): Promise<HTMLElement> {
  const diff = await api<HandoffDiff>(
    `/api/handoffs/${encodeURIComponent(other)}/diff?with=${encodeURIComponent(id)}`,
  );
  if (!diff.lines) return h('p', { class: 'muted' }, 'The two texts differ too much to show a line diff.');
  const rows = diff.lines.map((l) =>
    h('div', { class: l.op === '+' ? 'add' : l.op === '-' ? 'del' : '' }, `${l.op} ${l.text}`),
  );
  return h(
    'section',
    { class: 'diff' },
    h('h2', {}, `Diff from ${other.slice(0, 12)} to ${id.slice(0, 12)}`),
    ...rows,
  );
}
