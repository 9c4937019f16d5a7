// Preload hints for the host's first screen. The shell starts through an async boundary (index ->
// bootstrap) and module federation loads each shared library as its own chunk, so without hints the
// browser finds the first screen's files in three or four round trips (main.js, then bootstrap and
// the shared chunks, then their CSS, then /config.json). Listing them in index.html fetches them all
// at once. Only what every first screen needs: the bootstrap chunk and the chunks of the shared
// modules the host provides (react, react-dom, router, stores, contracts, ui); never route chunks
// or the fallbacks federation keeps for a shared module someone else provides.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const isFirstScreen = (origin) =>
  /\.\/src\/index\.ts$/.test(origin.moduleName ?? '') ||
  /^provide shared module/.test(origin.moduleName ?? '');

/** `<link>` tags for the chunk files a first screen loads, from the compilation's stats. */
export function preloadTags(statsJson, publicPath, extraFetches = []) {
  const files = new Set();
  for (const chunk of statsJson.chunks ?? []) {
    if (chunk.initial || !(chunk.origins ?? []).some(isFirstScreen)) continue;
    for (const f of chunk.files ?? []) if (/\.(js|css)$/.test(f)) files.add(f);
  }
  const href = (f) => `${publicPath}${f}`;
  const css = [...files].filter((f) => f.endsWith('.css')).sort();
  const js = [...files].filter((f) => f.endsWith('.js')).sort();
  return [
    ...css.map((f) => `<link rel="preload" as="style" href="${href(f)}">`),
    ...js.map((f) => `<link rel="preload" as="script" href="${href(f)}">`),
    ...extraFetches.map((u) => `<link rel="preload" as="fetch" href="${u}" crossorigin="use-credentials">`),
  ].join('');
}

/** rspack plugin (host only): writes the hints into the emitted HTML before `</head>`. */
export class PreloadFirstScreenPlugin {
  constructor({ html = 'index.html', fetches = [] } = {}) {
    this.html = html;
    this.fetches = fetches;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('NoekPreloadFirstScreen', async (compilation) => {
      const file = path.join(compilation.outputOptions.path, this.html);
      const stats = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
      const publicPath =
        compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
      const html = await readFile(file, 'utf8');
      await writeFile(
        file,
        html.replace('</head>', `${preloadTags(stats, publicPath, this.fetches)}</head>`),
      );
    });
  }
}
