import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeSpan,
  escapeBlock,
  escapeComments,
  escapeField,
  fencesBalanced,
  readCodeSpan,
  splitFields,
  unescapeBlock,
  unescapeComments,
  unescapeField,
} from '../../src/formats/text.js';

const tricky = fc.string({
  unit: fc.constantFrom('a', ' ', '—', '\\', '<', '!', '-', '`', '#', '~', '\n', 'x'),
  maxLength: 40,
});

describe('escapes', () => {
  it('unescapeField(escapeField(s)) is s, and the escaped text has no separator', () => {
    fc.assert(
      fc.property(tricky, (s) => {
        const one = s.replace(/\n/g, ' ');
        const e = escapeField(one);
        expect(unescapeField(e)).toBe(one);
        expect(splitFields(`${e} — tail`, 2)).toEqual([e, 'tail']);
      }),
    );
  });

  it('comment openers survive and never open a comment', () => {
    fc.assert(
      fc.property(tricky, (s) => {
        const e = escapeComments(s);
        expect(e.includes('<!--')).toBe(false);
        expect(unescapeComments(e)).toBe(s);
      }),
    );
  });

  it('blocks keep their text, lose # / ## heading lines and unmatched fences', () => {
    fc.assert(
      fc.property(tricky, (s) => {
        const e = escapeBlock(s);
        expect(unescapeBlock(e)).toBe(s);
        for (const line of e.split('\n')) expect(/^#{1,2}(?:[ \t]|$)/.test(line)).toBe(false);
        expect(fencesBalanced(e.split('\n'))).toBe(true);
      }),
    );
  });

  it('code spans hold any command, backticks included', () => {
    fc.assert(
      fc.property(
        tricky.filter((s) => s.trim() !== '' && !s.includes('\n')),
        (s) => {
          expect(readCodeSpan(codeSpan(s), 0)?.code).toBe(s);
        },
      ),
    );
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x')).toBe('`` `x ``');
  });

  it('keeps the examples from the format doc readable', () => {
    expect(escapeField('Use X — fast')).toBe('Use X \\— fast');
    expect(escapeBlock('## not a heading')).toBe('\\## not a heading');
    expect(escapeComments('a <!-- b')).toBe('a <\\!-- b');
  });
});
