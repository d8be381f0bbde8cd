/** `baton convert <in|-> --to <format>`: any handoff format to any other. */
import { resolve } from 'node:path';
import { UserError } from '../../errors.js';
import { FORMAT_NAMES, isFormatName } from '../../formats/names.js';
import type { FormatName } from '../../formats/types.js';
import { convertChecked } from '../../validate/converted.js';
import { READ_LIMIT } from '../../validate/read.js';
import { writeHandoffFile } from '../../write/replace.js';
import { badValue, type FlagSpec, helpText, parseFlags } from '../args.js';
import { readInputText } from '../input.js';
import type { Command } from '../io.js';

const FLAGS = {
  to: { type: 'string', value: 'format', description: 'the format to write (required)' },
  from: {
    type: 'string',
    value: 'format',
    description: "the input's format (default: recognised by content)",
  },
  output: { type: 'string', short: 'o', value: 'file', description: 'write here instead of stdout' },
  strict: { type: 'boolean', description: 'treat any warning as an error: exit 1 and write nothing' },
  json: {
    type: 'boolean',
    description: 'print {from, to, losses, findings, invalid, text} as JSON on stdout',
  },
} as const satisfies Record<string, FlagSpec>;

/** The convert command. */
export const command: Command = {
  help: helpText({
    usage: `Usage: baton convert <file|-> --to <format> [-o <out>] [options]

Reads a handoff in any format baton knows (recognised by content, or --from) and writes
it in another: to stdout, or atomically to --output. What the target format cannot hold
is listed on stderr as warnings; front matter and provenance travel in every format.

Formats: ${FORMAT_NAMES.join(', ')}`,
    flags: FLAGS,
    after: `A file that is not in the source format (a free-form handoff, which parses as an
empty one) is an error that names the format it looks like: free-form handoffs are
\`baton import\`'s job. When the output would be INVALID in the target format (Anchor
has no Goal or Summary, so anchor → baton lacks them), each reason is a warning.

Exit codes: 0 converted, 1 unreadable, empty or not-in-the-source-format input (or
warnings with --strict), 64 usage error.`,
  }),
  async run(args, io) {
    const { flags, positionals } = parseFlags('convert', args, FLAGS);
    if (!flags.to) throw new UserError('USAGE', 'convert needs --to <format> (see `baton convert --help`)');
    if (!isFormatName(flags.to)) throw badValue('convert', 'to', flags.to, FORMAT_NAMES);
    const from = flags.from ?? 'auto';
    if (from !== 'auto' && !isFormatName(from))
      throw badValue('convert', 'from', from, ['auto', ...FORMAT_NAMES]);
    if (positionals.length > 1)
      throw new UserError('USAGE', 'convert takes one input (see `baton convert --help`)');
    const input = await readInputText(positionals[0], io, 'handoff', READ_LIMIT);
    const result = await convertChecked(input.text, { from: from as FormatName | 'auto', to: flags.to });
    const warnings = [
      ...result.findings.map((f) => `${input.path}${f.line ? `:${f.line}` : ''}: ${f.message}`),
      ...result.losses.map((l) => `${l.field}: ${l.message}`),
      ...result.invalid.map(
        (f) => `the ${result.to} output is INVALID${f.line ? ` (line ${f.line})` : ''}: ${f.message}`,
      ),
    ];
    if (flags.strict && warnings.length > 0) {
      for (const w of warnings) io.stderr(`error: ${w}\n`);
      io.stderr(`baton: --strict: ${result.to} cannot hold all of this handoff; nothing was written\n`);
      return 1;
    }
    if (flags.output) await writeHandoffFile(resolve(io.cwd, flags.output), result.text);
    if (flags.json) {
      const { from: f, to, losses, findings, invalid, text } = result;
      const json = { from: f, to, losses, findings, invalid, ...(flags.output ? {} : { text }) };
      io.stdout(`${JSON.stringify(json, null, 2)}\n`);
    } else if (!flags.output) io.stdout(result.text);
    for (const w of warnings) io.stderr(`warning: ${w}\n`);
    if (flags.output && !flags.json)
      io.stderr(`converted ${result.from} → ${result.to}: ${resolve(io.cwd, flags.output)}\n`);
    return 0;
  },
};
