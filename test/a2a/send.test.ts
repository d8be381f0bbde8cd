/**
 * `baton send` end to end: the built binary against the built server, against a port that takes
 * connections and never answers (escalation within the timeout), against a closed port, and a
 * server killed between archiving and answering (accepted means archived).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { createTempRepo } from '../../src/testing/git-repo.js';
import { baton, makePair, type Pair, type Served, serve, writeHandoff } from './_helpers.js';

let pair: Pair;
let server: Served;

beforeAll(async () => {
  pair = makePair();
  writeHandoff(pair.sender);
  server = await serve(pair.receiver);
});

afterAll(async () => {
  await server?.stop();
  pair?.cleanup();
});

const send = (args: string[], cwd = pair.sender.dir, timeoutMs = 30_000) =>
  baton(['send', ...args], { cwd, timeoutMs });

async function events(cwd: string): Promise<{ event: string; data: Record<string, unknown> }[]> {
  const store = await openStore({ cwd, env: {} });
  try {
    const runs = (await store.listRuns({ limit: 1000 })).filter((r) => r.run_id.startsWith('a2a-send-'));
    const all = await Promise.all(runs.map((r) => store.listEvents(r.run_id)));
    return all.flat().map((e) => ({ event: e.event, data: e.data }));
  } finally {
    await store.close();
  }
}

/** A port that accepts connections and never says a word. */
async function silentPort(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const s: Server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((r) => {
        for (const socket of sockets) socket.destroy();
        s.close(() => r());
      }),
  };
}

describe('baton send', () => {
  it('prints the task id and WORKING and exits 0 when the receiver takes the handoff', async () => {
    const r = send(['.baton/handoff.md', '--to', server.url]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^[0-9a-f-]{36} TASK_STATE_WORKING\nACCEPTED: the handoff is VALID; archived as \S+\n/,
    );
    const recorded = await events(pair.sender.dir);
    expect(recorded).toContainEqual(
      expect.objectContaining({
        event: 'a2a.accepted',
        data: expect.objectContaining({ state: 'TASK_STATE_WORKING', verdict: 'VALID' }),
      }),
    );
  });

  it('exits with the verdict’s code and prints the reasons when the receiver refuses', () => {
    const path = join(pair.sender.dir, '.baton/tampered.md');
    writeFileSync(
      path,
      readFileSync(join(pair.sender.dir, '.baton/handoff.md'), 'utf8').replace('still needs', 'now needs'),
    );
    const r = send(['.baton/tampered.md', '--to', server.url]);
    expect(r.status).toBe(4);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36} TASK_STATE_REJECTED\n$/);
    expect(r.stderr).toMatch(/^REJECTED: the handoff is UNTRUSTED \(exit 4\)$/m);
    expect(r.stderr).toMatch(/^- UNTRUSTED content-hash/m);
    const other = createTempRepo({ prefix: 'other', origin: 'https://github.com/acme/other.git' });
    try {
      writeHandoff(other);
      const m = send(['.baton/handoff.md', '--to', server.url, '--json'], other.dir);
      expect(m.status).toBe(2);
      expect(JSON.parse(m.stdout)).toMatchObject({
        outcome: 'rejected',
        verdict: 'MISMATCH',
        exit_code: 2,
        state: 'TASK_STATE_REJECTED',
      });
    } finally {
      other.cleanup();
    }
  });

  it('escalates (exit 8) within the timeout when the port accepts and never answers', async () => {
    const silent = await silentPort();
    try {
      const before = readFileSync(join(pair.sender.dir, '.baton/handoff.md'), 'utf8');
      const r = send(['.baton/handoff.md', '--to', silent.url, '--ack-timeout', '1s']);
      expect(r.status).toBe(8);
      expect(r.millis).toBeLessThan(8000);
      expect(r.stderr).toMatch(
        /^baton: escalated: no ACK from http:\/\/127\.0\.0\.1:\d+\/ within 1 s; the handoff stays yours \(\.baton\/handoff\.md\)$/m,
      );
      expect(readFileSync(join(pair.sender.dir, '.baton/handoff.md'), 'utf8')).toBe(before);
      expect(await events(pair.sender.dir)).toContainEqual(
        expect.objectContaining({
          event: 'a2a.escalated',
          data: expect.objectContaining({ to: silent.url }),
        }),
      );
    } finally {
      await silent.close();
    }
  });

  it('escalates when nothing listens, and refuses bad arguments with 64', async () => {
    const silent = await silentPort();
    const url = silent.url;
    await silent.close();
    const r = send(['.baton/handoff.md', '--to', url, '--ack-timeout', '2s']);
    expect(r.status).toBe(8);
    expect(r.stderr).toMatch(/escalated: cannot reach/);
    expect(send(['.baton/handoff.md']).status).toBe(64);
    expect(send(['.baton/handoff.md', '--to', 'ftp://x']).status).toBe(64);
    expect(send(['.baton/handoff.md', '--to', url, '--ack-timeout', 'soon']).status).toBe(64);
    const missing = send(['.baton/nope.md', '--to', url]);
    expect(missing.status).toBe(1);
    expect(missing.errLines).toEqual([
      expect.stringMatching(/^baton: cannot read .*nope\.md: no such file$/),
    ]);
  });
});

describe('accepted means archived', () => {
  it('a server killed after archiving never ACKs; the sender escalates; a resend is taken', async () => {
    const local = makePair();
    try {
      const text = writeHandoff(local.sender);
      const id = /^id: (\S+)$/m.exec(text)?.[1] as string;
      const dying = await serve(local.receiver, [], { BATON_A2A_FAULT: 'after-archive' });
      const r = send(['.baton/handoff.md', '--to', dying.url, '--ack-timeout', '5s'], local.sender.dir);
      expect(r.status).toBe(8);
      expect(await dying.exited).toBe(128);
      const store = await openStore({ cwd: local.receiver, env: {} });
      try {
        expect((await store.getHandoff(id))?.text).toBe(text);
      } finally {
        await store.close();
      }
      const again = await serve(local.receiver);
      try {
        const resend = send(['.baton/handoff.md', '--to', again.url, '--json'], local.sender.dir);
        expect(resend.status, resend.stderr).toBe(0);
        expect(JSON.parse(resend.stdout)).toMatchObject({ outcome: 'accepted', handoff_id: id });
      } finally {
        await again.stop();
      }
    } finally {
      local.cleanup();
    }
  });
});
