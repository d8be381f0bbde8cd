// The boot context as `baton context` judges it: binding, advisory or quarantined, with reasons.
import type { ContextBundle } from '../../src/servers/web/types.js';
import { api, badge, h, show } from './dom.js';

/** Shows what an agent started here would load, and how. */
export async function contextPage(): Promise<void> {
  const bundle = await api<ContextBundle>('/api/context');
  const counts = Object.entries(bundle.counts)
    .map(([k, n]) => `${n} ${k}`)
    .join(' · ');
  show(
    h('h1', {}, 'Boot context'),
    h('p', { class: 'muted' }, counts || 'nothing loads'),
    ...bundle.problems.map((p) => h('p', { class: 'muted' }, p)),
    ...bundle.artifacts.map((a) =>
      h(
        'section',
        { class: 'artifact' },
        h('h2', {}, badge(a.label), ` ${a.path}`),
        a.reasons.length ? h('ul', {}, ...a.reasons.map((r) => h('li', {}, r))) : undefined,
        a.text !== undefined ? h('pre', {}, a.text) : h('p', { class: 'muted' }, 'text withheld'),
      ),
    ),
  );
}
