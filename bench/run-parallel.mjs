// A plan across work trees and builders (issue 25). Run after a build: `node bench/run-parallel.mjs`.
// 1. Wall time of a plan of independent tasks at --parallel 1, 2, 4, 8, beside the longest task
//    alone (the floor a plan of independent tasks cannot beat), each task a shell builder that
//    works for BENCH_TASK_SECONDS (default 2) and is verified by the issue's "nothing else
//    uncommitted under src/" check; and the issue's case, four tasks, one at a time and at once.
// 2. The same plan with a pool of two `baton serve a2a --agent` builders (max_tasks 4 each).
// 3. What a task's own work tree costs: made and removed by baton (run/task-tree.ts) beside
//    `git worktree add` and `git worktree remove` alone, and its commit made there and landed beside a plain
//    commit in the work tree, on a repository of BENCH_FILES files (default 100).
// Medians of BENCH_RUN_ROUNDS runs (default 3) and BENCH_ROUNDS tree rounds (default 30).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { commitPaths } from '../dist/provenance/commit.js';
import { landCommit } from '../dist/provenance/land.js';
import { runPaths } from '../dist/run/records.js';
import { closeTaskTree, commitInTree, openTaskTree } from '../dist/run/task-tree.js';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { BIN, median, ms, ROUNDS, report } from './_lib.mjs';

const { lines: out, say } = report();
const RUN_ROUNDS = Number(process.env.BENCH_RUN_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_TASK_SECONDS ?? 2);
const FILES = Number(process.env.BENCH_FILES ?? 100);
const work = mkdtempSync(join(tmpdir(), 'baton-bench-par-'));
const ORIGIN = 'https://example.invalid/acme/bench-par.git';

function plan(n) {
  const tasks = Array.from({ length: n }, (_, i) => {
    const id = `TASK-${String(i + 1).padStart(2, '0')}`;
    return `## ${id}: Part ${i + 1}\n- Files in scope: src/${id}.txt\n- Verify by: \`[ -z "$(git status --porcelain --untracked-files=all src | grep -v ${id})" ]\`\n`;
  });
  return `# Plan: ${n} independent parts\n\n${tasks.join('\n')}`;
}

const BUILDER = `#!/bin/sh
set -e
sleep ${SECONDS}
f="src/$BATON_TASK.txt"
echo "$BATON_TASK" > "$f"
printf -- '- Status: COMPLETED\\n- Files changed:\\n  - \`%s\` — CREATE\\n' "$f" > "$BATON_RUN_DIR/\${BATON_TASK}_progress.md"
echo '<task-result status="PASS"><context-handoff from="builder" detail-level="FULL"><what>done</what></context-handoff></task-result>'
`;

function repoWithFiles() {
  const repo = createTempRepo({ origin: ORIGIN });
  for (let i = 0; i < FILES; i++) repo.write(`lib/f${i}.js`, `export const f${i} = ${i};\n`);
  repo.write('src/.keep', '');
  repo.commit('project');
  return repo;
}

// One run of `plan` in `repo`, from its first commit again; the wall time in ms.
function timedRun(repo, base, planPath, args) {
  repo.git('reset', '-q', '--hard', base);
  rmSync(join(repo.dir, '.baton'), { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'run', '--plan', planPath, '--no-store', ...args], {
    cwd: repo.dir,
    encoding: 'utf8',
  });
  const dt = performance.now() - t0;
  if (r.status !== 0)
    throw new Error(`baton run ${args.join(' ')} exited ${r.status}: ${r.stdout}${r.stderr}`);
  return dt;
}

function row(label, wall, floor, one) {
  return `| ${label} | ${(wall / 1000).toFixed(2)} s | ${(wall / floor).toFixed(2)}× | ${one ? `${(one / wall).toFixed(2)}×` : '—'} |`;
}

function planSection(title, repo, base, builderArgs) {
  const plans = {};
  for (const n of [1, 4, 8]) {
    plans[n] = join(work, `plan-${n}.md`);
    writeFileSync(plans[n], plan(n));
  }
  const timed = (n, parallel) =>
    median(
      Array.from({ length: RUN_ROUNDS }, () =>
        timedRun(repo, base, plans[n], [...builderArgs, '--parallel', String(parallel)]),
      ),
    );
  const floor = timed(1, 1);
  say(`\n### ${title}\n`);
  say(
    `The longest task alone (a plan of one): ${(floor / 1000).toFixed(2)} s; each task's builder works ${SECONDS} s.\n`,
  );
  say('| plan | wall | ÷ longest task | speed-up over one at a time |');
  say('|---|---:|---:|---:|');
  const one8 = timed(8, 1);
  say(row('8 tasks, --parallel 1', one8, floor));
  for (const n of [2, 4, 8]) say(row(`8 tasks, --parallel ${n}`, timed(8, n), floor, one8));
  const one4 = timed(4, 1);
  say(row('4 tasks, --parallel 1', one4, floor));
  say(row('4 tasks, --parallel 4', timed(4, 4), floor, one4));
}

