/**
 * context-kit's structural rules (seed 001, `validate-handoff.py`), reproduced exactly: the same
 * artifact gets the same INVALID or not, with baton's messages and line numbers.
 */
import { type Finding, type FindingCode, finding } from '../../handoff/finding.js';
import { PROVENANCE_KEYS } from '../../handoff/types.js';
import type { Line } from '../markdown.js';
import { parsePyIsoformat } from './_isoformat.js';
import { PY_LIST_ITEM_RE, pyIsSpace, pySplitlines, pyStrip, pyUnquote } from './_python.js';

/** The context-kit schema identifier. */
export const CONTEXT_KIT_SCHEMA = 'context-kit/handoff-v1';

/** The front matter fields context-kit requires. */
const CK_FIELDS = ['schema', 'generated_at', ...PROVENANCE_KEYS] as const;

/** The nine sections, in the only order context-kit accepts. */
const CK_SECTIONS = [
  'Scope',
  'Verified Facts',
  'Decisions',
  'Changed Files',
  'Completed Work',
  'Unresolved Items',
  'Next Steps',
  'Validation State',
  'Provenance and Freshness',
] as const;

const MAX_BYTES = 32 * 1024;
const MAX_LINES = 300;
const MAX_ITEMS = 25;
const COMMIT = /^[0-9a-fA-F]{7,64}$/;
const PLACEHOLDER = /\{\{[^{}\n]+\}\}/;

/** A context-kit section as context-kit splits it (no code-fence awareness). */
export interface CkSection {
  name: string;
  line: number;
  lines: Line[];
}

/** What the context-kit rules found, and the structure they read. */
export interface ContextKitCheck {
  findings: Finding[];
  fields: Map<string, string>;
  fieldLines: Record<string, number>;
  sections: CkSection[];
  lineCount: number;
}

type Invalid = (code: FindingCode, message: string, line?: number) => void;

/** Checks an artifact with context-kit's rules; `raw` is its bytes (or already decoded text). */
export function checkContextKit(raw: Uint8Array | string): ContextKitCheck {
  const findings: Finding[] = [];
  const invalid: Invalid = (code, message, line) =>
    findings.push(finding('INVALID', code, message, line === undefined ? {} : { line }));
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  if (bytes > MAX_BYTES) invalid('cap-bytes', `artifact is ${bytes} bytes; the cap is ${MAX_BYTES}`);
  const text = decodeUtf8(raw);
  if (text === undefined) {
    return {
      findings: [finding('INVALID', 'not-utf8', 'artifact is not valid UTF-8')],
      fields: new Map(),
      fieldLines: {},
      sections: [],
      lineCount: 0,
    };
  }
  const lines = pySplitlines(text);
  checkText(text, lines, invalid);
  const { fields, fieldLines, bodyIndex } = readFields(lines, invalid);
  checkFields(fields, fieldLines, invalid);
  const body: Line[] = [];
  for (let i = bodyIndex; i < lines.length; i++) body.push({ text: lines[i] as string, no: i + 1 });
  const sections = checkBody(body, invalid);
  return { findings, fields, fieldLines, sections, lineCount: lines.length };
}

function decodeUtf8(raw: Uint8Array | string): string | undefined {
  if (typeof raw === 'string') return raw;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(raw);
  } catch {
    return undefined;
  }
}

// The caps and placeholders, over the whole text.
function checkText(text: string, lines: string[], invalid: Invalid): void {
  if (lines.length > MAX_LINES)
    invalid('cap-lines', `artifact has ${lines.length} lines; the cap is ${MAX_LINES}`);
  if (PLACEHOLDER.test(text)) {
    const at = lines.findIndex((l) => PLACEHOLDER.test(l));
    invalid(
      'placeholder',
      'artifact contains an unfilled {{…}} template placeholder',
      at < 0 ? undefined : at + 1,
    );
  }
}

