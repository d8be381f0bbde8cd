/** What every codec returns and takes. */
import type { Finding } from '../handoff/finding.js';
import type { Handoff, ListKey } from '../handoff/types.js';

/** The formats baton reads and writes. */
export type FormatName = 'baton' | 'context-kit' | 'json' | 'anchor' | 'pipeline-xml' | 'forge' | 'phase';

/**
 * A handoff as read from text: the canonical shape, with any field the text did not hold left
 * out. Validation decides whether it is complete.
 */
export type ParsedHandoff = Partial<Handoff> & Pick<Handoff, ListKey>;

/** The list fields of a handoff, always present after parsing (possibly empty). */
export type { ListKey } from '../handoff/types.js';

/** The result of parsing one document. */
export interface ParseResult {
  format: FormatName;
  handoff: ParsedHandoff;
  /** Syntax and value findings, each with a line where the text has one. */
  findings: Finding[];
  /** Byte offset where the body after the front matter starts (for `content_hash`). */
  bodyOffset?: number;
  /** 1-based line of each front matter key, for findings about a field. */
  fieldLines?: Record<string, number>;
  /** Top-level list items per section heading, for the item cap. */
  itemCounts?: Record<string, { count: number; line: number }>;
  /** The line of each parsed list item, by list. */
  itemLines?: ItemLines;
  /** The line of each section heading that was present, by canonical key. */
  sectionLines?: Partial<Record<ListKey | 'goal' | 'summary' | 'notes', number>>;
}

/** Line numbers of list items, in the order of the parsed lists. */
export type ItemLines = Partial<Record<ListKey, number[]>>;

/** A warning that a target format cannot hold part of a handoff. */
export interface RenderLoss {
  field: string;
  message: string;
}

/** The result of rendering: the text and what the format could not hold. */
export interface RenderResult {
  text: string;
  losses: RenderLoss[];
}
