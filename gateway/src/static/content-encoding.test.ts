import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, pickPrecompressed } from './content-encoding';

describe('acceptedEncodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*, br;q=0', ['gzip']],
    ['identity', []],
    ['', []],
  ])('%j -> %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('pickPrecompressed', () => {
  const root = mkdtempSync(join(tmpdir(), 'gateway-enc-'));
  writeFileSync(join(root, 'a.js'), 'x');
  writeFileSync(join(root, 'a.js.br'), 'x');
  writeFileSync(join(root, 'a.js.gz'), 'x');
  writeFileSync(join(root, 'small.css'), 'x');
  writeFileSync(join(root, 'img.png'), 'x');
  writeFileSync(join(root, 'img.png.gz'), 'x');

  it('prefers brotli, falls back to gzip, then to the file itself', () => {
    expect(pickPrecompressed(root, '/a.js', 'gzip, br')).toEqual({ path: '/a.js.br', encoding: 'br' });
    expect(pickPrecompressed(root, '/a.js', 'gzip')).toEqual({ path: '/a.js.gz', encoding: 'gzip' });
    expect(pickPrecompressed(root, '/a.js', undefined)).toBeNull();
    expect(pickPrecompressed(root, '/small.css', 'br, gzip')).toBeNull();
  });

  it('never for formats that are not text', () => {
    expect(pickPrecompressed(root, '/img.png', 'gzip')).toBeNull();
  });
});
