// Import of pathological lines (issue 11 item 13): the median of 3 imports of each line, from
// the build in dist/ (or the build folder given as the first argument, e.g. main's, to compare
// side by side). A RangeError is the stack overflow these lines caused before.
//   node bench/import-lines.mjs [dist]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
const { importHandoff } = await import(pathToFileURL(`${dist}/import/index.js`).href);
const cases = [
  ['2,000,000 "-"', `# T\n\n${'-'.repeat(2e6)}\n`],
  ['2,000,000 "*"', `# T\n\n${'*'.repeat(2e6)}\n`],
  ['2,000,000 "_"', `# T\n\n${'_'.repeat(2e6)}\n`],
  ['20,000 " " then "|"', `${' '.repeat(2e4)}|\n`],
  ['"# " + 20,000 ":"', `# ${':'.repeat(2e4)}\n`],
  ['"**x**" + 20,000 tabs + "|"', `**x**${'\t'.repeat(2e4)}|\n`],
];
console.log('| line | median of 3 |');
console.log('|---|---:|');
for (const [name, text] of cases) {
  const times = [];
  let error;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    try {
      await importHandoff(text, { now: new Date(0) });
    } catch (e) {
      error = e.name;
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${name} | ${error ?? `${Math.round(times[1])} ms`} |`);
}
