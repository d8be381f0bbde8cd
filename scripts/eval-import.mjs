// Imports every file of a folder in one process and prints one row per file: the format it was
// read as, the sections mapped to typed fields, the coverage (bytes mapped over mapped + Notes),
// the words of its text found nowhere in the result (markup aside: "import loses no text"), the
// fields filled, and the findings; then totals. Run after a build:
//   npm run eval:import -- ../shared/corpus/handoff
// A file "passes" when it maps Goal or Summary, and Done or Remaining.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { importHandoff } from '../dist/import/index.js';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run eval:import -- <folder>');
  process.exit(64);
}
const files = readdirSync(folder)
  .filter((f) => statSync(join(folder, f)).isFile() && !/\.(tsv|csv)$/i.test(f) && !f.startsWith('.'))
  .sort();
const rows = [];
for (const file of files) {
  const text = readFileSync(join(folder, file), 'utf8');
  try {
    const { report } = await importHandoff(text, {
      path: file,
      name: basename(file),
      now: new Date(0),
    });
    const lost = report.textLost;
    const sources = new Map();
    for (const m of report.mappings) {
      if (m.field === 'title' || m.field === 'front matter') continue;
      const top = m.source.split(' › ')[0];
      sources.set(top, (sources.get(top) ?? false) || m.field !== 'notes');
    }
    const mapped = [...sources.values()].filter(Boolean).length;
    const has = (...f) => f.some((x) => report.fields.includes(x));
    const codes = new Map();
    for (const f of report.findings) codes.set(f.code, (codes.get(f.code) ?? 0) + 1);
    rows.push({
      file,
      format: report.format,
      sections: `${mapped}/${sources.size}`,
      coverage: report.coverage,
      fields: report.fields,
      pass: has('goal', 'summary') && has('done', 'remaining'),
      findings: [...codes].map(([c, n]) => (n > 1 ? `${c}×${n}` : c)).join(', '),
      bytes: report.bytes.source,
      lost,
    });
  } catch (error) {
    rows.push({ file, error: error.message });
  }
}
const pct = (n) => `${Math.round(n * 100)}%`;
console.log(
  '| file | read as | sections mapped | coverage | goal/summary + done/remaining | words lost | fields | findings |',
);
console.log('|---|---|---:|---:|:---:|---:|---|---|');
for (const r of rows) {
  if (r.error) console.log(`| ${r.file} | — | — | — | ERROR | — | ${r.error} | |`);
  else
    console.log(
      `| ${r.file} | ${r.format} | ${r.sections} | ${pct(r.coverage)} | ${r.pass ? 'yes' : 'no'} | ${r.lost.length} | ${r.fields.join(', ')} | ${r.findings} |`,
    );
}
const ok = rows.filter((r) => !r.error);
const passed = ok.filter((r) => r.pass).length;
const mean = ok.reduce((n, r) => n + r.coverage, 0) / Math.max(1, ok.length);
console.log('');
console.log(
  `files: ${rows.length}, imported without error: ${ok.length}, goal/summary + done/remaining: ${passed} (${pct(passed / Math.max(1, rows.length))}), mean coverage: ${pct(mean)}, bytes: ${ok.reduce((n, r) => n + r.bytes, 0)}`,
);
process.exitCode = ok.length === rows.length ? 0 : 1;
