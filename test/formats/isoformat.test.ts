import { describe, expect, it } from 'vitest';
import { type IsoParse, parsePyIsoformat } from '../../src/formats/context-kit/_isoformat.js';

// Expected verdicts were produced by CPython 3.11.7's C `datetime.fromisoformat` (python3 on this machine).
const cases: ReadonlyArray<readonly [string, IsoParse]> = [
  ['2020-01-01', 'naive'],
  ['20200101', 'naive'],
  ['2020-01', 'invalid'],
  ['2020-02-29', 'naive'],
  ['2021-02-29', 'invalid'],
  ['2000-02-29', 'naive'],
  ['0000-01-01', 'invalid'],
  ['9999-12-31T23:59:59.999999', 'naive'],
  ['2020-0101', 'invalid'],
  ['2020W01', 'naive'],
  ['2020-W01-1', 'naive'],
  ['2020-W53-7', 'naive'],
  ['2015-W53-1', 'naive'],
  ['9999-W52-5', 'naive'],
  ['9999-W52-6', 'invalid'],
  ['2020W0T12', 'invalid'],
  ['2020-01-01T12', 'naive'],
  ['2020-01-01T1230', 'naive'],
  ['2020-01-01T123045', 'naive'],
  ['2020-01-01T24:00', 'invalid'],
  ['2020-01-01T23:59:60', 'invalid'],
  ['2020-01-01T12:00:00,5', 'naive'],
  ['2020-01-01T12:00:00.1234567891', 'naive'],
  ['2020-01-01T12.5', 'naive'],
  ['2020-01-01T1200001', 'invalid'],
  ['2020-01-01T12:00:00.', 'invalid'],
  ['2020-01-01T12:00:00.+00:00', 'aware'],
  ['2020-01-01T12:+05:00', 'aware'],
  ['2020-01-01T12Z', 'aware'],
  ['2020-01-01T12+05', 'aware'],
  ['2020-01-01T12-0530', 'aware'],
  ['2020-01-01T12+23:59', 'aware'],
  ['2020-01-01T12-24:00', 'invalid'],
  ['2020-01-01T12+05:99', 'aware'],
  ['2020-01-01T12+00:00:00.5', 'aware'],
  ['2020-01-01x12:00', 'naive'],
  ['2020-01-01\u00e912:00', 'naive'],
  ['2020-01-01\ud83d\ude0012:00', 'naive'],
  ['2020-01-01T\u0663\u0663:00', 'invalid'],
  ['\u0662020-01-01', 'invalid'],
  ['2020-01-01\ud80012:00', 'naive'],
  ['2020-01-01\ud800\ud80012', 'invalid'],
  ['2020-01-01T12\u0000', 'naive'],
  ['2020-01-01T12:00+05:00\u0000x', 'invalid'],
  ['2020-01-01T', 'invalid'],
];

describe('parsePyIsoformat', () => {
  it.each(cases)('%j -> %s', (input, expected) => {
    expect(parsePyIsoformat(input)).toBe(expected);
  });

  it('matches how the caller rewrites Z before validating', () => {
    expect(parsePyIsoformat('2020-01-01T12:00:00Z'.replaceAll('Z', '+00:00'))).toBe('aware');
    expect(parsePyIsoformat('2020-01-01T12:00:00ZZ'.replaceAll('Z', '+00:00'))).toBe('invalid');
  });
});
