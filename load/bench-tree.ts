// npm run bench:tree: the message tree's API on real PostgreSQL.
// Seeds 10,000 conversations of 4 messages and one of 2,000 messages with 50 branch points (a sibling
// user message and its reply beside 50 evenly spaced user messages of the path), then times, through
// the chat service's HTTP API (express, auth, Prisma, PostgreSQL; no gateway):
//  - a path page (the newest 50 messages of the path shown), and the page above it (before=);
//  - the whole path (2,000 messages);
//  - a branch switch ('‹ 2 / 2 ›': POST .../branch answering the new whole path).
// Then, in Chromium (the real MessageList bundled with esbuild, fed the paths that API answered), with
// performance marks and a PerformanceObserver in the page (load/bench/tree-render-entry.tsx):
//  - opening the 2,000-message conversation: render call to the first paint of its visible messages
//    (goal <= 300 ms);
//  - switching a branch: the new path given to the list to its paint (goal <= 50 ms).
// BENCH_TREE_BROWSER_RUNS (7) pages, median; BENCH_TREE_ONLY=api|browser runs one part.
// BENCH_TREE_PROFILE=dir: the first page's open and switches as Chrome CPU profiles (open.cpuprofile,
// switch.cpuprofile; the bundle unminified so functions keep their names) and their top functions, and
// their traces (*.trace.json) with the main thread's CPU by kind of work (script, style, layout, paint);
// BENCH_TREE_PROFILE_JS=0 traces only. BENCH_TREE_ENTRY=path: another page entry (an A/B against a copy
// of the list, say), relative to the repository.
// Database: TEST_DATABASE_URL (the API tests' schema chat_api_test, dropped and made again).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { PathMessage } from '@noek/contracts';
import { launchChromium } from '../e2e/chromium';
import { startChatHarness, userClient } from '../services/chat/src/test/chat-api-harness';

const RUNS = Number(process.env.BENCH_TREE_RUNS ?? 300);
const WARMUP = 30;
const CONVERSATIONS = 10_000;
const BIG = 2_000;
const BRANCH_POINTS = 50;
const BROWSER_RUNS = Number(process.env.BENCH_TREE_BROWSER_RUNS ?? 7);
const ONLY = process.env.BENCH_TREE_ONLY;
const PROFILE = process.env.BENCH_TREE_PROFILE;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Times `work` RUNS times after a warm-up; prints p50, p95 and max. */
async function timeWork(name: string, work: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await work();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await work();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(1).padStart(6);
  console.log(
    `${name.padEnd(52)} p50 ${f(pct(ms, 0.5))} ms  p95 ${f(pct(ms, 0.95))} ms  max ${f(ms.at(-1)!)} ms`,
  );
}

/** One HTTP call, its body read, refused unless 200. */
const time = (name: string, call: () => Promise<Response>) =>
  timeWork(name, async () => {
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
  });

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions that took the most of a profile: self and with what they called, in ms. */
function printTop(name: string, profile: CpuProfile): void {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    selfBy.set(label(id), (selfBy.get(label(id)) ?? 0) + ms);
    // Inclusive: each frame on the stack once (recursion counted once).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(at);
      if (seen.has(l)) continue;
      seen.add(l);
      totalBy.set(l, (totalBy.get(l) ?? 0) + ms);
    }
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([l, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${l}`)
      .join('\n');
  console.log(`  profile ${name}: self\n${top(selfBy)}\n  with callees\n${top(totalBy)}`);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's CPU time by kind of work (script, style, layout, paint...), each event's
 * own thread time without what nested in it: unlike the sampling profile, not stretched by waiting for
 * a core on a loaded machine.
 */
function printTraceSummary(name: string, events: TraceEvent[]): void {
  const main = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => e.tid),
  );
  const xs = events
    .filter((e) => e.ph === 'X' && main.has(e.tid) && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { end: number; key: string; tid: number }[] = [];
  for (const e of xs) {
    while (stack.length && (stack.at(-1)!.end <= e.ts || stack.at(-1)!.tid !== e.tid)) stack.pop();
    const tdur = (e.tdur ?? 0) / 1000;
    self.set(e.name, (self.get(e.name) ?? 0) + tdur);
    const parent = stack.at(-1);
    if (parent) self.set(parent.key, (self.get(parent.key) ?? 0) - tdur);
    stack.push({ end: e.ts + (e.dur ?? 0), key: e.name, tid: e.tid });
  }
  const rows = [...self]
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([k, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${k}`);
  console.log(`  trace ${name}: main-thread CPU by kind (self)\n${rows.join('\n')}`);
}

/**
 * BENCH_TREE_PROFILE: `step` under Chrome's sampling profiler (written as <name>.cpuprofile) and its
 * trace (<name>.trace.json).
 */
