/** Reads `git status --porcelain=v2 --branch -z`: the branch header and the changed paths. */

/** An uncommitted change in the work tree. */
export interface WorktreeChange {
  path: string;
  kind: 'modified' | 'added' | 'deleted' | 'renamed' | 'untracked' | 'conflicted';
  /** The old path of a rename or copy. */
  from?: string;
}

/** The branch header and entries of one status call. */
export interface StatusResult {
  /** HEAD's commit, undefined before the first commit. */
  head: string | undefined;
  /** Branch name, `(detached)` when HEAD is detached. */
  branch: string;
  upstream: string | undefined;
  /** False when an upstream is configured but its ref is gone. */
  upstreamExists: boolean;
  changes: WorktreeChange[];
  /** Ignored paths (`--ignored=matching`): a folder ends with `/`. */
  ignored: string[];
}

/** Parses the NUL-separated porcelain v2 output. */
export function parseStatus(output: string): StatusResult {
  const records = output.split('\0');
  const status: StatusResult = {
    head: undefined,
    branch: '(detached)',
    upstream: undefined,
    upstreamExists: false,
    changes: [],
    ignored: [],
  };
  for (let i = 0; i < records.length; i++) {
    const rec = records[i] as string;
    if (rec === '') continue;
    if (rec.startsWith('# ')) {
      const [, name, value = ''] = /^# (\S+) ?(.*)$/.exec(rec) ?? [];
      if (name === 'branch.oid' && value !== '(initial)') status.head = value;
      else if (name === 'branch.head') status.branch = value;
      else if (name === 'branch.upstream') status.upstream = value;
      else if (name === 'branch.ab') status.upstreamExists = true;
      continue;
    }
    const type = rec[0];
    if (type === '!') {
      status.ignored.push(rec.slice(2));
    } else if (type === '?') {
      status.changes.push({ path: rec.slice(2), kind: 'untracked' });
    } else if (type === '1') {
      status.changes.push({ path: field(rec, 8), kind: kindOf(rec.slice(2, 4)) });
    } else if (type === '2') {
      const from = records[++i] ?? '';
      status.changes.push({ path: field(rec, 9), kind: 'renamed', from });
    } else if (type === 'u') {
      status.changes.push({ path: field(rec, 10), kind: 'conflicted' });
    }
  }
  return status;
}

// The path is what follows the first `n` space-separated fields (it may itself hold spaces).
function field(rec: string, n: number): string {
  let at = 0;
  for (let k = 0; k < n; k++) at = rec.indexOf(' ', at) + 1;
  return rec.slice(at);
}

function kindOf(xy: string): WorktreeChange['kind'] {
  if (xy.includes('D')) return 'deleted';
  if (xy.includes('A')) return 'added';
  if (xy.includes('R') || xy.includes('C')) return 'renamed';
  return 'modified';
}
