import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from './static-server';

const JS = 'var noek_marketing = 1;\n'.repeat(100);
let server: StaticServer;

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-server-'));
  writeFileSync(join(dir, 'remoteEntry.js'), JS);
  writeFileSync(join(dir, 'remoteEntry.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dir, 'remoteEntry.js.gz'), gzipSync(JS));
  server = await serveStatic(dir, 0);
});
afterAll(() => server.close());

describe('serveStatic', () => {
  it('sends the brotli copy, else the gzip copy, else the file; always with Vary', async () => {
    const br = await get('/remoteEntry.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(JS);
    const gz = await get('/remoteEntry.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(JS);
    const plain = await get('/remoteEntry.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(JS);
  });
});