// The flat front matter, read the way context-kit's validator reads it.
function readFields(lines: string[], invalid: Invalid) {
  const fields = new Map<string, string>();
  const fieldLines: Record<string, number> = {};
  if (lines.length === 0 || pyStrip(lines[0] as string) !== '---') {
    invalid('front-matter-missing', 'document must begin with front matter (a `---` line)', 1);
    return { fields, fieldLines, bodyIndex: 0 };
  }
  let closing = -1;
  for (let i = 1; i < lines.length; i++) {
    if (pyStrip(lines[i] as string) === '---') {
      closing = i;
      break;
    }
  }
  if (closing < 0) {
    invalid('front-matter-unclosed', 'front matter has no closing `---` line', 1);
    return { fields, fieldLines, bodyIndex: 0 };
  }
  for (let i = 1; i < closing; i++) {
    const line = lines[i] as string;
    const no = i + 1;
    if (!pyStrip(line)) continue;
    const colon = line.indexOf(':');
    if (pyIsSpace(line[0]) || colon < 0) {
      invalid('front-matter-not-flat', 'front matter must be flat `key: value` lines', no);
      continue;
    }
    const key = pyStrip(line.slice(0, colon));
    const value = pyUnquote(pyStrip(line.slice(colon + 1)));
    if (!key || !value) {
      invalid('front-matter-empty', 'front matter line has an empty key or value', no);
      continue;
    }
    if (fields.has(key)) {
      invalid('front-matter-duplicate', `front matter field ${JSON.stringify(key)} appears twice`, no);
      continue;
    }
    fields.set(key, value);
    fieldLines[key] = no;
  }
  return { fields, fieldLines, bodyIndex: closing + 1 };
}

// Required fields and the shape of each value.
function checkFields(fields: Map<string, string>, fieldLines: Record<string, number>, invalid: Invalid) {
  for (const field of CK_FIELDS) {
    if (!fields.get(field)) invalid('field-missing', `missing required front matter field \`${field}\``);
  }
  const at = (key: string) => fieldLines[key];
  const schema = fields.get('schema');
  if (schema && schema !== CONTEXT_KIT_SCHEMA) {
    invalid('field-value', `\`schema\` must be \`${CONTEXT_KIT_SCHEMA}\``, at('schema'));
  }
  const generated = fields.get('generated_at');
  if (generated) {
    const parsed = parsePyIsoformat(generated.replaceAll('Z', '+00:00'));
    if (parsed === 'invalid')
      invalid('field-value', '`generated_at` must be an ISO 8601 timestamp', at('generated_at'));
    else if (parsed === 'naive')
      invalid('field-value', '`generated_at` must include a timezone', at('generated_at'));
  }
  for (const key of ['head', 'base_commit']) {
    const value = fields.get(key);
    if (value && !COMMIT.test(value)) {
      invalid('field-value', `\`${key}\` must be a commit id of 7 to 64 hex digits`, at(key));
    }
  }
  const state = fields.get('worktree_state');
  if (state && state !== 'clean' && state !== 'dirty') {
    invalid('field-value', '`worktree_state` must be `clean` or `dirty`', at('worktree_state'));
  }
}

// The title, the sections in order, and each section's content and item cap.
function checkBody(body: Line[], invalid: Invalid): CkSection[] {
  const titles = body.filter((l) => l.text.startsWith('# '));
  if (titles.length !== 1 || pyStrip((titles[0] as Line).text) !== '# Context Handoff') {
    invalid('title', 'expected exactly one `# Context Handoff` title', titles[1]?.no ?? titles[0]?.no);
  }
  const sections: CkSection[] = [];
  const byName = new Map<string, CkSection>();
  let active: CkSection | undefined;
  for (const line of body) {
    if (line.text.startsWith('## ')) {
      const name = pyStrip(line.text.slice(3));
      active = byName.get(name) ?? { name, line: line.no, lines: [] };
      if (!byName.has(name)) byName.set(name, active);
      sections.push({ name, line: line.no, lines: active.lines });
    } else if (active) {
      active.lines.push(line);
    }
  }
  const order = sections.map((s) => s.name);
  if (order.length !== CK_SECTIONS.length || order.some((name, i) => name !== CK_SECTIONS[i])) {
    const wrong = sections.find((s, i) => s.name !== CK_SECTIONS[i]);
    invalid('section-order', `sections must be exactly, in order: ${CK_SECTIONS.join(', ')}`, wrong?.line);
  }
  for (const name of CK_SECTIONS) checkSection(name, byName.get(name), invalid);
  return [...byName.values()];
}

function checkSection(name: string, section: CkSection | undefined, invalid: Invalid): void {
  if (!section) {
    invalid('section-missing', `missing required section \`## ${name}\``);
    return;
  }
  const meaningful = section.lines.filter((l) => pyStrip(l.text) !== '');
  if (meaningful.length === 0) {
    invalid('section-empty', `section \`## ${name}\` is empty; write \`- None.\``, section.line);
    return;
  }
  const items = meaningful.filter((l) => PY_LIST_ITEM_RE.test(l.text)).length;
  if (items > MAX_ITEMS) {
    invalid(
      'cap-items',
      `section \`## ${name}\` has ${items} list items; the cap is ${MAX_ITEMS}`,
      section.line,
    );
  }
}
