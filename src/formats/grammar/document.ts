/**
 * The tolerant reader of handoff Markdown: front matter fields, the `#` title, the `##` sections
 * and their items, with a finding for everything off. The canonical codec reads with it as it
 * is; Anchor swaps in its own item readers; context-kit and pipeline XML read Remaining with it.
 */
import { type Finding, finding } from '../../handoff/finding.js';
import type { Decision, DoneItem, FileTouched, Handoff, Provenance, SubSpec } from '../../handoff/types.js';
import { emptySections, PROVENANCE_KEYS } from '../../handoff/types.js';
import {
  ARTIFACT_CLASSES,
  COMMIT_RE,
  CONTENT_HASH_RE,
  HANDOFF_SCHEMA,
  isRfc3339,
  SIGNATURE_RE,
  STATUSES,
  ULID_RE,
  WORKTREE_STATES,
} from '../../handoff/values.js';
import type { FrontMatter } from '../_front-matter.js';
import { splitListOutsideBraces } from '../list.js';
import { joinLines, type Line, readMarkdown, type Section, trimBlank } from '../markdown.js';
import { codeSpans, FenceTracker, unescapeBlock, unescapeComments } from '../text.js';
import type { ItemLines, ParsedHandoff, ParseResult } from '../types.js';
import {
  ItemError,
  parseDeadEnd,
  parseDecision,
  parseDone,
  parseFact,
  parseFileTouched,
  parsePlain,
  parseValidation,
  unprotectSentinel,
} from './items.js';
import {
  countCapItems,
  type ListItem,
  listItems,
  onlySentinel,
  SECTION_HEADINGS,
  type SectionKey,
  sectionKey,
  withContinuations,
} from './sections.js';

/**
 * Item readers that replace the canonical grammar for some sections (Anchor's bare bullets). A
 * Files touched reader returns no file for a bullet that names none: it is kept under Notes.
 */
export interface ItemReaders {
  done?: (content: string) => DoneItem;
  decisions?: (content: string, continuations: readonly string[]) => Decision;
  files_touched?: (content: string) => FileTouched[];
}

/** Reads handoff Markdown into a handoff and findings; never throws on bad input. */
export function readHandoffMarkdown(text: string, readers: ItemReaders = {}): ParseResult {
  const doc = readMarkdown(text);
  const findings: Finding[] = [...doc.findings];
  const handoff: ParsedHandoff = emptySections();
  const fieldLines: Record<string, number> = {};
  if (doc.frontMatter) readFields(doc.frontMatter, handoff, findings, fieldLines);

  if (doc.titles.length === 0) {
    findings.push(
      finding('INVALID', 'title-missing', 'expected one `# <title>` line after the front matter'),
    );
  } else {
    handoff.title = unescapeComments((doc.titles[0] as Line).text) || undefined;
    for (const extra of doc.titles.slice(1)) {
      findings.push(
        finding(
          'INVALID',
          'title-extra',
          'a handoff has one `# ` title; use `##` for sections and `###` inside them',
          {
            line: extra.no,
          },
        ),
      );
    }
  }

  const notes: string[] = [];
  if (doc.preamble.length > 0) notes.push(joinLines(doc.preamble));
  const seen = new Map<SectionKey, number>();
  const itemCounts: Record<string, { count: number; line: number }> = {};
  const itemLines: ItemLines = {};
  const sectionLines: Partial<Record<SectionKey, number>> = {};
  for (const section of doc.sections) {
    const key = sectionKey(section.heading);
    if (!key) {
      itemCounts[section.heading] = { count: countCapItems(section.lines), line: section.line };
      notes.push(`### ${section.heading}${section.lines.length ? `\n\n${joinLines(section.lines)}` : ''}`);
      findings.push(
        finding('INFO', 'section-unknown', `unknown section "## ${section.heading}" is kept under Notes`, {
          line: section.line,
        }),
      );
      continue;
    }
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      findings.push(
        finding(
          'INVALID',
          'section-duplicate',
          `section "## ${section.heading}" appears twice (first at line ${earlier})`,
          {
            line: section.line,
          },
        ),
      );
      continue;
    }
    seen.set(key, section.line);
    sectionLines[key] = section.line;
    itemCounts[SECTION_HEADINGS[key]] = { count: countCapItems(section.lines), line: section.line };
    readSection(key, section, { h: handoff, findings, notes, itemLines, readers });
  }
  if (notes.length > 0) handoff.notes = notes.join('\n\n');
  return {
    format: 'baton',
    handoff,
    findings,
    bodyOffset: doc.bodyOffset,
    fieldLines,
    itemCounts,
    itemLines,
    sectionLines,
  };
}

