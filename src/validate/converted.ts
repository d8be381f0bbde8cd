/**
 * A conversion whose output is validated: a lossy source (Anchor has no Goal or Summary) often
 * yields a canonical handoff that is INVALID, and `convert` must say so.
 */
import { type ConvertOptions, type ConvertResult, convertHandoff } from '../formats/convert.js';
import type { FormatName } from '../formats/types.js';
import type { Finding } from '../handoff/finding.js';
import { validateText } from './validate.js';

/** A conversion, with why its output is INVALID in the target format (empty when it is not). */
export interface CheckedConversion extends ConvertResult {
  invalid: Finding[];
}

// Formats whose readers require sections: what makes the output INVALID there, as validate says it.
const CHECKED: ReadonlySet<FormatName> = new Set(['baton', 'json', 'context-kit']);

/** Converts `text` (see `convertHandoff`) and validates the output, without git. */
export async function convertChecked(text: string, options: ConvertOptions): Promise<CheckedConversion> {
  const result = await convertHandoff(text, options);
  if (!CHECKED.has(result.to)) return { ...result, invalid: [] };
  const report = await validateText(result.text, { format: result.to, git: false });
  return { ...result, invalid: report.findings.filter((f) => f.verdict === 'INVALID') };
}
