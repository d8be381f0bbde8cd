/** Showing an archived handoff: its bytes as archived, or rendered into any format baton writes. */
import { loadCodec } from '../formats/index.js';
import { isFormatName } from '../formats/names.js';
import type { FormatName, RenderResult } from '../formats/types.js';
import type { StoredHandoff } from '../store/types.js';

/**
 * The text of an archived handoff in `format`: exactly the archived text when no format is asked
 * for or it is the one it was archived in; otherwise parsed and rendered by the formats registry,
 * with what the target format could not hold.
 */
export async function renderStoredHandoff(stored: StoredHandoff, format?: FormatName): Promise<RenderResult> {
  if (format === undefined || format === stored.format) return { text: stored.text, losses: [] };
  const { detect } = await import('../formats/detect.js');
  const source = isFormatName(stored.format) ? stored.format : detect(stored.text);
  const parsed = (await loadCodec(source)).parse(stored.text);
  return (await loadCodec(format)).render(parsed.handoff);
}
