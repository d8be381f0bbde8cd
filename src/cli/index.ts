#!/usr/bin/env node
/**
 * The `baton` command. The only `try/catch` that turns errors into exit codes and the only place
 * that sets the process exit code; each command is loaded only when it is run.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type BatonError,
  type BatonErrorCode,
  type ErrorKind,
  fromSystemError,
  isBatonError,
  kindOf,
} from '../errors.js';
import { COMMANDS } from './commands.js';
import { type CommandIO, endOnClosedOutput, processIO } from './io.js';

const ISSUES = 'https://github.com/baton-dev/baton/issues';

// The exit code of each kind of error (docs/cli.md): a usage error 64, a bug 70, the rest 1.
const EXIT_BY_KIND: Readonly<Record<ErrorKind, number>> = {
  usage: 64,
  'not-found': 1,
  refused: 1,
  unavailable: 1,
  internal: 70,
};

// Codes whose exit code says more than their kind: a governance refusal is UNTRUSTED's 4, and a
// handoff nobody took is escalated (8), as validate and send document them.
const EXIT_BY_CODE: Partial<Readonly<Record<BatonErrorCode, number>>> = {
  APPROVAL_REFUSED: 4,
  ROLE_REFUSED: 4,
  A2A_UNREACHABLE: 8,
  A2A_NO_ACK: 8,
};

/** The exit code for an error code when the error does not carry its own. */
function exitCodeFor(code: BatonErrorCode): number {
  return EXIT_BY_CODE[code] ?? EXIT_BY_KIND[kindOf(code)];
}

/** Runs one command line and returns its exit code. */
async function main(argv: string[], io: CommandIO = processIO()): Promise<number> {
  const [verb, ...rest] = argv;
  try {
    if (verb === undefined || verb === '--help' || verb === '-h' || verb === 'help') {
      const entry = verb === 'help' && rest[0] ? COMMANDS[rest[0]] : undefined;
      if (entry) {
        io.stdout(`${(await entry.load()).command.help}\n`);
        return 0;
      }
      io.stdout(usage());
      return verb === undefined ? 64 : 0;
    }
    if (verb === '--version' || verb === '-V') {
      io.stdout(`${await version()}\n`);
      return 0;
    }
    const entry = COMMANDS[verb];
    if (!entry) {
      io.stderr(`baton: unknown command "${verb}" (see \`baton --help\`)\n`);
      return 64;
    }
    const { command } = await entry.load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${(await command.helpFor?.(rest)) ?? command.help}\n`);
      return 0;
    }
    return await command.run(rest, io);
  } catch (error) {
    return report(error, io);
  }
}

function report(error: unknown, io: CommandIO): number {
  // The machine saying no (permissions, a full disk, a file where a folder should be) is not a bug.
  const known = isBatonError(error) ? (error as BatonError) : fromSystemError(error);
  if (known && kindOf(known.code) !== 'internal') {
    io.stderr(`baton: ${known.message}\n`);
    if (known.hint) io.stderr(`hint: ${known.hint}\n`);
    return known.exitCode ?? exitCodeFor(known.code);
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr(
    `baton: internal error (this is a bug in baton, not in your input): ${
      error instanceof Error ? error.message : String(error)
    }\nPlease report it at ${ISSUES} with the command you ran and this trace:\n${detail}\n`,
  );
  return 70;
}

function usage(): string {
  const lines = [
    'baton: keeps agent work continuous across context windows and agents',
    '',
    'Usage: baton <command> [options]',
    '',
    'Commands:',
  ];
  for (const [name, entry] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(12)}${entry.summary}`);
  lines.push('', 'Run `baton <command> --help` for the options of one command.', '');
  return lines.join('\n');
}

async function version(): Promise<string> {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

/**
 * Runs this process's command line and sets its exit code: what the `baton` binary does (the
 * bundle's loader, `dist/bin/baton.cjs`, calls it; so does running this file).
 */
export function runCli(): void {
  // A closed stdout (`| head`) ends the command quietly, with the exit code it has so far.
  endOnClosedOutput(() => process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0));
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
      // Nothing keeps the process alive (no server, no timer, no write still going out): leave
      // now, not after the collector's idle-time work that V8 would otherwise run first.
      if (process.getActiveResourcesInfo().length === 0) process.exit(code);
    },
    (error: unknown) => {
      process.stderr.write(`baton: internal error: ${String(error)}\n`);
      process.exitCode = 70;
    },
  );
}

if (invokedDirectly()) runCli();
