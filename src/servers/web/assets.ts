/**
 * The page's files, built into the package (`dist/web/`, made by `npm run build`): read once,
 * kept in memory, and each content coding of them made once. Every path that is not a file or an API route is the page itself, which
 * routes by its own location.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../../errors.js';
import { type Coding, compressOnce } from './_encoding.js';

/** One file to send. */
export interface Asset {
  type: string;
  body: Buffer;
  immutable: boolean;
  /** The file in a content coding, compressed on first use and kept. */
  encoded(coding: Coding): Buffer;
}

const FILES: Record<string, { file: string; type: string }> = {
  '/assets/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/assets/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml' },
  '/favicon.ico': { file: 'favicon.svg', type: 'image/svg+xml' },
};

const cache = new Map<string, Asset>();

/** The asset for a request path: a built file, or the page. */
export function staticAsset(pathname: string): Asset {
  const known = FILES[pathname];
  const file = known?.file ?? 'index.html';
  let asset = cache.get(file);
  if (!asset) {
    const body = readFileSync(join(webFolder(), file));
    const codings = new Map<Coding, Buffer>();
    asset = {
      type: known?.type ?? 'text/html; charset=utf-8',
      body,
      immutable: known !== undefined,
      encoded(coding) {
        let bytes = codings.get(coding);
        if (!bytes) {
          bytes = compressOnce(body, coding);
          codings.set(coding, bytes);
        }
        return bytes;
      },
    };
    cache.set(file, asset);
  }
  return asset;
}

let folder: string | undefined;

// dist/web/ of the package this module belongs to, whether it runs from dist/ or a CLI chunk:
// the nearest ancestor folder that holds dist/web/index.html.
function webFolder(): string {
  folder ??= findWebFolder(dirname(fileURLToPath(import.meta.url)));
  return folder;
}

function findWebFolder(start: string): string {
  let dir = start;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'dist', 'web');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  throw new UserError('FILE_NOT_FOUND', "the viewer's page is not built: run `npm run build`");
}
