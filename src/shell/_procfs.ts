/**
 * Finding what a command left running, from /proc (Linux; elsewhere only the process group is
 * ended): the descendants of a process, and every process carrying a command's tag.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** `pid` and every process below it, by parent links. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const p of pids()) {
    const ppid = parentOf(p);
    if (ppid === undefined) continue;
    const list = children.get(ppid) ?? [];
    list.push(p);
    children.set(ppid, list);
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.shift() as number;
    out.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return out;
}

/**
 * Processes other than baton itself whose environment holds `entry` (`NAME=value`): what a command
 * started inherits it, even a child that left the process group and was re-parented (`setsid`).
 */
export function processesWithEnv(entry: string): number[] {
  const needle = Buffer.from(`\0${entry}\0`);
  const first = Buffer.from(`${entry}\0`);
  const out: number[] = [];
  for (const p of pids()) {
    if (p === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${p}/environ`);
      if (env.indexOf(needle) >= 0 || env.subarray(0, first.length).equals(first)) out.push(p);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return out;
}

/** Sends `signal` to the process group of `leader` and to each of `pids`; gone ones are skipped. */
export function endProcesses(leader: number, pids: readonly number[], signal: NodeJS.Signals): void {
  for (const target of [-leader, ...pids]) {
    if (target === process.pid || target === -process.pid) continue;
    try {
      process.kill(target, signal);
    } catch {
      // Already gone.
    }
  }
}

function pids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  } catch {
    return [];
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(rest[1]);
    return Number.isFinite(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}
