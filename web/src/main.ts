// The page routes by its own path: each page fetches what it shows from the API.
import { contextPage } from './context.js';
import { h, show } from './dom.js';
import { handoffPage } from './handoff.js';
import { handoffsPage } from './handoffs.js';
import { runPage } from './run.js';
import { runsPage } from './runs.js';
import { searchPage } from './search.js';

async function route(): Promise<void> {
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  const run = /^\/runs\/([^/]+)$/.exec(path);
  const handoff = /^\/handoffs\/([^/]+)$/.exec(path);
  if (path === '/' || path === '/runs') return runsPage();
  if (run) return runPage(decodeURIComponent(run[1] as string));
  if (path === '/handoffs') return handoffsPage(params);
  if (handoff) return handoffPage(decodeURIComponent(handoff[1] as string), params);
  if (path === '/context') return contextPage();
  if (path === '/search') return searchPage(params);
  show(h('h1', {}, 'Not found'), h('p', {}, `Nothing lives at ${path}.`));
}

route().catch((error: unknown) => {
  show(
    h('h1', {}, 'Could not load this page'),
    h('p', { class: 'muted' }, String((error as Error).message ?? error)),
  );
});
