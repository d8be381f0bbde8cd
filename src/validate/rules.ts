/**
 * The rules of the canonical format (FORMATS.md §1), each a small function that adds findings.
 * Syntax is checked by the parser; these check completeness, values and caps.
 */

import type { FormatName, ParseResult } from '../formats/types.js';
import { type Finding, finding } from '../handoff/finding.js';
import type { Limits } from '../handoff/values.js';
import { FORBIDDEN_CHAR_RE, PLACEHOLDER_RE, TODO_ONLY_RE } from '../handoff/values.js';

/** What a rule sees: the parse, the text it came from, and the caps. */
export interface RuleContext {
  parse: ParseResult;
  /** The Markdown text the caps and line checks apply to. */
  text: string;
  lines: string[];
  bytes: number;
  limits: Limits;
  add(f: Finding): void;
}

/** A rule: an id and a function over the context. */
export interface Rule {
  id: string;
  check(ctx: RuleContext): void;
}

const requiredFields: Rule = {
  id: 'required-fields',
  check({ parse, add }) {
    const h = parse.handoff;
    const missing = (['schema', 'id', 'created_at', 'from', 'status'] as const).filter(
      (k) => h[k] === undefined,
    );
    const invalid = new Set(parse.findings.filter((f) => f.field).map((f) => f.field));
    for (const key of missing) {
      if (invalid.has(key)) continue;
      add(
        finding('INVALID', 'field-missing', `missing required front matter field \`${key}\``, { field: key }),
      );
    }
  },
};

const requiredSections: Rule = {
  id: 'required-sections',
  check({ parse, add }) {
    const h = parse.handoff;
    const at = (k: 'goal' | 'summary' | 'remaining') => parse.sectionLines?.[k];
    for (const key of ['goal', 'summary'] as const) {
      if (!h[key]) {
        const line = at(key);
        add(
          line === undefined
            ? finding('INVALID', 'section-missing', `missing required section \`## ${cap(key)}\``)
            : finding('INVALID', 'section-empty', `section \`## ${cap(key)}\` is empty`, { line }),
        );
      }
    }
    if (h.status !== 'complete' && h.remaining.length === 0) {
      const line = at('remaining');
      add(
        finding(
          'INVALID',
          line === undefined ? 'section-missing' : 'section-empty',
          `\`## Remaining\` needs at least one \`### \` sub-spec unless \`status: complete\``,
          line === undefined ? {} : { line },
        ),
      );
    }
    if (h.status === 'complete' && h.remaining.length > 0) {
      add(
        finding(
          'INVALID',
          'complete-with-remaining',
          '`status: complete` but `## Remaining` still lists work',
          {
            line: at('remaining'),
          },
        ),
      );
    }
  },
};

const subSpecVerify: Rule = {
  id: 'subspec-verify',
  check({ parse, add }) {
    parse.handoff.remaining.forEach((spec, i) => {
      if (spec.verify_by.length === 0) {
        add(
          finding(
            'INVALID',
            'subspec-no-verify',
            `sub-spec "${spec.title}" has no \`- Verify by:\` line: name the command that proves it done`,
            { line: parse.itemLines?.remaining?.[i] },
          ),
        );
      }
    });
  },
};

// The first non-blank line after a section's heading: where its text is, not the heading.
function firstTextLine(lines: readonly string[], heading: number | undefined): number | undefined {
  if (heading === undefined) return undefined;
  for (let i = heading; i < lines.length; i++) if ((lines[i] ?? '').trim() !== '') return i + 1;
  return heading;
}

