/** The names of the formats baton reads and writes. */
import type { FormatName } from './types.js';

/** Every format name baton knows. */
export const FORMAT_NAMES: readonly FormatName[] = [
  'baton',
  'context-kit',
  'json',
  'anchor',
  'pipeline-xml',
  'forge',
  'phase',
];

/** True when `name` is a format baton knows. */
export function isFormatName(name: string): name is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(name);
}
