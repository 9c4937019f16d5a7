// One rspack + module federation setup for the shell and every remote, so the shared singletons
// and loaders cannot drift between apps. Each app's rspack.config.mjs calls createAppConfig().
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress.mjs';
import { PreloadFirstScreenPlugin, PreloadGroupsPlugin } from './preload.mjs';

const require = createRequire(import.meta.url);
const reactRouterDir = path.dirname(require.resolve('react-router/package.json'));

/**
 * react-router 7 maps every bundler condition to its development build; point both package names at
 * the production build it also ships. Only the shell routes (remotes get navigation and route params
 * through the host API, contracts `RemoteProps`), so the router is not shared: the shell's bundle
 * keeps just the declarative router it imports (tree-shaken), where a shared module is bundled whole.
 */
const routerProductionBuild = path.join(reactRouterDir, 'dist/production/index.mjs');
const routerAliases = {
  'react-router$': routerProductionBuild,
  'react-router-dom$': routerProductionBuild,
};

const singleton = (requiredVersion) => ({ singleton: true, requiredVersion, strictVersion: false });

/**
 * Shared singletons (notes/frontend-build.md): one React, one zustand, one QueryClient type and one
 * copy of the workspace packages holding shared state (@noek/ui stores) across host and remotes.
 * Not react-router: no remote imports it (see routerAliases). No shared tree-shaking: it hands
 * remotes a react-query without useQuery.
 */
export const sharedSingletons = {
  react: singleton('^19.3.1'),
  'react/jsx-runtime': singleton('^19.3.1'),
  'react-dom': singleton('^19.3.1'),
  'react-dom/client': singleton('^19.3.1'),
  zustand: singleton('^5.1.0'),
  '@tanstack/react-query': singleton('^5.108.0'),
  '@noek/ui': singleton('^0.1.0'),
  '@noek/contracts': singleton('^0.1.0'),
};

/**
 * The host's view of the same singletons: no version range to check. It consumes the copies it
 * provides itself, at start, before any remote registers (so the check could only ever pass), and
 * the federation runtime's semver check is a quarter of the task that starts the first screen
 * (the landing page's total blocking time). Remotes keep their ranges: a remote deployed
 * against another React than the shell's is warned about.
 */
const hostShared = Object.fromEntries(
  Object.entries(sharedSingletons).map(([name, cfg]) => [name, { ...cfg, requiredVersion: false }]),
);

/** A remote's named chunk groups (preload.mjs PreloadGroupsPlugin), read by the gateway. */
export const PRELOAD_GROUPS_FILE = 'preload-groups.json';
/** The list of the shell's signed-in files (preload.mjs signedInFiles), read by the gateway. */
export const SIGNED_IN_PRELOAD_FILE = 'signed-in-preload.json';
/**
 * The shell's modules whose `import()`s a signed-in page waits on before a remote can load: the stored
 * user's check, the query cache, the remote slot (with its loader and the manifest's schema), the session sync.
 */
const SIGNED_IN_ORIGINS = [
  /\/src\/features\/auth\/session\.store\.ts/,
  /\/src\/app\/lazy-query-root\.tsx/,
  /\/src\/app\/remote-route\.tsx/,
  /\/src\/remotes\/remote-loader\.ts/,
  /\/src\/app\/shell-app\.tsx/,
];

/**
 * @param {{ dir: string, name: string, exposes?: Record<string, string>, html?: { template?: string },
 *   publicPath?: string, isHost?: boolean, preloadGroups?: Record<string, RegExp[]> }} options
 *   `preloadGroups` (remotes): chunk groups, by the modules importing them, listed in PRELOAD_GROUPS_FILE.
 */
export function createAppConfig({
  dir,
  name,
  exposes,
  html,
  publicPath = 'auto',
  isHost = false,
  preloadGroups,
}) {
  return {
    mode: 'production',
    context: dir,
    target: ['web', 'es2022'],
    // Remotes have no page of their own: their only entry is remoteEntry.js (added by federation).
    entry: isHost ? { main: './src/index.ts' } : {},
    output: {
      path: path.join(dir, 'dist'),
      // The shell answers deep links (/chat/42) with index.html, so its assets need an absolute
      // path; remotes use 'auto' and resolve from wherever their mf-manifest.json was fetched.
      publicPath,
      uniqueName: name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'], alias: routerAliases },
    module: {
      // A missing export fails the build, not the page.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
        // Native CSS: emitted as .css files and loaded with <link>, so a CSP needs no inline styles.
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
        shared: isHost ? hostShared : sharedSingletons,
        // Remotes come from /remotes-manifest.json at run time. 'loaded-first' keeps one slow or
        // dead remote from being pulled into another remote's share negotiation.
        shareStrategy: 'loaded-first',
        manifest: !isHost,
        dts: false,
        // One federation runtime, provided by the shell: a remote's first download drops from
        // ~34 KB to ~16 KB gzip. The price: a remote only runs inside the shell. target 'web'
        // drops the Node loaders (~2 KB gzip off the shell's first download and off each remoteEntry).
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: true, optimization: { target: 'web' } },
      }),
      html
        ? new rspack.HtmlRspackPlugin({
            ...(html.template ? { template: path.join(dir, html.template) } : { title: name }),
            inject: 'body',
          })
        : null,
      // The host's first-screen chunks and JSON as preload hints in index.html (preload.mjs).
      html && isHost
        ? new PreloadFirstScreenPlugin({
            fetches: ['/config.json', '/remotes-manifest.json'],
            signedIn: { file: SIGNED_IN_PRELOAD_FILE, origins: SIGNED_IN_ORIGINS },
          })
        : null,
      preloadGroups ? new PreloadGroupsPlugin({ file: PRELOAD_GROUPS_FILE, groups: preloadGroups }) : null,
      // .br and .gz beside every text asset (precompress.mjs): servers send them as they are.
      new PrecompressPlugin(),
    ].filter(Boolean),
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
