import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { loadedChunks } from '../e2e/_helpers.js';

describe('baton --help', () => {
  it('lists every command from the table without loading any command module', () => {
    const names = Object.keys(COMMANDS);
    const loaded = loadedChunks(['--help']);
    expect(loaded.filter((chunk) => names.includes(chunk))).toEqual([]);
    const validate = loadedChunks(['validate', '--help']);
    expect(validate).toContain('validate');
  });
});
