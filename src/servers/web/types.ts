/** The shapes of the viewer's API answers that the page reads too (no imports: the page's build includes it). */

/** One line of the runs list. */
export interface RunRow {
  id: string;
  plan: string;
  started?: string;
  status: string;
  committed: number;
  failed: number;
  tasks: number;
  tokens: number;
  tokensForwardAll: number;
}
