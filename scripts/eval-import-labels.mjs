// Measures import against the hand labels of the corpus (test/import/corpus-labels.json): for
// each file, whether the goal agrees, remaining-task precision and recall, and the status. Run
// after a build:
//   node scripts/eval-import-labels.mjs ../shared/corpus/handoff [dist-folder]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { score, totals } from './_label-score.mjs';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node scripts/eval-import-labels.mjs <corpus-folder> [dist-folder]');
  process.exit(64);
}
const dist = resolve(process.argv[3] ?? new URL('../dist', import.meta.url).pathname);
const { importHandoff } = await import(pathToFileURL(join(dist, 'import/index.js')).href);
const labels = JSON.parse(
  readFileSync(new URL('../test/import/corpus-labels.json', import.meta.url), 'utf8'),
);
const scores = [];
console.log(
  '| file | goal | remaining: found / labelled | imported tasks: right / all | status (labelled) |',
);
console.log('|---|:---:|---:|---:|---|');
for (const [file, label] of Object.entries(labels.files)) {
  const text = readFileSync(join(folder, file), 'utf8');
  const { handoff } = await importHandoff(text, { path: file, name: file, now: new Date(0) });
  const s = score(handoff, label);
  scores.push(s);
  console.log(
    `| ${file} | ${s.goal ? 'yes' : 'no'} | ${s.found}/${s.labelled} | ${s.truePositives}/${s.imported} | ${s.statusValue}${s.status ? '' : ` ✗ (${label.status.join(' or ')})`} |`,
  );
}
const t = totals(scores);
const pct = (n) => `${Math.round(n * 100)}%`;
console.log('');
console.log(
  `files: ${t.files}, goal agrees: ${t.goal}/${t.files}, remaining precision: ${pct(t.precision)}, recall: ${pct(t.recall)}, status agrees: ${t.status}/${t.files}`,
);
