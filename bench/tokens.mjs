// Benchmarks of token counting and continuation windows (issue 5). Run after a build:
// `node bench/tokens.mjs [folder]` (default: ../shared/corpus/transcripts), or `npm run bench`.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { scriptedAgent } from '../dist/agents/scripted.js';
import { parsePlan } from '../dist/plan/load.js';
import { startRun } from '../dist/run/engine.js';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { estimateTokens, loadTokenCounter } from '../dist/tokens/count.js';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const out = [];
const say = (l = '') => {
  out.push(l);
  console.log(l);
};
const folder = process.argv[2] ?? new URL('../../shared/corpus/transcripts/', import.meta.url).pathname;
say(`# token benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}`);

// 1. Throughput and the chars/4 estimate's error, on real agent transcripts.
if (existsSync(folder)) {
  const files = readdirSync(folder).filter((f) => /\.(jsonl?|traj)$/.test(f));
  const texts = files.map((f) => [f, readFileSync(join(folder, f), 'utf8')]);
  const bytes = texts.reduce((n, [, t]) => n + Buffer.byteLength(t), 0);
  say('');
  say(`## Counting ${files.length} transcripts (${(bytes / 1024 / 1024).toFixed(2)} MB) from ${folder}`);
  say('');
  say('| tokenizer | tokens | median time | tokens/s | load (first use) |');
  say('|---|---:|---:|---:|---:|');
  const exact = {};
  for (const name of ['o200k_base', 'cl100k_base', 'chars/4']) {
    const l0 = performance.now();
    const counter = await loadTokenCounter(name);
    const load = performance.now() - l0;
    const times = [];
    let total = 0;
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      total = 0;
      for (const [f, t] of texts) {
        const n = counter.count(t);
        total += n;
        if (name !== 'chars/4') exact[`${name}:${f}`] = n;
      }
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    const rate = name === 'chars/4' ? 'a division' : Math.round(total / (ms / 1000)).toLocaleString('en-US');
    say(
      `| ${name} | ${total.toLocaleString('en-US')} | ${ms.toFixed(1)} ms | ${rate} | ${load.toFixed(0)} ms |`,
    );
  }
  say('');
  say('Error of the `chars/4` estimate against the exact count, per transcript:');
  say('');
  say('| transcript | o200k_base | chars/4 | error |');
  say('|---|---:|---:|---:|');
  const errors = [];
  for (const [f, t] of texts) {
    const e = exact[`o200k_base:${f}`];
    const est = estimateTokens(t);
    const err = (est - e) / e;
    errors.push(Math.abs(err));
    say(
      `| ${f} | ${e.toLocaleString('en-US')} | ${est.toLocaleString('en-US')} | ${err >= 0 ? '+' : ''}${(err * 100).toFixed(1)}% |`,
    );
  }
  say('');
  say(`Median absolute error of chars/4 against o200k_base: ${(median(errors) * 100).toFixed(1)}%.`);
} else {
  say(`(no transcripts at ${folder}: the counting figures are skipped)`);
}

// 2. Engine overhead per continuation window: one task handing off 999 times, then finishing.
{
  const repo = createTempRepo();
  try {
    repo.write('src/.keep', '');
    repo.commit('src');
    const text = '# Plan: windows\n\n## T1: long task\n- Files in scope: src/**\n';
    const { plan } = await parsePlan(text);
    const handoff = (n) =>
      `## Done\n- [x] step ${n % 5}\n\n## Remaining\n### step ${n + 1}\n- Files in scope: src/a.js\n- Verify by: \`true\`\n\n## Decisions made\n- keep going — because it is a benchmark\n\n## Files touched\n- modified \`src/a.js\`\n\n## Open concerns\n- None.\n`;
    const builder = scriptedAgent((call) => {
      if (call.window < 1000) return handoff(call.window);
      writeFileSync(join(call.cwd, 'src/a.js'), 'done\n');
      writeFileSync(
        join(call.runDir, 'T1_progress.md'),
        '- Status: COMPLETED\n- Files changed:\n  - `src/a.js` — CREATE\n',
      );
      return '<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>ok</what></context-handoff></task-result>';
    });
    const tokenizer = await loadTokenCounter('o200k_base');
    const t0 = performance.now();
    const r = await startRun({ root: repo.dir, plan, planText: text, builder, tokenizer, maxRespawns: 999 });
    const total = performance.now() - t0;
    if (r.exitCode !== 0) throw new Error(`continuation run ended ${r.status}`);
    say('');
    say('## Engine overhead per continuation window, an agent that answers instantly');
    say('');
    say(
      `- one task, 999 handoffs then a result: 1,000 windows in ${(total / 1000).toFixed(1)} s, **${(total / 1000).toFixed(2)} ms per window** (classify the handoff, guardrails, accumulate, assemble and count the continuation dispatch, fsync 3 events, write the dispatch and reply files)`,
    );
  } finally {
    repo.cleanup();
  }
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out.join('\n')}\n`);
