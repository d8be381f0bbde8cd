// Each of baton's three servers beside the bare SDK under it, in one run (issue 23), and the
// start-up of `baton validate` beside `node -e 0`:
// - A2A: `baton serve a2a` beside an agent on the same SDK that accepts every message unverified
//   (bench/_a2a-floor.mjs), at 1, 10 and 50 concurrent senders, BENCH_A2A_ROUNDS (5) rounds of
//   bursts with the order swapped each round: tasks/s, the median of the per-round ratios, p50, p99;
// - MCP: `baton mcp` beside an SDK server whose validate_handoff returns at once
//   (bench/_mcp-floor.mjs): warm calls over stdio, p50 and p99;
// - viewer: `baton serve web` beside node:http replaying the same bytes (bench/_http-floor.mjs):
//   /api/context, /api/handoffs/<id>, /api/runs with 11,002 and then 111,002 events, and the
//   static assets asked for with Accept-Encoding (the bytes transferred);
// - `baton validate` with live git and with --no-git, beside `node -e 0`.
// After a build: `node bench/servers.mjs`. BATON_DIST=/path/to/dist measures another build (the
// one before a change, say) the same way; SERVERS_BENCH=a2a,mcp,viewer,cli runs only those parts;
// BENCH_A2A_PROFILE=<dir> profiles baton's A2A server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ClientFactory } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  appendRunEvents,
  median,
  ms,
  ROUNDS,
  report,
  START_ENV_NOTE,
  sendHandoffTimed,
  startServer as startWith,
  timeCommands,
} from './_lib.mjs';

const DIST = resolve(process.env.BATON_DIST ?? new URL('../dist', import.meta.url).pathname);
const BIN = join(DIST, 'bin', 'baton.cjs');
const HERE = new URL('.', import.meta.url).pathname;
// BENCH_A2A_PROFILE=<dir>: baton's A2A server writes a V8 CPU profile there when it stops.
const PROFILE = process.env.BENCH_A2A_PROFILE
  ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_A2A_PROFILE)}`]
  : [];
// Rounds of A2A bursts at each number of senders (BENCH_A2A_ROUNDS).
const A2A_ROUNDS = Number(process.env.BENCH_A2A_ROUNDS ?? 5);
const PARTS = new Set((process.env.SERVERS_BENCH ?? 'cli,mcp,viewer,a2a').split(','));
const { say, lines } = report();
const base = mkdtempSync(join(tmpdir(), 'baton-bench-servers-'));
const children = [];

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((xs.length * p) / 100) - 1))];
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

function run(cwd, cmd, args, input) {
  const r = spawnSync(cmd, args, { cwd, input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}
const git = (cwd, ...args) => run(cwd, 'git', args);
const baton = (cwd, args, input) => run(cwd, process.execPath, [BIN, ...args], input);

// A repository with an origin URL and a commit on main; `branch` adds a feature branch.
function makeRepo(name, branch) {
  const dir = join(base, name);
  spawnSync('git', ['init', '-q', '-b', 'main', dir]);
  for (const [k, v] of [
    ['user.email', 'b@b.invalid'],
    ['user.name', 'bench'],
    ['commit.gpgsign', 'false'],
  ])
    git(dir, 'config', k, v);
  git(dir, 'remote', 'add', 'origin', 'https://github.com/acme/calc.git');
  writeFileSync(join(dir, 'README.md'), '# calc\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'init');
  if (branch) {
    git(dir, 'switch', '-qc', branch);
    writeFileSync(join(dir, 'sum.js'), 'export const sum = (xs) => xs.reduce((a, b) => a + b, 0);\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'sum');
  }
  return dir;
}

const DRAFT = `---\nfrom: builder\ntask: TASK-01\nstatus: in-progress\n---\n# Handoff: TASK-01\n\n## Goal\n\nAdd sum.\n\n## Summary\n\nHalf done.\n\n## Done\n\n- [x] Wrote \`sum.js\` — verified by \`node -e 0\` → pass\n\n## Remaining\n\n### Finish sum\n\n- Goal: sum of a list\n- Files in scope: sum.js\n- Verify by: \`test -f sum.js\`\n`;

// Starts a server process, stopped at the end, and resolves with the first URL it prints.
const startServer = (cmd, args, cwd, pattern) => startWith(cmd, args, cwd, pattern, children);

