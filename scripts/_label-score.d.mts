/** Types of scripts/_label-score.mjs (the label scoring shared by the eval script and tests). */
export interface Label {
  goal: string | null;
  goalTerms: string[];
  remaining: string[];
  alsoRemaining: string[];
  status: string[];
}
export interface Score {
  goal: boolean;
  imported: number;
  truePositives: number;
  labelled: number;
  found: number;
  status: boolean;
  statusValue: string;
}
export function tokens(text: string): string[];
export function score(
  handoff: { goal?: string; remaining: { title: string }[]; status?: string },
  label: Label,
): Score;
export function totals(scores: Score[]): {
  files: number;
  goal: number;
  precision: number;
  recall: number;
  status: number;
};
