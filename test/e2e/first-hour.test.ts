/**
 * Issue 24's smaller first-hour things, through the built CLI in real repositories: a bad flag is
 * one line of baton's own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { baton, Scratch } from './_helpers.js';

const scratch = new Scratch();
afterEach(() => scratch.cleanup());

/** True when every kind of quote in `line` comes in pairs. */
function balanced(line: string): boolean {
  return ['"', "'", '`'].every((q) => line.split(q).length % 2 === 1);
}

describe('a bad flag (item 16)', () => {
  it('is one line of baton’s own, with balanced quotes, exit 64', () => {
    const repo = scratch.repo();
    const cases: [string[], string][] = [
      [
        ['validate', '--bogus'],
        'baton: unknown option --bogus; an argument that starts with "-" goes after "--" (see `baton validate --help`)',
      ],
      [
        ['log', '-x'],
        'baton: unknown option -x; an argument that starts with "-" goes after "--" (see `baton log --help`)',
      ],
      [['validate', '--json=1'], 'baton: --json takes no value (see `baton validate --help`)'],
      [['log', '--limit'], 'baton: --limit needs a value (--limit <n>) (see `baton log --help`)'],
      [['write', '--from'], 'baton: --from needs a value (--from <id>) (see `baton write --help`)'],
    ];
    for (const [args, line] of cases) {
      const r = baton(args, { cwd: repo.dir });
      expect(r.status, args.join(' ')).toBe(64);
      expect(r.errLines, args.join(' ')).toEqual([line]);
      expect(balanced(line)).toBe(true);
    }
  });
});