function cliStartup() {
  const repo = makeRepo('cli', 'feature/x');
  baton(repo, ['write'], DRAFT);
  const commands = [
    { name: '`node -e 0`', cmd: [process.execPath, '-e', '0'], expect: 0 },
    {
      name: '`baton validate --no-git .baton/handoff.md`',
      cmd: [process.execPath, BIN, 'validate', '--no-git', join(repo, '.baton/handoff.md')],
      cwd: repo,
      expect: 0,
    },
    {
      name: '`baton validate` (git read live)',
      cmd: [process.execPath, BIN, 'validate'],
      cwd: repo,
      expect: 0,
    },
  ];
  const t = timeCommands(commands, ROUNDS);
  say(`### \`baton validate\` start-up, ${ROUNDS} interleaved rounds, medians`);
  say('');
  say('| command | median | × `node -e 0` |');
  say('|---|---:|---:|');
  for (const [i, c] of commands.entries()) say(`| ${c.name} | ${ms(t[i])} | ${ratio(t[i], t[0])} |`);
  say('');
  if (START_ENV_NOTE) say(`${START_ENV_NOTE}\n`);
}

async function mcp() {
  const repo = makeRepo('mcp', 'feature/x');
  baton(repo, ['write'], DRAFT);
  const connect = async (args) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args,
      cwd: repo,
      stderr: 'inherit',
    });
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(transport);
    return client;
  };
  const sides = [
    { name: '`baton mcp`', client: await connect([BIN, 'mcp']), times: [] },
    {
      name: 'SDK floor (the tool returns at once)',
      client: await connect([join(HERE, '_mcp-floor.mjs')]),
      times: [],
    },
  ];
  const call = async (side) => {
    const t0 = performance.now();
    const r = await side.client.callTool({ name: 'validate_handoff', arguments: {} });
    const dt = performance.now() - t0;
    if (r.isError || r.structuredContent?.verdict !== 'VALID')
      throw new Error(`validate_handoff: ${JSON.stringify(r)}`);
    return dt;
  };
  for (const side of sides) for (let i = 0; i < 30; i++) await call(side);
  for (let block = 0; block < 20; block++) {
    for (const side of block % 2 ? [...sides].reverse() : sides) {
      for (let i = 0; i < 25; i++) side.times.push(await call(side));
    }
  }
  say(
    `### MCP \`validate_handoff\` on a warm server over stdio, ${sides[0].times.length} calls each, interleaved`,
  );
  say('');
  say('| server | p50 | p99 |');
  say('|---|---:|---:|');
  for (const s of sides) say(`| ${s.name} | ${ms(pct(s.times, 50))} | ${ms(pct(s.times, 99))} |`);
  say(
    `| ratio | ${ratio(pct(sides[0].times, 50), pct(sides[1].times, 50))} | ${ratio(pct(sides[0].times, 99), pct(sides[1].times, 99))} |`,
  );
  say('');
  for (const s of sides) await s.client.close();
}