const todoOnly: Rule = {
  id: 'todo-only',
  check({ parse, add, lines: textLines }) {
    const h = parse.handoff;
    const lines = parse.itemLines ?? {};
    const flag = (what: string, text: string | undefined, line?: number) => {
      if (text !== undefined && TODO_ONLY_RE.test(text)) {
        add(
          finding('INVALID', 'todo-only', `${what} says only "${text.trim()}": write what it means`, {
            line,
          }),
        );
      }
    };
    flag('Goal', h.goal, firstTextLine(textLines, parse.sectionLines?.goal));
    flag('Summary', h.summary, firstTextLine(textLines, parse.sectionLines?.summary));
    const each = <T>(what: string, items: readonly T[], text: (t: T) => string, at?: number[]) => {
      items.forEach((item, i) => {
        flag(what, text(item), at?.[i]);
      });
    };
    each('a Done item', h.done, (d) => d.text, lines.done);
    each('a Remaining sub-spec', h.remaining, (s) => s.title, lines.remaining);
    each('a decision', h.decisions, (d) => d.decision, lines.decisions);
    each('a fact', h.facts, (f) => f.claim, lines.facts);
    each('an open concern', h.open_concerns, (c) => c, lines.open_concerns);
    each('a dead end', h.dead_ends, (d) => d.attempt, lines.dead_ends);
    each('a preference', h.preferences, (p) => p, lines.preferences);
  },
};

const placeholders: Rule = {
  id: 'placeholders',
  check({ text, lines, add }) {
    if (!PLACEHOLDER_RE.test(text)) return;
    const i = lines.findIndex((l) => PLACEHOLDER_RE.test(l));
    add(
      finding('INVALID', 'placeholder', 'an unfilled `{{…}}` template placeholder is left in the handoff', {
        line: i + 1,
      }),
    );
  },
};

const forbiddenChars: Rule = {
  id: 'forbidden-chars',
  check({ text, lines, add }) {
    // Neither `\r` nor `\n` is forbidden: the text as it is answers for its lines.
    if (!FORBIDDEN_CHAR_RE.test(text)) return;
    lines.forEach((l, i) => {
      const m = FORBIDDEN_CHAR_RE.exec(l.endsWith('\r') ? l.slice(0, -1) : l);
      if (m) {
        const code = (m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
        add(
          finding('INVALID', 'control-char', `control character U+${code} at column ${m.index + 1}`, {
            line: i + 1,
          }),
        );
      }
    });
  },
};

const caps: Rule = {
  id: 'caps',
  check({ parse, lines, bytes, limits, add }) {
    if (bytes > limits.maxBytes) {
      add(finding('INVALID', 'cap-bytes', `handoff is ${bytes} bytes; the cap is ${limits.maxBytes}`));
    }
    if (lines.length > limits.maxLines) {
      add(
        finding('INVALID', 'cap-lines', `handoff has ${lines.length} lines; the cap is ${limits.maxLines}`),
      );
    }
    for (const [section, { count, line }] of Object.entries(parse.itemCounts ?? {})) {
      if (count > limits.maxItemsPerSection) {
        add(
          finding(
            'INVALID',
            'cap-items',
            `section \`## ${section}\` has ${count} top-level list items; the cap is ${limits.maxItemsPerSection}`,
            { line },
          ),
        );
      }
    }
    const summary = parse.handoff.summary;
    if (summary) {
      const n = summary.split('\n').length;
      if (n > limits.maxSummaryLines) {
        add(
          finding(
            'INVALID',
            'summary-long',
            `\`## Summary\` has ${n} lines; at most ${limits.maxSummaryLines} (move detail to Notes)`,
            { line: parse.sectionLines?.summary },
          ),
        );
      }
    }
  },
};

/** The rules every canonical handoff is checked against, in order. */
const CANONICAL_RULES: readonly Rule[] = [
  requiredFields,
  requiredSections,
  subSpecVerify,
  todoOnly,
  placeholders,
  forbiddenChars,
  caps,
];

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * The rules a handoff read from another format is held to: what it holds, it must hold well
 * (no TODO-only items, placeholders or control characters, within the caps). Fields and sections
 * the format has no place for are not required. Anchor's own grammar requires `Verify by`.
 */
export function rulesFor(format: FormatName): readonly Rule[] {
  if (format === 'baton' || format === 'json' || format === 'context-kit') return CANONICAL_RULES;
  const held = [todoOnly, placeholders, forbiddenChars, caps];
  return format === 'anchor' ? [subSpecVerify, ...held] : held;
}
