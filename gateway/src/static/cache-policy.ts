import { basename } from 'node:path';

/** Content-hashed names from the rspack builds: `main.c78dd41f.js`, `902.907ace9a.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(?:\.map)?$/i;

/**
 * HTML is never cached (it names the current hashed assets, and a stale one would load an old
 * app); hashed files never change, so they are cached for a year; anything else (remoteEntry.js,
 * mf-manifest.json) may change on a deploy under the same name, so it is revalidated each time.
 */
export function cacheControlFor(file: string): string {
  const name = basename(file);
  if (name.endsWith('.html')) return 'no-store';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
