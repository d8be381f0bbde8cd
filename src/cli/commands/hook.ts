/** `baton hook <event>`: what the Claude Code and Codex hooks run; always exits 0. */
import { UserError } from '../../errors.js';
import { HOOK_EVENTS, type HookEvent, runHook } from '../../hosts/hooks.js';
import { badValue, type FlagSpec, helpText, parseFlags } from '../args.js';
import type { Command } from '../io.js';

const FLAGS = {
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'say nothing when all went well (problems are still one line on stderr)',
  },
} as const satisfies Record<string, FlagSpec>;

/** The hook command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton hook <event> [options] < hook-input.json

What the hooks of the baton plugin, \`baton init --claude-code\` and \`baton init
--codex\` run. Reads the JSON the host sends on stdin.

Events:
  pre-compact     compile transcript_path and write .baton/handoff.md through the safe
                  write (the previous handoff goes to .baton/history/)
  session-start   with source compact, resume or clear: print the resume brief as
                  additionalContext (first line: the handoff's path and id); STALE adds
                  what moved; MISMATCH, INVALID or UNTRUSTED get one line saying why
                  there is no brief; nothing when there is no handoff
  subagent-stop   compile agent_transcript_path into .baton/subagents/<agent>.md and
                  archive it in the store`,
    flags: FLAGS,
    after: 'A hook never breaks the session: problems are one line on stderr, and the exit code is 0.',
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('hook', args, FLAGS);
    const event = positionals[0];
    if (positionals.length !== 1 || event === undefined) {
      throw new UserError('USAGE', 'hook takes one event (see `baton hook --help`)');
    }
    if (!(HOOK_EVENTS as readonly string[]).includes(event))
      throw badValue('hook', 'event', event, HOOK_EVENTS);
    const input = io.stdinIsTTY ? '' : (await io.readStdin(16 * 1024 * 1024)).toString('utf8');
    const result = await runHook(event as HookEvent, input, { cwd: io.cwd, env: io.env });
    if (result.stdout) io.stdout(result.stdout);
    // Success lines start with "baton: "; problems with "baton hook <event>: ".
    const quiet = flags.quiet && result.stderr?.startsWith('baton: ');
    if (result.stderr && !quiet) io.stderr(`${result.stderr}\n`);
    return 0;
  },
};
