/**
 * `baton demo`: a temporary repository where a three-task plan runs through builder → verifier →
 * committer (one builder fails the gate once and is retried), then a handoff written there is
 * caught by validate and resume when someone else moves the repository on.
 */
import { createTempRepo } from '../../testing/git-repo.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import { continuityDemo } from '../demo/continuity.js';
import { pipelineDemo } from '../demo/pipeline.js';
import type { Command } from '../io.js';

const FLAGS = {
  keep: { type: 'boolean', description: 'keep the temporary repository and print its path' },
} as const satisfies Record<string, FlagSpec>;

/** The demo command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton demo [--keep]

In a temporary git repository with a tiny project: runs a three-task plan with a
scripted builder and the built-in verifier (one builder fails the gate once and is
retried), shows each dispatch's tokens beside what forwarding every earlier handoff
would cost; then writes a handoff, moves the repository on (a commit and an
uncommitted edit by "someone else"), and shows validate and resume catching exactly
what moved, and another branch being refused as not the same work.`,
    flags: FLAGS,
  }),
  async run(args, io) {
    const { flags } = parseFlags('demo', args, FLAGS);
    const repo = createTempRepo({ origin: 'https://example.invalid/acme/calc.git', prefix: 'calc demo' });
    const bold = (t: string) => (io.stdoutIsTTY ? `\x1b[1m${t}\x1b[0m` : t);
    let n = 1;
    const step = (text: string) => io.stdout(`\n${bold(`${n++}. ${text}`)}\n`);
    try {
      io.stdout(`baton demo, in ${repo.dir}\n`);
      const result = await pipelineDemo(io, repo, step);
      if (result.exitCode !== 0) return result.exitCode;
      await continuityDemo(io, repo, n);
      if (flags.keep) {
        io.stdout(`\nKept the repository at ${repo.dir}\n`);
        io.stdout(
          `See the run, its windows and tokens, and the handoff in the viewer:\n  ${viewerCommand(repo.dir)}\n`,
        );
      } else io.stdout('\nDone; the temporary repository was removed (--keep keeps it).\n');
      return 0;
    } finally {
      if (!flags.keep) repo.cleanup();
    }
  },
};

// The command that opens the viewer on the kept repository, with this very baton.
function viewerCommand(dir: string): string {
  const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
  const bin = process.argv[1];
  const baton = bin && /baton(\.c?js)?$/.test(bin) ? `${quote(process.execPath)} ${quote(bin)}` : 'baton';
  return `cd ${quote(dir)} && ${baton} serve web`;
}
