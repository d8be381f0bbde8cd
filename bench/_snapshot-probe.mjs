// Would a V8 start-up snapshot of our own make `baton validate` start faster? Node 20 can build
// one (`--build-snapshot`) and start from it (`--snapshot-blob`), but a snapshot of our own
// replaces node's built-in one. This times, interleaved, `node -e 0`, node started from a
// snapshot that holds nothing of ours (the least any such snapshot costs), and `baton validate
// --no-git`: if the empty snapshot alone starts slower than baton, no snapshot of baton can help.
// Not part of `npm run bench` (it decided a question):  node bench/_snapshot-probe.mjs
// AB_ROUNDS (20) changes the rounds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, handoffSender, START_ENV, START_ENV_NOTE, timeCommands } from './_lib.mjs';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 20);
const base = mkdtempSync(join(tmpdir(), 'baton-bench-snapshot-'));
try {
  const entry = join(base, 'entry.cjs');
  const blob = join(base, 'empty.blob');
  writeFileSync(entry, "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => {});\n");
  const built = spawnSync(process.execPath, ['--snapshot-blob', blob, '--build-snapshot', entry], {
    env: START_ENV,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the snapshot failed: ${built.stderr}`);
  const { sender: repo } = handoffSender(base, join(BIN, '..', '..'));
  const commands = [
    { name: '`node -e 0`', cmd: [process.execPath, '-e', '0'] },
    { name: 'node from an empty snapshot of our own', cmd: [process.execPath, '--snapshot-blob', blob] },
    {
      name: '`baton validate --no-git`',
      cmd: [process.execPath, BIN, 'validate', '--no-git', join(repo, '.baton/handoff.md')],
    },
  ].map((c) => ({ ...c, cwd: repo, expect: 0 }));
  const medians = timeCommands(commands, ROUNDS);
  console.log(`| command (median of ${ROUNDS} interleaved rounds) | wall | × \`node -e 0\` |`);
  console.log('|---|---:|---:|');
  for (const [i, c] of commands.entries())
    console.log(`| ${c.name} | ${medians[i].toFixed(1)} ms | ${(medians[i] / medians[0]).toFixed(2)}× |`);
  if (START_ENV_NOTE) console.log(`\n${START_ENV_NOTE}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
