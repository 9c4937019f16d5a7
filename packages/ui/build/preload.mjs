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
  return withSharedModules(chunks, picked);
}

/**
 * Chunk files of the groups that modules matching `origins` import (`import()` or `lazy()`), with the
 * shared modules they consume: e.g. what a signed-in screen loads after the first screen's files.
 */
export function groupFiles(statsJson, origins, { shared = true } = {}) {
  const chunks = statsJson.chunks ?? [];
  const picked = new Set(groupOf(chunks, (o) => origins.some((re) => re.test(o))));
  return shared ? withSharedModules(chunks, picked) : withSharedModules([], picked);
}

/** The picked chunks' files, plus the chunks providing every shared module they consume (followed). */
function withSharedModules(chunks, picked) {
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

/** The entry chunk's own files (main.js: the federation runtime that starts everything else). */
export function entryFiles(statsJson) {
  const entry = (statsJson.chunks ?? []).filter((c) => c.initial && c.entry !== false);
  return entry.flatMap((c) => (c.files ?? []).filter((f) => f.endsWith('.js'))).sort();
}

/** `<link>` tags for the chunk files a first screen loads, from the compilation's stats. */
export function preloadTags(statsJson, publicPath, extraFetches = []) {
  const { files } = firstScreenFiles(statsJson);
  const href = (f) => `${publicPath}${f}`;
  const css = files.filter((f) => f.endsWith('.css'));
  const js = files.filter((f) => f.endsWith('.js'));
  return [
    // The entry script first: a `defer` script is fetched at low priority, which Chromium holds back
    // until the head's high-priority preloads are in, though every other file waits on it to run.
    ...entryFiles(statsJson).map((f) => `<link rel="preload" as="script" href="${href(f)}">`),
    ...css.map((f) => `<link rel="preload" as="style" href="${href(f)}">`),
    ...js.map((f) => `<link rel="preload" as="script" href="${href(f)}">`),
    ...extraFetches.map((u) => `<link rel="preload" as="fetch" href="${u}" crossorigin="use-credentials">`),
  ].join('');
}

/**
 * What a signed-in page loads after the first screen's files (the session check, the query cache, the
 * remote slot and the shared modules they consume), as URLs: the gateway preloads them with the HTML
 * of a signed-in page (gateway static/chat-document.ts), where they would otherwise start only once
 * the shell had rendered its first screen.
 */
export function signedInFiles(statsJson, publicPath, origins) {
  const first = new Set(firstScreenFiles(statsJson).files);
  return groupFiles(statsJson, origins)
    .files.filter((f) => !first.has(f))
    .map((f) => `${publicPath}${f}`);
}

/**
 * rspack plugin (remotes): writes `file` with the chunk files of named groups, e.g.
 * `{ markdown: ['markdown.1a2b.js', '6051.3c4d.js'] }`, names relative to the remote's dist, for the
 * gateway to preload with a page that will need them (gateway static/chat-document.ts).
 */
/** What the plugins read of a build's stats: each chunk's files, origins and modules. */
const CHUNK_STATS = {
  all: false,
  chunks: true,
  chunkOrigins: true,
  chunkModules: true,
  dependentModules: true,
  chunkModulesSpace: Infinity,
};

export class PreloadGroupsPlugin {
  /** @param {{ file: string, groups: Record<string, RegExp[]> }} options */
  constructor({ file, groups }) {
    this.file = file;
    this.groups = groups;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('NoekPreloadGroups', async (compilation) => {
      const stats = compilation.getStats().toJson(CHUNK_STATS);
      // Not the shared modules they consume: a remote runs on the shell's copies, not its own.
      const lists = Object.fromEntries(
        Object.entries(this.groups).map(([name, origins]) => [
          name,
          groupFiles(stats, origins, { shared: false }).files,
        ]),
      );
      await writeFile(path.join(compilation.outputOptions.path, this.file), JSON.stringify(lists));
    });
  }
}

/** rspack plugin (host only): writes the hints into the emitted HTML before `</head>`. */
export class PreloadFirstScreenPlugin {
  /**
   * @param {{ html?: string, fetches?: string[], signedIn?: { file: string, origins: RegExp[] } }} options
   *   `signedIn`: the file (beside index.html) listing signedInFiles() for these origins.
   */
  constructor({ html = 'index.html', fetches = [], signedIn } = {}) {
    this.html = html;
    this.fetches = fetches;
    this.signedIn = signedIn;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('NoekPreloadFirstScreen', async (compilation) => {
      const file = path.join(compilation.outputOptions.path, this.html);
      const stats = compilation.getStats().toJson(CHUNK_STATS);
      const publicPath =
        compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
      const html = await readFile(file, 'utf8');
      await writeFile(
        file,
        html.replace('</head>', `${preloadTags(stats, publicPath, this.fetches)}</head>`),
      );
      if (this.signedIn) {
        const files = signedInFiles(stats, publicPath, this.signedIn.origins);
        await writeFile(
          path.join(compilation.outputOptions.path, this.signedIn.file),
          JSON.stringify({ files }),
        );
      }
    });
  }
}
