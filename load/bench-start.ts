// npm run bench:start (after `npm run build`): cold and warm start of the single-process mode
// (scripts/start.ts) and its resident memory. Starts the product as a child on a fresh DATA_DIR and a
// free PORT, times until GET /readyz and /api/version answer through the gateway, reads VmRSS of the
// process tree from /proc, drives a small load (sign-up, verification, sign-in of a few users and
// /api/version), then stops it with SIGTERM and checks it exits 0 within the grace period. The
// second start reuses the data dir (warm: database exists, migrations already applied).
// The child is `node --import tsx scripts/start.ts`: what `tsx scripts/start.ts` runs, without the
// npm/tsx launcher processes around it (they only relay signals; their memory is printed apart).
// Env: BENCH_USERS (5), BENCH_REQUESTS (200), BENCH_KEEP_DATA=1 (keep the temporary data dir); the
// child inherits the environment, so e.g. MALLOC_MMAP_THRESHOLD_=1048576 shows its effect (README).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/free-port';

const root = fileURLToPath(new URL('..', import.meta.url));
const users = Number(process.env.BENCH_USERS ?? 5);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const GOAL_START_S = 15;
const GOAL_RSS_MB = 400;
const GRACE_MS = 10_000;

/** VmRSS in kB of one process, 0 when it is gone. */
function rssKb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The pid and every descendant (from the parent field of /proc/<pid>/stat). */
function processTree(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(d), ppid);
    } catch {
      /* exited meanwhile */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  return tree;
}

const treeRssMb = (pid: number) => processTree(pid).reduce((sum, p) => sum + rssKb(p), 0) / 1024;

interface Run {
  child: ChildProcess;
  base: string;
  exited: Promise<string>;
  log: string;
}

function start(dataDir: string, port: number, label: string): Run {
  const log = join(tmpdir(), `bench-start-${label}.log`);
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code === null ? `signal ${signal}` : String(code))),
  );
  return { child, base: `http://localhost:${port}`, exited, log };
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
  return { requests: token ? 4 : 3, signedIn: login.ok };
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
  run.child.kill('SIGTERM');
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

const fmtS = (s: number) => `${s.toFixed(1)} s`;
const fmtMb = (mb: number) => `${mb.toFixed(0)} MB`;
const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');

async function measure(label: string, dataDir: string, withLoad: boolean): Promise<boolean> {
  const port = await freePort();
  const t0 = performance.now();
  const run = start(dataDir, port, label);
  let good = true;
  try {
    const s = await waitReady(run, t0);
    const banner = bannerSeconds(run.log);
    const pid = run.child.pid!;
    const rssStart = treeRssMb(pid);
    good &&= s <= GOAL_START_S && rssStart <= GOAL_RSS_MB;
    console.log(
      `${label.padEnd(5)} ready (readyz + /api/version) ${fmtS(s).padStart(7)}  goal ≤ ${GOAL_START_S} s: ${verdict(s <= GOAL_START_S)}` +
        (banner === null ? '' : `   (services + gateway ${fmtS(banner)}, loading code ${fmtS(s - banner)})`),
    );
    console.log(
      `${label.padEnd(5)} RSS after start-up        ${fmtMb(rssStart).padStart(7)}  goal ≤ ${GOAL_RSS_MB} MB: ${verdict(rssStart <= GOAL_RSS_MB)}`,
    );
    if (withLoad) {
      const t = performance.now();
      const summary = await smallLoad(run.base);
      const rssLoad = treeRssMb(pid);
      good &&= rssLoad <= GOAL_RSS_MB;
      console.log(
        `${label.padEnd(5)} RSS after ${requests} requests    ${fmtMb(rssLoad).padStart(7)}  goal ≤ ${GOAL_RSS_MB} MB: ${verdict(rssLoad <= GOAL_RSS_MB)}   (${summary}; ${fmtS((performance.now() - t) / 1000)})`,
      );
    }
  } finally {
    const { code, ms } = await stop(run);
    const clean = code === '0';
    good &&= clean;
    console.log(
      `${label.padEnd(5)} SIGTERM -> exit ${code ?? 'none (killed)'} after ${(ms / 1000).toFixed(1)} s${clean ? '' : `  NOT CLEAN; see ${run.log}`}`,
    );
  }
  return good;
}

async function main(): Promise<void> {
  for (const dist of ['shell/dist', 'mfe-chat/dist'])
    if (!existsSync(join(root, dist))) throw new Error(`${dist} missing: run \`npm run build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'noek-bench-start-'));
  // glibc keeps freed large blocks (argon2's 19 MiB per hash, file buffers) unless told otherwise.
  const threshold = process.env.MALLOC_MMAP_THRESHOLD_;
  const malloc = threshold
    ? `MALLOC_MMAP_THRESHOLD_=${threshold}`
    : (process.env.GLIBC_TUNABLES ?? 'glibc defaults');
  console.log(`npm start (single process), DATA_DIR ${dataDir}, malloc: ${malloc}`);
  try {
    const cold = await measure('cold', dataDir, true);
    const warm = await measure('warm', dataDir, false);
    console.log(`\n${cold && warm ? 'all figures within their goals' : 'some figures miss their goals'}`);
  } finally {
    if (process.env.BENCH_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
