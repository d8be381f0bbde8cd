// Port of CPython 3.11's C `datetime.fromisoformat` (Modules/_datetimemodule.c), not of the pure-Python
// fallback in datetime.py: the two disagree on odd inputs and the C one is what `python3` runs. The C code
// walks the NUL-terminated UTF-8 bytes of the string, so this port does the same, including its quirks
// (reads of the terminator, embedded NULs treated as end of string, lenient separators and fractions).

/** Outcome of parsing a timestamp the way CPython 3.11 `datetime.fromisoformat` does. */
export type IsoParse = 'aware' | 'naive' | 'invalid';

const FAIL = -1;
const FRACTION_CORRECTION = [100000, 10000, 1000, 100, 10];
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_BEFORE_MONTH = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MAX_OFFSET_US = 86_400_000_000;

/** The UTF-8 bytes of the string; reads past the end yield 0, like C reading the terminator. */
class Bytes {
  constructor(
    private readonly b: Uint8Array,
    readonly len: number,
  ) {}
  at(i: number): number {
    return this.b[i] ?? 0;
  }
  isDigit(i: number): boolean {
    const c = this.at(i);
    return c >= 0x30 && c <= 0x39;
  }
  /** `parse_digits`: the value of `n` ASCII digits at `p`, or FAIL. */
  digits(p: number, n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      if (!this.isDigit(p + i)) return FAIL;
      v = v * 10 + (this.at(p + i) - 0x30);
    }
    return v;
  }
}

const ch = (s: string): number => s.charCodeAt(0);
const isLeap = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysInMonth = (y: number, m: number): number => (m === 2 && isLeap(y) ? 29 : (DAYS_IN_MONTH[m] ?? 0));
const isSurrogate = (c: string): boolean => c.length === 1 && (c.charCodeAt(0) & 0xf800) === 0xd800;

function ymdToOrd(y: number, m: number, d: number): number {
  const py = y - 1;
  const before = py * 365 + Math.floor(py / 4) - Math.floor(py / 100) + Math.floor(py / 400);
  return before + (DAYS_BEFORE_MONTH[m] ?? 0) + (m > 2 && isLeap(y) ? 1 : 0) + d;
}

function ordToYmd(ord: number): [number, number, number] {
  let y = Math.floor((ord - 1) / 365.2425) + 1;
  while (ymdToOrd(y + 1, 1, 1) <= ord) y++;
  while (ymdToOrd(y, 1, 1) > ord) y--;
  let m = 12;
  while (ymdToOrd(y, m, 1) > ord) m--;
  return [y, m, ord - ymdToOrd(y, m, 1) + 1];
}

/** `iso_to_ymd`; only called for years 1..9999 (year 0 always ends in a month-0 date in C). */
function isoToYmd(year: number, week: number, day: number): [number, number, number] | null {
  const jan1 = ymdToOrd(year, 1, 1);
  const jan1Weekday = (jan1 + 6) % 7;
  // Week 53 exists only in years starting on a Thursday, or on a Wednesday in leap years.
  const has53 = jan1Weekday === 3 || (jan1Weekday === 2 && isLeap(year));
  if (week < 1 || week > 53 || (week === 53 && !has53)) return null;
  if (day < 1 || day > 7) return null;
  const week1Monday = jan1 - jan1Weekday + (jan1Weekday > 3 ? 7 : 0);
  return ordToYmd(week1Monday + (week - 1) * 7 + day - 1);
}

/**
 * `_find_isoformat_datetime_separator`: the date formats are told apart by bytes 4 and 5 only, and the
 * character at the returned index is skipped unchecked, so any character may serve as the separator.
 */
function findSeparator(b: Bytes): number {
  const len = b.len;
  if (len === 7) return 7;
  if (b.at(4) === ch('-')) {
    if (b.at(5) !== ch('W')) return 10;
    if (len > 8 && b.at(8) === ch('-')) {
      if (len === 9) return -1;
      // YYYY-Www-## is ambiguous; C bets on a hyphen separator at 8 when byte 10 is a digit.
      return len > 10 && b.isDigit(10) ? 8 : 10;
    }
    return 8;
  }
  if (b.at(4) !== ch('W')) return 8;
  let idx = 7;
  while (idx < len && b.isDigit(idx)) idx++;
  if (idx < 9) return idx;
  return idx % 2 === 0 ? 7 : 8;
}

/** `parse_isoformat_date`; `sepLoc` only bounds the week-day lookahead (and -1 means "no bound"). */
function parseDate(b: Bytes, sepLoc: number): [number, number, number] | null {
  const year = b.digits(0, 4);
  if (year === FAIL) return null;
  let p = 4;
  const usesSep = b.at(p) === ch('-');
  if (usesSep) p++;
  if (b.at(p) === ch('W')) {
    const week = b.digits(p + 1, 2);
    if (week === FAIL) return null;
    p += 3;
    let day = 1;
    if (sepLoc < 0 || p < sepLoc) {
      if (usesSep && b.at(p++) !== ch('-')) return null;
      day = b.digits(p, 1);
      if (day === FAIL) return null;
    }
    return year === 0 ? null : isoToYmd(year, week, day);
  }
  const month = b.digits(p, 2);
  if (month === FAIL) return null;
  p += 2;
  if (usesSep && b.at(p++) !== ch('-')) return null;
  const day = b.digits(p, 2);
  return day === FAIL ? null : [year, month, day];
}

