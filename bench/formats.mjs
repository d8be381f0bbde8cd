// Benchmarks of the formats (issue 3). Run after a build: `npm run bench` (or `node bench/formats.mjs`).
// 1. Parse and render throughput of every codec, in MB/s, on the largest files of the handoff
//    corpus: each file is imported, rendered in every format, and that text is parsed back.
// 2. Import throughput on the same files.
// 3. `baton import` of the whole corpus folder in one process: wall time and peak memory (max
//    RSS), side by side with the same process importing nothing.
// Every figure is the median of BENCH_ROUNDS rounds (default 15), measured in interleaved rounds.
// The corpus is read from BATON_CORPUS (default ../shared/corpus/handoff); it is not part of
// this repository.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadCodec } from '../dist/formats/index.js';
import { importHandoff } from '../dist/import/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CORPUS = resolve(process.env.BATON_CORPUS ?? '../shared/corpus/handoff');
const FORMATS = ['baton', 'context-kit', 'json', 'anchor', 'pipeline-xml', 'forge', 'phase'];
const LARGEST = 4;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

if (!existsSync(CORPUS)) {
  console.log(`formats bench skipped: no corpus at ${CORPUS} (set BATON_CORPUS)`);
  process.exit(0);
}
const files = readdirSync(CORPUS)
  .filter((f) => !f.endsWith('.tsv'))
  .map((f) => ({ name: f, path: join(CORPUS, f), size: statSync(join(CORPUS, f)).size }))
  .sort((a, b) => b.size - a.size);
const largest = files.slice(0, LARGEST).map((f) => ({ ...f, text: readFileSync(f.path, 'utf8') }));

// Repeats `fn` until at least `minMs` passed; returns MB/s for `bytes` per call.
function throughput(fn, bytes, minMs = 40) {
  let n = 0;
  const t0 = performance.now();
  let dt = 0;
  do {
    fn();
    n++;
    dt = performance.now() - t0;
  } while (dt < minMs);
  return (bytes * n) / (dt / 1000) / 1e6;
}

async function throughputAsync(fn, bytes, minMs = 40) {
  let n = 0;
  const t0 = performance.now();
  let dt = 0;
  do {
    await fn();
    n++;
    dt = performance.now() - t0;
  } while (dt < minMs);
  return (bytes * n) / (dt / 1000) / 1e6;
}

const codecs = Object.fromEntries(await Promise.all(FORMATS.map(async (f) => [f, await loadCodec(f)])));
const handoffs = [];
for (const f of largest) {
  const { handoff } = await importHandoff(f.text, { name: f.name, now: new Date(0) });
  handoffs.push({
    ...f,
    handoff,
    texts: Object.fromEntries(FORMATS.map((fmt) => [fmt, codecs[fmt].render(handoff).text])),
  });
}

const parse = Object.fromEntries(FORMATS.map((f) => [f, []]));
const render = Object.fromEntries(FORMATS.map((f) => [f, []]));
const imports = [];
for (let r = 0; r < ROUNDS; r++) {
  for (const fmt of FORMATS) {
    const bytes = handoffs.reduce((n, h) => n + Buffer.byteLength(h.texts[fmt]), 0);
    render[fmt].push(
      throughput(() => {
        for (const h of handoffs) codecs[fmt].render(h.handoff);
      }, bytes),
    );
    parse[fmt].push(
      throughput(() => {
        for (const h of handoffs) codecs[fmt].parse(h.texts[fmt]);
      }, bytes),
    );
  }
  const bytes = largest.reduce((n, f) => n + Buffer.byteLength(f.text), 0);
  imports.push(
    await throughputAsync(
      () => Promise.all(largest.map((f) => importHandoff(f.text, { name: f.name }))),
      bytes,
    ),
  );
}

console.log(`\nFormats (issue 3): ${ROUNDS} rounds, medians; inputs: the ${LARGEST} largest corpus files`);
console.log(
  `(${largest.map((f) => `${f.name} ${(f.size / 1024).toFixed(0)} KB`).join(', ')}), imported, then`,
);
console.log('rendered in each format; parse reads that text back.\n');
console.log('| format | text per round | parse MB/s | render MB/s |');
console.log('|---|---:|---:|---:|');
for (const fmt of FORMATS) {
  const kb = handoffs.reduce((n, h) => n + Buffer.byteLength(h.texts[fmt]), 0) / 1024;
  console.log(
    `| ${fmt} | ${kb.toFixed(0)} KB | ${median(parse[fmt]).toFixed(1)} | ${median(render[fmt]).toFixed(1)} |`,
  );
}
console.log(
  `\nimport (free-form → canonical) of the same ${LARGEST} files: ${median(imports).toFixed(2)} MB/s`,
);