/** Reads canonical front matter entries into `h`, with a finding for each bad value. */
export function readFields(
  fm: FrontMatter,
  h: ParsedHandoff,
  findings: Finding[],
  lines: Record<string, number>,
): void {
  const provenance: Partial<Record<keyof Provenance, string>> = {};
  const extra: Record<string, string> = {};
  const bad = (key: string, line: number, expected: string) =>
    findings.push(finding('INVALID', 'field-value', `\`${key}\` must be ${expected}`, { line, field: key }));
  for (const entry of fm.entries) {
    lines[entry.key] = entry.line;
    readField(entry, { h, provenance, extra, bad });
  }
  for (const block of fm.blocks.values()) {
    lines[block.key] = block.line;
    if (block.key === 'context_manifest') h.context_manifest = block.text;
  }
  const present = PROVENANCE_KEYS.filter((k) => provenance[k] !== undefined);
  if (present.length === PROVENANCE_KEYS.length) {
    h.provenance = provenance as Provenance;
  } else if (present.length > 0) {
    const missing = PROVENANCE_KEYS.filter((k) => provenance[k] === undefined);
    findings.push(
      finding(
        'INVALID',
        'provenance-partial',
        `provenance keys are all present or all absent; missing ${missing.join(', ')}`,
        { line: lines[present[0] as string] },
      ),
    );
  }
  if (Object.keys(extra).length > 0) h.extra = extra;
}

interface FieldTarget {
  h: ParsedHandoff;
  provenance: Partial<Record<keyof Provenance, string>>;
  extra: Record<string, string>;
  bad: (key: string, line: number, expected: string) => void;
}

// One front matter entry into the handoff, its provenance, or its extra keys, checked.
function readField({ key, value, line }: { key: string; value: string; line: number }, t: FieldTarget): void {
  const { h, provenance, extra, bad } = t;
  switch (key) {
    case 'schema':
      if (value !== HANDOFF_SCHEMA) bad(key, line, `\`${HANDOFF_SCHEMA}\``);
      else h.schema = value;
      break;
    case 'id':
      if (!ULID_RE.test(value)) bad(key, line, 'a ULID (26 characters of Crockford base32)');
      h.id = value;
      break;
    case 'created_at':
    case 'expires_at':
      if (!isRfc3339(value))
        bad(key, line, 'an RFC 3339 date-time with an offset, e.g. 2026-11-30T01:14:19Z');
      h[key] = value;
      break;
    case 'from':
    case 'to':
    case 'task':
    case 'parent':
      h[key] = value;
      break;
    case 'window':
      if (!/^[1-9]\d{0,8}$/.test(value)) bad(key, line, 'a whole number of at least 1');
      else h.window = Number(value);
      break;
    case 'status':
      if (!(STATUSES as readonly string[]).includes(value)) bad(key, line, `one of ${STATUSES.join(', ')}`);
      else h.status = value as Handoff['status'];
      break;
    case 'class':
      if (!(ARTIFACT_CLASSES as readonly string[]).includes(value)) {
        bad(key, line, `one of ${ARTIFACT_CLASSES.join(', ')}`);
      } else h.class = value as Handoff['class'];
      break;
    case 'content_hash':
      if (!CONTENT_HASH_RE.test(value)) bad(key, line, '`sha256:` and 64 lowercase hex digits');
      h.content_hash = value;
      break;
    case 'signature':
      if (!SIGNATURE_RE.test(value)) bad(key, line, '`ed25519:<key id>:<base64>`');
      h.signature = value;
      break;
    case 'head':
    case 'base_commit':
      if (!COMMIT_RE.test(value)) bad(key, line, 'a commit id (7 to 64 hex digits)');
      provenance[key] = value;
      break;
    case 'worktree_state':
      if (!(WORKTREE_STATES as readonly string[]).includes(value)) bad(key, line, '`clean` or `dirty`');
      provenance[key] = value;
      break;
    case 'repository':
    case 'worktree':
    case 'branch':
    case 'base_ref':
      provenance[key] = value;
      break;
    default:
      extra[key] = value;
  }
}

