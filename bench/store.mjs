// Benchmarks of the store (issue 7), both backends side by side in one run. After a build:
//   node bench/store.mjs                       (SQLite only)
//   BATON_TEST_POSTGRES_URL=postgres://… node bench/store.mjs   (SQLite and PostgreSQL)
// BENCH_STORE_N sets the store size for search and log (default 100,000). Medians throughout;
// p50/p99 are over every timed search. Every backend is measured in the same interleaved rounds.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { renderBaton } from '../dist/formats/baton/render.js';
import { openStore } from '../dist/store/index.js';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { writeHandoff } from '../dist/write/write.js';

const BIN = new URL('../dist/bin/baton.cjs', import.meta.url).pathname;
const SELF = new URL(import.meta.url).pathname;
const N = Number(process.env.BENCH_STORE_N ?? 100_000);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const rate = (xs) => (xs.length ? Math.round(median(xs)).toLocaleString('en') : '-');
const ms = (n) => (n < 10 ? `${n.toFixed(2)} ms` : `${n.toFixed(0)} ms`);
const out = [];
const say = (line = '') => {
  out.push(line);
  console.log(line);
};

// Deterministic words with a Zipf-like spread: low ranks are common, high ranks rare.
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'te',
  'vo',
  'zi',
  'pa',
  'do',
  'fe',
  'gu',
  'hi',
  'ju',
  'qe',
];
function word(rank) {
  let w = '';
  let r = rank + 16;
  while (r > 0) {
    w += SYLLABLES[r % 16];
    r = Math.floor(r / 16);
  }
  return w;
}
function words(random, n) {
  const picked = [];
  for (let i = 0; i < n; i++) picked.push(word(Math.floor(8000 ** random())));
  return picked.join(' ');
}

/** The i-th benchmark handoff: about 2 KB of canonical Markdown. */
function handoff(i) {
  const random = rng(i + 1);
  const id = `01JE${String(i).padStart(22, '0')}`;
  const task = `TASK-${i % 500}`;
  const created = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const h = {
    schema: 'baton/handoff-v1',
    id,
    created_at: created,
    from: ['builder', 'verifier', 'committer'][i % 3],
    task,
    status: 'in-progress',
    title: `Handoff ${i}: ${words(random, 4)}`,
    goal: `Build ${words(random, 12)} with tests.`,
    summary: words(random, 30),
    done: Array.from({ length: 6 }, () => ({ text: words(random, 14), command: 'npm test', result: 'pass' })),
    remaining: [{ title: words(random, 5), files_in_scope: ['src/store/**'], verify_by: ['npm test'] }],
    decisions: [{ decision: words(random, 10), reason: words(random, 10), rejected: [] }],
    facts: [],
    files_touched: [{ action: 'modified', path: `src/${word(i % 300)}.ts` }],
    validation: [{ result: 'passed', command: 'npm test', outcome: words(random, 4) }],
    open_concerns: [words(random, 12)],
    dead_ends: [],
    preferences: [],
  };
  return { text: renderBaton(h), format: 'baton', handoff: h };
}

// A worker process: `node bench/store.mjs --worker <url> <first> <count>` archives handoffs first..first+count-1.
if (process.argv[2] === '--worker') {
  const [url, first, count] = process.argv.slice(3);
  const store = await openStore({ url });
  for (let i = Number(first); i < Number(first) + Number(count); i++) await store.putHandoff(handoff(i));
  await store.close();
  process.exit(0);
}

async function timeAsync(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function timeCommand(args, env, cwd) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const dt = performance.now() - t0;
  if (r.status !== 0) throw new Error(`baton ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return dt;
}

function runWorkers(url, first, processes, each) {
  return Promise.all(
    Array.from(
      { length: processes },
      (_, p) =>
        new Promise((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [SELF, '--worker', url, String(first + p * each), String(each)],
            {
              stdio: ['ignore', 'ignore', 'inherit'],
            },
          );
          child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`worker exited ${code}`))));
        }),
    ),
  );
}

// The backends: a SQLite file, and a fresh schema in the PostgreSQL database when one is named.
const work = mkdtempSync(join(tmpdir(), 'baton-bench-store-'));
const backends = [{ name: 'SQLite', url: `sqlite:${join(work, 'baton.db')}` }];
const pgUrl = process.env.BATON_BENCH_POSTGRES_URL || process.env.BATON_TEST_POSTGRES_URL;
let dropSchema = async () => {};
if (pgUrl) {
  const schema = `baton_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.searchParams.set('options', `-c search_path=${schema}`);
  backends.push({ name: 'PostgreSQL', url: u.href });
  dropSchema = async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  };
}

