import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';

export type Encoding = 'br' | 'gzip';

/** What the build precompresses (packages/ui/build/precompress.mjs): text formats only. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/i;
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Content types of the files that have compressed copies (send would type `x.js.br` as binary). */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export function isCompressible(path: string): boolean {
  return COMPRESSIBLE.test(path);
}

export function contentTypeOf(path: string): string | undefined {
  return TYPES[extname(path).toLowerCase()];
}

/**
 * The encodings a client accepts, best first (br, then gzip), from its Accept-Encoding header.
 * `q=0` refuses one; `*` accepts any not named.
 */
export function acceptedEncodings(header: string | string[] | undefined): Encoding[] {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = q.get('*');
  return (['br', 'gzip'] as const).filter((e) => (q.get(e) ?? star ?? 0) > 0);
}

/**
 * The precompressed copy to send for `path` under `root` (`main.js` -> `main.js.br`), or null when
 * the client accepts none of them or the build made none (small files are left as they are).
 */
export function pickPrecompressed(
  root: string,
  path: string,
  acceptEncoding: string | string[] | undefined,
): { path: string; encoding: Encoding } | null {
  if (!isCompressible(path)) return null;
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const candidate = path + SUFFIX[encoding];
    if (existsSync(join(root, candidate))) return { path: candidate, encoding };
  }
  return null;
}
