// Scores an import against a hand label (test/import/corpus-labels.json): does the goal carry
// the label's terms, which imported Remaining titles match a labelled task (precision), which
// labelled tasks were found (recall), and is the status one a reader would sign.
// Shared by scripts/eval-import-labels.mjs and test/import/corpus-labels.test.ts.

const STOP = new Set(
  'the and for with from into this that all its are was were has have not new old task step phase checkpoint priority'.split(
    ' ',
  ),
);

/** Significant tokens of a title: lowercase words of 3+ letters, and any token with a digit. */
export function tokens(text) {
  return (text.toLowerCase().match(/[\p{L}\p{N}_.#-]+/gu) ?? [])
    .map((t) => t.replace(/^[.#-]+|[.#-]+$/g, ''))
    .filter((t) => (/\d/.test(t) ? t.length >= 1 : t.length >= 3 && !STOP.has(t)));
}

// A title matches a label when it holds at least half of the label's tokens (a 4-letter prefix
// counts, so "Configure" matches "configuration").
function matches(title, label) {
  const want = tokens(label);
  if (want.length === 0) return false;
  const have = tokens(title);
  const hit = want.filter((w) =>
    have.some(
      (h) => h === w || (!/\d/.test(w) && w.length >= 4 && h.length >= 4 && h.slice(0, 4) === w.slice(0, 4)),
    ),
  );
  return hit.length / want.length >= 0.5;
}

/** The score of one import (its handoff) against one label. */
export function score(handoff, label) {
  const goal = (handoff.goal ?? '').toLowerCase();
  const goalOk =
    label.goal === null
      ? handoff.goal === undefined
      : label.goalTerms.filter((t) => goal.includes(t.toLowerCase())).length * 2 >= label.goalTerms.length;
  const titles = handoff.remaining.map((r) => r.title);
  const accepted = [...label.remaining, ...label.alsoRemaining];
  const truePositives = titles.filter((t) => accepted.some((l) => matches(t, l))).length;
  const found = label.remaining.filter((l) => titles.some((t) => matches(t, l))).length;
  return {
    goal: goalOk,
    imported: titles.length,
    truePositives,
    labelled: label.remaining.length,
    found,
    status: label.status.includes(handoff.status),
    statusValue: handoff.status,
  };
}

/** Totals over scores: goal agreement, micro precision and recall, status agreement. */
export function totals(scores) {
  const sum = (k) => scores.reduce((n, s) => n + (typeof s[k] === 'boolean' ? Number(s[k]) : s[k]), 0);
  const imported = sum('imported');
  const labelled = sum('labelled');
  return {
    files: scores.length,
    goal: sum('goal'),
    precision: imported === 0 ? 1 : sum('truePositives') / imported,
    recall: labelled === 0 ? 1 : sum('found') / labelled,
    status: sum('status'),
  };
}
