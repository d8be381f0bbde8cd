import { describe, expect, it } from 'vitest';
import { helpText, integerFlag, parseFlags, renderOptions } from '../../src/cli/args.js';
import { COMMANDS } from '../../src/cli/commands.js';

const FLAGS = {
  output: { type: 'string', short: 'o', value: 'file', description: 'write here\ninstead of stdout' },
  strict: { type: 'boolean', description: 'any warning is an error' },
} as const;

describe('flags and --help', () => {
  it('renders the Options block from the flags, continuation lines under the first', () => {
    expect(renderOptions(FLAGS)).toBe(
      [
        '  -o, --output <file>  write here',
        '                       instead of stdout',
        '  --strict             any warning is an error',
      ].join('\n'),
    );
    expect(helpText({ usage: 'Usage: x', flags: FLAGS, after: 'Exit codes: 0' })).toBe(
      `Usage: x\n\nOptions:\n${renderOptions(FLAGS)}\n\nExit codes: 0`,
    );
  });

  it('parses with the descriptions left out of what node:util sees', () => {
    expect(parseFlags('x', ['-o', 'a.md', '--strict', 'p'], FLAGS)).toEqual({
      flags: { output: 'a.md', strict: true },
      positionals: ['p'],
    });
    expect(() => parseFlags('x', ['--nope'], FLAGS)).toThrow(/see `baton x --help`/);
  });

  it('reads whole numbers one way, and says what was wrong', () => {
    expect(integerFlag('run', 'parallel', '4', { min: 1 })).toBe(4);
    expect(integerFlag('run', 'max-respawns', '0', { min: 0 })).toBe(0);
    for (const bad of ['0', '1.5', 'x', '', '1e3', '99999999999999999999', ' ', '-2']) {
      expect(() => integerFlag('run', 'parallel', bad, { min: 1 })).toThrow(
        `--parallel must be a whole number of at least 1, not "${bad}"`,
      );
    }
    expect(() => integerFlag('x', 'n', '11', { min: 1, max: 10 })).toThrow('from 1 to 10');
  });

  it("every command's --help has its usage line and an Options block rendered from its flags", async () => {
    for (const [name, entry] of Object.entries(COMMANDS)) {
      const { command } = await entry.load();
      expect(command.help, name).toMatch(/^Usage: baton /);
      // `serve` only picks a server; each server lists its own options.
      expect(command.help, name).toMatch(name === 'serve' ? /\nServers:\n/ : /\nOptions:\n/);
    }
  });
});
