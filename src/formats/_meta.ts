/**
 * Canonical front matter carried inside formats that have no front matter of their own (the
 * JSON formats' `baton` object, pipeline XML's <front-matter>), read back with the same value
 * checks as canonical front matter.
 */
import { type Finding, finding } from '../handoff/finding.js';
import { emptySections } from '../handoff/types.js';
import type { FrontMatter } from './_front-matter.js';
import { readFields } from './grammar/document.js';
import { frontMatterValues } from './grammar/render.js';
import { asLine, asObject, type BatonBlock, jsonText } from './json-text.js';
import type { ParsedHandoff, RenderLoss } from './types.js';

/** The front matter of `h` as a flat object, without the keys the host format holds itself. */
function frontMatterObject(h: ParsedHandoff, omit: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of frontMatterValues(h)) if (!omit.includes(key)) out[key] = value;
  return out;
}

/**
 * Reads front matter pairs into `h`: values are checked as in canonical front matter, and a bad
 * one is a finding naming `where` it was found.
 */
export function applyFrontMatter(
  pairs: readonly [string, unknown][],
  h: ParsedHandoff,
  findings: Finding[],
  where: string,
): void {
  const entries: FrontMatter['entries'] = [];
  const own: Finding[] = [];
  for (const [key, value] of pairs) {
    if (typeof value !== 'string' && typeof value !== 'number') {
      own.push(finding('INVALID', 'field-value', `\`${key}\` must be a string`, { field: key }));
    } else if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key)) {
      own.push(finding('INVALID', 'front-matter-key', `key ${JSON.stringify(key)} is not a plain name`));
    } else entries.push({ key, value: String(value), line: 0 });
  }
  const read: ParsedHandoff = emptySections();
  const values = new Map(entries.map((e) => [e.key, e.value]));
  readFields({ entries, values, blocks: new Map(), openLine: 0, closeLine: 0 }, read, own, {});
  for (const [key, value] of Object.entries(read)) {
    if (!Array.isArray(value) && value !== undefined) (h as Record<string, unknown>)[key] = value;
  }
  for (const f of own) {
    const { line: _line, ...rest } = f;
    findings.push({ ...rest, message: `${where}: ${f.message}` });
  }
}

/** A loss for each of `keys` that `h` fills and the format (`name`) has no place for. */
export function unheldLosses(
  h: ParsedHandoff,
  keys: readonly (keyof ParsedHandoff)[],
  name: string,
): RenderLoss[] {
  const losses: RenderLoss[] = [];
  for (const key of keys) {
    const v = h[key];
    if (Array.isArray(v) ? v.length > 0 : v !== undefined) {
      losses.push({ field: key, message: `${name} has no place for ${key.replace('_', ' ')}` });
    }
  }
  return losses;
}

/** The `baton` object a JSON format carries: the front matter it has no keys for, and the title. */
export function batonBlock(h: ParsedHandoff, omit: readonly string[]): BatonBlock {
  const block: BatonBlock = { front_matter: frontMatterObject(h, omit) };
  if (h.title !== undefined) block.title = h.title;
  return block;
}

/** Reads a JSON format's `baton` object (front matter and title) into `h`. */
export function readBatonBlock(value: unknown, h: ParsedHandoff, findings: Finding[]): void {
  const baton = asObject(value, 'baton', findings);
  if (!baton) return;
  const fm = asObject(baton.front_matter, 'baton.front_matter', findings) ?? {};
  applyFrontMatter(Object.entries(fm), h, findings, '`baton.front_matter`');
  const title = asLine(baton.title);
  if (title) h.title = title;
}

/** Notes blocks (fenced JSON) for the keys of `o` a JSON format does not know, with INFO findings. */
export function unknownKeyNotes(
  o: Record<string, unknown>,
  known: readonly string[],
  findings: Finding[],
): string[] {
  const notes: string[] = [];
  for (const key of Object.keys(o)) {
    if (key === 'baton' || known.includes(key)) continue;
    notes.push(`### ${key}\n\n\`\`\`json\n${jsonText(o[key], true)}\n\`\`\``);
    findings.push(
      finding('INFO', 'key-unknown', `unknown key \`${key}\` is kept under Notes`, { field: key }),
    );
  }
  return notes;
}
