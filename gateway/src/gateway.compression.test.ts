import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, startUpstream } from './test/harness';

let dir: string;
let gw: Awaited<ReturnType<typeof startGateway>>;
let port: string;
const JS = `console.log(${JSON.stringify('noek '.repeat(400))});`;
const CSS = `.a{color:red}\n`.repeat(200);
const INDEX =
  '<!doctype html><html lang="en"><head><title>Noek</title><meta name="description" content="x">' +
  '<meta property="og:title" content="Noek"><link rel="preload" as="script" href="/515.5b3c1629.js"></head><body><div id="root"></div>' +
  '<script defer src="/main.c78dd41f.js"></script></body></html>';
const PRERENDER = {
  html: '<main><h1>Noek landing</h1><a href="https://chat-site.noek.invalid/subscribe">Up</a></main>',
  css: '.lp{color:blue}',
  title: 'Noek: landing',
  description: 'The landing page',
  chatUrlPlaceholder: 'https://chat-site.noek.invalid',
};

function withCopies(file: string, body: string): void {
  writeFileSync(file, body);
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
}

/** Raw bytes and headers of one call (fetch would decode the body and hide what was sent). */
function send(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const get = (path: string, headers: Record<string, string> = {}) => send(`${gw.url}${path}`, headers);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-compression-'));
  const shell = join(dir, 'shell');
  const marketing = join(dir, 'marketing');
  const chat = join(dir, 'chat');
  for (const d of [shell, marketing, chat]) mkdirSync(d);
  writeFileSync(join(shell, 'index.html'), INDEX);
  withCopies(join(shell, 'main.c78dd41f.js'), JS);
  withCopies(join(shell, '515.6e8be036.css'), CSS);
  writeFileSync(join(shell, 'tiny.1234abcd.js'), 'x');
  withCopies(join(chat, 'remoteEntry.js'), JS);
  writeFileSync(join(marketing, 'prerender.json'), JSON.stringify(PRERENDER));
  gw = await startGateway(
    { CHAT_HOSTS: 'localhost,chat.noek.localhost', MARKETING_HOSTS: 'noek.localhost' },
    {},
    { shellDistDir: shell, remoteDistDirs: { chat, marketing } },
  );
  port = new URL(gw.url).port;
});
afterAll(async () => {
  await gw.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressed static files', () => {
  it.each([
    ['/main.c78dd41f.js', JS, /^text\/javascript/],
    ['/515.6e8be036.css', CSS, /^text\/css/],
    ['/remotes/chat/remoteEntry.js', JS, /^text\/javascript/],
  ])('%s: brotli when accepted, with its own type and Vary', async (path, text, type) => {
    const res = await get(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(type);
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(text) / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(text);
  });

  it('gzip for a client without brotli, the file itself for one without either', async () => {
    const gz = await get('/main.c78dd41f.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(JS);
    const plain = await get('/main.c78dd41f.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(JS);
  });

  it('keeps the caching of the file and revalidates per encoding', async () => {
    const br = await get('/main.c78dd41f.js', { 'accept-encoding': 'br' });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/main.c78dd41f.js');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get('/main.c78dd41f.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it('sends a file the build left uncompressed (too small) as it is', async () => {
    const res = await get('/tiny.1234abcd.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('x');
  });

  it('never compresses an event stream', async () => {
    const up = await startUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${'x'.repeat(4000)}\n\n`);
    });
    const g = await startGateway({ CHAT_URL: up.url });
    try {
      const res = await fetch(`${g.url}/api/conversations/c1/stream`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.headers.get('content-type')).toBe('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(await res.text()).toContain('data: xxx');
    } finally {
      await g.stop();
      await up.close();
    }
  });
});

describe('JSON answers of the services', () => {
  const BIG = JSON.stringify({
    messages: Array.from({ length: 80 }, (_, i) => ({ id: i, content: 'noek '.repeat(20) })),
  });
  let up: Awaited<ReturnType<typeof startUpstream>>;
  let g: Awaited<ReturnType<typeof startGateway>>;

  const call = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    send(`${g.url}${path}`, headers, method);

  beforeAll(async () => {
    up = await startUpstream((req, res) => {
      if (req.url === '/api/conversations/small') {
        // express's res.json: the length is known, and too small to be worth compressing.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
        return res.end('{"ok":true}');
      }
      if (req.url === '/api/conversations/export') {
        res.writeHead(200, { 'content-type': 'application/zip' });
        return res.end(Buffer.from(BIG));
      }
      if (req.url === '/api/conversations/chunked') {
        // No length: the body arrives in pieces, as a streamed JSON answer would.
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.write(BIG.slice(0, 1000));
        return setImmediate(() => res.end(BIG.slice(1000)));
      }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', vary: 'Origin' });
      res.end(BIG);
    });
    g = await startGateway({ CHAT_URL: up.url });
  });
  afterAll(async () => {
    await g.stop();
    await up.close();
  });

  it('gzips a JSON answer for a client that accepts it, keeping its Vary', async () => {
    const res = await call('/api/conversations/1/messages', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect(res.body.length).toBeLessThan(Buffer.byteLength(BIG) / 4);
    expect(gunzipSync(res.body).toString()).toBe(BIG);
  });

  it('gzips a JSON answer that streams in pieces', async () => {
    const res = await call('/api/conversations/chunked', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(BIG);
  });

  it.each([
    ['a client that asks for none', '/api/conversations/1/messages', {}, 'GET'],
    ['a client that refuses gzip', '/api/conversations/1/messages', { 'accept-encoding': 'gzip;q=0' }, 'GET'],
    ['a small answer', '/api/conversations/small', { 'accept-encoding': 'gzip' }, 'GET'],
    ['a download (zip)', '/api/conversations/export', { 'accept-encoding': 'gzip' }, 'GET'],
    ['the answer to a POST', '/api/conversations', { 'accept-encoding': 'gzip' }, 'POST'],
  ])('leaves the answer as it is for %s', async (_what, path, headers, method) => {
    const res = await call(path, headers, method);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(path.endsWith('small') ? '{"ok":true}' : BIG);
  });
});

describe('the landing page document (marketing host)', () => {
  it('has the prerendered page, its CSS and meta tags, and links to the chat site', async () => {
    const res = await get('/', { host: `noek.localhost:${port}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body.toString();
    expect(html).toContain('<title>Noek: landing</title>');
    expect(html).toContain('<meta name="description" content="The landing page">');
    expect(html).toContain('<style>.lp{color:blue}');
    expect(html).toContain(
      `<div id="noek-prerender"><main><h1>Noek landing</h1><a href="http://localhost:${port}/subscribe">`,
    );
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('chat-site.noek.invalid');
    // Drawn already: the shell's preload hints would only compete with it.
    expect(html).not.toContain('rel="preload"');
  });

  it('is compressed and revalidates', async () => {
    const res = await get('/', { host: `noek.localhost:${port}`, 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toContain('Noek landing');
    const again = await get('/', {
      host: `noek.localhost:${port}`,
      'accept-encoding': 'br',
      'if-none-match': String(res.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it('only on a marketing host and only at /', async () => {
    expect((await get('/', { host: `localhost:${port}` })).body.toString()).toBe(INDEX);
    expect((await get('/', { host: `chat.noek.localhost:${port}` })).body.toString()).toBe(INDEX);
    expect((await get('/pricing', { host: `noek.localhost:${port}` })).body.toString()).toBe(INDEX);
  });
});

describe('robots.txt', () => {
  it('lets crawlers read the pages but not the API', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.toString()).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n');
  });
});
