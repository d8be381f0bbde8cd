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
  /** Who started the run, and on which machine (a team's shared store holds several people's). */
  startedBy?: string;
  host?: string;
  /** Every place its tasks were built: the run's host, pool members, remote builders. */
  builtBy: string[];
}