interface SectionTarget {
  h: ParsedHandoff;
  findings: Finding[];
  notes: string[];
  itemLines: ItemLines;
  readers: ItemReaders;
}

function readSection(key: SectionKey, section: Section, target: SectionTarget): void {
  const { h, findings, notes, itemLines } = target;
  if (key === 'goal' || key === 'summary') {
    const text = unescapeBlock(joinLines(section.lines)).trim();
    if (text) h[key] = text;
    return;
  }
  if (key === 'notes') {
    // Notes are rendered fence-aware: code inside a fence is kept as written.
    const text = unescapeBlock(joinLines(section.lines), { fenced: true }).trim();
    if (text) notes.unshift(text);
    return;
  }
  if (key === 'remaining') {
    const { specs, lines } = readRemaining(section.lines, findings);
    h.remaining = specs;
    itemLines.remaining = lines;
    return;
  }
  const items = listItems(section.lines);
  if (onlySentinel(items)) return;
  const lines: number[] = [];
  itemLines[key] = lines;
  const kept: string[] = [];
  for (const item of items) {
    try {
      if (readItem(key, item, { ...target, lines, kept })) lines.push(item.line);
    } catch (error) {
      if (!(error instanceof ItemError)) throw error;
      findings.push(
        finding('INVALID', 'item-syntax', `${SECTION_HEADINGS[key]} item: ${error.message}`, {
          line: item.line,
        }),
      );
    }
  }
  if (kept.length > 0) notes.push(`### ${section.heading}\n\n${kept.join('\n')}`);
}

// One list item of a section into the handoff; false when it was kept under Notes instead.
function readItem(
  key: Exclude<SectionKey, 'goal' | 'summary' | 'notes' | 'remaining'>,
  item: ListItem,
  target: SectionTarget & { lines: number[]; kept: string[] },
): boolean {
  const { h, findings, readers, lines, kept } = target;
  const content = unprotectSentinel(item.content);
  switch (key) {
    case 'done':
      h.done.push((readers.done ?? parseDone)(withContinuations(content, item)));
      break;
    case 'decisions':
      h.decisions.push((readers.decisions ?? parseDecision)(content, item.continuations));
      break;
    case 'facts':
      h.facts.push(parseFact(withContinuations(content, item)));
      break;
    case 'files_touched': {
      const text = withContinuations(content, item);
      if (!readers.files_touched) {
        h.files_touched.push(parseFileTouched(text));
        break;
      }
      const files = readers.files_touched(text);
      if (files.length === 0) {
        kept.push(`- ${unescapeComments(item.content)}${item.continuations.map((c) => `\n  ${c}`).join('')}`);
        findings.push(
          finding('INFO', 'item-kept', `${SECTION_HEADINGS[key]} item names no path; kept under Notes`, {
            line: item.line,
          }),
        );
        return false;
      }
      h.files_touched.push(...files);
      for (let i = 1; i < files.length; i++) lines.push(item.line);
      break;
    }
    case 'validation':
      h.validation.push(parseValidation(withContinuations(content, item)));
      break;
    case 'dead_ends':
      h.dead_ends.push(parseDeadEnd(withContinuations(content, item)));
      break;
    case 'open_concerns':
    case 'preferences':
      h[key].push(parsePlain(withContinuations(content, item)));
      break;
  }
  return true;
}