// One GET with a keep-alive agent: status, headers and the bytes as they came (still encoded).
function get(url, headers = {}) {
  return new Promise((resolveGet, reject) => {
    const req = request(url, { agent: http.agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolveGet({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', (e) => reject(new Error(`GET ${url}: ${e.message}`)));
    req.end();
  });
}
// Idle sockets are dropped between parts (the servers close them after 5 s).
const http = { agent: new Agent({ keepAlive: true }) };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

async function fillRun(repo, runId, from, tasks, withSummary) {
  const { openStore } = await import(join(DIST, 'store', 'index.js'));
  const store = await openStore({ url: `sqlite:${join(repo, '.baton', 'baton.db')}`, cwd: repo, env: {} });
  let seq = await appendRunEvents(store, runId, from, tasks);
  const at = (i) => new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString();
  if (withSummary) {
    await store.appendEvent({
      run_id: runId,
      seq: ++seq,
      time: at(seq),
      event: 'run-finished',
      data: { status: 'committed', exit_code: 0 },
    });
    const summary = {
      status: 'committed',
      started: at(1),
      finished: at(seq),
      goal: 'a thousand tasks',
      plan: { title: 'a thousand tasks' },
    };
    summary.tasks = Array.from({ length: tasks }, (_, i) => ({
      id: `T-${i}`,
      status: 'committed',
      tokens: 450,
      tokensForwardAll: 450 + i * 90,
    }));
    await store.putRunSummary({
      run_id: runId,
      status: 'committed',
      started_at: at(1),
      ended_at: at(seq),
      title: summary.goal,
      data: summary,
    });
  }
  await store.close();
  return seq;
}

async function timeRoutes(sides, paths, rounds, table) {
  http.agent.destroy();
  http.agent = new Agent({ keepAlive: true });
  for (const side of sides)
    for (const path of paths) for (let i = 0; i < 5; i++) await get(side.url + path.slice(1), BROWSER);
  for (const path of paths) {
    const times = sides.map(() => []);
    for (let block = 0; block < rounds / 20; block++) {
      for (const [i, side] of sides.entries()) {
        for (let k = 0; k < 20; k++) {
          const t0 = performance.now();
          const r = await get(side.url + path.slice(1), BROWSER);
          times[i].push(performance.now() - t0);
          if (r.status !== 200) throw new Error(`${side.name} ${path}: ${r.status}`);
        }
      }
    }
    table.push([path, ...times.map((t) => pct(t, 50)), ...times.map((t) => pct(t, 99))]);
  }
}

async function viewer() {
  const repo = makeRepo('viewer', 'feature/x');
  baton(repo, ['write'], DRAFT);
  baton(repo, ['archive']);
  const id = /^id: (\S+)$/m.exec(readFileSync(join(repo, '.baton/handoff.md'), 'utf8'))[1];
  const runId = '01M9RUN0000000000000000000';
  const seq = await fillRun(repo, runId, 0, 1000, true);
  const web = await startServer(
    process.execPath,
    [BIN, 'serve', 'web', '--port', '0'],
    repo,
    /baton viewer: (\S+\/)/,
  );
  const paths = ['/api/context', `/api/handoffs/${id}`, '/api/runs', '/assets/app.js'];
  const replies = {};
  for (const path of paths) {
    const r = await get(web.url + path.slice(1), BROWSER);
    const headers = {};
    for (const k of ['content-type', 'content-encoding', 'vary', 'cache-control'])
      if (r.headers[k]) headers[k] = r.headers[k];
    replies[path] = { status: r.status, headers, body: r.body.toString('base64') };
  }
  const file = join(base, 'replies.json');
  writeFileSync(file, JSON.stringify(replies));
  const floor = await startServer(
    process.execPath,
    [join(HERE, '_http-floor.mjs'), file],
    base,
    /listening on (\S+\/)/,
  );
  const sides = [
    { name: 'baton', url: web.url },
    { name: 'floor', url: floor.url },
  ];
  const table = [];
  await timeRoutes(sides, paths, 200, table);
  const more = await fillRun(repo, runId, seq, 9091, false);
  await timeRoutes(sides, ['/api/runs'], 200, table);
  table.at(-1)[0] = `/api/runs, ${more.toLocaleString('en')} events`;
  say(`### Viewer, 200 GETs of each route on a keep-alive connection, interleaved in blocks of 20`);
  say('');
  say(
    `The store: one handoff, one run of 1,000 tasks (${seq.toLocaleString('en')} events), then ${(more - seq).toLocaleString('en')} more events appended to it.`,
  );
  say('');
  say('| route | baton p50 | floor p50 | ratio | baton p99 | floor p99 |');
  say('|---|---:|---:|---:|---:|---:|');
  for (const [path, b50, f50, b99, f99] of table) {
    const name = path.includes(id)
      ? '/api/handoffs/<id>'
      : path.replace(/^\/api\/runs$/, `/api/runs, ${seq.toLocaleString('en')} events`);
    say(`| ${name} | ${ms(b50)} | ${ms(f50)} | ${ratio(b50, f50)} | ${ms(b99)} | ${ms(f99)} |`);
  }
  say('');
  say('Static assets asked for with `Accept-Encoding: gzip, deflate, br`:');
  say('');
  say('| asset | bytes | transferred | encoding | Vary |');
  say('|---|---:|---:|---|---|');
  for (const path of ['/', '/assets/app.js', '/assets/app.css', '/favicon.svg']) {
    const plain = await get(web.url + path.slice(1), { 'accept-encoding': 'identity' });
    const r = await get(web.url + path.slice(1), BROWSER);
    say(
      `| \`${path}\` | ${plain.body.length.toLocaleString('en')} | ${r.body.length.toLocaleString('en')} | ${r.headers['content-encoding'] ?? 'none'} | ${r.headers.vary ?? ''} |`,
    );
  }
  say('');
}

async function a2a() {
  const sender = makeRepo('sender');
  const receiver = join(base, 'receiver');
  git(base, 'clone', '-q', sender, receiver);
  git(receiver, 'remote', 'set-url', 'origin', 'https://github.com/acme/calc.git');
  baton(sender, ['write'], DRAFT);
  const written = readFileSync(join(sender, '.baton/handoff.md'), 'utf8').replace(/^content_hash: .*\n/m, '');
  let n = 0;
  // A distinct handoff each time: its own id (no content hash, so the bytes may differ).
  const next = () => written.replace(/^id: \S+$/m, `id: 01M9${String(++n).padStart(22, '0')}`);
  const servers = [
    {
      name: '`baton serve a2a`',
      ...(await startServer(
        process.execPath,
        [...PROFILE, BIN, 'serve', 'a2a', '--port', '0'],
        receiver,
        /listening on (\S+\/)/,
      )),
    },
    {
      name: 'SDK floor (accepts unverified)',
      ...(await startServer(process.execPath, [join(HERE, '_a2a-floor.mjs')], base, /listening on (\S+\/)/)),
    },
  ];
  for (const s of servers) s.client = await new ClientFactory().createFromUrl(s.url);
  const send = (client) => sendHandoffTimed(client, next());
  // The server process's CPU time (user + system, in clock ticks of 10 ms) from /proc.
  const cpuOf = (pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const burst = async (server, count, senders) => {
    const times = [];
    let left = count;
    const cpu0 = cpuOf(server.child.pid);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (left-- > 0) times.push(await send(server.client));
      }),
    );
    const rate = count / ((performance.now() - t0) / 1000);
    return { times, rate, cpu: (cpuOf(server.child.pid) - cpu0) / count };
  };
  for (const s of servers) for (let i = 0; i < 30; i++) await send(s.client);
  const rows = [];
  for (const [senders, count] of [
    [1, 200],
    [10, 500],
    [50, 1000],
  ]) {
    // Bursts of the two servers one after the other, the order swapped each round: a ratio per
    // round, and the median of those (one burst each swung by the machine's load alone).
    const got = [];
    for (let round = 0; round < A2A_ROUNDS; round++) {
      const pair = {};
      for (const s of round % 2 ? [...servers].reverse() : servers)
        pair[s.name] = await burst(s, count, senders);
      got.push(servers.map((s) => pair[s.name]));
    }
    rows.push([senders, count, got]);
  }
  say(
    `### A2A handoffs accepted (loopback, the SDK client in the benchmark process), ${A2A_ROUNDS} rounds of bursts`,
  );
  say('');
  say(
    '| senders | handoffs a burst | baton tasks/s | floor tasks/s | baton ÷ floor: median (range) | baton p50 | baton p99 | floor p50 | floor p99 | server CPU per task, baton · floor |',
  );
  say('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [senders, count, got] of rows) {
    const [b, f] = [0, 1].map((i) => ({
      rate: median(got.map((g) => g[i].rate)),
      times: got.flatMap((g) => g[i].times),
      cpu: median(got.map((g) => g[i].cpu)),
    }));
    const ratios = got.map((g) => g[0].rate / g[1].rate);
    const range = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    say(
      `| ${senders} | ${count} | ${b.rate.toFixed(0)} | ${f.rate.toFixed(0)} | **${median(ratios).toFixed(2)}** (${range}) | ${ms(pct(b.times, 50))} | ${ms(pct(b.times, 99))} | ${ms(pct(f.times, 50))} | ${ms(pct(f.times, 99))} | ${ms(b.cpu)} · ${ms(f.cpu)} |`,
    );
  }
  say('');
}

try {
  say(
    `## Servers beside their floors, ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, build ${DIST}`,
  );
  say('');
  say(`Load average at the start: ${load()} (2 cores).`);
  say('');
  if (PARTS.has('cli')) cliStartup();
  if (PARTS.has('mcp')) await mcp();
  if (PARTS.has('viewer')) await viewer();
  if (PARTS.has('a2a')) await a2a();
  say(`Load average at the end: ${load()}.`);
} finally {
  for (const c of children) c.kill('SIGTERM');
  http.agent.destroy();
  await new Promise((r) => setTimeout(r, 200));
  rmSync(base, { recursive: true, force: true });
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${lines.join('\n')}\n`);
