/** `baton provenance [path]`: the current git anchors, as a handoff would record them. */
import { PROVENANCE_KEYS } from '../../handoff/types.js';
import { captureProvenance } from '../../provenance/capture.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';

const FLAGS = {
  'base-ref': {
    type: 'string',
    value: 'ref',
    description:
      "measure the base against this ref instead of the default\n(git config baton.baseRef, else what the branch merges into:\norigin/HEAD's target, else the default branch; docs/provenance.md)",
  },
  json: { type: 'boolean', description: 'print an object with the values, uncommitted changes and notes' },
} as const satisfies Record<string, FlagSpec>;

/** The provenance command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton provenance [path] [options]

Prints the provenance a handoff written now would record, for the repository that
contains path (default: the working directory), one \`key: value\` per line.`,
    flags: FLAGS,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('provenance', args, FLAGS);
    const { resolve } = await import('node:path');
    const target = resolve(io.cwd, positionals[0] ?? '.');
    const capture = captureProvenance(target, flags['base-ref'] ? { baseRef: flags['base-ref'] } : {});
    if (flags.json) {
      const { current, changes, notes, shallow, linked, gitProcesses, root } = capture;
      io.stdout(
        `${JSON.stringify({ ...current, root, shallow, linked, changes, notes, gitProcesses }, null, 2)}\n`,
      );
      return 0;
    }
    for (const key of PROVENANCE_KEYS) io.stdout(`${key}: ${capture.current[key] ?? '(none)'}\n`);
    for (const note of capture.notes) io.stderr(`note: ${note}\n`);
    return 0;
  },
};
