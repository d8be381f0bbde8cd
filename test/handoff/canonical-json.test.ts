/** One canonicalJson (issue 13 item 3): the signature's semantics, shared by governance and the store. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson as governanceCopy } from '../../src/governance/signature.js';
import { canonicalJson } from '../../src/handoff/canonical-json.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}

describe('canonicalJson', () => {
  it('is written once in src/, and governance uses that copy', () => {
    const src = join(import.meta.dirname, '../../src');
    const defining = sources(src).filter((f) => /function canonicalJson\b/.test(readFileSync(f, 'utf8')));
    expect(defining.map((f) => f.slice(src.length + 1))).toEqual(['handoff/canonical-json.ts']);
    expect(governanceCopy).toBe(canonicalJson);
  });

  it('keeps the approval statement semantics byte for byte', () => {
    expect(canonicalJson({ b: 1, a: [1, undefined, { d: null, c: 'x' }], u: undefined })).toBe(
      '{"a":[1,null,{"c":"x","d":null}],"b":1}',
    );
    // What the two copies disagreed on: the signature's copy wrote `undefined`, the store's `null`.
    expect(canonicalJson({ b: () => 1 })).toBe('{"b":undefined}');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson('é\n')).toBe('"é\\n"');
  });
});
