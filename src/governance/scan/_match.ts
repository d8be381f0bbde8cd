/**
 * Running patterns over a view: every match, or, for phrase families, only around the triggers
 * found in one pass (`_triggers.ts`).
 */
import {
  compiledGlued,
  compiledGroup,
  type PhraseFamily,
  type PhraseGroup,
  startsWord,
} from './_phrase-kit.js';
import { type PhraseView, triggerPositions } from './_triggers.js';
import type { Hit } from './_types.js';
import type { ScanText, View } from './text.js';

/** Runs each pattern over one view and reports every match. */
export function matchAll(
  text: ScanText,
  view: View,
  patterns: readonly RegExp[],
  emit: (hit: Hit) => void,
  accept: (m: RegExpExecArray, source: string) => boolean = () => true,
): void {
  const source = text.view(view);
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
      if (m[0] !== '' && accept(m, source)) emit({ view, index: m.index, text: m[0] });
      // A rejected match may hide one that starts inside it.
      else pattern.lastIndex = m.index + 1;
    }
  }
}

/**
 * `matchAll` for a phrase family. Each group runs only where its triggers are: on windows of
 * text around them (phrases are short), or on the whole text when the windows would cover most
 * of it. A match must not start in the middle of a word.
 */
export function matchPhrases(
  text: ScanText,
  view: PhraseView,
  family: PhraseFamily,
  emit: (hit: Hit) => void,
  accept: (m: RegExpExecArray, source: string) => boolean = () => true,
): void {
  const source = text.view(view);
  const ok = (m: RegExpExecArray, s: string) => startsWord(s, m.index) && accept(m, s);
  const found = triggerPositions(text, view);
  for (const group of family) {
    const at = found.get(group);
    if (!at) continue;
    const windows = windowsAround(at, source.length);
    if (windows === undefined) {
      matchAll(text, view, [compiledGroup(group)], emit, ok);
      continue;
    }
    const pattern = compiledGroup(group);
    for (const [from, to] of windows)
      matchIn(source, from, to, pattern, ok, (index, t) => emit({ view, index, text: t }));
  }
  if (view === 'folded') matchGlued(source, family, found, emit);
}

// Runs `pattern` over source[from, to) and reports each accepted match at its place in `source`.
function matchIn(
  source: string,
  from: number,
  to: number,
  pattern: RegExp,
  ok: (m: RegExpExecArray, s: string) => boolean,
  report: (index: number, text: string) => void,
): void {
  const part = source.slice(from, to);
  pattern.lastIndex = 0;
  for (let m = pattern.exec(part); m; m = pattern.exec(part)) {
    const index = from + m.index;
    const whole = Object.assign([m[0]], { index, input: source }) as unknown as RegExpExecArray;
    if (m[0] !== '' && ok(whole, source)) report(index, m[0]);
    else pattern.lastIndex = m.index + 1;
  }
}

/**
 * Text whose spaced-out letters were joined (`p l e a s e i g n o r e a l l …` reads
 * `pleaseignoreall…`) has no word boundaries left, so a phrase's end-of-word check fails. Each
 * long word that holds a trigger is matched again with a version of the patterns that has none.
 */
function matchGlued(
  source: string,
  family: PhraseFamily,
  found: Map<PhraseGroup, number[]>,
  emit: (hit: Hit) => void,
): void {
  for (const group of family) {
    const positions = found.get(group);
    if (!positions) continue;
    const words = new Map<number, number>();
    for (const at of positions) {
      const word = longWordAround(source, at);
      if (word) words.set(word[0], word[1]);
    }
    if (words.size === 0) continue;
    const pattern = compiledGlued(group);
    for (const [from, to] of words)
      matchIn(
        source,
        from,
        to,
        pattern,
        () => true,
        (index, t) => emit({ view: 'folded', index, text: t }),
      );
  }
}

// The bounds of the word of sixteen letters or more around `at`, if there is one.
function longWordAround(source: string, at: number): [number, number] | undefined {
  const letter = (i: number) => {
    const c = source.charCodeAt(i);
    return c >= 0x61 && c <= 0x7a;
  };
  let from = at;
  let to = at;
  while (from > 0 && at - from < 4096 && letter(from - 1)) from--;
  while (to < source.length && to - at < 4096 && letter(to)) to++;
  return to - from >= 16 ? [from, to] : undefined;
}

// Phrases are shorter than this on either side of their trigger.
const REACH = 320;

// Merged windows around trigger positions (in order); undefined when they cover most of the text.
function windowsAround(positions: readonly number[], length: number): [number, number][] | undefined {
  const windows: [number, number][] = [];
  let covered = 0;
  for (const at of positions) {
    const from = Math.max(0, at - REACH);
    const to = Math.min(length, at + REACH);
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) {
      covered += Math.max(0, to - last[1]);
      last[1] = Math.max(last[1], to);
    } else {
      windows.push([from, to]);
      covered += to - from;
    }
    if (covered > length / 2) return undefined;
  }
  return windows;
}
