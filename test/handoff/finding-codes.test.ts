import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const source = readFileSync(new URL('src/handoff/finding-codes.ts', root), 'utf8');
const doc = readFileSync(new URL('docs/findings.md', root), 'utf8');
const FIELDS = ['repository', 'branch', 'base_ref', 'head', 'base_commit', 'worktree_state'];

// The literal codes of the union, with the provenance templates spelled out per field.
function unionCodes(): string[] {
  const codes = [...source.matchAll(/^\s+\| '([a-z0-9-]+)'/gm)].map((m) => m[1] as string);
  for (const suffix of ['differs', 'moved']) {
    expect(source).toContain(`\`\${AnchorField}-${suffix}\``);
    for (const f of FIELDS) codes.push(`${f}-${suffix}`);
  }
  return codes.sort();
}

function documentedCodes(): string[] {
  const rows = doc.split('\n').filter((l) => l.startsWith('| `'));
  const cells = rows.map((r) => r.split('|')[1] as string);
  return cells.flatMap((c) => [...c.matchAll(/`([a-z0-9_-]+)`/g)].map((m) => m[1] as string)).sort();
}

describe('finding codes', () => {
  it('docs/findings.md documents exactly the codes of the FindingCode union', () => {
    expect(documentedCodes()).toEqual(unionCodes());
    expect(doc).toContain('`injection-<rule>`');
  });
});
