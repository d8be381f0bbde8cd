// `baton --help` start-up (issue 13): it lists every command from the command table without
// loading a command module. Beside `node -e 0`, and beside an older build when
// BATON_BIN_BEFORE=/path/to/old/dist/bin/baton.cjs is set; interleaved rounds, medians.
//   node bench/cli-help.mjs
import { BIN, ms, ROUNDS, report, timeCommands } from './_lib.mjs';

const { say } = report();
const commands = [
  { name: 'node -e 0', cmd: [process.execPath, '-e', '0'], expect: 0 },
  { name: 'baton --help', cmd: [process.execPath, BIN, '--help'], expect: 0 },
];
if (process.env.BATON_BIN_BEFORE) {
  commands.push({
    name: 'baton --help (before)',
    cmd: [process.execPath, process.env.BATON_BIN_BEFORE, '--help'],
    expect: 0,
  });
}
const times = timeCommands(commands, ROUNDS);
say(`| command | median | × node -e 0 |`);
say('|---|---:|---:|');
for (const [i, c] of commands.entries())
  say(`| \`${c.name}\` | ${ms(times[i])} | ${(times[i] / times[0]).toFixed(2)}× |`);
