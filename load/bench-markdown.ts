// npm run bench:markdown: the cost of rendering chat markdown in headless Chromium.
// 1. Streaming: a 4,000-token reply full of tables, lists, code and math, one token at a time into the
//    real MessageItem; per token, React's render + commit, and that plus the forced style/layout.
//    p50/p95 over all tokens. Goal: p95 <= 2 ms.
// 2. A 500-message conversation of realistic replies through the real (virtualized) MessageList:
//    render call to the second animation frame, median of 5 page loads. Goal: <= 150 ms.
// KaTeX and the grammars are fetched before timing (as after the first such reply): we time rendering.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/chromium';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOKENS = Number(process.env.BENCH_MARKDOWN_TOKENS ?? 4000);
const MESSAGES = Number(process.env.BENCH_MARKDOWN_MESSAGES ?? 500);
const RUNS = Number(process.env.BENCH_MARKDOWN_RUNS ?? 5);

async function bundle(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-markdown-'));
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'load/bench/markdown-entry.tsx')],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
    outdir: dir,
    entryNames: 'entry',
    logLevel: 'error',
  });
  const chatCss = readFileSync(join(root, 'mfe-chat/src/features/chat.css'), 'utf8');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><style>${chatCss}</style><link rel="stylesheet" href="entry.css"></head>` +
      `<body><div id="root"></div><script type="module" src="entry.js"></script></body></html>`,
  );
  return dir;
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
};

function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => server.close(),
      }),
    ),
  );
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const fmt = (n: number) => n.toFixed(2);

type StreamResult = { render: number[]; withLayout: number[]; cpu: number[]; chars: number };
type Win = {
  streamStart: (n: number) => Promise<number>;
  streamNext: () => { render: number; withLayout: number; chars: number };
};

/**
 * Wall time in the page is at the mercy of whatever else runs on the machine (eight engineers share two
 * cores here), so we also read Chromium's own main-thread accounting in thread-CPU ticks
 * (Performance.getMetrics with timeDomain threadTicks): per token, the script + style + layout time
 * since the previous token, which also counts work the token queued (highlighting, KaTeX).
 */
async function streamReply(page: Page): Promise<StreamResult> {
  const mainThread = await mainThreadClock(page);
  const n = await page.evaluate((t) => (window as unknown as Win).streamStart(t), TOKENS);
  const out: StreamResult = { render: [], withLayout: [], cpu: [], chars: 0 };
  let before = await mainThread();
  for (let i = 0; i < n; i++) {
    const r = await page.evaluate(() => (window as unknown as Win).streamNext());
    const after = await mainThread();
    out.render.push(r.render);
    out.withLayout.push(r.withLayout);
    out.cpu.push(after - before);
    out.chars = r.chars;
    before = after;
  }
  return out;
}
type ConversationResult = { ms: number; rendered: number; lastInView: boolean; cpu: number };

/** Main-thread script + style + layout time in thread-CPU ms, from Chromium's own accounting. */
async function mainThreadClock(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (n: string) => metrics.find((m) => m.name === n)?.value ?? 0;
    return (get('ScriptDuration') + get('LayoutDuration') + get('RecalcStyleDuration')) * 1000;
  };
}

async function main(): Promise<void> {
  const dir = await bundle();
  const site = await serve(dir);
  const browser = await launchChromium(CHROMIUM);
  try {
    const open = async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(site.url);
      await page.waitForFunction(() => 'streamStart' in window);
      return { page, errors };
    };

    const s = await open();
    const streamed = await streamReply(s.page);
    const codeBlocks = await s.page.locator('.chat-code code.hljs').count();
    const formulas = await s.page.locator('.katex').count();
    const tables = await s.page.locator('table').count();
    if (s.errors.length) throw new Error(`page errors: ${s.errors.join('; ')}`);
    await s.page.close();

    const runs: ConversationResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c = await open();
      await c.page.evaluate(() => (window as unknown as { benchWarm: () => Promise<void> }).benchWarm());
      const clock = await mainThreadClock(c.page);
      const before = await clock();
      const r = await c.page.evaluate(
        (n) =>
          (
            window as unknown as { benchConversation: (n: number) => Promise<ConversationResult> }
          ).benchConversation(n),
        MESSAGES,
      );
      const cpu = (await clock()) - before;
      if (!r.lastInView) throw new Error('the conversation did not open at its last message');
      runs.push({ ...r, cpu });
      await c.page.close();
    }
    const ms = runs.map((r) => r.ms);
    const median = pct(ms, 50);
    const cpuMedian = pct(
      runs.map((r) => r.cpu),
      50,
    );
    const p95 = pct(streamed.cpu, 95);
    console.log(
      [
        `bench:markdown on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
        `streaming ${streamed.render.length} tokens (${streamed.chars} chars; ${tables} tables, ${codeBlocks} highlighted code blocks, ${formulas} formulas) into one message:`,
        `  render + commit per token: p50 ${fmt(pct(streamed.render, 50))} ms, p95 ${fmt(pct(streamed.render, 95))} ms, max ${fmt(Math.max(...streamed.render))} ms`,
        `  wall, + style and layout:  p50 ${fmt(pct(streamed.withLayout, 50))} ms, p95 ${fmt(pct(streamed.withLayout, 95))} ms, max ${fmt(Math.max(...streamed.withLayout))} ms`,
        `  main-thread CPU (script + style + layout) per token: p50 ${fmt(pct(streamed.cpu, 50))} ms, p95 ${fmt(p95)} ms, max ${fmt(Math.max(...streamed.cpu))} ms`,
        `  goal p95 <= 2 ms main-thread time per token: ${p95 <= 2 ? 'MET' : 'NOT MET'}`,
        `${MESSAGES}-message conversation (virtualized MessageList, ${runs[0]?.rendered ?? 0} rows in the DOM), render call to second frame:`,
        `  wall: median ${fmt(median)} ms over ${ms.map((m) => m.toFixed(0)).join(', ')} ms`,
        `  main-thread CPU (script + style + layout): median ${fmt(cpuMedian)} ms over ${runs.map((r) => r.cpu.toFixed(0)).join(', ')} ms`,
        `  goal <= 150 ms (main-thread time): ${cpuMedian <= 150 ? 'MET' : 'NOT MET'}`,
      ].join('\n'),
    );
  } finally {
    await browser.close();
    site.close();
  }
}

await main();
