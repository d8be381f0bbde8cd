// Seconds to return after a timeout when the command escaped its process group with `setsid`
// (issue 11 item 10): `resume --reverify --timeout 1` and `run --timeout 2`, each against a
// child that holds stdout open for 20 s. Run after a build: `node bench/escaped-timeout.mjs`.
// BATON_BIN_BEFORE=<path to another build's dist/bin/baton.cjs> measures that build beside this one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { BIN, median, report } from './_lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS_TIMEOUT ?? 3);
const HOLD = 20;
const { say } = report();

const DRAFT = (command) => `---
from: builder
task: TASK-03
status: in-progress
---
# Handoff: TASK-03

## Goal

Add sum.

## Summary

Written.

## Done

- [x] Wrote \`src/a.ts\` — verified by \`${command}\` → pass

## Remaining

### Docs

- Goal: docs
- Files in scope: README.md
- Verify by: \`true\`
`;

function timed(bin, args, cwd, input = '') {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { cwd, input, encoding: 'utf8', timeout: 120_000 });
  return { seconds: (performance.now() - t0) / 1000, status: r.status };
}

function reverifyCase(bin) {
  const repo = createTempRepo();
  try {
    repo.write('src/a.ts', 'export const a = 1;\n');
    repo.commit('a');
    timed(bin, ['write'], repo.dir, DRAFT(`setsid sh -c 'exec sleep ${HOLD}'`));
    repo.write('src/a.ts', 'export const a = 2;\n');
    const yes = spawnSync(process.execPath, [bin, 'resume', '--help'], { encoding: 'utf8' }).stdout.includes(
      '--yes',
    );
    return timed(bin, ['resume', '--reverify', '--timeout', '1', ...(yes ? ['--yes'] : [])], repo.dir)
      .seconds;
  } finally {
    repo.cleanup();
  }
}

function runCase(bin) {
  const repo = createTempRepo();
  const tools = mkdtempSync(join(tmpdir(), 'baton-bench-'));
  try {
    const plan = join(tools, 'plan.md');
    writeFileSync(plan, '# Plan: p\n\n## TASK-01: one\n- Files in scope: a.txt\n');
    return timed(
      bin,
      [
        'run',
        '--plan',
        plan,
        '--builder',
        `setsid sleep ${HOLD}`,
        '--timeout',
        '2',
        '--max-attempts',
        '1',
        '--no-store',
      ],
      repo.dir,
    ).seconds;
  } finally {
    repo.cleanup();
    rmSync(tools, { recursive: true, force: true });
  }
}

const builds = [['this build', BIN]];
if (process.env.BATON_BIN_BEFORE) builds.unshift(['before', process.env.BATON_BIN_BEFORE]);
say(
  `### Return after a timeout with an escaped (setsid) child holding stdout ${HOLD} s, median of ${ROUNDS}`,
);
say('');
say('| build | `resume --reverify --timeout 1` | `run --timeout 2` |');
say('|---|---:|---:|');
const rows = builds.map(([name]) => ({ name, reverify: [], run: [] }));
for (let r = 0; r < ROUNDS; r++) {
  for (const [i, [, bin]] of builds.entries()) {
    rows[i].reverify.push(reverifyCase(bin));
    rows[i].run.push(runCase(bin));
  }
}
for (const row of rows)
  say(`| ${row.name} | ${median(row.reverify).toFixed(2)} s | ${median(row.run).toFixed(2)} s |`);
