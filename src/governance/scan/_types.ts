/** The types the scan's rules share. */
import type { Severity } from '../types.js';
import type { ScanText, View } from './text.js';

/** One place a rule matched. */
export interface Hit {
  view: View;
  index: number;
  /** What matched (shown in the finding, invisible characters made visible). */
  text: string;
  /** A more specific message than the rule's title. */
  message?: string;
}

/** A rule of the catalog. */
export interface ScanRule {
  id: string;
  severity: Severity;
  /** What the rule looks for, in one line (the catalog in docs/governance.md lists these). */
  title: string;
  find(text: ScanText, emit: (hit: Hit) => void): void;
}
