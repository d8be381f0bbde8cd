/**
 * Running patterns over a view: every match, or, for phrase families, only around the triggers
 * found in one pass (`_triggers.ts`).
 */
import { compiledGroup, type PhraseFamily, startsWord } from './_phrase-kit.js';
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
    for (const [from, to] of windows) {
      const part = source.slice(from, to);
      pattern.lastIndex = 0;
      for (let m = pattern.exec(part); m; m = pattern.exec(part)) {
        const index = from + m.index;
        const whole = Object.assign([m[0]], { index, input: source }) as unknown as RegExpExecArray;
        if (m[0] !== '' && ok(whole, source)) emit({ view, index, text: m[0] });
        else pattern.lastIndex = m.index + 1;
      }
    }
  }
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
