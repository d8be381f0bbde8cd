// `compileTranscript` on real session logs beside the floor under it: reading the same log line by
// line and parsing each line, in the same process, in interleaved rounds (medians); and `baton
// compile` as a process beside `node -e 0`. By default the corpus's largest Claude Code session
// and its Codex rollout (../shared/corpus beside the main checkout, or the files given), else a
// synthetic 3 MB session. BATON_BEFORE=<another build's dist/> times that build in the same rounds.
// Run after a build: `node bench/compile.mjs [logs…]` (BENCH_ROUNDS, default 10).
import { spawnSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { corpusRoot } from '../scripts/_eval-read.mjs';
import { syntheticSession } from '../scripts/synthetic-transcript.mjs';
import { median, ms, report } from './_lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const { say } = report();
const dist = new URL('../dist/', import.meta.url).pathname;
const builds = [{ name: 'this build', dist }];
if (process.env.BATON_BEFORE) builds.push({ name: 'before', dist: process.env.BATON_BEFORE });
for (const b of builds) b.compile = (await import(join(b.dist, 'transcripts/index.js'))).compileTranscript;

const tmp = mkdtempSync(join(tmpdir(), 'baton-bench-compile-'));
const logs = process.argv.slice(2).length ? process.argv.slice(2) : defaultLogs();

/** The bare floor: every line read and parsed, nothing kept. */
async function readOnly(path) {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') JSON.parse(line);
}

say(`compileTranscript and baton compile, ${ROUNDS} interleaved rounds each (medians):`);
say('');
say(
  '| log | read + parse every line | ' +
    builds.map((b) => `compile (${b.name})`).join(' | ') +
    ' | `node -e 0` | ' +
    builds.map((b) => `\`baton compile\` (${b.name})`).join(' | ') +
    ' |',
);
say(`|---|---:|${builds.map(() => '---:|').join('')}---:|${builds.map(() => '---:|').join('')}`);
for (const log of logs) {
  const inner = [{ run: () => readOnly(log) }, ...builds.map((b) => ({ run: () => b.compile(log) }))];
  const outer = [
    [process.execPath, '-e', '0'],
    ...builds.map((b) => [process.execPath, join(b.dist, 'bin/baton.cjs'), 'compile', log]),
  ];
  const t = { inner: inner.map(() => []), outer: outer.map(() => []) };
  for (let r = 0; r < ROUNDS + 2; r++) {
    for (const [i, c] of inner.entries()) {
      const t0 = performance.now();
      await c.run();
      if (r >= 2) t.inner[i].push(performance.now() - t0);
    }
    for (const [i, cmd] of outer.entries()) {
      const t0 = performance.now();
      const res = spawnSync(cmd[0], cmd.slice(1), {
        stdio: ['ignore', 'ignore', 'pipe'],
        maxBuffer: 64 << 20,
      });
      if (res.status !== 0) throw new Error(`${cmd.join(' ')} exited ${res.status}: ${res.stderr}`);
      if (r >= 2) t.outer[i].push(performance.now() - t0);
    }
  }
  const floor = median(t.inner[0]);
  const node = median(t.outer[0]);
  const cells = [
    ms(floor),
    ...t.inner.slice(1).map((x) => `${ms(median(x))} (${(median(x) / floor).toFixed(1)}×)`),
    ms(node),
    ...t.outer.slice(1).map((x) => `${ms(median(x))} (${(median(x) / node).toFixed(1)}×)`),
  ];
  say(
    `| ${log.split('/').pop()} (${(statSync(log).size / 1024 / 1024).toFixed(1)} MB) | ${cells.join(' | ')} |`,
  );
}
rmSync(tmp, { recursive: true, force: true });

function defaultLogs() {
  const dir = join(corpusRoot(), 'transcripts');
  if (existsSync(dir)) {
    const files = readdirSync(dir).map((n) => join(dir, n));
    const largest = (prefix) =>
      files
        .filter((f) => f.split('/').pop().startsWith(prefix))
        .sort((a, b) => statSync(b).size - statSync(a).size)[0];
    const found = [largest('claude-code__'), largest('codex__')].filter(Boolean);
    if (found.length) return found;
  }
  const path = join(tmp, 'session.jsonl');
  writeFileSync(path, `${syntheticSession({ bytes: 3 * 1024 * 1024, files: 40 }).join('\n')}\n`);
  return [path];
}
