// Concurrent writers (issue 11 item 5): W `baton write` processes at once, R rounds each, into
// one repository's .baton/handoff.md. A write is lost when it exited 0 but its id is neither the
// current handoff nor in .baton/history/. After a build:
//   node bench/concurrent-writes.mjs            (2 writers × 40 rounds, 16 writers × 10 rounds)
//   BENCH_WRITERS=16 BENCH_WRITE_ROUNDS=10 node bench/concurrent-writes.mjs   (one shape)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { BIN, report } from './_lib.mjs';

const { say } = report();

const draft = (task) => `---
from: bench
task: ${task}
status: complete
---
# Handoff: ${task}

## Goal

Measure concurrent writers.

## Summary

Writer ${task} was here.
`;

function writeOnce(cwd, task) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'write', '--json'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.resume();
    child.stdin.end(draft(task));
    child.on('close', (status) => {
      let id;
      try {
        id = JSON.parse(out).handoff?.id;
      } catch {}
      resolve({ status, id });
    });
  });
}

function idsKept(dir) {
  const ids = new Set();
  const idOf = (text) => /^id: (\S+)$/m.exec(text)?.[1];
  const current = idOf(readFileSync(join(dir, '.baton/handoff.md'), 'utf8'));
  if (current) ids.add(current);
  let history = [];
  try {
    history = readdirSync(join(dir, '.baton/history'));
  } catch {}
  for (const name of history) {
    const id = idOf(readFileSync(join(dir, '.baton/history', name), 'utf8'));
    if (id) ids.add(id);
  }
  return ids;
}

async function measure(writers, rounds) {
  const repo = createTempRepo();
  try {
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const mine = [];
        for (let r = 0; r < rounds; r++) mine.push(await writeOnce(repo.dir, `T-${w}-${r}`));
        return mine;
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const ok = results.flat().filter((r) => r.status === 0 && r.id);
    const kept = idsKept(repo.dir);
    const lost = ok.filter((r) => !kept.has(r.id)).length;
    const failed = writers * rounds - ok.length;
    say(
      `| ${writers} × ${rounds} | ${ok.length} | ${failed} | **${lost} of ${ok.length}** | ${seconds.toFixed(1)} s |`,
    );
  } finally {
    repo.cleanup();
  }
}

const shapes = process.env.BENCH_WRITERS
  ? [[Number(process.env.BENCH_WRITERS), Number(process.env.BENCH_WRITE_ROUNDS ?? 10)]]
  : [
      [2, 40],
      [16, 10],
    ];
say('| writers × rounds | exited 0 | failed | lost | wall time |');
say('|---|---|---|---|---|');
for (const [w, r] of shapes) await measure(w, r);
