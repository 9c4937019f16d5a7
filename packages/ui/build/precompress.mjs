// Brotli and gzip copies of every text asset, made once at build (`main.1a2b3c4d.js.br`, `.gz`), so
// servers send them as they are (gateway/src/static, scripts/lib/static-server.ts, nginx gzip_static)
// instead of compressing on every request or not at all.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Worth compressing: text formats; below this size the headers cost more than they save. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map)$/i;
export const MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz` beside one file (skipped when too small). */
export async function precompressFile(file) {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

/** rspack plugin: after the files are written, compress the text ones. */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('NoekPrecompress', async (compilation) => {
      const out = compilation.outputOptions.path;
      const names = compilation
        .getAssets()
        .map((a) => a.name)
        .filter((n) => COMPRESSIBLE.test(n));
      await Promise.all(names.map((n) => precompressFile(path.join(out, n))));
    });
  }
}
