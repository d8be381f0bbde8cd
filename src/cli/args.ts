/** Flag parsing for commands, on `node:util` (no dependency, nothing to load at start-up). */
import { parseArgs } from 'node:util';
import { UserError } from '../errors.js';

/** One flag of a command. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
}

/** Parsed flags and positional arguments. */
export interface ParsedArgs<T extends Record<string, FlagSpec>> {
  flags: {
    [K in keyof T]?: T[K]['type'] extends 'boolean'
      ? boolean
      : T[K]['multiple'] extends true
        ? string[]
        : string;
  };
  positionals: string[];
}

/** Parses `args` against `spec`; a mistake is a USAGE error naming the command's help. */
export function parseFlags<T extends Record<string, FlagSpec>>(
  command: string,
  args: string[],
  spec: T,
): ParsedArgs<T> {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: spec as Parameters<typeof parseArgs>[0] extends infer P
        ? P extends { options?: infer O }
          ? O
          : never
        : never,
      allowPositionals: true,
      strict: true,
    });
    return { flags: values as ParsedArgs<T>['flags'], positionals };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]?.replace(/\.$/, '') ?? 'bad arguments';
    throw new UserError('USAGE', `${message} (see \`baton ${command} --help\`)`);
  }
}

/** A USAGE error for a flag value that is not one of the allowed ones. */
export function badValue(
  command: string,
  flag: string,
  value: string,
  allowed: readonly string[],
): UserError {
  return new UserError(
    'USAGE',
    `--${flag} must be one of ${allowed.join(', ')}, not "${value}" (see \`baton ${command} --help\`)`,
  );
}