interface Hms {
  /** Negative on failure; 1 when parsing stopped before a NUL byte (trailing junk unless a tz follows). */
  rv: number;
  h: number;
  m: number;
  s: number;
  us: number;
}

/** `parse_hhmmss_micro` over bytes [start, end): also used for the UTC offset, hence its leniency there. */
function parseHms(b: Bytes, start: number, end: number): Hms {
  const vals = [0, 0, 0];
  const out = (rv: number, us = 0): Hms => ({ rv, h: vals[0] ?? 0, m: vals[1] ?? 0, s: vals[2] ?? 0, us });
  let p = start;
  let hasSep = true;
  for (let i = 0; i < 3; i++) {
    const v = b.digits(p, 2);
    if (v === FAIL) return out(-3);
    vals[i] = v;
    p += 2;
    const c = b.at(p++);
    if (i === 0) hasSep = c === ch(':');
    // The end test comes before any separator check, so a dangling ':' or '.' before a tz passes.
    if (p >= end) return out(c !== 0 ? 1 : 0);
    if (hasSep && c === ch(':')) continue;
    if (c === ch('.') || c === ch(',')) break;
    if (hasSep) return out(-4);
    // Without separators the byte is re-read as the next field, and after the seconds as the fraction.
    p--;
  }
  const toParse = Math.min(end - p, 6);
  let us = b.digits(p, toParse);
  if (us === FAIL) return out(-3);
  if (toParse < 6) us *= FRACTION_CORRECTION[toParse - 1] ?? 1;
  p += toParse;
  // Surplus digits are dropped without regard to `end`; anything but a NUL after them is trailing junk.
  while (b.isDigit(p)) p++;
  return out(b.at(p) !== 0 ? 1 : 0, us);
}

/** `parse_isoformat_time` plus the offset check of `new_timezone`; returns the verdict for the time part. */
function parseTime(b: Bytes, start: number, len: number): { verdict: IsoParse; time: Hms } {
  const end = start + len;
  let tz = start;
  // A do-while in C: the first byte is inspected even when the time part is empty.
  do {
    const c = b.at(tz);
    if (c === ch('Z') || c === ch('+') || c === ch('-')) break;
  } while (++tz < end);
  const time = parseHms(b, start, tz);
  if (time.rv < 0) return { verdict: 'invalid', time };
  if (tz === end) return { verdict: time.rv === 1 ? 'invalid' : 'naive', time };
  if (b.at(tz) === ch('Z')) return { verdict: b.at(tz + 1) === 0 ? 'aware' : 'invalid', time };
  const off = parseHms(b, tz + 1, end);
  if (off.rv !== 0) return { verdict: 'invalid', time };
  // Offset minutes and seconds are never range-checked; only the total must lie strictly within ±24h.
  const seconds = off.h * 3600 + off.m * 60 + off.s;
  const ok = seconds === 0 || seconds * 1_000_000 + off.us < MAX_OFFSET_US;
  return { verdict: ok ? 'aware' : 'invalid', time };
}

/** UTF-8 bytes as CPython would produce them, or null where CPython's encoding step raises. */
function encode(value: string): Bytes | null {
  const cps = Array.from(value);
  if (cps.length < 7) return null;
  // A lone surrogate is tolerated only as the separator: the first one at code point 7, 8 or 10 becomes 'T'.
  for (const pos of [7, 8, 10]) {
    if (pos > cps.length) break;
    if (isSurrogate(cps[pos] ?? '')) {
      cps[pos] = 'T';
      break;
    }
  }
  if (cps.some(isSurrogate)) return null;
  const bytes = new TextEncoder().encode(cps.join(''));
  return new Bytes(bytes, bytes.length);
}

/** Parses like CPython 3.11's C `datetime.fromisoformat`: 'invalid' when it raises ValueError, else whether the result has a UTC offset. */
export function parsePyIsoformat(value: string): IsoParse {
  const b = encode(value);
  if (b === null) return 'invalid';
  const sepLoc = findSeparator(b);
  const date = parseDate(b, sepLoc);
  if (date === null) return 'invalid';
  let verdict: IsoParse = 'naive';
  let time: Hms = { rv: 0, h: 0, m: 0, s: 0, us: 0 };
  if (b.len > sepLoc) {
    // The separator is one character, not one byte: C skips the whole UTF-8 sequence by its lead byte.
    const lead = b.at(sepLoc);
    const start = sepLoc + (lead < 0x80 ? 1 : (lead & 0xf0) === 0xe0 ? 3 : (lead & 0xf0) === 0xf0 ? 4 : 2);
    ({ verdict, time } = parseTime(b, start, b.len - start));
    if (verdict === 'invalid') return 'invalid';
  }
  const [y, mo, d] = date;
  const dateOk = y >= 1 && y <= 9999 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
  // 3.11 has no 24:00 -> next-midnight rollover, so hour 24 is simply out of range.
  const timeOk = time.h <= 23 && time.m <= 59 && time.s <= 59;
  return dateOk && timeOk ? verdict : 'invalid';
}