// The whole folder in one process, against the same process that imports nothing.
const script = (doImport) => `
  const { readdirSync, readFileSync } = require('node:fs');
  const { join } = require('node:path');
  import(${JSON.stringify(new URL('../dist/import/index.js', import.meta.url).href)}).then(async ({ importHandoff }) => {
    const t0 = performance.now();
    let n = 0;
    if (${doImport}) for (const f of readdirSync(${JSON.stringify(CORPUS)})) {
      if (f.endsWith('.tsv')) continue;
      await importHandoff(readFileSync(join(${JSON.stringify(CORPUS)}, f), 'utf8'), { name: f });
      n++;
    }
    console.log(JSON.stringify({ ms: performance.now() - t0, rss: process.resourceUsage().maxRSS, n }));
  });`;
const runs = { none: [], all: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const [key, flag] of [
    ['none', false],
    ['all', true],
  ]) {
    const t0 = performance.now();
    const res = spawnSync(process.execPath, ['-e', script(flag)], { encoding: 'utf8' });
    const wall = performance.now() - t0;
    if (res.status !== 0) throw new Error(res.stderr);
    const out = JSON.parse(res.stdout);
    runs[key].push({ wall, inner: out.ms, rss: out.rss / 1024, n: out.n });
  }
}
const m = (key, field) => median(runs[key].map((x) => x[field]));
const corpusKb = files.reduce((n, f) => n + f.size, 0) / 1024;
console.log(
  `\nimport of the whole corpus folder (${runs.all[0].n} files, ${corpusKb.toFixed(0)} KB) in one process:\n`,
);
console.log('| process | wall (spawn to exit) | import loop | peak RSS |');
console.log('|---|---:|---:|---:|');
console.log(
  `| loads the import module, imports nothing | ${m('none', 'wall').toFixed(0)} ms | — | ${m('none', 'rss').toFixed(1)} MB |`,
);
console.log(
  `| imports every file | ${m('all', 'wall').toFixed(0)} ms | ${m('all', 'inner').toFixed(0)} ms | ${m('all', 'rss').toFixed(1)} MB |`,
);
console.log(
  `| ratio | ${(m('all', 'wall') / m('none', 'wall')).toFixed(2)}× | | ${(m('all', 'rss') / m('none', 'rss')).toFixed(2)}× |`,
);

// Optional: `baton validate` of this build side by side with another build (BATON_BASELINE is the
// root of another checkout, built), on one canonical handoff and on a folder of 1,000.
const BASELINE = process.env.BATON_BASELINE;
if (BASELINE) {
  const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { renderBaton } = await import('../dist/formats/baton/render.js');
  const dir = mkdtempSync(join(tmpdir(), 'baton-bench-'));
  const base = {
    ...handoffs[0].handoff,
    schema: 'baton/handoff-v1',
    id: '01JDXYZ0000000000000000001',
    created_at: '2026-11-30T01:14:19Z',
    status: 'in-progress',
    remaining: [{ title: 'Write docs', files_in_scope: [], verify_by: ['npm test'] }],
  };
  const one = renderBaton({ ...base, notes: undefined, done: base.done.slice(0, 5), files_touched: [] });
  writeFileSync(join(dir, 'one.md'), one);
  mkdirSync(join(dir, 'folder'));
  for (let i = 0; i < 1000; i++) writeFileSync(join(dir, 'folder', `h${i}.md`), one.replace('# ', `# ${i} `));
  const bins = {
    this: new URL('../dist/bin/baton.cjs', import.meta.url).pathname,
    baseline: join(resolve(BASELINE), 'dist/bin/baton.cjs'),
  };
  const t = { one: { this: [], baseline: [] }, folder: { this: [], baseline: [] } };
  for (let r = 0; r < ROUNDS; r++) {
    for (const what of ['one', 'folder']) {
      for (const [name, bin] of Object.entries(bins)) {
        const t0 = performance.now();
        spawnSync(process.execPath, [
          bin,
          'validate',
          '--no-git',
          '-q',
          join(dir, what === 'one' ? 'one.md' : 'folder'),
        ]);
        t[what][name].push(performance.now() - t0);
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`\n\`baton validate --no-git\`, this build against ${BASELINE}:\n`);
  console.log('| input | this build | baseline | ratio |');
  console.log('|---|---:|---:|---:|');
  for (const what of ['one', 'folder']) {
    const a = median(t[what].this);
    const b = median(t[what].baseline);
    console.log(
      `| ${what === 'one' ? 'one handoff' : '1,000 handoffs'} | ${a.toFixed(1)} ms | ${b.toFixed(1)} ms | ${(a / b).toFixed(2)}× |`,
    );
  }
}
