// Building the page: every piece of text from the store (handoffs, replies, dispatches, titles)
// goes in as a text node, never as markup; links go only to this server's own paths.

type Child = Node | string | number | undefined | null | false;

/** An element with attributes and children; strings become text nodes. */
export function h(
  tag: string,
  attrs: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    if (k === 'href' && !isLocal(v)) continue;
    el.setAttribute(k, v);
  }
  append(el, children);
  return el;
}

/** Appends children to a node, text as text. */
export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** A link to one of the viewer's pages. */
export function link(href: string, ...children: Child[]): HTMLElement {
  return h('a', { href }, ...children);
}

// Only paths of this server: no scheme, no other host, no `javascript:`.
function isLocal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A short id (at least its first 10 characters), linked. */
export function idLink(href: string, id: string): HTMLElement {
  const a = link(href, id.slice(0, 12));
  a.className = 'id';
  a.title = id;
  return a;
}

/** A coloured word: a verdict, a status, a label. */
export function badge(word: string): HTMLElement {
  const el = h('span', { class: `badge ${word.replace(/[^A-Za-z-]/g, '')}` }, word);
  return el;
}

/** A table with a header row. */
export function table(head: string[], rows: Child[][], numeric: number[] = []): HTMLElement {
  const thead = h('tr', {}, ...head.map((t, i) => h('th', numeric.includes(i) ? { class: 'num' } : {}, t)));
  const body = rows.map((r) =>
    h('tr', {}, ...r.map((c, i) => h('td', numeric.includes(i) ? { class: 'num' } : {}, c))),
  );
  return h('table', {}, h('thead', {}, thead), h('tbody', {}, ...body));
}

/** Replaces what `main` shows. */
export function show(...children: Child[]): void {
  const main = document.getElementById('main') as HTMLElement;
  main.replaceChildren();
  append(main, children);
}

/** Thousands separated. */
export function num(n: number): string {
  return n.toLocaleString('en-US');
}

/** An RFC 3339 time as a short local date and time. */
export function when(t: string | undefined): string {
  if (!t) return '–';
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? t : d.toISOString().replace('T', ' ').slice(0, 19);
}

/** GETs a JSON API route. */
export async function api<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { accept: 'application/json' } });
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `${res.status}`);
  return body;
}
