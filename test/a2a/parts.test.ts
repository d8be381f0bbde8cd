/**
 * A message `baton serve a2a` cannot read is refused with a finding like every other refusal: a
 * verdict, and a code of the FindingCode union that docs/findings.md documents, sent to the peer.
 * A dispatch it reads keeps the orchestrator's run id only when that is a ULID.
 */
import { readFileSync } from 'node:fs';
import type { Message } from '@a2a-js/sdk';
import { describe, expect, it } from 'vitest';
import { newUlid } from '../../src/handoff/ulid.js';
import { readMessage } from '../../src/servers/a2a/parts.js';
import { data, request, text } from './_helpers.js';

const doc = readFileSync(new URL('../../docs/findings.md', import.meta.url), 'utf8');

const message = (parts: ReturnType<typeof text>[], metadata?: Record<string, unknown>) =>
  request(parts, metadata).message as Message;

describe('refused A2A messages', () => {
  it('carry an INVALID finding with a documented code', () => {
    const refused = [
      readMessage(message([text('# h')], {})),
      readMessage(message([])),
      readMessage(message([text('a'), text('b')])),
      readMessage(message([data([1, 2])])),
      readMessage(message([], { baton_dispatch: {} })),
    ];
    const codes = refused.map((r) => (r.kind === 'refused' ? [r.finding.verdict, r.finding.code] : r.kind));
    expect(codes).toEqual([
      ['INVALID', 'not-a-handoff'],
      ['INVALID', 'no-handoff-part'],
      ['INVALID', 'several-handoff-parts'],
      ['INVALID', 'bad-part'],
      ['INVALID', 'bad-dispatch'],
    ]);
    for (const r of refused) if (r.kind === 'refused') expect(doc).toContain(`| \`${r.finding.code}\` |`);
  });
});

describe('a dispatch read from a message', () => {
  it('keeps its run id only when it is a ULID, as the engine makes them', () => {
    const dispatch = (runId: string) =>
      readMessage(
        message([text('the dispatch')], {
          baton_dispatch: {
            task: 'TASK-01',
            stage: 'builder',
            window: 1,
            attempt: 1,
            repository: 'repo',
            start_commit: 'a'.repeat(40),
            run_id: runId,
          },
        }),
      );
    const runIdOf = (runId: string) => {
      const read = dispatch(runId);
      return read.kind === 'dispatch' ? (read.dispatch.runId ?? null) : read.kind;
    };
    const id = newUlid();
    expect(runIdOf(id)).toBe(id);
    // Twenty-six capitals and digits, but not Crockford base32 (I, L, O, U) or past 48 bits of time.
    expect(runIdOf('OTHERRUN00000000000000000X')).toBeNull();
    expect(runIdOf(`9${id.slice(1)}`)).toBeNull();
    expect(runIdOf('../../etc')).toBeNull();
  });
});
