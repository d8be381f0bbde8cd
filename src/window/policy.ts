/** The sliding window (FORMATS.md §4, seed 000): how much of an earlier step a dispatch carries. */
import type { DetailLevel } from '../formats/pipeline-xml/index.js';

/** FULL, SUMMARY, or left out. */
export type WindowDetail = DetailLevel | 'DROP';

/** How many steps back each detail level reaches (seed 000: FULL 1 back, SUMMARY 2 back). */
export interface WindowSizes {
  full: number;
  summary: number;
}

/** The seed's window: the step 1 back at FULL, 2 back at SUMMARY, 3+ dropped. */
export const DEFAULT_WINDOW: WindowSizes = { full: 1, summary: 2 };

/** The detail level of a step `distance` steps back. */
export function detailAt(distance: number, sizes: WindowSizes = DEFAULT_WINDOW): WindowDetail {
  if (distance <= sizes.full) return 'FULL';
  if (distance <= sizes.summary) return 'SUMMARY';
  return 'DROP';
}
