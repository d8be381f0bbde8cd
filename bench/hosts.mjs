// Benchmarks of the host integration (issues 14, 21): `baton compile` of a 3 MB Claude Code
// session, the PreCompact hook end to end (compile + safe write + git provenance), the SessionStart
// hook (validate + brief; after a compaction whose summary is checked against the 3 MB log; at
// start-up, the one line about the handoff), each as the median of interleaved rounds beside
// `node -e 0`, and the peak memory of compile. Run after a build: `node bench/hosts.mjs`
// (BENCH_ROUNDS, default 10).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { syntheticSession } from '../scripts/synthetic-transcript.mjs';
import { BIN, median, ms, report } from './_lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const { say } = report();
const repo = createTempRepo();
const dir = mkdtempSync(join(tmpdir(), 'baton-bench-hosts-'));
const transcript = join(dir, 'session.jsonl');
const text = `${syntheticSession({ bytes: 3 * 1024 * 1024, files: 40, cwd: repo.dir }).join('\n')}\n`;
writeFileSync(transcript, text);
// The same log as Codex leaves it at SessionStart: the compaction's summary is its last record.
const compacted = join(dir, 'compacted.jsonl');
const summary = [
  'Summary:',
  '3. Files and Code Sections:',
  ...Array.from({ length: 12 }, (_, i) => `   - \`src/module-${i}/part-${i % 7}.ts\` — modified`),
  '   - `src/never-touched.ts` — created',
  '4. Current Work:',
  '   All tests pass; committed.',
].join('\n');
const tail = [
  {
    type: 'system',
    subtype: 'compact_boundary',
    content: 'Conversation compacted',
    uuid: 'bench-b',
    sessionId: 'bench',
  },
  {
    type: 'user',
    isCompactSummary: true,
    uuid: 'bench-s',
    sessionId: 'bench',
    message: { role: 'user', content: summary },
  },
];
writeFileSync(compacted, `${text}${tail.map((r) => JSON.stringify(r)).join('\n')}\n`);
const hookInput = (o) =>
  JSON.stringify({ session_id: 'bench', cwd: repo.dir, transcript_path: transcript, ...o });

const commands = [
  { name: 'node -e 0', cmd: [process.execPath, '-e', '0'] },
  { name: 'baton compile (3 MB session)', cmd: [process.execPath, BIN, 'compile', transcript] },
  {
    name: 'baton hook pre-compact (compile + write)',
    cmd: [process.execPath, BIN, 'hook', 'pre-compact'],
    input: hookInput({ hook_event_name: 'PreCompact', trigger: 'auto' }),
  },
  {
    name: 'baton hook session-start (brief)',
    cmd: [process.execPath, BIN, 'hook', 'session-start'],
    input: hookInput({ hook_event_name: 'SessionStart', source: 'compact' }),
  },
  {
    name: 'baton hook session-start (brief + the summary checked against the 3 MB log)',
    cmd: [process.execPath, BIN, 'hook', 'session-start'],
    input: hookInput({ hook_event_name: 'SessionStart', source: 'compact', transcript_path: compacted }),
  },
  {
    name: 'baton hook session-start (start-up: one line)',
    cmd: [process.execPath, BIN, 'hook', 'session-start'],
    input: hookInput({ hook_event_name: 'SessionStart', source: 'startup', session_id: 'other' }),
  },
];
const times = commands.map(() => []);
for (let r = 0; r < ROUNDS + 2; r++) {
  for (const [i, c] of commands.entries()) {
    const t0 = performance.now();
    const res = spawnSync(c.cmd[0], c.cmd.slice(1), {
      cwd: repo.dir,
      input: c.input ?? '',
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 64 << 20,
    });
    const dt = performance.now() - t0;
    if (res.status !== 0) throw new Error(`${c.name} exited ${res.status}: ${res.stderr}`);
    if (r >= 2) times[i].push(dt);
  }
}
const rssRuns = [];
const wrapper = `const {main}=await import(${JSON.stringify(new URL('../dist/cli/index.js', import.meta.url).pathname)});await main(['compile',process.argv[1]],{stdout(){},stderr:(s)=>process.stderr.write(s),readStdin:async()=>Buffer.alloc(0),stdinIsTTY:true,stdoutIsTTY:false,env:process.env,cwd:process.cwd()});process.stdout.write(String(process.resourceUsage().maxRSS));`;
for (let r = 0; r < 5; r++) {
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper, transcript], {
    cwd: repo.dir,
    encoding: 'utf8',
  });
  rssRuns.push(Number(res.stdout) / 1024);
}
const base = spawnSync(
  process.execPath,
  ['-e', 'process.stdout.write(String(process.resourceUsage().maxRSS))'],
  { encoding: 'utf8' },
);

say(
  `Host integration, ${ROUNDS} interleaved rounds each (medians), session of ${(text.length / 1024 / 1024).toFixed(2)} MB (${text.split('\n').length - 1} records):`,
);
say('');
say('| command | median | vs node -e 0 |');
say('|---|---:|---:|');
for (const [i, c] of commands.entries()) {
  say(`| ${c.name} | ${ms(median(times[i]))} | ${(median(times[i]) / median(times[0])).toFixed(1)}× |`);
}
say('');
say(
  `Peak RSS of baton compile (3 MB): median ${median(rssRuns).toFixed(0)} MB of 5 runs (node -e 0: ${(Number(base.stdout) / 1024).toFixed(0)} MB).`,
);
repo.cleanup();
rmSync(dir, { recursive: true, force: true });
