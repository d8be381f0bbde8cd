// One run: each task's attempts × stages × windows and what happened in them, the token plot,
// each dispatch and reply readable, and live updates from the event stream while it runs.
import type { RunDetail, RunFile, TimelineStep, TimelineTask } from '../../src/servers/web/types.js';
import { api, badge, h, num, show, when } from './dom.js';
import { tokenPlot } from './plot.js';

let stream: EventSource | undefined;

/** Shows run `id` and follows it while it is running. */
export async function runPage(id: string): Promise<void> {
  const detail = await api<RunDetail>(`/api/runs/${encodeURIComponent(id)}`);
  render(detail);
  follow(detail);
}

function follow(detail: RunDetail): void {
  stream?.close();
  const view = detail.timeline;
  if (view.status !== 'running') return;
  const url = `/api/runs/${encodeURIComponent(view.runId)}/stream?after=${view.lastSeq}`;
  stream = new EventSource(url);
  stream.addEventListener('events', () => {
    void api<RunDetail>(`/api/runs/${encodeURIComponent(view.runId)}`).then((fresh) => {
      render(fresh);
      if (fresh.timeline.status !== 'running') stream?.close();
    });
  });
}

function render(detail: RunDetail): void {
  const v = detail.timeline;
  const panel = h('pre', { id: 'file-panel', hidden: '' });
  const open = (step: TimelineStep) => {
    if (!step.file) return;
    void api<RunFile>(
      `/api/runs/${encodeURIComponent(v.runId)}/file?path=${encodeURIComponent(step.file)}`,
    ).then((f) => {
      panel.hidden = false;
      panel.textContent = `${step.file}\n\n${f.text}`;
      panel.scrollIntoView({ block: 'nearest' });
    });
  };
  const committed = v.tasks.filter((t) => t.status === 'committed').length;
  const grid = h('div', { class: 'grid', id: 'tasks' });
  show(
    h('h1', {}, `Run ${v.runId}`),
    h(
      'p',
      {},
      badge(v.status),
      ` ${v.plan} · started ${when(v.started)}`,
      v.startedBy ? ` by ${v.startedBy}` : '',
      v.host ? ` on ${v.host}` : '',
      v.finished ? ` · finished ${when(v.finished)}` : '',
      ` · ${committed}/${v.tasks.length} tasks committed · ${num(detail.run.events)} events`,
      v.status === 'running' ? h('span', { class: 'live' }, ' · live') : undefined,
    ),
    h('h2', {}, 'Tokens per dispatch'),
    tokenPlot(v.dispatches),
    h('h2', {}, 'Tasks'),
    grid,
    panel,
  );
  drawCards(grid, v.tasks, open);
}

// The first cards are drawn at once and the rest in batches after the first paint, so a run of a
// thousand tasks shows its top at once; a redraw (live update) drops the batches still pending.
let drawing = 0;
const FIRST = 60;
const BATCH = 150;

function drawCards(grid: HTMLElement, tasks: TimelineTask[], open: (s: TimelineStep) => void): void {
  const generation = ++drawing;
  const add = (from: number, to: number) => {
    const part = document.createDocumentFragment();
    for (const t of tasks.slice(from, to)) part.appendChild(taskCard(t, open));
    grid.appendChild(part);
  };
  add(0, FIRST);
  const next = (from: number) => {
    if (generation !== drawing || from >= tasks.length) return;
    add(from, from + BATCH);
    later(() => next(from + BATCH));
  };
  later(() => next(FIRST));
}

// After the next paint: a frame, then a task.
function later(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

function taskCard(t: TimelineTask, open: (s: TimelineStep) => void): HTMLElement {
  const head = h(
    'div',
    { class: 'task-head' },
    h('strong', {}, t.id),
    t.title,
    badge(t.status),
    t.commit ? h('code', { title: t.commit }, `commit ${t.commit.slice(0, 10)}`) : undefined,
    h('span', { class: 'muted' }, `${num(t.tokens)} tokens (forwarding all: ${num(t.tokensForwardAll)})`),
    t.reason ? h('span', { class: 'muted' }, t.reason) : undefined,
    t.builtBy ? h('span', { class: 'muted built-by' }, `built by ${t.builtBy}`) : undefined,
    t.worktree ? h('code', { class: 'muted', title: 'its own work tree' }, t.worktree) : undefined,
  );
  const attempts = t.attempts.map((a) =>
    h(
      'div',
      { class: 'attempt' },
      h('div', { class: 'label' }, `attempt ${a.attempt}`),
      ...a.stages.map((s) =>
        h(
          'div',
          { class: 'stage' },
          h('div', { class: 'name' }, s.stage, s.verdict ? ` · ${s.verdict}` : ''),
          ...s.windows.map((w) =>
            h(
              'div',
              { class: 'window', title: `window ${w.window}` },
              `w${w.window}`,
              ...w.steps.map((st) => stepChip(st, open)),
            ),
          ),
        ),
      ),
    ),
  );
  return h('div', { class: 'task', 'data-task': t.id }, head, ...attempts);
}

function stepChip(step: TimelineStep, open: (s: TimelineStep) => void): HTMLElement {
  const cls = ['step', `k-${step.kind}`, step.failed ? 'failed' : '', step.file ? 'clickable' : ''].join(' ');
  const chip = h(
    'span',
    { class: cls.trim(), title: step.label, 'data-kind': step.kind },
    step.label.slice(0, 80),
  );
  if (step.file) {
    chip.tabIndex = 0;
    chip.addEventListener('click', () => open(step));
    chip.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') open(step);
    });
  }
  return chip;
}
