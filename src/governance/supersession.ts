/**
 * Supersession: an artifact names the artifacts it replaces (`supersedes`). Chains are followed
 * and kept (a superseded artifact still loads, marked as such: nothing is deleted), cycles are
 * reported and ignored, and a binding artifact is superseded only by an approved one.
 */
import type { FindingCode } from '../handoff/finding.js';
import type { GovernanceFinding, Label } from './types.js';

/** What supersession needs to know of one artifact. */
export interface SupersessionNode {
  id?: string;
  supersedes: readonly string[];
  label: Label;
  /** The verified approver, when there is one. */
  approvedBy?: string;
  /** Line of `supersedes`, for findings. */
  line?: number;
}

/** What supersession decided for each node (same order as the input). */
export interface SupersessionResult {
  /** Ids of the artifacts that supersede each node. */
  supersededBy: string[][];
  /** The artifact that is current for each superseded node: the end of its chain. */
  current: (string | undefined)[];
  findings: GovernanceFinding[][];
}

/** Applies the `supersedes` links of a set of artifacts. Linear in nodes and links. */
export function applySupersession(nodes: readonly SupersessionNode[]): SupersessionResult {
  const n = nodes.length;
  const supersededBy: string[][] = nodes.map(() => []);
  const findings: GovernanceFinding[][] = nodes.map(() => []);
  const add = (i: number, code: FindingCode, message: string) =>
    (findings[i] as GovernanceFinding[]).push({
      rule: 'supersession',
      code,
      effect: 'info',
      message,
      line: nodes[i]?.line,
    });
  const byId = new Map<string, number[]>();
  nodes.forEach((node, i) => {
    if (node.id === undefined) return;
    const list = byId.get(node.id);
    if (list) {
      list.push(i);
      add(i, 'duplicate-artifact-id', `another loaded artifact has the same artifact id "${node.id}"`);
    } else byId.set(node.id, [i]);
  });
  const edges: number[][] = nodes.map(() => []);
  nodes.forEach((node, i) => {
    for (const target of node.supersedes) {
      const js = byId.get(target);
      if (!js) {
        add(i, 'supersedes-missing', `supersedes "${target}", which is not loaded here (the link is kept)`);
        continue;
      }
      for (const j of js) (edges[i] as number[]).push(j);
    }
  });
  const cyclic = cyclesOf(edges);
  for (const cycle of cyclic.cycles) {
    // A long cycle is named by its first few members: one message per member must stay short.
    const names = cycle.slice(0, 8).map((i) => nodes[i]?.id ?? `#${i}`);
    const path =
      cycle.length <= 8
        ? [...names, names[0]].join(' → ')
        : `${names.join(' → ')} → … (${cycle.length} artifacts)`;
    for (const i of cycle)
      add(i, 'supersession-cycle', `supersession cycle ${path}: these links are ignored`);
  }
  for (let i = 0; i < n; i++) {
    const node = nodes[i] as SupersessionNode;
    for (const j of edges[i] as number[]) {
      if (cyclic.component[i] === cyclic.component[j] && cyclic.inCycle[i]) continue;
      const target = nodes[j] as SupersessionNode;
      if (node.label === 'quarantined') {
        add(i, 'supersession-refused', `it is quarantined, so it supersedes nothing (not "${target.id}")`);
        continue;
      }
      if (target.label === 'binding' && !node.approvedBy) {
        add(
          i,
          'supersession-refused',
          `"${target.id}" is binding and only an approved artifact can supersede it: it stays binding`,
        );
        continue;
      }
      (supersededBy[j] as string[]).push(node.id ?? `#${i}`);
    }
  }
  const current = nodes.map((_, i) => endOfChain(i, nodes, supersededBy, byId));
  return { supersededBy, current, findings };
}

// Follows "superseded by" links to the artifact that nothing supersedes (bounded by n steps).
function endOfChain(
  start: number,
  nodes: readonly SupersessionNode[],
  supersededBy: string[][],
  byId: Map<string, number[]>,
): string | undefined {
  if ((supersededBy[start] as string[]).length === 0) return undefined;
  let at = start;
  const seen = new Set<number>([start]);
  for (;;) {
    const next = (supersededBy[at] as string[])[0];
    const j = next === undefined ? undefined : byId.get(next)?.[0];
    if (j === undefined || seen.has(j)) return nodes[at]?.id;
    seen.add(j);
    at = j;
    if ((supersededBy[at] as string[]).length === 0) return nodes[at]?.id;
  }
}

// Strongly connected components (Tarjan, iterative): nodes on a cycle, and each cycle.
function cyclesOf(edges: number[][]): { component: number[]; inCycle: boolean[]; cycles: number[][] } {
  const n = edges.length;
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const component = new Array<number>(n).fill(-1);
  const inCycle = new Array<boolean>(n).fill(false);
  const cycles: number[][] = [];
  const stack: number[] = [];
  let counter = 0;
  let components = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: [number, number][] = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1] as [number, number];
      const [v, k] = frame;
      if (k === 0) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = true;
      }
      const out = edges[v] as number[];
      if (k < out.length) {
        frame[1] = k + 1;
        const w = out[k] as number;
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v] as number, index[w] as number);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] as number, low[v] as number);
      if (low[v] === index[v]) {
        const members: number[] = [];
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = false;
          component[w] = components;
          members.push(w);
        } while (w !== v);
        components++;
        const selfLoop = members.length === 1 && out.includes(v);
        if (members.length > 1 || selfLoop) {
          for (const m of members) inCycle[m] = true;
          cycles.push(members.reverse());
        }
      }
    }
  }
  return { component, inCycle, cycles };
}
