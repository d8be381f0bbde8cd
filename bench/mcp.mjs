// Benchmarks of the MCP server (issue 15). After a build: `node bench/mcp.mjs`.
// - validate_handoff over stdio on a warm server: p50 and p99 over MCP_BENCH_CALLS calls
//   (default 1,000), interleaved with `baton validate` processes on the same handoff;
// - server start to first answer (spawn, initialize, one validate_handoff), beside one
//   `baton validate` process, median of MCP_BENCH_STARTS (default 10) each;
// - the server's resident memory as the calls go on, up to MCP_BENCH_MEMORY_CALLS (default 10,000).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../dist/servers/mcp/index.js';
import { createTempRepo } from '../dist/testing/index.js';
import { BIN, median, ms, report } from './_lib.mjs';

const CALLS = Number(process.env.MCP_BENCH_CALLS ?? 1000);
const STARTS = Number(process.env.MCP_BENCH_STARTS ?? 10);
const MEMORY_CALLS = Number(process.env.MCP_BENCH_MEMORY_CALLS ?? 10_000);
const BLOCK = 40;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const { say } = report();

const DRAFT = `---
from: bench
task: TASK-01
status: in-progress
---
# Handoff: TASK-01

## Goal

Measure the MCP server.

## Summary

A handoff to validate, anchored to a real repository.

## Done

- [x] Wrote \`src/a.ts\` — verified by \`node -e "process.exit(0)"\` → pass

## Remaining

### Document it

- Goal: docs
- Files in scope: README.md
- Verify by: \`node -e "process.exit(0)"\`
`;

const repo = createTempRepo();
repo.write('.gitignore', '.baton/\n');
repo.write('src/a.ts', 'export const a = 1;\n');
repo.commit('sources');
const w = spawnSync(process.execPath, [BIN, 'write'], { cwd: repo.dir, input: DRAFT, encoding: 'utf8' });
if (w.status !== 0) throw new Error(`baton write failed: ${w.stderr}`);

async function connect() {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    cwd: repo.dir,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  return { client, transport };
}

async function validate(client) {
  const r = await client.callTool({ name: 'validate_handoff', arguments: {} });
  if (r.isError || r.structuredContent?.verdict !== 'VALID')
    throw new Error(`validate_handoff: ${JSON.stringify(r)}`);
}

function cliValidate() {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'validate'], { cwd: repo.dir, stdio: 'ignore' });
  const dt = performance.now() - t0;
  if (r.status !== 0) throw new Error(`baton validate exited ${r.status}`);
  return dt;
}

// The heap after a full collection, measured in this process over an in-memory transport pair.
async function heapOver(total) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const server = createMcpServer({ cwd: repo.dir, log: () => {} });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'bench-heap', version: '1' });
  await client.connect(a);
  const out = [];
  const marks = [...new Set([1000, total / 4, total / 2, (3 * total) / 4, total].map(Math.round))].sort(
    (x, y) => x - y,
  );
  let done = 0;
  for (const mark of marks) {
    while (done < mark) {
      await validate(client);
      done++;
    }
    gc();
    gc();
    out.push([done, process.memoryUsage().heapUsed / 1024 / 1024]);
  }
  await client.close();
  await server.close();
  return out;
}

const rss = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

try {
  say(
    `Load average at the start: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} (2 cores).`,
  );
  say();
  say(`## MCP server: validate_handoff on a warm server, ${CALLS} calls, beside \`baton validate\``);
  say();
  const { client, transport } = await connect();
  for (let i = 0; i < 20; i++) await validate(client);
  const calls = [];
  const processes = [];
  while (calls.length < CALLS) {
    processes.push(cliValidate());
    for (let i = 0; i < BLOCK && calls.length < CALLS; i++) {
      const t0 = performance.now();
      await validate(client);
      calls.push(performance.now() - t0);
    }
  }
  say('| | p50 | p99 | max |');
  say('|---|---|---|---|');
  say(
    `| validate_handoff over stdio (${calls.length} calls) | ${ms(quantile(calls, 0.5))} | ${ms(quantile(calls, 0.99))} | ${ms(Math.max(...calls))} |`,
  );
  say(
    `| \`baton validate\` process (${processes.length} runs) | ${ms(quantile(processes, 0.5))} | ${ms(quantile(processes, 0.99))} | ${ms(Math.max(...processes))} |`,
  );
  say();
  say(
    `A warm call takes ${(quantile(processes, 0.5) / quantile(calls, 0.5)).toFixed(1)}× less time than a process (medians).`,
  );
  say();

  say(
    `## MCP server: memory over ${MEMORY_CALLS.toLocaleString('en')} validate_handoff calls (resident set of the server process)`,
  );
  say();
  const pid = transport.pid;
  let done = calls.length + 20;
  const marks = [
    ...new Set(
      [done, MEMORY_CALLS / 4, MEMORY_CALLS / 2, (3 * MEMORY_CALLS) / 4, MEMORY_CALLS].map(Math.round),
    ),
  ]
    .filter((m) => m >= done)
    .sort((a, b) => a - b);
  const seen = [];
  say('| calls | RSS |');
  say('|---|---|');
  for (const mark of marks) {
    while (done < mark) {
      await validate(client);
      done++;
    }
    const mb = rss(pid);
    seen.push(mb);
    say(`| ${mark.toLocaleString('en')} | ${mb.toFixed(1)} MB |`);
  }
  say();
  say(
    `Load average now: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ', ',
      )}. From ${marks[0].toLocaleString('en')} to ${MEMORY_CALLS.toLocaleString('en')} calls the resident set moved by ${(seen.at(-1) - seen[0]).toFixed(1)} MB.`,
  );
  say();
  await client.close();

  say(
    `## MCP server in process: heap after a full GC over ${MEMORY_CALLS.toLocaleString('en')} validate_handoff calls (InMemoryTransport)`,
  );
  say();
  say('| calls | heap used after GC |');
  say('|---|---|');
  const heap = await heapOver(MEMORY_CALLS);
  for (const [n, mb] of heap) say(`| ${n.toLocaleString('en')} | ${mb.toFixed(2)} MB |`);
  say();
  say(
    `From ${heap[0][0].toLocaleString('en')} to ${heap.at(-1)[0].toLocaleString('en')} calls the heap after GC moved by ${(heap.at(-1)[1] - heap[0][1]).toFixed(2)} MB.`,
  );
  say();

  say(`## MCP server: start to first answer, median of ${STARTS}`);
  say();
  const starts = [];
  const single = [];
  for (let i = 0; i < STARTS; i++) {
    single.push(cliValidate());
    const t0 = performance.now();
    const s = await connect();
    await validate(s.client);
    starts.push(performance.now() - t0);
    await s.client.close();
  }
  say('| | median |');
  say('|---|---|');
  say(`| spawn \`baton mcp\`, initialize, first validate_handoff answered | ${ms(median(starts))} |`);
  say(`| one \`baton validate\` process | ${ms(median(single))} |`);
  say();
} finally {
  repo.cleanup();
}
