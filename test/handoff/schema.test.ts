import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBaton } from '../../src/formats/baton/parse.js';
import { renderBaton } from '../../src/formats/baton/render.js';
import { jsonSchemaText } from '../../src/handoff/json-schema.js';
import { HandoffSchema } from '../../src/handoff/schema.js';
import { handoff } from '../support/arbitraries.js';

describe('the JSON Schema', () => {
  it('committed at schema/handoff-v1.schema.json is the one the zod schema generates (run `npm run schema`)', () => {
    const committed = readFileSync(new URL('../../schema/handoff-v1.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(jsonSchemaText());
  });
});

describe('zod and the Markdown reader agree on values', () => {
  const base = `---
schema: baton/handoff-v1
id: 01JDXYZ0000000000000000000
created_at: 2026-11-30T01:14:19Z
from: builder
status: in-progress
---

# T

## Goal

g

## Summary

s

## Remaining

### next

- Verify by: \`make\`
`;
  const cases: [string, string, boolean][] = [
    ['id', '01JDXYZ0000000000000000000', true],
    ['id', '01JDXYZ000000000000000000', false],
    ['id', '81JDXYZ0000000000000000000', false],
    ['id', '01JDXYZ000000000000000000I', false],
    ['created_at', '2026-11-30T01:14:19+05:30', true],
    ['created_at', '2026-11-30T01:14:19.123Z', true],
    ['created_at', '2026-11-30 01:14:19Z', false],
    ['created_at', '2026-02-30T01:14:19Z', false],
    ['created_at', '2026-11-30T01:14:19', false],
    ['created_at', '2026-11-30T24:00:00Z', false],
    ['status', 'blocked', true],
    ['status', 'done', false],
  ];
  for (const [key, value, good] of cases) {
    it(`${key}: ${value} is ${good ? 'accepted' : 'refused'} by both`, () => {
      const text = base.replace(new RegExp(`^${key}: .*$`, 'm'), `${key}: ${value}`);
      const parsed = parseBaton(text);
      const mdOk = !parsed.findings.some((f) => f.field === key);
      const zodOk = HandoffSchema.safeParse({ ...parsed.handoff, [key]: value }).success;
      expect(mdOk).toBe(good);
      expect(zodOk).toBe(good);
    });
  }

  it('every generated handoff satisfies the zod schema, before and after a Markdown round trip', () => {
    fc.assert(
      fc.property(handoff, (h) => {
        expect(HandoffSchema.safeParse(h).error?.issues ?? []).toEqual([]);
        expect(HandoffSchema.safeParse(parseBaton(renderBaton(h)).handoff).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
