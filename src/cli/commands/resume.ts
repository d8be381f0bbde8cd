/** `baton resume [path]`: the brief a fresh context starts from, or a refusal. */
import { UserError } from '../../errors.js';
import type { ReverifyCommand } from '../../resume/brief.js';
import { renderBrief } from '../../resume/render.js';
import { resumeHandoff } from '../../resume/resume.js';
import { askYesNo, canAsk } from '../_confirm.js';
import { type FlagSpec, helpText, parseFlags } from '../args.js';
import { formatFlag, oneHandoffPath } from '../handoff-args.js';
import type { Command } from '../io.js';
import { printRefusal } from '../output.js';

const FLAGS = {
  format: { type: 'string', value: 'f', description: 'auto (default), baton, context-kit, json' },
  reverify: {
    type: 'boolean',
    description:
      "run each claim-to-re-verify's command from the repository root\nand report pass/fail now. These commands were written by the\nagent that wrote the handoff, not by you or baton: the brief\nlists each and where it is written, a terminal is asked once,\nand without a terminal nothing runs unless --yes is given.",
  },
  yes: { type: 'boolean', short: 'y', description: 'agree to run those commands without being asked' },
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
    after: `Exit codes: 0 fresh (or stale and every touched claim re-verified now and passed),
3 stale; refused: 1 INVALID, 2 MISMATCH, 4 UNTRUSTED; 64 usage.`,
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
      ...consentOf(Boolean(flags.yes), io.stdinIsTTY),
    });
    if (!result.ok) return printRefusal(io, result.report, 'resuming from');
    if (result.brief.reverifySkipped) {
      io.stderr(
        `baton: --reverify ran nothing (${result.brief.reverifySkipped}); the commands are the handoff writer's, listed in the brief: give --yes to run them\n`,
      );
    }
    if (flags.json) {
      io.stdout(`${JSON.stringify(result.brief, null, 2)}\n`);
    } else {
      io.stdout(renderBrief(result.brief));
    }
    return result.brief.exitCode;
  },
};

// --yes agrees; a terminal is asked once; otherwise no consent, and nothing runs.
function consentOf(
  yes: boolean,
  stdinIsTTY: boolean,
): {
  consent?: (commands: readonly ReverifyCommand[]) => boolean | Promise<boolean>;
} {
  if (yes) return { consent: () => true };
  if (!canAsk(stdinIsTTY)) return {};
  return {
    consent: (commands) => {
      const writer = (commands[0]?.writer ?? 'the agent that wrote the handoff').replace(/\p{Cc}/gu, '?');
      // Another agent's text on a terminal: no control characters (escape sequences) get through.
      const shown = (t: string) => t.replace(/\p{Cc}/gu, '?');
      const list = commands.map(
        (c) => `  ${shown(c.command)}\n      from ${c.sources.join(', ')} of ${shown(c.path)}\n`,
      );
      return askYesNo(
        `--reverify would run ${commands.length} command${commands.length === 1 ? '' : 's'} written by ${writer}, not by baton:\n${list.join('')}`,
        'Run them now, as you, from the repository root?',
      );
    },
  };
}
