// Preload hints for the host's first screen. The shell starts through an async boundary (index ->
// bootstrap) and module federation loads each shared library as its own chunk, so without hints the
// browser finds the first screen's files in three or four round trips (main.js, then bootstrap and
// the shared chunks, then their CSS, then /config.json). Listing them in index.html fetches them all
// at once. Only what the first screen runs: the bootstrap chunk group, the shared modules it
// consumes and those the bootstrap module imports itself (react-dom/client, started in a task of its
// own), followed through their own consumes (react-dom/client needs react-dom, which needs react). Never route chunks, shared modules only later screens use (react-query, the contracts'
// schemas), or the fallbacks federation keeps for a shared module someone else provides: a hint for
// a file the page does not run still takes its share of a phone's bandwidth.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ENTRY = /\.\/src\/index\.ts$/;
const BOOTSTRAP = /\.\/src\/bootstrap\.tsx$/;
const PROVIDE = /^provide shared module \([^)]*\) (.+)@[^@\s]+ = /;
const CONSUME = /^consume shared module \([^)]*\) (.+)@[^@\s]+ /;

const originNames = (chunk) => (chunk.origins ?? []).map((o) => o.moduleName ?? '');
const moduleNames = (chunk) => (chunk.modules ?? []).map((m) => m.name ?? m.identifier ?? '');

/** The chunks of the chunk group an origin (an `import()` or a provided shared module) loads. */
function groupOf(chunks, isOrigin) {
  return chunks.filter((c) => !c.initial && originNames(c).some(isOrigin));
}

/** Chunk files the first screen loads: the bootstrap group plus the shared modules it consumes. */
export function firstScreenFiles(statsJson) {
  const chunks = statsJson.chunks ?? [];
  const picked = new Set(groupOf(chunks, (o) => ENTRY.test(o)));
  // A shared module the bootstrap imports on its own: a group of consume modules only, no files.
  const sharedOnly = (c) => moduleNames(c).length > 0 && moduleNames(c).every((n) => CONSUME.test(n));
  for (const c of groupOf(chunks, (o) => BOOTSTRAP.test(o))) if (sharedOnly(c)) picked.add(c);
  const sharedKeys = new Set();
  for (const chunk of picked) {
    for (const name of moduleNames(chunk)) {
      const key = CONSUME.exec(name)?.[1];
      if (!key || sharedKeys.has(key)) continue;
      sharedKeys.add(key);
      // A Set visits what is added during the loop: the provided module's own consumes follow.
      for (const c of groupOf(chunks, (o) => PROVIDE.exec(o)?.[1] === key)) picked.add(c);
    }
  }
  const files = new Set();
  for (const chunk of picked) for (const f of chunk.files ?? []) if (/\.(js|css)$/.test(f)) files.add(f);
  return { files: [...files].sort(), sharedKeys: [...sharedKeys].sort() };
}

/** `<link>` tags for the chunk files a first screen loads, from the compilation's stats. */
export function preloadTags(statsJson, publicPath, extraFetches = []) {
  const { files } = firstScreenFiles(statsJson);
  const href = (f) => `${publicPath}${f}`;
  const css = files.filter((f) => f.endsWith('.css'));
  const js = files.filter((f) => f.endsWith('.js'));
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
      const stats = compilation.getStats().toJson({
        all: false,
        chunks: true,
        chunkOrigins: true,
        chunkModules: true,
        dependentModules: true,
        chunkModulesSpace: Infinity,
      });
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
