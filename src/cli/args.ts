/** Flag parsing for commands, on `node:util` (no dependency, nothing to load at start-up). */
import { parseArgs } from 'node:util';
import { UserError } from '../errors.js';

/** One flag of a command: how it parses, and how `--help` describes it. */
export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** What the flag does, for `--help`; a `\n` starts a continuation line under it. */
  description: string;
  /** The name of its value in `--help` (`--limit <n>`); string flags only. */
  value?: string;
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
      options: parseArgsOptions(spec) as Parameters<typeof parseArgs>[0] extends infer P
        ? P extends { options?: infer O }
          ? O
          : never
        : never,
      allowPositionals: true,
      strict: true,
    });
    return { flags: values as ParsedArgs<T>['flags'], positionals };
  } catch (error) {
    throw new UserError('USAGE', `${usageProblem(error, spec)} (see \`baton ${command} --help\`)`);
  }
}

/**
 * node:util's parse error in baton's own words, on one line. Its own messages run over lines and
 * quote unevenly (`as in '-- "--bogus"`), so only its code and the flag it names are used.
 */
function usageProblem(error: unknown, spec: Record<string, FlagSpec>): string {
  const { code, message = '' } = error as { code?: string; message?: string };
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const long = /--[\w-]+/.exec(quoted)?.[0];
  const short = /^-(\w)/.exec(quoted)?.[1];
  const name = long ? long.slice(2) : Object.entries(spec).find(([, f]) => short && f.short === short)?.[0];
  const flag = long ?? (name ? `--${name}` : quoted || 'a flag');
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return `unknown option ${quoted || flag}; an argument that starts with "-" goes after "--"`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const f = name ? spec[name] : undefined;
    if (f?.type === 'boolean') return `${flag} takes no value`;
    return `${flag} needs a value${f ? ` (${flag} <${f.value ?? 'value'}>)` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'this command takes no arguments';
  return 'the flags could not be read';
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

// node:util's parseArgs takes only what it knows; descriptions stay ours.
function parseArgsOptions(spec: Record<string, FlagSpec>) {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, flag] of Object.entries(spec)) {
    options[name] = {
      type: flag.type,
      ...(flag.short ? { short: flag.short } : {}),
      ...(flag.multiple ? { multiple: true } : {}),
    };
  }
  return options;
}

/** The Options block of a command's `--help`, rendered from its flags in the order given. */
export function renderOptions(spec: Record<string, FlagSpec>): string {
  const rows = Object.entries(spec).map(([name, flag]) => {
    const value = flag.type === 'string' ? ` <${flag.value ?? 'value'}>` : '';
    return { left: `  ${flag.short ? `-${flag.short}, ` : ''}--${name}${value}`, flag };
  });
  const width = Math.max(...rows.map((r) => r.left.length)) + 2;
  const lines: string[] = [];
  for (const { left, flag } of rows) {
    const [first = '', ...more] = flag.description.split('\n');
    lines.push(`${left.padEnd(width)}${first}`);
    for (const line of more) lines.push(`${' '.repeat(width)}${line}`);
  }
  return lines.join('\n');
}

/** A command's `--help`: the usage and description, the Options block from its flags, the rest. */
export function helpText(parts: { usage: string; flags: Record<string, FlagSpec>; after?: string }): string {
  const after = parts.after ? `\n\n${parts.after}` : '';
  return `${parts.usage}\n\nOptions:\n${renderOptions(parts.flags)}${after}`;
}

/** A flag's value as a whole number in `[min, max]`; anything else is a USAGE error that says so. */
export function integerFlag(
  command: string,
  flag: string,
  value: string,
  range: { min?: number; max?: number } = {},
): number {
  const n = /^[+-]?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = range;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const bounds = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new UserError(
      'USAGE',
      `--${flag} must be a whole number ${bounds}, not "${value}" (see \`baton ${command} --help\`)`,
    );
  }
  return n;
}
