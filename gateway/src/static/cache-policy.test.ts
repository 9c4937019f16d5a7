import { describe, expect, it } from 'vitest';
import { cacheControlFor } from './cache-policy';

describe('cacheControlFor', () => {
  it.each([
    ['/dist/index.html', 'no-cache'],
    ['/dist/main.c78dd41f.js', 'public, max-age=31536000, immutable'],
    ['/dist/902.907ace9a.css', 'public, max-age=31536000, immutable'],
    ['/dist/__federation_expose_App.1265769e.js', 'public, max-age=31536000, immutable'],
    ['/dist/remoteEntry.js', 'no-cache'],
    ['/dist/mf-manifest.json', 'no-cache'],
    ['/dist/favicon.svg', 'no-cache'],
  ])('%s -> %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});
