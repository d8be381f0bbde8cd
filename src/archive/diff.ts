/** A line diff of two texts (Myers' O(ND) algorithm), for comparing two handoffs of one task. */

/** One line of a diff: kept, added or removed. */
export interface DiffLine {
  op: ' ' | '+' | '-';
  text: string;
}

/** The lines that turn `before` into `after`; over `maxEdits` changes it gives up (undefined). */
export function diffLines(before: string, after: string, maxEdits = 4000): DiffLine[] | undefined {
  const a = before.split('\n');
  const b = after.split('\n');
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
      let x = down ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset);
    }
  }
  return undefined;
}

// Walks the saved frontiers back from the end, collecting the edit script in reverse.
function backtrack(trace: Int32Array[], a: string[], b: string[], offset: number): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] as number;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      out.push({ op: ' ', text: a[x] as string });
    }
    if (d > 0) {
      if (down) out.push({ op: '+', text: b[--y] as string });
      else out.push({ op: '-', text: a[--x] as string });
    }
  }
  return out.reverse();
}