async function profiled(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  name: string,
  step: () => Promise<unknown>,
): Promise<void> {
  if (!PROFILE) {
    await step();
    return;
  }
  mkdirSync(PROFILE, { recursive: true });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
  });
  // The sampling profiler's own start-up shows in the trace: BENCH_TREE_PROFILE_JS=0 traces only.
  const sampled = process.env.BENCH_TREE_PROFILE_JS !== '0';
  if (sampled) await cdp.send('Profiler.start');
  await step();
  const profile = sampled ? (await cdp.send('Profiler.stop')).profile : undefined;
  const trace = await browser.stopTracing();
  if (profile) {
    writeFileSync(join(PROFILE, `${name}.cpuprofile`), JSON.stringify(profile));
    printTop(name, profile as CpuProfile);
  }
  writeFileSync(join(PROFILE, `${name}.trace.json`), trace);
  printTraceSummary(name, (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents);
}

interface BrowserPage {
  paths: [PathMessage[], PathMessage[]];
  bench: {
    measures: { name: string; ms: number }[];
    open: (path: PathMessage[]) => Promise<void>;
    show: (path: PathMessage[]) => Promise<void>;
    rendered: () => number;
  };
}

/**
 * Opens the conversation (its whole path, as the chat screen fetches it) in Chromium, then shows the other
 * branch's path and back, five times per page; prints medians with the load average.
 */
