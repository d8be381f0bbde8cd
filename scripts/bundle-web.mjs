// Builds the viewer's page into dist/web/: the client (web/src, TypeScript, plain DOM) bundled and
// minified into one app.js, beside index.html, app.css and the favicon. Users never build it:
// it ships in the package.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { rolldown } from 'rolldown';

const web = new URL('../web/', import.meta.url);
const out = new URL('../dist/web/', import.meta.url).pathname;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bundle = await rolldown({
  input: new URL('src/main.ts', web).pathname,
  platform: 'browser',
  logLevel: 'silent',
});
await bundle.write({ file: `${out}app.js`, format: 'esm', minify: true });
await bundle.close();
for (const file of ['index.html', 'app.css', 'favicon.svg'])
  copyFileSync(new URL(file, web), `${out}${file}`);
