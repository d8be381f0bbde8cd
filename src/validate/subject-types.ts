/** The shape of an artifact as validation sees it, shared by the reader of each format. */

import type { FormatName, ParsedHandoff } from '../formats/types.js';
import type { Finding } from '../handoff/finding.js';
import type { Provenance } from '../handoff/types.js';
import type { Limits } from '../handoff/values.js';

/** An artifact as validation sees it. */
export interface Subject {
  format: FormatName;
  findings: Finding[];
  provenance: Partial<Provenance>;
  contentHash?: string;
  expiresAt?: string;
  fieldLines: Record<string, number>;
  /** Byte offset of the body (after the front matter), for the content hash. */
  bodyOffset(): Promise<number | undefined>;
  items: number;
  handoff?: ParsedHandoff;
  /** The front matter fields governance reads (`id`, `class`, `from`, `head`, …), as written. */
  flat: Record<string, string>;
  /** The `context_manifest` block as YAML text, and the file line of its first line. */
  manifestText?: string;
  manifestFirstLine?: number;
  /** False for JSON: no body apart from the fields, so no hash or signature over one. */
  hasBody: boolean;
}

/** Options of `readSubject`. */
export interface SubjectOptions {
  limits?: Partial<Limits>;
  /** Also build the full model (`resume` needs it). */
  withHandoff?: boolean;
  /** The size of the text in UTF-8 bytes, when the caller has it (saves encoding it again). */
  bytes?: number;
}
