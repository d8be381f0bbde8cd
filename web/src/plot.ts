// The token plot: each dispatch's tokens with the sliding window, beside what forwarding every
// earlier handoff would have cost. A few lines of SVG; no library.
import type { DispatchPoint } from '../../src/servers/web/types.js';
import { h, num } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 900;
const H = 280;
const PAD = { left: 56, right: 16, top: 16, bottom: 36 };

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The plot of `points` (builder and verifier dispatches in seq order), with its legend. */
export function tokenPlot(points: readonly DispatchPoint[]): HTMLElement {
  const shown = points.filter((p) => p.stage !== 'committer');
  const root = svg('svg', { class: 'plot', viewBox: `0 0 ${W} ${H}`, role: 'img' });
  root.appendChild(
    svg('title', {}, 'tokens per dispatch: sliding window and forwarding every earlier handoff'),
  );
  const max = Math.max(1, ...shown.map((p) => Math.max(p.tokens, p.forwardAll)));
  const x = (i: number) =>
    PAD.left + (shown.length < 2 ? 0 : (i / (shown.length - 1)) * (W - PAD.left - PAD.right));
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  for (let t = 0; t <= 4; t++) {
    const v = (max * t) / 4;
    root.appendChild(svg('line', { class: 'grid', x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }));
    root.appendChild(svg('text', { x: PAD.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, num(Math.round(v))));
  }
  root.appendChild(svg('line', { class: 'axis', x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0) }));
  root.appendChild(svg('line', { class: 'axis', x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: y(0) }));
  root.appendChild(
    svg('text', { x: (W + PAD.left) / 2, y: H - 8, 'text-anchor': 'middle' }, `dispatch (${shown.length})`),
  );
  const line = (key: 'tokens' | 'forwardAll', cls: string) =>
    svg('polyline', {
      class: cls,
      points: shown.map((p, i) => `${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' '),
    });
  root.appendChild(line('forwardAll', 'all-line'));
  root.appendChild(line('tokens', 'window-line'));
  const total = shown.reduce((n, p) => n + p.tokens, 0);
  const all = shown.reduce((n, p) => n + p.forwardAll, 0);
  const legend = h(
    'p',
    { class: 'legend' },
    h('span', { class: 'w' }, `— sliding window: ${num(total)} tokens`),
    h('span', { class: 'a' }, `- - forwarding every earlier handoff: ${num(all)} tokens`),
    all > 0 && total > 0 ? h('span', {}, `(${(all / total).toFixed(1)}× more)`) : undefined,
  );
  const wrap = h('div', { class: 'plot-wrap' });
  wrap.append(root, legend);
  return wrap;
}
