// Bundles the server side (every service's main, the gateway's main and the single-process start script)
// into plain JavaScript with esbuild, so production runs `node` on built files instead of compiling
// TypeScript at start. Workspace code (@noek/*, relative imports, Prisma's generated clients) is
// bundled; every other package stays an import from node_modules.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Entry point → output file, relative to the repository root. */
export const serverEntries = {
  'services/auth/src/main.ts': 'services/auth/dist/main.js',
  'services/chat/src/main.ts': 'services/chat/dist/main.js',
  'services/billing/src/main.ts': 'services/billing/dist/main.js',
  'services/admin/src/main.ts': 'services/admin/dist/main.js',
  'gateway/src/main.ts': 'gateway/dist/main.js',
  'scripts/start.ts': 'dist/start.js',
  'scripts/start-services.ts': 'dist/start-services.js',
  // npm start's embedded PGlite runs here, on a worker thread (packages/db/src/embedded-worker-client.ts).
  'packages/db/src/embedded-worker.ts': 'dist/embedded-worker.js',
};

/** Bare imports outside the workspace stay external (node_modules is there at run time). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@noek/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Code that finds files next to itself (migrations, the schema engine shim, the repo root) uses
 * import.meta.url / import.meta.dirname. In a bundle those would name the bundle, so each is rewritten to
 * the source file's own location, expressed relative to the output file (the tree stays relocatable).
 */
function sourceLocation(outFile) {
  return {
    name: 'source-location',
    setup(b) {
      b.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, async (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url') && !text.includes('import.meta.dirname')) return undefined;
        const rel = relative(dirname(join(root, outFile)), args.path)
          .split('\\')
          .join('/');
        const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
        const contents = text
          .replaceAll('import.meta.url', url)
          .replaceAll('import.meta.dirname', `__noekDirname(${url})`);
        const helper = text.includes('import.meta.dirname')
          ? `\nimport { dirname as __noekDir } from 'node:path';\nimport { fileURLToPath as __noekPath } from 'node:url';\nfunction __noekDirname(u) { return __noekDir(__noekPath(u)); }\n`
          : '';
        return { contents: contents + helper, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

export async function bundleServer({ only } = {}) {
  const entries = Object.entries(serverEntries).filter(([entry]) => !only || only.includes(entry));
  await Promise.all(
    entries.map(([entry, out]) =>
      build({
        entryPoints: [join(root, entry)],
        outfile: join(root, out),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: 'linked',
        // Stack traces name the TypeScript files (node --enable-source-maps).
        sourcesContent: false,
        logLevel: 'warning',
        legalComments: 'none',
        plugins: [externalPackages, sourceLocation(out)],
        // Tells code that starts a worker thread to load its built entry rather than the TypeScript one.
        define: { NOEK_SERVER_BUNDLE: 'true' },
      }),
    ),
  );
  return entries.map(([, out]) => out);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outs = await bundleServer();
  console.log(`bundled ${outs.length} server entries in ${Date.now() - started} ms`);
}
