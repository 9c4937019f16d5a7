// Build step (run with tsx after `rspack build`): renders an app's page to static HTML with
// react-dom/server and writes `dist/prerender.json` { html, css, title, description, ... }. The server
// of that host puts it in the document it sends (gateway/src/static/marketing-document.ts), so the
// page shows before any script runs; the remote replaces it when it mounts.
//   tsx ../packages/ui/build/prerender.mjs <entry.tsx exporting prerender()> <css files...>
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { precompressFile } from './precompress.mjs';

/** Comments and layout whitespace out: the CSS goes inline in every page. */
export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

async function main() {
  const [entry, ...cssFiles] = process.argv.slice(2);
  if (!entry) throw new Error('usage: prerender.mjs <entry.tsx> [css files...]');
  const cwd = process.cwd();
  const mod = await import(pathToFileURL(path.resolve(cwd, entry)).href);
  const page = mod.prerender();
  const css = (await Promise.all(cssFiles.map((f) => readFile(path.resolve(cwd, f), 'utf8')))).join('\n');
  const out = path.join(cwd, 'dist', 'prerender.json');
  await writeFile(out, JSON.stringify({ ...page, css: minifyCss(css) }));
  await precompressFile(out);
  console.log(`prerendered ${entry} -> dist/prerender.json (${page.html.length} bytes of HTML)`);
}

await main();
