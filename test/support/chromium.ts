/**
 * Debian's Chromium for the browser tests: `$CHROMIUM_PATH`, else /usr/bin/chromium. Missing and
 * running as root, it is installed from Debian's packages (what .ci/run does too); otherwise
 * `chromiumPath()` says in one line what is missing and how to get it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium binary, installing it first when that is possible; a reason string when not. */
export function chromiumPath(): { path: string } | { missing: string } {
  const given = process.env.CHROMIUM_PATH;
  if (given)
    return existsSync(given) ? { path: given } : { missing: `CHROMIUM_PATH=${given} does not exist` };
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return { path: found };
  if (process.getuid?.() === 0) {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-q', 'chromium'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = CANDIDATES.find((p) => existsSync(p));
    if (installed) return { path: installed };
  }
  return { missing: 'Chromium is not installed: `apt-get install chromium` (Debian), or set CHROMIUM_PATH' };
}
