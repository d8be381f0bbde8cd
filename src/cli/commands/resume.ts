/** `baton resume [path]`: the brief a fresh context starts from, or a refusal. */
import { UserError } from '../../errors.js';
import { renderBrief } from '../../resume/render.js';
import { resumeHandoff } from '../../resume/resume.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import { formatFlag, oneHandoffPath } from '../handoff-args.js';
import type { Command } from '../io.js';
import { printRefusal } from '../output.js';

const FLAGS = {
  format: { type: 'string', value: 'f', description: 'auto (default), baton, context-kit, json' },
  reverify: {
    type: 'boolean',
    description: "run each claim-to-re-verify's command from the repository root\nand report pass/fail now",
  },
  timeout: { type: 'string', value: 'sec', description: 'per command with --reverify (default 120)' },
  json: { type: 'boolean', description: 'print the brief as JSON' },
} as const satisfies Record<string, FlagSpec>;

/** The resume command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton resume [path] [options]

Validates the handoff against the repository it is in. An INVALID, MISMATCH or
UNTRUSTED handoff is refused: the reasons go to stderr, nothing to stdout, and the
exit code is validate's. Otherwise prints a brief for a fresh context: the goal,
provenance then and now, DO NOT REDO, DO NOT REVERSE, remaining sub-specs, dead
ends, open concerns, preferences; and when stale, what moved (fields, commits,
files) and the claims to re-verify. It never changes the handoff.`,
    flags: FLAGS,
    after: `Exit codes: 0 fresh, 3 stale; refused: 1 INVALID, 2 MISMATCH, 4 UNTRUSTED; 64 usage.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('resume', args, FLAGS);
    const format = formatFlag('resume', flags.format);
    let timeoutMs = 120_000;
    if (flags.timeout !== undefined) {
      const s = Number(flags.timeout);
      if (!Number.isFinite(s) || s <= 0)
        throw new UserError('USAGE', '--timeout must be a number of seconds above 0');
      timeoutMs = s * 1000;
    }
    const path = oneHandoffPath('resume', positionals, format, io);
    const result = await resumeHandoff(path, {
      format,
      reverify: Boolean(flags.reverify),
      timeoutMs,
    });
    if (!result.ok) return printRefusal(io, result.report, 'resuming from');
    if (flags.json) {
      io.stdout(`${JSON.stringify(result.brief, null, 2)}\n`);
    } else {
      io.stdout(renderBrief(result.brief));
    }
    return result.brief.exitCode;
  },
};
