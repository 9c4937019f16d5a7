// npm run bench:chat: the chat send path through the real gateway, and the chat screen's rendering.
// 1. POST /api/conversations/:id/messages → first streamed byte, through the gateway (child process) to the
//    chat service (child process, real PostgreSQL + NATS) whose model is a local fake OpenAI server that
//    answers at once; BENCH_CHAT_STREAMS (20) concurrent streams for BENCH_CHAT_DURATION_S (10) seconds,
//    each on its own conversation. Also directly against the chat service, same run, for the ratio.
//    CPU per message of the chat service, the gateway, PostgreSQL (its processes serving the database) and
//    the driver, from /proc.
// 2. Time to render a 500-message conversation in Chromium (the real MessageList), median of 5.
// 3. Gzip size of mfe-chat's build.
// Options: --users N (the concurrent streams, default BENCH_CHAT_STREAMS or 20). --start: instead of all
// that, `npm start` under N users (load/lib/chat-on-start.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { startFakeOpenAi } from '../services/chat/src/test/fake-openai-server';
import { launchChromium } from '../e2e/chromium';
import { cpuSeconds } from './lib/proc-cpu';
import { chatOnStart } from './lib/chat-on-start';
import { pct, waitReady } from './lib/wait-ready';
import { es256KeyPair } from '@noek/service-kit';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    users: { type: 'string' },
    start: { type: 'boolean', default: false },
  },
});
const STREAMS = Number(args.users ?? process.env.BENCH_CHAT_STREAMS ?? 20);
const DURATION_S = Number(process.env.BENCH_CHAT_DURATION_S ?? 10);
// The paced run: each of the streams waits this long after its reply before sending again, so the
// machine is not saturated and first-byte time is the path's latency rather than queueing.
const THINK_MS = Number(process.env.BENCH_CHAT_THINK_MS ?? 250);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// BENCH_CHAT_ONLY=send: only the send path (no browser, no build), for quick before/after runs.
const ONLY_SEND = process.env.BENCH_CHAT_ONLY === 'send';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const children: ChildProcess[] = [];
function startChild(name: string, script: string, env: Record<string, string>): ChildProcess {
  // BENCH_CHAT_PROFILE=dir: CPU profile of the chat service (written when it exits).
  // BENCH_CHAT_LOG_LEVEL (warn): 'info' logs one line per request, as production does by default.
  const profile =
    name === 'chat' && process.env.BENCH_CHAT_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CHAT_PROFILE}`]
      : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_CHAT_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', openSync(join(tmpdir(), `bench-chat-${name}.log`), 'w'), 'inherit'],
  });
  children.push(child);
  return child;
}
const stopChildren = () => {
  for (const c of children) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGTERM');
};
process.on('exit', stopChildren);

const median = (xs: number[]) =>
  pct(
    [...xs].sort((a, b) => a - b),
    50,
  );

interface StreamFigures {
  /** CPU ms per message of the chat service, the gateway, and this driver (it shares the cores). */
  chatCpuMs?: number;
  gatewayCpuMs?: number;
  /** PostgreSQL's server processes serving this database (the send path's statements run there). */
  databaseCpuMs?: number;
  driverCpuMs?: number;
  sent: number;
  errors: number;
  firstByteP50: number;
  firstByteP99: number;
  doneP50: number;
  perSecond: number;
}

async function driveStreams(
  base: string,
  cookies: string[],
  origin: string,
  seconds = DURATION_S,
  thinkMs = 0,
): Promise<StreamFigures> {
  // One user per stream, each on its own conversation: 20 people chatting at once.
  const conversations = await Promise.all(
    cookies.map(async (cookie) => {
      const headers = { cookie, origin, 'content-type': 'application/json' };
      const res = await fetch(`${base}/api/conversations`, { method: 'POST', headers, body: '{}' });
      if (res.status !== 201) throw new Error(`create conversation: ${res.status} ${await res.text()}`);
      return { id: ((await res.json()) as { id: number }).id, headers };
    }),
  );
  const firstByte: number[] = [];
  const done: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    conversations.map(async ({ id, headers }) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/conversations/${id}/messages`, {
          method: 'POST',
          headers: { ...headers, accept: 'text/event-stream' },
          body: JSON.stringify({ content: 'benchmark message' }),
        });
        if (!res.ok || !res.body) {
          errors++;
          await res.text().catch(() => '');
          continue;
        }
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let first = true;
        let text = '';
        for (;;) {
          const { value, done: end } = await reader.read();
          if (end) break;
          if (first) {
            firstByte.push(performance.now() - t0);
            first = false;
          }
          text += decoder.decode(value, { stream: true });
        }
        if (text.includes('event: done')) done.push(performance.now() - t0);
        else errors++;
        if (thinkMs > 0) await new Promise((r) => setTimeout(r, thinkMs));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const fb = firstByte.sort((a, b) => a - b);
  return {
    sent: done.length,
    errors,
    firstByteP50: pct(fb, 50),
    firstByteP99: pct(fb, 99),
    doneP50: median(done),
    perSecond: done.length / elapsed,
  };
}

