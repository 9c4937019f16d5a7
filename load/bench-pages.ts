// npm run bench:pages (after `npm run build`): Lighthouse (mobile, its default simulated throttling)
// on the two pages a new visitor sees first: the landing page (marketing host noek.localhost) and the
// chat site's sign-in page (localhost). Prints the four category scores, LCP (and its element), TBT,
// bytes on the wire, and the JavaScript the sign-in page loads (shell vs remotes, on the wire).
// Starts the single-process mode (dist/start.js, built) on a free port and a fresh DATA_DIR, unless
// BENCH_PAGES_URL points at a running one (e.g. http://localhost:8080; the marketing host is then
// noek.localhost on the same port). BENCH_PAGES_RUNS (3): runs per page, the median run is shown.
// Chromium: /usr/bin/chromium (CHROME_PATH), --headless=new --no-sandbox --disable-gpu.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { freePort } from './lib/free-port';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.env.BENCH_PAGES_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const categories = Object.keys(GOALS) as (keyof typeof GOALS)[];
const LOW_TIER_BENCHMARK = 264;
const cpuModes = (process.env.BENCH_PAGES_CPU ?? 'both').split(/[,\s]+/);

interface Figures {
  scores: Record<string, number>;
  lcpMs: number;
  lcpElement: string;
  tbtMs: number;
  fcpMs: number;
  cls: number;
  wireKb: number;
  rawKb: number;
  shellJsKb: number;
  remoteJsKb: number;
  requests: number;
  benchmarkIndex: number;
  failed: string[];
  /** Main-thread tasks of 50 ms or more (simulated), longest first: where total blocking time goes. */
  longTasks: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

async function startProduct(): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const log = openSync(join(dataDir, 'start.log'), 'w');
  // What `npm start` runs (its build step is `npm run build`, done before), in production mode. Production
  // refuses the dev mailbox (issue 14): mail goes to an address nothing listens on (no page sends any).
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start exited ${child.exitCode}; see ${dataDir}/start.log`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('not ready within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function audit(url: string, port: number, cpuSlowdownMultiplier: number): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: categories },
    {
      extends: 'lighthouse:default',
      settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } },
    },
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // A trace Lighthouse could not read (NO_NAVSTART under load, seen here on both pages, before and after
  // issue 9) scores 0 for the page, not for the page's speed: the run is made again (auditRetrying).
  if (lhr.runtimeError) throw new LighthouseRunError(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const js = (pred: (u: URL) => boolean) =>
    items
      .filter((i) => i.resourceType === 'Script' && pred(new URL(i.url)))
      .reduce((n, i) => n + (i.transferSize ?? 0), 0) / 1024;
  const lcpParts = lhr.audits['lcp-breakdown-insight']?.details as
    { items?: { type?: string; selector?: string }[] } | undefined;
  const lcpNode = (lcpParts?.items ?? []).find((i) => i.type === 'node');
  return {
    scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])),
    lcpMs: num('largest-contentful-paint'),
    lcpElement: lcpNode?.selector ?? '?',
    tbtMs: num('total-blocking-time'),
    fcpMs: num('first-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    wireKb: num('total-byte-weight') / 1024,
    rawKb: items.reduce((n, i) => n + (i.resourceSize ?? 0), 0) / 1024,
    shellJsKb: js((u) => !u.pathname.startsWith('/remotes/')),
    remoteJsKb: js((u) => u.pathname.startsWith('/remotes/')),
    requests: items.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    longTasks: longTasks(lhr.audits['long-tasks']?.details),
    failed: categories.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
        .map((r) => `${c}:${r.id}`),
    ),
  };
}

class LighthouseRunError extends Error {}

const RUN_ATTEMPTS = 3;

/** One audit, made again when Lighthouse itself failed (its error is printed, never counted as a score). */
async function auditRetrying(url: string, port: number, cpu: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, cpu);
    } catch (err) {
      if (!(err instanceof LighthouseRunError) || attempt >= RUN_ATTEMPTS) throw err;
      console.log(
        `  (${url}: Lighthouse failed to record the run, ${err.message.split(':')[0]}; running it again)`,
      );
    }
  }
}

interface LongTaskItem {
  url?: string;
  duration?: number;
}

/** `long-tasks` as "<ms> <file>", the file name without its content hash. */
function longTasks(details: unknown): string[] {
  const items = ((details as { items?: LongTaskItem[] } | undefined)?.items ?? []) as LongTaskItem[];
  return [...items]
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .map((i) => {
      const file =
        (i.url ?? '')
          .split('/')
          .pop()
          ?.replace(/\.[0-9a-f]{8}\.js$/, '.js') || '(document)';
      return `${Math.round(i.duration ?? 0)} ${file}`;
    });
}

function median1(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 1000;
}

function median(list: Figures[]): Figures {
  const perf = (f: Figures) => f.scores.performance ?? 0;
  const sorted = [...list].sort((a, b) => perf(a) - perf(b) || b.lcpMs - a.lcpMs);
  const mid = sorted[Math.floor(sorted.length / 2)];
  if (!mid) throw new Error('no runs');
  return mid;
}

function print(name: string, url: string, all: Figures[]): boolean {
  const f = median(all);
  const met = categories.every((c) => (f.scores[c] ?? 0) >= GOALS[c]);
  console.log(
    `\n${name}  ${url}  (median of ${all.length}; performance runs: ${all.map((r) => r.scores.performance).join(', ')})`,
  );
  console.log(
    `  performance ${f.scores.performance}  accessibility ${f.scores.accessibility}  ` +
      `best-practices ${f.scores['best-practices']}  seo ${f.scores.seo}   goal ${met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  LCP ${(f.lcpMs / 1000).toFixed(2)} s  FCP ${(f.fcpMs / 1000).toFixed(2)} s  TBT ${Math.round(f.tbtMs)} ms  CLS ${f.cls.toFixed(3)}`,
  );
  console.log(`  LCP element: ${f.lcpElement}`);
  console.log(
    `  on the wire: ${f.wireKb.toFixed(1)} KiB in ${f.requests} requests (${f.rawKb.toFixed(1)} KiB uncompressed); JS: shell ${f.shellJsKb.toFixed(1)} KiB, remotes ${f.remoteJsKb.toFixed(1)} KiB`,
  );
  if (f.longTasks.length) console.log(`  long tasks (ms, simulated): ${f.longTasks.slice(0, 6).join(', ')}`);
  if (f.failed.length) console.log(`  audits below full score: ${f.failed.join(', ')}`);
  return met;
}

async function main(): Promise<void> {
  const product = process.env.BENCH_PAGES_URL
    ? { base: process.env.BENCH_PAGES_URL.replace(/\/$/, ''), stop: async () => undefined }
    : await startProduct();
  const port = new URL(product.base).port;
  const pages = [
    ['landing page', `http://noek.localhost:${port}/`],
    ['sign-in page', `http://localhost:${port}/`],
  ] as const;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  let allMet = true;
  try {
    const indexes: number[] = [];
    const pass = async (label: string, cpu: number | 'calibrated') => {
      const multiplier =
        cpu === 'calibrated' ? Math.min(4, Math.max(1, median1(indexes) / LOW_TIER_BENCHMARK)) : cpu;
      console.log(
        `\n== ${label}: Lighthouse mobile, simulated Slow 4G, CPU slowdown ${multiplier.toFixed(2)}x, on ${product.base}`,
      );
      let met = true;
      for (const [name, url] of pages) {
        const results: Figures[] = [];
        for (let i = 0; i < runs; i++) results.push(await auditRetrying(url, chrome.port, multiplier));
        indexes.push(...results.map((r) => r.benchmarkIndex));
        met = print(name, url, results) && met;
      }
      return met;
    };
    if (cpuModes.includes('default') || cpuModes.includes('both'))
      allMet = (await pass('Lighthouse defaults', 4)) && allMet;
    if (cpuModes.includes('calibrated') || cpuModes.includes('both')) {
      if (!indexes.length) indexes.push((await auditRetrying(pages[1][1], chrome.port, 4)).benchmarkIndex);
      allMet = (await pass('CPU calibrated to this machine', 'calibrated')) && allMet;
    }
  } finally {
    chrome.kill();
    await product.stop();
  }
  console.log(
    `\ngoals (performance >= 95, the other three 100): ${allMet ? 'met' : 'NOT met'} in every pass on both pages`,
  );
}

await main();
