/**
 * What validation needs of an artifact, whatever its format: structural findings, the saved
 * anchors and integrity fields, and the parsed handoff when a caller wants it. context-kit
 * artifacts are judged by context-kit's rules alone, without building the full model, which
 * keeps `validate --format context-kit` lean.
 */

import type { FormatName } from '../formats/types.js';
import { lazy } from '../lazy.js';
import type { Subject, SubjectOptions } from './subject-types.js';

export type { Subject, SubjectOptions } from './subject-types.js';

// Loaded on first use and kept: `await import()` of a loaded module still costs microseconds.
const canonicalModule = lazy(() => import('./subject-canonical.js'));

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