/**
 * CPU seconds of PostgreSQL's processes connected to the bench's database now (the chat service's pool
 * keeps its connections through a run, so the difference over a run is the work done for it).
 */
async function databaseCpuSeconds(): Promise<number> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.reduce((sum, { pid }) => sum + (cpuSeconds(pid) || 0), 0);
  } finally {
    await client.end();
  }
}

async function sendPath(): Promise<{ gateway: StreamFigures; direct: StreamFigures; paced: StreamFigures }> {
  const { publicKey, privateKey } = es256KeyPair();
  // A fake model that answers at once: what is measured is our path, not a model. It reports its token
  // usage when asked, as OpenAI, vLLM and Ollama do (chat then counts nothing itself).
  const fake = await startFakeOpenAi(0, {
    chunks: ['Hello', ' from', ' the', ' fake', ' model.'],
    usage: { prompt: 40, completion: 5 },
  });
  const chatPort = await freePort();
  const gatewayPort = await freePort();
  const chat = startChild('chat', 'services/chat/src/main.ts', {
    PORT: String(chatPort),
    DATABASE_URL,
    NATS_URL,
    AUTH_PUBLIC_KEY: publicKey,
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-model',
  });
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const gw = startChild('gateway', 'gateway/src/main.ts', {
    PORT: String(gatewayPort),
    CHAT_URL: `http://127.0.0.1:${chatPort}`,
    AUTH_PUBLIC_KEY: publicKey,
    SERVE_STATIC: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_BURST: '100000000',
    ALLOWED_ORIGINS: gatewayUrl,
  });
  await waitReady(`http://127.0.0.1:${chatPort}/readyz`);
  await waitReady(`${gatewayUrl}/api/version`);
  // Admins: unlimited messages, so the limit never interferes.
  const cookies = () =>
    Array.from(
      { length: STREAMS },
      () =>
        `noek_access=${jwt.sign({ lvl: 'admin', typ: 'access', jti: randomUUID() }, privateKey, { algorithm: 'ES256', subject: randomUUID(), expiresIn: 3600 })}`,
    );
  // Warm-up (connections, JIT, prepared plans), not counted.
  await driveStreams(gatewayUrl, cookies(), gatewayUrl, 2);
  const measured = async (base: string, thinkMs = 0) => {
    const before = [cpuSeconds(chat.pid), cpuSeconds(gw.pid)];
    const databaseBefore = await databaseCpuSeconds();
    const driverBefore = process.cpuUsage();
    const f = await driveStreams(base, cookies(), gatewayUrl, DURATION_S, thinkMs);
    const driver = process.cpuUsage(driverBefore);
    f.driverCpuMs = (driver.user + driver.system) / 1000 / Math.max(1, f.sent);
    f.chatCpuMs = ((cpuSeconds(chat.pid) - (before[0] ?? 0)) * 1000) / Math.max(1, f.sent);
    f.gatewayCpuMs = ((cpuSeconds(gw.pid) - (before[1] ?? 0)) * 1000) / Math.max(1, f.sent);
    f.databaseCpuMs = (((await databaseCpuSeconds()) - databaseBefore) * 1000) / Math.max(1, f.sent);
    return f;
  };
  const gateway = await measured(gatewayUrl);
  const direct = await measured(`http://127.0.0.1:${chatPort}`);
  const paced = await measured(gatewayUrl, THINK_MS);
  stopChildren();
  await new Promise((r) => setTimeout(r, 1500)); // let them exit (and write a profile)
  await fake.close();
  return { gateway, direct, paced };
}