async function browserPart(first: PathMessage[], second: PathMessage[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tree-render-'));
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, process.env.BENCH_TREE_ENTRY ?? 'load/bench/tree-render-entry.tsx')],
    bundle: true,
    minify: !PROFILE,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The page gets the chat's own style sheets inline (below); those the modules import are left out.
    loader: { '.css': 'empty' },
    outfile: join(dir, 'bundle.js'),
    logLevel: 'error',
  });
  const css = ['mfe-chat/src/features/chat.css', 'mfe-chat/src/features/markdown/markdown.css']
    .map((f) => readFileSync(join(root, f), 'utf8'))
    .join('\n');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><style>${css}</style></head><body><div id="root"></div><script src="bundle.js"></script></body></html>`,
  );
  const browser = await launchChromium(CHROMIUM);
  // Each also as 'commit': the render call to React's commit done (JS; the rest is style, layout, paint).
  const open: number[] = [];
  const openCommit: number[] = [];
  const switches: number[] = [];
  const switchCommit: number[] = [];
  const openCpu: number[] = [];
  const switchCpu: number[] = [];
  let rendered = 0;
  const loadBefore = load();
  try {
    for (let i = 0; i < BROWSER_RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`file://${join(dir, 'index.html')}`);
      await page.waitForFunction(() => 'bench' in window);
      // The renderer's main-thread CPU time around each step (Chrome's ThreadTime): on a loaded machine
      // the wall-clock figures measure the queue for a core as much as our work.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      const threadMs = async () => {
        const { metrics } = await cdp.send('Performance.getMetrics');
        return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000;
      };
      const cpu = async (into: number[], step: () => Promise<unknown>) => {
        const before = await threadMs();
        await step();
        into.push((await threadMs()) - before);
      };
      // The two paths are handed over first: what is measured is opening and switching, not the transfer.
      await page.evaluate((paths) => Object.assign(window, { paths }), [first, second]);
      // Only the first page is profiled (the profiler's own cost would skew the others).
      const profile = (name: string, step: () => Promise<unknown>) =>
        i === 0 ? profiled(browser, page, cdp, name, step) : step();
      await profile('open', () =>
        cpu(openCpu, () =>
          page.evaluate(() =>
            (window as unknown as BrowserPage).bench.open((window as unknown as BrowserPage).paths[0]),
          ),
        ),
      );
      rendered = await page.evaluate(() => (window as unknown as BrowserPage).bench.rendered());
      await profile('switch', async () => {
        for (let k = 0; k < 5; k++) {
          await cpu(switchCpu, () =>
            page.evaluate(() =>
              (window as unknown as BrowserPage).bench.show((window as unknown as BrowserPage).paths[1]),
            ),
          );
          await cpu(switchCpu, () =>
            page.evaluate(() =>
              (window as unknown as BrowserPage).bench.show((window as unknown as BrowserPage).paths[0]),
            ),
          );
        }
      });
      const measures = await page.evaluate(() => (window as unknown as BrowserPage).bench.measures);
      const of = (name: string) => measures.filter((m) => m.name === name).map((m) => m.ms);
      open.push(...of('open'));
      openCommit.push(...of('open-commit'));
      switches.push(...of('switch'));
      switchCommit.push(...of('switch-commit'));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const f = (v: number) => v.toFixed(1);
  const sorted = [...switches].sort((a, b) => a - b);
  console.log(`browser (Chromium, the real MessageList; load ${loadBefore} before, ${load()} after):`);
  const least = (xs: number[]) => f(Math.min(...xs));
  console.log(
    `  open ${first.length} messages: first paint of the visible ones median ${f(median(open))} ms (least ${least(open)}) over ${open.map((m) => m.toFixed(0)).join(', ')} ms; React commit median ${f(median(openCommit))} ms; main-thread CPU median ${f(median(openCpu))} ms; ${rendered} rows in the DOM; goal <= 300 ms ${median(open) <= 300 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `  branch switch (${second.length} <-> ${first.length} messages): re-render to paint median ${f(median(switches))} ms (least ${least(switches)}), p95 ${f(pct(sorted, 0.95))} ms over ${switches.length}; React commit median ${f(median(switchCommit))} ms; main-thread CPU median ${f(median(switchCpu))} ms; goal <= 50 ms ${median(switches) <= 50 ? 'MET' : 'NOT MET'}`,
  );
}

async function main() {
  const h = await startChatHarness();
  try {
    const u = userClient(h);
    await u.json('GET', '/api/conversations/settings'); // creates the user's row
    const t0 = performance.now();
    await h.db.$executeRawUnsafe(`
      INSERT INTO "conversations" ("userId", "title", "createdAt", "updatedAt")
      SELECT '${u.id}'::uuid, 'Conversation ' || g, now(), now() FROM generate_series(1, ${CONVERSATIONS}) g`);
    await h.db.$executeRawUnsafe(`
      INSERT INTO "messages" ("conversationId", "role", "content", "status", "createdAt", "updatedAt")
      SELECT c."id", (CASE WHEN k % 2 = 1 THEN 'user' ELSE 'assistant' END)::"MessageRole",
        'message ' || k, 'complete', now(), now()
      FROM "conversations" c, generate_series(1, 4) k ORDER BY c."id", k`);
    const big = await u.newConversation('Long one');
    await h.db.$executeRawUnsafe(`
      INSERT INTO "messages" ("conversationId", "role", "content", "status", "createdAt", "updatedAt")
      SELECT ${big.id}, (CASE WHEN k % 2 = 1 THEN 'user' ELSE 'assistant' END)::"MessageRole",
        'A message of a long conversation, number ' || k || ', with a few words of **markdown**.',
        'complete', now(), now()
      FROM generate_series(1, ${BIG}) k ORDER BY k`);
    // The migration's backfill: every message follows the previous one of its conversation.
    await h.db.$executeRawUnsafe(`
      UPDATE "messages" AS m SET "parentId" = p."prev"
      FROM (SELECT "id", lag("id") OVER (PARTITION BY "conversationId" ORDER BY "id") AS "prev" FROM "messages") AS p
      WHERE m."id" = p."id" AND p."prev" IS NOT NULL`);
    const path = await h.db.message.findMany({
      where: { conversationId: big.id },
      orderBy: { id: 'asc' },
      select: { id: true, parentId: true },
    });
    const leaf = path.at(-1)!.id;
    // 50 branch points: a sibling user message (and its reply) beside every 40th message (a user one).
    const step = Math.floor(BIG / BRANCH_POINTS);
    for (let i = 0; i < BRANCH_POINTS; i++) {
      const at = path[i * step]!;
      const sibling = await h.db.message.create({
        data: { conversationId: big.id, parentId: at.parentId, role: 'user', content: `edited ${i}` },
      });
      await h.db.message.create({
        data: { conversationId: big.id, parentId: sibling.id, role: 'assistant', content: `reply ${i}` },
      });
    }
    await h.db.conversation.update({ where: { id: big.id }, data: { currentLeafId: leaf } });
    await h.db.$executeRawUnsafe('ANALYZE');
    const total = await h.db.message.count();
    console.log(
      `seeded ${CONVERSATIONS + 1} conversations, ${total} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    console.log(`machine: ${cpus().length} cores, load ${load()}; ${RUNS} runs each`);

    // The path query alone (Prisma + PostgreSQL), then the same through HTTP (auth, express, JSON).
    const base = `/api/conversations/${big.id}/messages`;
    const branching = path[25 * step]!.id;
    if (ONLY !== 'api') {
      // The path the chat screen fetches when the conversation opens, and the one a switch answers.
      const first = (await u.json<PathMessage[]>('GET', base)).body;
      const second = (await u.json<PathMessage[]>('POST', `${base}/${branching}/branch`, { index: 1 })).body;
      await u.json('POST', `${base}/${branching}/branch`, { index: 0 });
      await browserPart(first, second);
      if (ONLY === 'browser') return;
    }

    const tree = h.service.ctx.tree;
    await timeWork('query: path page (newest 50 of 2,000)', () => tree.path(big.id, { limit: 50 }));
    await timeWork('query: whole path (2,000)', () => tree.path(big.id, {}));
    const page = (await u.json<{ id: number }[]>('GET', `${base}?limit=50`)).body;
    await time('HTTP: path page (newest 50 of 2,000)', () => u.call('GET', `${base}?limit=50`));
    await time('HTTP: path page above it (before=, 50)', () =>
      u.call('GET', `${base}?limit=50&before=${page[0]!.id}`),
    );
    await time('HTTP: whole path (2,000 messages, 50 branch points)', () => u.call('GET', base));
    const small = await h.db.conversation.findFirstOrThrow({ where: { title: 'Conversation 5000' } });
    await time('HTTP: a 4-message conversation (whole path)', () =>
      u.call('GET', `/api/conversations/${small.id}/messages`),
    );
    let index = 0;
    await time('HTTP: branch switch (answers the whole new path)', () => {
      index = 1 - index;
      return u.call('POST', `${base}/${branching}/branch`, { index });
    });
  } finally {
    await h.close();
  }
}

await main();
