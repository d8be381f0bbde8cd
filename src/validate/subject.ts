/**
 * What validation needs of an artifact, whatever its format: structural findings, the saved
 * anchors and integrity fields, and the parsed handoff when a caller wants it. context-kit
 * artifacts are judged by context-kit's rules alone, without building the full model, which
 * keeps `validate --format context-kit` lean.
 */

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

let canonical: Promise<typeof import('./subject-canonical.js')> | undefined;

// Loaded on first use and kept: `await import()` of a loaded module still costs microseconds.
function canonicalModule() {
  canonical ??= import('./subject-canonical.js');
  return canonical;
}

/** Reads an artifact for validation, loading only the code its format needs. */
export async function readSubject(
  text: string,
  format: FormatName,
  options: SubjectOptions,
): Promise<Subject> {
  if (format === 'context-kit') {
    const { readContextKitSubject } = await import('./subject-context-kit.js');
    return readContextKitSubject(text, options.withHandoff === true);
  }
  const { readCanonicalSubject } = await canonicalModule();
  return readCanonicalSubject(text, format, options);
}
