/** Repository identity from a remote URL: `owner/name`, whatever the URL's shape. */

/**
 * Normalises a remote URL to `owner/name`: strips the scheme, `user@host:`, a port, `.git` and
 * trailing slashes, and keeps the last two path parts.
 */
export function repositoryFromUrl(url: string): string {
  let path = url.trim();
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  else {
    const scp = /^(?:[^@/]+@)?[^:/]+:(?!\/)/.exec(path);
    if (scp && !/^[A-Za-z]:[\\/]/.test(path)) path = path.slice(scp[0].length);
  }
  const parts = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.length > 0) parts[parts.length - 1] = (parts.at(-1) as string).replace(/\.git$/, '');
  const kept = parts.filter((p) => p !== '').slice(-2);
  return kept.join('/') || url.trim();
}
