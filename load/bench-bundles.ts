// Gzip sizes of what each front-end app makes the browser download first (`npm run bench:bundles`,
// after `npm run build`). Remotes: remoteEntry.js + the ./App chunks from mf-manifest.json (shared
// libraries come from the shell). Shell: the JS Chromium actually loads for the signed-out `/`
// (entry, bootstrap, shared libraries); without Chromium, the sum of all shell JS (upper bound).
// The landing page (marketing host): the shell's and the marketing remote's JS until it mounts.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { remotes, startStaticSite } from './bundles/static-site';
import { launchChromium } from '../e2e/chromium';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = '/usr/bin/chromium';
const SHELL_GOAL_KB = 130;
const marketingHost = 'noek.localhost';

interface Size {
  files: number;
  raw: number;
  gzip: number;
}

async function measure(files: string[]): Promise<Size> {
  const size = { files: files.length, raw: 0, gzip: 0 };
  for (const f of files) {
    const body = await readFile(f);
    size.raw += body.length;
    size.gzip += gzipSync(body, { level: 9 }).length;
  }
  return size;
}

interface MfManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: Array<{
    path: string;
    assets: { js: { sync: string[]; async?: string[] }; css: { sync: string[]; async?: string[] } };
  }>;
}

/**
 * mfe-chat's markdown chunks, fetched after its first download: each group is the named
 * chunk plus the library chunk rspack split out of it, recognised by a string only that library has.
 */
const chatLazyGroups = [
  {
    what: 'markdown + marked',
    name: /^markdown\./,
    library: 'input parameter is undefined or null',
  },
  { what: 'KaTeX JS (math only)', name: /^katex\./, library: 'KaTeX parse error' },
  { what: 'highlight.js core', name: /^highlight\./, library: 'Language definition for' },
];

async function chatLazy(): Promise<void> {
  const dist = path.join(root, 'mfe-chat', 'dist');
  const m = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as MfManifest;
  const app = m.exposes.find((e) => e.path === './App');
  const asyncJs = app?.assets.js.async ?? [];
  const used = new Set<string>();
  for (const g of chatLazyGroups) {
    const files: string[] = [];
    for (const f of asyncJs) {
      const body = await readFile(path.join(dist, f), 'utf8');
      if (g.name.test(f) || body.includes(g.library)) files.push(f);
    }
    files.forEach((f) => used.add(f));
    if (files.length) row('mfe-chat', `lazy: ${g.what}`, await measure(files.map((f) => path.join(dist, f))));
  }
  const css = app?.assets.css.async ?? [];
  if (css.length) row('mfe-chat', 'lazy: KaTeX CSS', await measure(css.map((f) => path.join(dist, f))));
  const fonts = (await readdir(dist)).filter((f) => f.endsWith('.woff2'));
  if (fonts.length)
    row('mfe-chat', 'KaTeX fonts woff2 (as used)', await measure(fonts.map((f) => path.join(dist, f))));
  const rest = asyncJs.filter((f) => !used.has(f));
  row('mfe-chat', 'lazy: grammars, other chunks', await measure(rest.map((f) => path.join(dist, f))));
}

async function remoteInitial(name: string): Promise<{ js: Size; css: Size }> {
  const dist = path.join(root, `mfe-${name}`, 'dist');
  const m = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8')) as MfManifest;
  const app = m.exposes.find((e) => e.path === './App');
  if (!app) throw new Error(`mfe-${name} does not expose ./App`);
  const entry = path.join(dist, m.metaData.remoteEntry.path, m.metaData.remoteEntry.name);
  return {
    js: await measure([entry, ...app.assets.js.sync.map((f) => path.join(dist, f))]),
    css: await measure(app.assets.css.sync.map((f) => path.join(dist, f))),
  };
}

/**
 * The JS files Chromium loads for `/` on `host` until `selector` shows: the chat site's signed-out
 * `/` (the sign-in screen; no remote is mounted there) or the landing page on the marketing host.
 */
async function loadedInBrowser(
  host: string,
  selector: string,
): Promise<{ shell: string[]; remote: string[] }> {
  const { port, server } = await startStaticSite(root, [marketingHost]);
  const browser = await launchChromium(chromiumPath);
  try {
    const page = await browser.newPage();
    const shell = new Set<string>();
    const remote = new Set<string>();
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (!p.endsWith('.js')) return;
      const m = /^\/remotes\/([a-z]+)\/(.+)$/.exec(p);
      if (m) remote.add(path.join(root, `mfe-${m[1]}`, 'dist', m[2]!));
      else shell.add(path.join(root, 'shell/dist', p));
    });
    await page.goto(`http://${host}:${port}/`);
    await page.waitForSelector(selector, { timeout: 15_000 });
    return { shell: [...shell], remote: [...remote] };
  } finally {
    await browser.close();
    server.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const row = (app: string, what: string, s: Size) =>
  console.log(
    `${app.padEnd(14)} ${what.padEnd(34)} ${String(s.files).padStart(5)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)}`,
  );

async function main(): Promise<void> {
  for (const app of ['shell', ...remotes.map((r) => `mfe-${r}`)]) {
    if (!existsSync(path.join(root, app, 'dist')))
      throw new Error(`${app}/dist missing: run \`npm run build\` first`);
  }
  console.log(`${'app'.padEnd(14)} ${'initial download'.padEnd(34)} files        raw       gzip`);
  const shellDist = path.join(root, 'shell/dist');
  const allShellJs = (await readdir(shellDist))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(shellDist, f));
  let shell: Size;
  if (existsSync(chromiumPath)) {
    shell = await measure((await loadedInBrowser('127.0.0.1', '[data-testid="sign-in-screen"]')).shell);
    row('shell', 'JS loaded for / (Chromium)', shell);
    const landing = await loadedInBrowser(marketingHost, '[data-testid="mfe-marketing"]');
    row('landing page', 'shell JS (marketing host)', await measure(landing.shell));
    row('landing page', 'mfe-marketing JS', await measure(landing.remote));
  } else {
    shell = await measure(allShellJs);
    row('shell', 'all JS in dist (no Chromium)', shell);
  }
  row('shell', 'all JS in dist (incl. fallbacks)', await measure(allShellJs));
  for (const r of remotes) {
    const { js, css } = await remoteInitial(r);
    row(`mfe-${r}`, 'remoteEntry + ./App JS', js);
    if (css.files) row(`mfe-${r}`, './App CSS', css);
    if (r === 'chat') await chatLazy();
  }
  const verdict = shell.gzip / 1024 <= SHELL_GOAL_KB ? 'within' : 'OVER';
  console.log(`\nshell initial JS ${kb(shell.gzip)} gzip: ${verdict} the ${SHELL_GOAL_KB} KB goal`);
}

await main();
