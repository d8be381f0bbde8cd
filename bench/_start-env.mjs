// What a start-up variable does to the start-up figures: `node -e 0`, `baton validate --no-git`
// and `baton validate` (git read live), each with and without `NODE_EXTRA_CA_CERTS` (the file
// given as the first argument, default Debian's bundle), interleaved, medians of each, and the
// ratios to `node -e 0` under each. Not part of `npm run bench` (it is about the machine):
//   node bench/_start-env.mjs [/etc/ssl/certs/ca-certificates.crt]
// AB_ROUNDS (30) changes the rounds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BIN, handoffSender, median, START_ENV } from './_lib.mjs';

const CERTS = process.argv[2] ?? '/etc/ssl/certs/ca-certificates.crt';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 30);
const base = mkdtempSync(join(tmpdir(), 'baton-bench-env-'));
const { sender: repo } = handoffSender(base, join(BIN, '..', '..'));
const envs = { without: START_ENV, with: { ...START_ENV, NODE_EXTRA_CA_CERTS: CERTS } };
const commands = [
  ['`node -e 0`', ['-e', '0']],
  ['`validate --no-git`', [BIN, 'validate', '--no-git', join(repo, '.baton/handoff.md')]],
  ['`validate` (git read live)', [BIN, 'validate']],
];
const times = {};
for (let r = 0; r < ROUNDS + 3; r++) {
  for (const [env, vars] of Object.entries(envs)) {
    for (const [name, args] of commands) {
      const t0 = performance.now();
      const res = spawnSync(process.execPath, args, {
        cwd: repo,
        env: vars,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const dt = performance.now() - t0;
      if (res.status !== 0) throw new Error(`${name} exited ${res.status}: ${res.stderr}`);
      const key = `${env} ${name}`;
      if (r < 3) continue;
      times[key] = [...(times[key] ?? []), dt];
    }
  }
}
rmSync(base, { recursive: true, force: true });

console.log(`| command | without the variable | × \`node -e 0\` | with it | × \`node -e 0\` |`);
console.log('|---|---:|---:|---:|---:|');
const floor = (env) => median(times[`${env} ${commands[0][0]}`]);
for (const [name] of commands) {
  const cells = Object.keys(envs).map((env) => {
    const m = median(times[`${env} ${name}`]);
    return `${m.toFixed(1)} ms | ${(m / floor(env)).toFixed(2)}×`;
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
