// Benchmarks of the foundation (issue 2). Run after a build: `npm run bench`.
// Every figure is measured side by side in one run, on this machine, and reported as medians;
// start-up figures are ratios to `node -e 0` measured in the same interleaved rounds.
// Set CONTEXT_KIT_VALIDATOR=/path/to/validate-handoff.py to time context-kit's own validator too,
// and BASELINE_BIN=/path/to/old/dist/bin/baton.cjs to validate in process with an older build's
// validateText in the same interleaved rounds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderBaton } from '../dist/formats/baton/render.js';
import { captureProvenance } from '../dist/provenance/capture.js';
import { gitProcessCount } from '../dist/provenance/git.js';
import { createTempRepo } from '../dist/testing/git-repo.js';
import { validateText } from '../dist/validate/validate.js';
import { writeHandoff } from '../dist/write/write.js';
import { BIN, handoffBase, median, ms, ROUNDS, report, timeCommands } from './_lib.mjs';

const { lines: out, say } = report();

/** The Python interpreter `python3` names (`CONTEXT_KIT_PYTHON` to name another), resolved past shims. */
function pythonInterpreter() {
  const named = process.env.CONTEXT_KIT_PYTHON ?? 'python3';
  const r = spawnSync(named, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : named;
}

function handoffOf(i, size) {
  const done = [];
  const filler = 'parser, renderer and their tests under src/formats, with a note on escapes';
  let text;
  do {
    done.push({
      text: `Step ${done.length + 1} of task ${i}: ${filler}`,
      command: 'npm test',
      result: 'pass',
    });
    text = renderBaton(handoffBase(i, done));
  } while (Buffer.byteLength(text) < size && done.length < 24);
  const notes = 'n'.repeat(Math.max(0, size - Buffer.byteLength(text) - 20));
  return renderBaton({ ...handoffBase(i, done), notes: notes ? `Notes ${notes}` : undefined });
}

function provenanceLines(p) {
  return ['repository', 'worktree', 'branch', 'head', 'base_ref', 'base_commit', 'worktree_state']
    .map((k) => `${k}: ${p[k]}\n`)
    .join('');
}

const work = mkdtempSync(join(tmpdir(), 'baton-bench-'));
const repo = createTempRepo({ origin: 'https://example.invalid/acme/bench.git' });
try {
  say(
    `# baton benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${ROUNDS} rounds, medians`,
  );

  // 1 and 2: start-up of validate, as ratios to `node -e 0`.
  repo.write('src/a.js', 'export const a = 1;\n');
  repo.commit('a');
  repo.git('switch', '-q', '-c', 'feature/x');
  repo.commit('x');
  const draft = renderBaton(handoffBase(1, [{ text: 'did it', command: 'npm test', result: 'pass' }]));
  const ck = await writeHandoff({
    path: join(repo.dir, '.context-kit/handoff.md'),
    draft,
    format: 'context-kit',
  });
  if (!ck.ok) throw new Error('bench draft refused');
  const p = ck.handoff.provenance;
  const flags = [
    `--current-repository=${p.repository}`,
    `--current-branch=${p.branch}`,
    `--current-base-ref=${p.base_ref}`,
    `--current-head=${p.head}`,
    `--current-base-commit=${p.base_commit}`,
    `--current-worktree-state=${p.worktree_state}`,
  ];
  const ckPath = join(repo.dir, '.context-kit/handoff.md');
  const commands = [
    { name: 'node -e 0', cmd: [process.execPath, '-e', '0'], expect: 0 },
    {
      name: 'baton validate --format context-kit --no-git <file> + 6 --current-* flags',
      cmd: [process.execPath, BIN, 'validate', '--format', 'context-kit', '--no-git', ckPath, ...flags],
      expect: 0,
    },
    {
      name: 'baton validate --format context-kit <file> (git read live)',
      cmd: [process.execPath, BIN, 'validate', '--format', 'context-kit', ckPath],
      cwd: repo.dir,
      expect: 0,
    },
  ];
  const canonical = await writeHandoff({ path: join(repo.dir, '.baton/handoff.md'), draft });
  if (!canonical.ok) throw new Error('bench draft refused');
  commands.push({
    name: 'baton validate (canonical .baton/handoff.md, git read live)',
    cmd: [process.execPath, BIN, 'validate'],
    cwd: repo.dir,
    expect: 0,
  });
  if (process.env.CONTEXT_KIT_VALIDATOR) {
    // The interpreter itself, not `python3` on PATH: a version manager's shim there (pyenv's is a
    // shell script) adds about 90 ms to every call, which is not context-kit's time.
    const python = pythonInterpreter();
    commands.push({
      name: `context-kit's validate-handoff.py + 6 flags (${python})`,
      cmd: [python, process.env.CONTEXT_KIT_VALIDATOR, ckPath, ...flags],
      expect: 0,
    });
  }
  const t = timeCommands(commands, ROUNDS);
  say('');
  say('## Start-up (wall time, ratio to `node -e 0`)');
  say('');
  say('| command | median | ratio |');
  say('|---|---:|---:|');
  for (const [i, c] of commands.entries()) say(`| ${c.name} | ${ms(t[i])} | ${(t[i] / t[0]).toFixed(2)}× |`);

  // 3: in-process validation of 8 KiB canonical handoffs, one core.
  const texts = Array.from({ length: 200 }, (_, i) => handoffOf(i, 8 * 1024));
  for (const text of texts.slice(0, 3)) {
    const r = await validateText(text, { git: false });
    if (r.verdict !== 'VALID')
      throw new Error(`bench handoff is ${r.verdict}: ${JSON.stringify(r.findings)}`);
  }
  const validators = [['this build', validateText]];
  if (process.env.BASELINE_BIN) {
    const url = new URL('../validate/validate.js', `file://${process.env.BASELINE_BIN}`);
    validators.push([`baseline (${process.env.BASELINE_BIN})`, (await import(url.href)).validateText]);
  }
  const rates = validators.map(() => []);
  for (let run = 0; run < 7; run++) {
    // Interleaved, in turn first, so that a slower moment of a shared machine falls on both.
    const order = run % 2 ? [...validators.keys()].reverse() : [...validators.keys()];
    for (const v of order) {
      const validate = validators[v][1];
      const t0 = performance.now();
      let n = 0;
      while (performance.now() - t0 < 1000) {
        await validate(texts[n % texts.length], { git: false });
        n++;
      }
      rates[v].push(n / ((performance.now() - t0) / 1000));
    }
  }
  say('');
  say('## In-process validation');
  say('');
  for (const [v, [name]] of validators.entries()) {
    say(
      `- ${name}: 8 KiB canonical handoffs (${Buffer.byteLength(texts[0])} bytes each), \`validateText(text, { git: false })\`: ${Math.round(median(rates[v]))} per second (median of 7 one-second runs, one core)`,
    );
  }

  // 4: one process validating a folder of 1,000 handoffs that carry this repository's provenance
  // (under .baton/, which never makes the tree dirty, so each one is VALID and fresh).
  const folder = join(repo.dir, '.baton', 'many');
  mkdirSync(folder, { recursive: true });
  const anchor = provenanceLines(canonical.handoff.provenance);
  for (let i = 0; i < 1000; i++) {
    const text = texts[i % texts.length].replace(
      '\nstatus: in-progress\n',
      `\nstatus: in-progress\n${anchor}`,
    );
    writeFileSync(join(folder, `h${String(i).padStart(4, '0')}.md`), text);
  }
  const folderTimes = timeCommands(
    [
      {
        name: 'folder, --no-git',
        cmd: [process.execPath, BIN, 'validate', '--no-git', '-q', folder],
        expect: 0,
      },
      {
        name: 'folder, git',
        cmd: [process.execPath, BIN, 'validate', '-q', folder],
        cwd: repo.dir,
        expect: 0,
      },
    ],
    Math.max(5, Math.floor(ROUNDS / 5)),
  );
  say(
    `- \`baton validate --no-git <folder of 1,000 handoffs>\`: ${ms(folderTimes[0])} wall (${(folderTimes[0] / 1000).toFixed(2)} ms per handoff)`,
  );
  say(
    `- \`baton validate <folder of 1,000 handoffs>\` (each compared with git, read once for the folder): ${ms(folderTimes[1])} wall`,
  );

  // 5: provenance capture, git processes and milliseconds.
  const noOrigin = createTempRepo();
  noOrigin.git('switch', '-q', '-c', 'feature/y');
  noOrigin.commit('y');
  say('');
  say('## Provenance capture');
  say('');
  say('| repository | git processes | median |');
  say('|---|---:|---:|');
  for (const [name, dir] of [
    ['origin, feature branch (status + merge-base)', repo.dir],
    ['no origin, feature branch (status + merge-base + root commit)', noOrigin.dir],
  ]) {
    const times = [];
    let processes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const before = gitProcessCount();
      const t0 = performance.now();
      captureProvenance(dir);
      times.push(performance.now() - t0);
      processes = gitProcessCount() - before;
    }
    say(`| ${name} | ${processes} | ${ms(median(times))} |`);
  }
  noOrigin.cleanup();
} finally {
  repo.cleanup();
  rmSync(work, { recursive: true, force: true });
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${out.join('\n')}\n`);
