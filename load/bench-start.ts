// npm run bench:start: how fast the single-process mode is ready, and its resident memory.
// It builds what changed first (npm run build), then:
// - cold: BENCH_RUNS (5) starts, each on a fresh DATA_DIR (embedded database created and migrated);
// - warm: BENCH_RUNS starts on an existing data dir (created first by the load run below, not counted);
// - repeated `npm start` on an unchanged checkout (the build check included), BENCH_RUNS times;
// each timed from spawn until GET /readyz and /api/version answer through the gateway (p50 printed),
// - RSS of the process tree idle after start, and after a load: a few users sign up, verify and sign in,
//   each sends BENCH_MESSAGES chat messages (streamed by the offline responder), plus /api/version calls;
// - SIGTERM exits 0 within the grace period.
// The child is `node --enable-source-maps dist/start.js`, what `npm start` runs after its build check.
// Env: BENCH_RUNS (5), BENCH_USERS (5), BENCH_MESSAGES (4), BENCH_REQUESTS (200), BENCH_KEEP_DATA=1.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@noek/service-kit';
import { treeRssMb } from './lib/proc-tree';

const root = fileURLToPath(new URL('..', import.meta.url));
const users = Number(process.env.BENCH_USERS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const messagesPerUser = Number(process.env.BENCH_MESSAGES ?? 4);
const GOALS = { coldS: 4, warmS: 2, repeatS: 3, rssIdleMb: 300, rssLoadMb: 350 };
const GRACE_MS = 10_000;

interface Run {
  label: string;
  child: ChildProcess;
  base: string;
  exited: Promise<string>;
  log: string;
}

function start(dataDir: string, port: number, label: string): Run {
  const log = join(tmpdir(), `bench-start-${label}.log`);
  const out = openSync(log, 'w');
  const [cmd, args] =
    label === 'npm'
      ? ['npm', ['start', '--silent']]
      : [process.execPath, ['--enable-source-maps', 'dist/start.js']];
  const child = spawn(cmd, args, {
    cwd: root,
    // As `npm start` runs it (no NODE_ENV: production refuses the dev mailbox the load signs up through).
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', out, out],
    // `npm start` is a tree (npm, sh, the build check, node): its own process group, stopped as a whole.
    detached: label === 'npm',
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code === null ? `signal ${signal}` : String(code))),
  );
  return { child, base: `http://localhost:${port}`, exited, log, label };
}

