/**
 * A minimal static file server for a remote's dist folder, standing in for the CDN or nginx a remote
 * team deploys to. It allows cross-origin reads because the shell loads remotes from another origin.
 * Like the gateway, it sends the build's brotli or gzip copy (`x.js.br`, `x.js.gz`, made by
 * packages/ui/build/precompress.mjs) to a client that accepts it, with Vary: Accept-Encoding.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

export type StaticServer = { url: string; close(): Promise<void> };

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|map)$/i;

/** The precompressed copy to send (brotli first), or null for the file itself. */
function precompressed(
  file: string,
  headers: IncomingHttpHeaders,
): { file: string; encoding: string } | null {
  if (!COMPRESSIBLE.test(file)) return null;
  const accepted = String(headers['accept-encoding'] ?? '')
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => !/;\s*q=0(\.0*)?$/.test(p))
    .map((p) => p.split(';')[0]);
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (accepted.includes(encoding) && existsSync(file + suffix)) return { file: file + suffix, encoding };
  }
  return null;
}

export function serveStatic(dir: string, port: number, host = '127.0.0.1'): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!file.startsWith(dir + sep) && file !== dir) {
      res.writeHead(400).end();
      return;
    }
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const manifest = path.endsWith('mf-manifest.json') || path.endsWith('remoteEntry.js');
    const compressed = precompressed(file, req.headers);
    res.writeHead(200, {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': manifest ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(COMPRESSIBLE.test(file) ? { vary: 'Accept-Encoding' } : {}),
      ...(compressed ? { 'content-encoding': compressed.encoding } : {}),
    });
    createReadStream(compressed?.file ?? file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve({
        // The bound port: `port` 0 asks for a free one.
        url: `http://${host}:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