async function startBuilder(repo, tools) {
  const dir = join(mkdtempSync(join(work, 'member-')), 'member');
  spawnSync('git', ['clone', '-q', '--shared', repo.dir, dir]);
  spawnSync('git', ['-C', dir, 'remote', 'set-url', 'origin', ORIGIN]);
  const child = spawn(
    process.execPath,
    [BIN, 'serve', 'a2a', '--port', '0', '--agent', `sh '${tools}/builder.sh'`],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BATON_STORE: `sqlite:${join(dir, '..', 'store.db')}` },
    },
  );
  const url = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (c) => {
      text += c;
      const m = /listening on (http:\/\/\S+\/)/.exec(text);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`baton serve a2a exited ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function treeSection(repo) {
  const scratch = mkdtempSync(join(work, 'trees-'));
  const head = repo.head();
  const bare = { add: [], remove: [] };
  const own = { add: [], remove: [] };
  const land = [];
  const plain = [];
  for (let r = 0; r < ROUNDS + 3; r++) {
    const dir = join(scratch, `bare-${r}`);
    let t0 = performance.now();
    spawnSync('git', ['-C', repo.dir, 'worktree', 'add', '--detach', '--quiet', dir, head]);
    const added = performance.now() - t0;
    t0 = performance.now();
    spawnSync('git', ['-C', repo.dir, 'worktree', 'remove', '--force', dir]);
    const removed = performance.now() - t0;
    t0 = performance.now();
    const tree = await openTaskTree(repo.dir, join(scratch, `own-${r}`), head);
    const opened = performance.now() - t0;
    t0 = performance.now();
    await closeTaskTree(tree);
    const closed = performance.now() - t0;
    if (r >= 3) {
      bare.add.push(added);
      bare.remove.push(removed);
      own.add.push(opened);
      own.remove.push(closed);
    }
  }
  // Landing a task's commit from its tree beside committing the same file in the work tree.
  const paths = runPaths(repo.dir, '01JDBENCH0000000000000000R');
  mkdirSync(paths.dir, { recursive: true });
  for (let r = 0; r < ROUNDS + 3; r++) {
    const tree = await openTaskTree(repo.dir, join(scratch, `land-${r}`), repo.head());
    writeFileSync(join(tree.dir, 'src', `land-${r}.txt`), `${r}\n`);
    writeFileSync(paths.progress(`T${r}`), '- Status: COMPLETED\n');
    let t0 = performance.now();
    const made = commitInTree(tree, paths, [`src/land-${r}.txt`], [paths.progress(`T${r}`)], `T${r}\n`);
    const landed = landCommit(repo.dir, made, `T${r}\n`);
    const dt = performance.now() - t0;
    await closeTaskTree(tree);
    if (!landed.ok) throw new Error(landed.reason);
    writeFileSync(join(repo.dir, 'src', `plain-${r}.txt`), `${r}\n`);
    t0 = performance.now();
    commitPaths(repo.dir, [`src/plain-${r}.txt`], `plain ${r}\n`);
    const pt = performance.now() - t0;
    if (r >= 3) {
      land.push(dt);
      plain.push(pt);
    }
  }
  say(`\n### A task's own work tree, on a repository of ${FILES + 2} files (${ROUNDS} rounds, medians)\n`);
  say('| step | baton | bare git | ratio |');
  say('|---|---:|---:|---:|');
  const line = (name, a, b) =>
    say(`| ${name} | ${ms(median(a))} | ${ms(median(b))} | ${(median(a) / median(b)).toFixed(2)}× |`);
  line('make the tree (`openTaskTree` · `git worktree add --detach`)', own.add, bare.add);
  line('remove it (`closeTaskTree` · `git worktree remove --force`)', own.remove, bare.remove);
  line(
    'commit in the tree and land it (`commitInTree` + `landCommit` · `commitPaths` in the work tree)',
    land,
    plain,
  );
}

try {
  say(
    `# baton: a plan across work trees and builders — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the start`,
  );
  const repo = repoWithFiles();
  const base = repo.head();
  const tools = mkdtempSync(join(work, 'tools-'));
  writeFileSync(join(tools, 'builder.sh'), BUILDER);
  planSection(`Independent tasks, local builders (${RUN_ROUNDS} runs each, medians)`, repo, base, [
    '--builder',
    `sh '${tools}/builder.sh'`,
  ]);
  const members = [await startBuilder(repo, tools), await startBuilder(repo, tools)];
  try {
    const endpoints = join(tools, 'endpoints.yaml');
    writeFileSync(
      endpoints,
      `endpoints:\n  pool:\n    kind: pool\n    members: [one, two]\n${members
        .map((m, i) => `  ${['one', 'two'][i]}:\n    kind: a2a\n    url: ${m.url}\n    max_tasks: 4\n`)
        .join('')}`,
    );
    planSection(
      `Independent tasks, a pool of two \`baton serve a2a --agent\` builders, max_tasks 4 each (${RUN_ROUNDS} runs each, medians)`,
      repo,
      base,
      ['--builder', 'endpoint:pool', '--endpoints', endpoints],
    );
  } finally {
    for (const m of members) m.stop();
  }
  repo.git('reset', '-q', '--hard', base);
  await treeSection(repo);
  say(`\nLoad average at the end: ${loadavg()[0].toFixed(1)}.`);
  repo.cleanup();
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out.join('\n')}\n`);