const LABEL_RE = /^(goal|files in scope|files|scope|verify by|verify|verification|notes?)[ \t]*:[ \t]*(.*)$/i;

/** Reads a Remaining section: `###` sub-specs with labelled lines, or loose items. */
export function readRemaining(
  lines: readonly Line[],
  findings: Finding[],
): { specs: SubSpec[]; lines: number[] } {
  const specs: (SubSpec & { line: number })[] = [];
  let current: (SubSpec & { line: number }) | undefined;
  const loose: Line[] = [];
  const fence = new FenceTracker();
  for (const line of lines) {
    const fenced = fence.step(line.text);
    const h = fenced
      ? null
      : (/^###[ \t]+(.*)$/.exec(line.text) ?? (line.text === '###' ? ['###', ''] : null));
    if (h) {
      const title = unescapeComments((h[1] ?? '').trim());
      if (!title) {
        findings.push(
          finding('INVALID', 'subspec-title', 'a `### ` sub-spec needs a title', { line: line.no }),
        );
      }
      current = { title, files_in_scope: [], verify_by: [], line: line.no };
      specs.push(current);
      continue;
    }
    if (!current) {
      loose.push(line);
      continue;
    }
    if (line.text.trim() === '') continue;
    const item = /^[-*+][ \t]+(.*)$/.exec(line.text);
    const body = (item ? item[1] : line.text.trim()) ?? '';
    const label = LABEL_RE.exec(body);
    if (!label) {
      appendNote(current, unescapeComments(body));
      continue;
    }
    const name = (label[1] ?? '').toLowerCase();
    const value = label[2] ?? '';
    if (name === 'goal') current.goal = joinNote(current.goal, unescapeComments(value));
    else if (name.startsWith('note')) appendNote(current, unescapeComments(value));
    else if (name.startsWith('verif')) current.verify_by.push(...commandsOf(value));
    else current.files_in_scope.push(...pathsOf(value));
  }
  // Items before any `###`: a list of work without sub-specs; each item becomes a sub-spec.
  const items = listItems(trimBlank(loose));
  if (!onlySentinel(items)) {
    const first: (SubSpec & { line: number })[] = [];
    for (const item of items) {
      const content = unescapeComments(unprotectSentinel(item.content));
      const verify = /[ \t]*[—-]?[ \t]*verify(?: by)?:?[ \t]+(`.+)$/i.exec(content);
      const spec: SubSpec & { line: number } = {
        title: verify ? content.slice(0, verify.index).trim() : content,
        files_in_scope: [],
        verify_by: verify ? commandsOf(verify[1] ?? '') : [],
        line: item.line,
      };
      first.push(spec);
    }
    specs.unshift(...first);
  }
  return { specs: specs.map(({ line: _line, ...spec }) => spec), lines: specs.map((s) => s.line) };
}

function appendNote(spec: SubSpec, text: string): void {
  if (text) spec.notes = joinNote(spec.notes, text);
}

function joinNote(a: string | undefined, b: string): string | undefined {
  if (!b) return a;
  return a ? `${a} ${b}` : b;
}

function commandsOf(value: string): string[] {
  const spans = codeSpans(value);
  if (spans.length > 0) return spans.map((s) => s.code).filter((c) => c.trim() !== '');
  const v = unescapeComments(value.trim());
  return v ? [v] : [];
}

function pathsOf(value: string): string[] {
  if (value.includes('`')) return codeSpans(value).map((s) => s.code);
  return splitListOutsideBraces(value)
    .map((p) => unescapeComments(p))
    .filter((p) => p !== '');
}