async function ok(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** Seconds from spawn until /readyz and /api/version both answer 200 through the gateway. */
async function waitReady(run: Run, t0: number): Promise<number> {
  const deadline = t0 + 120_000;
  while (performance.now() < deadline) {
    if (run.child.exitCode !== null)
      throw new Error(`start exited with ${run.child.exitCode}; see ${run.log}`);
    if ((await ok(`${run.base}/readyz`)) && (await ok(`${run.base}/api/version`)))
      return (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`not ready within 120 s; see ${run.log}`);
}

/** The product's own figure: "ready in X s" counts from startEmbedded(), after the code is loaded. */
function bannerSeconds(log: string): number | null {
  const m = /ready in ([\d.]+) s/.exec(readFileSync(log, 'utf8'));
  return m ? Number(m[1]) : null;
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${base}${path}`, {
    method,
    // The gateway refuses state-changing requests from a foreign origin (or none).
    headers: { origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res;
}

/** Sign-up, verification through the dev mailbox, sign-in: one user's first minute. */
async function userJourney(base: string, i: number): Promise<{ requests: number; signedIn: boolean }> {
  const email = `bench-${Date.now()}-${i}@example.com`;
  const password = 'bench-password-1';
  await call(base, 'POST', '/api/auth/signup', { name: `Bench ${i}`, email, password });
  const mail = await fetch(`${base}/api/auth/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const token = /token=([A-Za-z0-9_-]+)/.exec(await mail.text())?.[1];
  if (token) await call(base, 'GET', `/api/verify-email?token=${token}`);
  const login = await call(base, 'POST', '/api/auth/login', { email, password });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sent = login.ok ? await chatLoad(base, cookie) : 0;
  return { requests: (token ? 4 : 3) + sent, signedIn: login.ok };
}

/** One conversation, `messagesPerUser` messages, each reply read to its end (the offline responder). */
async function chatLoad(base: string, cookie: string): Promise<number> {
  const headers = { origin: base, cookie, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/conversations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: 'New Chat' }),
  });
  if (!created.ok) return 1;
  const { id } = (await created.json()) as { id: number };
  for (let i = 0; i < messagesPerUser; i++) {
    const res = await fetch(`${base}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: { ...headers, accept: 'text/event-stream' },
      body: JSON.stringify({ content: `Explain item ${i} briefly` }),
    });
    await res.arrayBuffer();
  }
  return 1 + messagesPerUser;
}

/** `requests` requests in all: the user journeys, the rest GET /api/version, 10 at a time. */
async function smallLoad(base: string): Promise<string> {
  const journeys = await Promise.all(Array.from({ length: users }, (_, i) => userJourney(base, i)));
  let left = requests - journeys.reduce((n, j) => n + j.requests, 0);
  let failed = 0;
  const worker = async () => {
    while (left-- > 0) if (!(await call(base, 'GET', '/api/version')).ok) failed++;
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  const signedIn = journeys.filter((j) => j.signedIn).length;
  return `${signedIn}/${users} users signed up, verified and signed in; /api/version failures: ${failed}`;
}

/** SIGTERM, then the exit code and how long it took (null: still running after the grace period). */
async function stop(run: Run): Promise<{ code: string | null; ms: number }> {
  const t = performance.now();
  if (run.label === 'npm') process.kill(-run.child.pid!, 'SIGTERM');
  else run.child.kill('SIGTERM');
  const code = await Promise.race([
    run.exited,
    new Promise<'late'>((r) => setTimeout(() => r('late'), GRACE_MS + 2_000)),
  ]);
  if (code === 'late') {
    run.child.kill('SIGKILL');
    return { code: null, ms: performance.now() - t };
  }
  return { code, ms: performance.now() - t };
}

const fmtS = (s: number) => `${s.toFixed(2)} s`;
const fmtMb = (mb: number) => `${mb.toFixed(0)} MB`;
const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;

/** One start: seconds to ready, RSS when ready (and after the load), clean exit on SIGTERM. */
async function oneStart(label: string, dataDir: string, withLoad: boolean) {
  const port = await freePort();
  const t0 = performance.now();
  const run = start(dataDir, port, label);
  try {
    const seconds = await waitReady(run, t0);
    await new Promise((r) => setTimeout(r, 1_000)); // idle: let start-up garbage be collected
    const rssIdle = treeRssMb(run.child.pid!);
    let rssLoad: number | null = null;
    let summary = '';
    if (withLoad) {
      summary = await smallLoad(run.base);
      rssLoad = treeRssMb(run.child.pid!);
    }
    return { seconds, rssIdle, rssLoad, summary, banner: bannerSeconds(run.log), ...(await stop(run)) };
  } catch (err) {
    await stop(run);
    throw err;
  }
}

function line(label: string, value: string, goal: string, ok: boolean, extra = ''): boolean {
  console.log(`${label.padEnd(34)} ${value.padStart(9)}   goal ${goal.padEnd(9)} ${verdict(ok)}${extra}`);
  return ok;
}

async function series(label: string, fresh: () => string, withLoad: boolean) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await oneStart(label, fresh(), withLoad));
  return results;
}

async function main(): Promise<void> {
  const build = spawn('node', ['scripts/build/build.mjs'], { cwd: root, stdio: 'inherit' });
  const built = await new Promise<number | null>((r) => build.once('exit', r));
  if (built !== 0) throw new Error('npm run build failed');
  if (!existsSync(join(root, 'dist', 'start.js'))) throw new Error('dist/start.js missing after the build');
  const base = mkdtempSync(join(tmpdir(), 'noek-bench-start-'));
  let n = 0;
  const freshDir = () => join(base, `fresh-${n++}`);
  const warmDir = join(base, 'warm');
  const malloc = ['MALLOC_MMAP_THRESHOLD_', 'MALLOC_ARENA_MAX']
    .filter((k) => process.env[k] !== undefined)
    .map((k) => `${k}=${process.env[k]}`);
  console.log(
    `\nnpm start (single process), ${runs} runs each, malloc: ${malloc.length ? malloc.join(' ') : 'glibc defaults'}\n`,
  );
  try {
    const cold = await series('cold', freshDir, false);
    // Creates the warm data dir (a cold start, not counted as warm) and measures memory under the load.
    const loadRun = await oneStart('load', warmDir, true);
    const warm = await series('warm', () => warmDir, false);
    const repeat = await series('npm', () => warmDir, false);
    let good = true;
    good =
      line(
        'cold start, ready (p50)',
        fmtS(p50(cold.map((r) => r.seconds))),
        `≤ ${GOALS.coldS} s`,
        p50(cold.map((r) => r.seconds)) <= GOALS.coldS,
        `   runs: ${cold.map((r) => r.seconds.toFixed(2)).join(', ')}`,
      ) && good;
    good =
      line(
        'warm start, ready (p50)',
        fmtS(p50(warm.map((r) => r.seconds))),
        `≤ ${GOALS.warmS} s`,
        p50(warm.map((r) => r.seconds)) <= GOALS.warmS,
        `   runs: ${warm.map((r) => r.seconds.toFixed(2)).join(', ')}`,
      ) && good;
    good =
      line(
        'repeated npm start, ready (p50)',
        fmtS(p50(repeat.map((r) => r.seconds))),
        `≤ ${GOALS.repeatS} s`,
        p50(repeat.map((r) => r.seconds)) <= GOALS.repeatS,
        `   runs: ${repeat.map((r) => r.seconds.toFixed(2)).join(', ')}`,
      ) && good;
    const idle = p50(warm.map((r) => r.rssIdle));
    good =
      line(
        'RSS idle after a warm start (p50)',
        fmtMb(idle),
        `≤ ${GOALS.rssIdleMb} MB`,
        idle <= GOALS.rssIdleMb,
      ) && good;
    const loaded = loadRun.rssLoad ?? Infinity;
    good =
      line(
        'RSS after the load',
        fmtMb(loaded),
        `≤ ${GOALS.rssLoadMb} MB`,
        loaded <= GOALS.rssLoadMb,
        `   (${loadRun.summary})`,
      ) && good;
    // npm's own exit status after a group SIGTERM is npm's business; the product's is checked on node runs.
    const unclean = [...cold, loadRun, ...warm].filter((r) => r.code !== '0');
    good =
      line(
        'SIGTERM exits 0',
        `${cold.length + warm.length + 1 - unclean.length}/${cold.length + warm.length + 1}`,
        'all',
        unclean.length === 0,
      ) && good;
    console.log(`\n${good ? 'all figures within their goals' : 'some figures miss their goals'}`);
  } finally {
    if (process.env.BENCH_KEEP_DATA !== '1') rmSync(base, { recursive: true, force: true });
  }
}

await main();
