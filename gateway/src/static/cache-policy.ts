import { basename } from 'node:path';

/** Content-hashed names from the rspack builds: `main.c78dd41f.js`, `902.907ace9a.css`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(?:\.map)?$/i;

/**
 * HTML and everything unhashed (remoteEntry.js, mf-manifest.json) may change on a deploy under the
 * same name, so it is revalidated on every use (no-cache + ETag: a 304 when unchanged; unlike
 * no-store it leaves the back/forward cache usable); hashed files never change, so they are cached
 * for a year.
 */
export function cacheControlFor(file: string): string {
  const name = basename(file);
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
