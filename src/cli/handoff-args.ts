/** Arguments shared by the commands that work on one handoff file (`resume`, `archive`). */
import { UserError } from '../errors.js';
import { FORMAT_NAMES, isFormatName } from '../formats/names.js';
import type { FormatName } from '../formats/types.js';
import { resolveHandoffPath } from '../validate/paths.js';
import { badValue } from './args.js';
import type { CommandIO } from './io.js';

/** The `--format` of a command that reads handoffs: `auto` (the default) or a format the registry knows. */
export function formatFlag(command: string, value: string | undefined): FormatName | 'auto' {
  const format = value ?? 'auto';
  if (format !== 'auto' && !isFormatName(format))
    throw badValue(command, 'format', format, ['auto', ...FORMAT_NAMES]);
  return format;
}

/** The one handoff a command works on: its argument, else the default path (see resolveHandoffPath). */
export function oneHandoffPath(
  command: string,
  positionals: string[],
  format: FormatName | 'auto',
  io: CommandIO,
): string {
  if (positionals.length > 1) {
    throw new UserError('USAGE', `${command} takes one path (see \`baton ${command} --help\`)`);
  }
  return resolveHandoffPath(positionals[0], { format, cwd: io.cwd, env: io.env });
}
