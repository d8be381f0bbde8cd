/**
 * `baton serve a2a` under a burst (issue 23): handoffs that arrive at the same time are verified
 * against one git answer of the checkout, asked for off the event loop, and the checkout changing
 * is seen by the next handoff. The built server, the SDK's client, and a `git` on PATH that counts
 * its own starts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlainDir } from '../e2e/_helpers.js';
import { countingGit } from '../support/counting-git.js';
import {
  makePair,
  type Pair,
  request,
  type Served,
  sdkClient,
  serve,
  text,
  writeHandoff,
} from './_helpers.js';

const plain = makePlainDir();
const git = countingGit(plain.dir);
let pair: Pair;
let server: Served;
let handoff: string;

beforeAll(async () => {
  pair = makePair();
  handoff = writeHandoff(pair.sender).replace(/^content_hash: .*\n/m, '');
  server = await serve(pair.receiver, [], { BATON_GIT: git.path });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  pair?.cleanup();
  plain.cleanup();
});

let n = 0;
// A distinct handoff each time (its own id; without a content hash the bytes may differ).
const next = () => handoff.replace(/^id: \S+$/m, `id: 01M9${String(++n).padStart(22, '0')}`);
const statuses = () => git.starts().filter((c) => c === 'status');

describe('a burst of handoffs', () => {
  it('is verified against one git status of the checkout, and every handoff is taken', async () => {
    const client = await sdkClient(server.url);
    const before = statuses().length;
    const tasks = await Promise.all(
      Array.from({ length: 24 }, () => client.sendMessage(request([text(next())]))),
    );
    for (const task of tasks) expect('status' in task && task.status?.state).toBe(2);
    const metas = tasks.map((t) =>
      'metadata' in t ? (t.metadata as { verdict?: string }).verdict : undefined,
    );
    expect(new Set(metas)).toEqual(new Set(['VALID']));
    expect(statuses().length - before).toBeLessThanOrEqual(2);
  });

  it('sees the checkout change: the next handoff is judged against the edit', async () => {
    const client = await sdkClient(server.url);
    writeFileSync(join(pair.receiver, 'src', 'new.ts'), 'export {};\n');
    const task = await client.sendMessage(request([text(next())]));
    expect('metadata' in task && (task.metadata as { verdict?: string }).verdict).toBe('STALE');
  });
});
