/** What `importHandoff` takes and gives back. */

import type { FormatName, ParsedHandoff } from '../formats/types.js';
import type { Finding } from '../handoff/finding.js';
import type { ProvenanceCandidate } from './_findings.js';
import type { Mapping } from './_map.js';

/** Options of `importHandoff`. */
export interface ImportOptions {
  /** The source's path, for the report. */
  path?: string;
  /** The source's file name (its extension may say YAML); recorded as `imported_from`. */
  name?: string;
  /** The writer to record when the source names none (default: the source's, else `import`). */
  from?: string;
  now?: Date;
  /** Fold the oldest entries into an archive until the result fits the caps. */
  fit?: { archiveName: string };
}

/** Where each part of the source went, and what import noticed. */
export interface ImportReport {
  source: string;
  /** How the source was read: free-form Markdown, JSON, YAML or XML, or a format baton knows. */
  format: 'markdown' | 'json' | 'yaml' | 'xml' | FormatName;
  /** Each source section (heading or key path) and the canonical field it went to. */
  mappings: Mapping[];
  bytes: { source: number; mapped: number; notes: number };
  /** Bytes mapped to typed fields over bytes mapped and kept in Notes (0 to 1). */
  coverage: number;
  /** The canonical body fields the result fills. */
  fields: string[];
  provenanceCandidates: ProvenanceCandidate[];
  findings: Finding[];
  /** Words of the source found nowhere in the result (markup aside): empty when no text was lost. */
  textLost: string[];
  archive?: { name: string; entries: number; bytes: number };
}

/** An imported handoff: the model, its canonical Markdown, the report, and the archive of `fit`. */
export interface ImportResult {
  handoff: ParsedHandoff;
  markdown: string;
  report: ImportReport;
  archive?: { markdown: string; entries: number };
}

export type { Mapping, ProvenanceCandidate };