async function renderTime(): Promise<{ medianMs: number; runs: number[]; rendered: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-chat-render-'));
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'load/bench/chat-render-entry.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: join(dir, 'bundle.js'),
    logLevel: 'error',
  });
  const css = readFileSync(join(root, 'mfe-chat/src/features/chat.css'), 'utf8');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><style>${css}</style></head><body><div id="root"></div><script src="bundle.js"></script></body></html>`,
  );
  const browser = await launchChromium(CHROMIUM);
  const runs: number[] = [];
  let rendered = 0;
  for (let i = 0; i < 5; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`file://${join(dir, 'index.html')}`);
    await page.waitForFunction(
      () => typeof (window as unknown as { renderMs?: number }).renderMs === 'number',
    );
    runs.push(await page.evaluate(() => (window as unknown as { renderMs: number }).renderMs));
    rendered = await page.evaluate(() => (window as unknown as { rendered: number }).rendered);
    await page.close();
  }
  await browser.close();
  return { medianMs: median(runs), runs, rendered };
}

function bundleSize(): { totalGzip: number; entryGzip: number } {
  execFileSync('npx', ['rspack', 'build'], { cwd: join(root, 'mfe-chat'), stdio: 'ignore' });
  const dist = join(root, 'mfe-chat/dist');
  let totalGzip = 0;
  let entryGzip = 0;
  for (const f of readdirSync(dist)) {
    if (!/\.(js|css)$/.test(f)) continue;
    const size = gzipSync(readFileSync(join(dist, f))).length;
    totalGzip += size;
    if (f === 'remoteEntry.js' || f.startsWith('__federation_expose_App')) entryGzip += size;
  }
  return { totalGzip, entryGzip };
}

const fmt = (n: number) => n.toFixed(1);
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? '?'})`;
if (args.start) {
  const lines = await chatOnStart({
    root,
    users: STREAMS,
    seconds: DURATION_S,
    port: await freePort(),
  });
  console.log([`bench:chat --start on ${machine}`, ...lines].join('\n'));
  process.exit(0);
}
const send = await sendPath();
const render = ONLY_SEND ? undefined : await renderTime();
const size = ONLY_SEND ? undefined : bundleSize();
const line = (name: string, f: StreamFigures) =>
  `  ${name.padEnd(8)} first byte p50 ${fmt(f.firstByteP50)} ms, p99 ${fmt(f.firstByteP99)} ms; full reply p50 ${fmt(f.doneP50)} ms; ${fmt(f.perSecond)} messages/s (${f.sent} sent, ${f.errors} errors); CPU per message: chat ${fmt(f.chatCpuMs ?? NaN)} ms, gateway ${fmt(f.gatewayCpuMs ?? NaN)} ms, PostgreSQL ${fmt(f.databaseCpuMs ?? NaN)} ms, driver + fake model ${fmt(f.driverCpuMs ?? NaN)} ms`;
console.log(
  [
    `bench:chat on ${machine}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${STREAMS} concurrent streams (one user each), ${DURATION_S} s each run`,
    '  saturated (each stream sends again as soon as its reply is done):',
    line('gateway', send.gateway),
    line('direct', send.direct),
    `  goal through the gateway: p50 <= 25 ms ${send.gateway.firstByteP50 <= 25 ? 'MET' : 'NOT MET'}, p99 <= 80 ms ${send.gateway.firstByteP99 <= 80 ? 'MET' : 'NOT MET'}`,
    `  paced (each stream waits ${THINK_MS} ms after its reply):`,
    line('gateway', send.paced),
    `  goal through the gateway: p50 <= 25 ms ${send.paced.firstByteP50 <= 25 ? 'MET' : 'NOT MET'}, p99 <= 80 ms ${send.paced.firstByteP99 <= 80 ? 'MET' : 'NOT MET'}`,
    ...(render
      ? [
          `render 500 messages (Chromium, virtualized MessageList): median ${fmt(render.medianMs)} ms over ${render.runs.map((r) => r.toFixed(0)).join(', ')} ms; ${render.rendered} rows in the DOM; goal <= 500 ms ${render.medianMs <= 500 ? 'MET' : 'NOT MET'}`,
        ]
      : []),
    ...(size
      ? [
          `mfe-chat gzip: ${(size.totalGzip / 1024).toFixed(1)} KB all JS+CSS, ${(size.entryGzip / 1024).toFixed(1)} KB remoteEntry + exposed App chunk`,
        ]
      : []),
  ].join('\n'),
);
process.exit(0);