const repo = createTempRepo({ origin: 'https://example.invalid/acme/bench.git' });
try {
  say(
    `# baton store benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, store of ${N.toLocaleString('en')} handoffs`,
  );
  if (!pgUrl) say('\n(PostgreSQL skipped: set BATON_TEST_POSTGRES_URL to measure it side by side.)');
  for (const b of backends) b.store = await openStore({ url: b.url });
  let next = 0;
  const take = (n) => {
    const first = next;
    next += n;
    return first;
  };

  // 1. Archive throughput: one putHandoff (one transaction) after another, on a fresh store.
  const ROUNDS = 5;
  const PER_ROUND = 500;
  const rates = backends.map(() => []);
  // Each round archives the same new handoffs into every backend, one after the other.
  const putRound = async (into) => {
    const first = take(PER_ROUND);
    const items = Array.from({ length: PER_ROUND }, (_, i) => handoff(first + i));
    for (const [k, b] of backends.entries()) {
      const dt = await timeAsync(async () => {
        for (const item of items) await b.store.putHandoff(item);
      });
      into[k].push(PER_ROUND / (dt / 1000));
    }
  };
  for (let r = 0; r < ROUNDS; r++) await putRound(rates);
  // 4 processes at once, 1,000 each.
  const parallel = backends.map(() => []);
  for (let r = 0; r < 3; r++) {
    const first = take(4000);
    for (const [k, b] of backends.entries()) {
      const dt = await timeAsync(() => runWorkers(b.url, first, 4, 1000));
      parallel[k].push(4000 / (dt / 1000));
    }
  }

  // 2. Fill each store to N handoffs (batches of 1,000 per transaction), the same handoffs in each.
  const filled = next;
  const loadRates = backends.map(() => []);
  for (let first = filled; first < N; first += 1000) {
    const count = Math.min(1000, N - first);
    const items = Array.from({ length: count }, (_, i) => handoff(first + i));
    for (const [k, b] of backends.entries()) {
      const dt = await timeAsync(() => b.store.putHandoffs(items));
      loadRates[k].push(count / (dt / 1000));
    }
  }
  next = Math.max(N, next);
  for (const b of backends) {
    const count = await b.store.countHandoffs();
    if (count < N) throw new Error(`${b.name} holds ${count} handoffs, expected ${N}`);
  }
  // Statistics as autovacuum would have them on a store that grew over time, not seconds ago.
  if (pgUrl) {
    const c = new pg.Client({ connectionString: backends[1].url });
    await c.connect();
    await c.query('ANALYZE baton_handoffs; ANALYZE baton_handoff_texts');
    await c.end();
  }

  // Throughput again on the full store.
  const fullRates = backends.map(() => []);
  for (let r = 0; r < ROUNDS; r++) await putRound(fullRates);

  say('');
  say('## Archive throughput (handoffs/s, ~2 KB canonical handoffs, median of rounds)');
  say('');
  say(`| | ${backends.map((b) => b.name).join(' | ')} |`);
  say(`|---|${backends.map(() => '---:').join('|')}|`);
  say(
    `| \`putHandoff\`, one transaction each, empty store (5 × 500) | ${rates.map((r) => rate(r)).join(' | ')} |`,
  );
  say(
    `| \`putHandoff\`, one transaction each, store of ${N.toLocaleString('en')} (5 × 500) | ${fullRates.map((r) => rate(r)).join(' | ')} |`,
  );
  say(
    `| 4 processes at once, 1,000 \`putHandoff\` each (total rate, 3 rounds) | ${parallel.map((r) => rate(r)).join(' | ')} |`,
  );
  say(
    `| \`putHandoffs\`, 1,000 per transaction (loading the store) | ${loadRates.map((r) => rate(r)).join(' | ')} |`,
  );

  // 3. Search latency, in process on the warm store: every query kind, interleaved across backends.
  const probe = handoff(12345);
  const titleWord = probe.handoff.title.split(' ').at(-1);
  const queries = [
    ['rare word', word(7000)],
    ['word in ~6% of handoffs', word(300)],
    ['common word (most handoffs)', word(3)],
    ['two words', `${word(40)} ${word(90)}`],
    ['phrase', `"${probe.handoff.goal.split(' ').slice(1, 3).join(' ')}"`],
    ['prefix', `${word(3000).slice(0, 4)}*`],
    ['word within one task', `${word(20)} --task`],
    ["a word from one handoff's title", titleWord],
  ];
  const SEARCH_ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 50);
  const latencies = backends.map(() => queries.map(() => []));
  const hits = backends.map(() => queries.map(() => 0));
  for (let r = 0; r < SEARCH_ROUNDS + 2; r++) {
    for (const [qi, [, q]] of queries.entries()) {
      for (const [k, b] of backends.entries()) {
        const [text, filter] = q.endsWith(' --task') ? [q.slice(0, -7), { task: 'TASK-7' }] : [q, {}];
        const t0 = performance.now();
        const found = await b.store.searchHandoffs(text, filter);
        const dt = performance.now() - t0;
        if (r >= 2) latencies[k][qi].push(dt);
        hits[k][qi] = found.length;
      }
    }
  }
  say('');
  const size = (await backends[0].store.countHandoffs()).toLocaleString('en');
  say(
    `## Search latency over ${size} handoffs (\`searchHandoffs\`, 20 best, warm, ${SEARCH_ROUNDS} runs of each query)`,
  );
  say('');
  say(`| query | ${backends.map((b) => `${b.name} p50 | ${b.name} p99`).join(' | ')} |`);
  say(`|---|${backends.map(() => '---:|---:').join('|')}|`);
  for (const [qi, [name, q]] of queries.entries()) {
    const cells = backends.map(
      (_, k) => `${ms(quantile(latencies[k][qi], 0.5))} | ${ms(quantile(latencies[k][qi], 0.99))}`,
    );
    say(`| ${name} (\`${q}\`, ${hits[0][qi]} shown) | ${cells.join(' | ')} |`);
  }
  const all = backends.map((_, k) => latencies[k].flat());
  say(
    `| **all queries** | ${all.map((l) => `**${ms(quantile(l, 0.5))}** | **${ms(quantile(l, 0.99))}**`).join(' | ')} |`,
  );

  // 4. The commands, as a user runs them (each a new process: start-up, open, query, print).
  for (const b of backends) await b.store.close();
  const COMMAND_ROUNDS = Number(process.env.BENCH_COMMAND_ROUNDS ?? 10);
  const commands = [
    ['`baton log` (the 50 newest)', ['log']],
    ['`baton log --task TASK-7`', ['log', '--task', 'TASK-7']],
    ['`baton log --all` (every handoff)', ['log', '--all']],
    [`\`baton search ${word(300)}\``, ['search', word(300)]],
    ['`baton show <id>`', ['show', probe.handoff.id]],
  ];
  const wall = backends.map(() => commands.map(() => []));
  for (let r = 0; r < COMMAND_ROUNDS + 1; r++) {
    for (const [ci, [, args]] of commands.entries()) {
      for (const [k, b] of backends.entries()) {
        const dt = timeCommand(args, { BATON_STORE: b.url }, repo.dir);
        if (r >= 1) wall[k][ci].push(dt);
      }
    }
  }
  // `baton archive`: validate against git, open the store, store one new handoff.
  const provenance = await writeHandoff({
    path: join(repo.dir, '.baton/handoff.md'),
    draft: handoff(0).text,
  });
  if (!provenance.ok) throw new Error('bench draft refused');
  const anchor = ['repository', 'worktree', 'branch', 'head', 'base_ref', 'base_commit', 'worktree_state']
    .map((key) => `${key}: ${provenance.handoff.provenance[key]}\n`)
    .join('');
  mkdirSync(join(repo.dir, '.baton/many'), { recursive: true });
  const archiveTimes = backends.map(() => []);
  for (let r = 0; r < COMMAND_ROUNDS; r++) {
    const path = join(repo.dir, '.baton/many', `h${r}.md`);
    const text = handoff(take(1)).text;
    writeFileSync(path, text.replace('\nstatus: in-progress\n', `\nstatus: in-progress\n${anchor}`));
    for (const [k, b] of backends.entries()) {
      archiveTimes[k].push(timeCommand(['archive', path], { BATON_STORE: b.url }, repo.dir));
    }
  }
  const node = [];
  for (let r = 0; r < COMMAND_ROUNDS; r++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    node.push(performance.now() - t0);
  }
  say('');
  say(
    `## The commands on a store of ${N.toLocaleString('en')} handoffs (wall, new process each, median of ${COMMAND_ROUNDS})`,
  );
  say('');
  say(`| command | ${backends.map((b) => b.name).join(' | ')} |`);
  say(`|---|${backends.map(() => '---:').join('|')}|`);
  for (const [ci, [name]] of commands.entries())
    say(`| ${name} | ${wall.map((w) => ms(median(w[ci]))).join(' | ')} |`);
  say(
    `| \`baton archive <file>\` (validate with git, then store it) | ${archiveTimes.map((t) => ms(median(t))).join(' | ')} |`,
  );
  say(`| \`node -e 0\`, for scale | ${ms(median(node))} |${backends.length > 1 ? ' |' : ''}`);
} finally {
  repo.cleanup();
  rmSync(work, { recursive: true, force: true });
  await dropSchema();
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out.join('\n')}\n`);
