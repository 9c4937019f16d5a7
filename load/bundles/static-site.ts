import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The four remotes and the folder each one builds into. */
export const remotes = ['chat', 'admin', 'billing', 'marketing'] as const;

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
};

async function readIfFile(p: string): Promise<Buffer | null> {
  try {
    return (await stat(p)).isFile() ? await readFile(p) : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built front end the way the gateway does (shell/README.md): the shell at `/` with
 * SPA fallback, each remote under /remotes/<name>/, /config.json and /remotes-manifest.json.
 */
export async function startStaticSite(
  root: string,
  marketingHosts: string[],
): Promise<{ port: number; server: Server }> {
  const manifest = { remotes: Object.fromEntries(remotes.map((r) => [r, `/remotes/${r}/mf-manifest.json`])) };
  const config = { chatHosts: [], marketingHosts, version: 'bench' };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (v: unknown) =>
      res.writeHead(200, { 'content-type': types['.json']! }).end(JSON.stringify(v));
    if (url.pathname === '/config.json') return json(config);
    if (url.pathname === '/remotes-manifest.json') return json(manifest);
    if (url.pathname.startsWith('/api/')) return res.writeHead(404).end(); // no services here
    const m = /^\/remotes\/([a-z]+)\/(.+)$/.exec(url.pathname);
    const file = m
      ? path.join(root, `mfe-${m[1]}`, 'dist', path.normalize(m[2]!))
      : path.join(root, 'shell/dist', path.normalize(url.pathname));
    const body = await readIfFile(file);
    if (body)
      return res
        .writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
        .end(body);
    if (m || path.extname(url.pathname)) return res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': types['.html']! })
      .end(await readFile(path.join(root, 'shell/dist/index.html')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}
