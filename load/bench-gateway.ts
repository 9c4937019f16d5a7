// npm run bench:gateway: what the gateway costs per proxied request, beside nginx's, in one run on one
// machine. Starts, as child processes, a cheap upstream (a service-kit app), nginx (Debian's package: a
// reverse proxy with upstream keep-alive, one worker, like the gateway's one process), the gateway as
// production runs it (the built bundle gateway/dist/main.js under plain `node --enable-source-maps`, rebuilt
// first when its sources changed) and two floors: a bare node:http relay (server and http.Agent) and a bare
// node:http + undici relay (the gateway's stack without its checks). Then drives the same
// route with autocannon directly and through each, in turn, round after round, and prints per target:
// req/s and latency, the throughput overhead (1/req/s through it minus direct), the CPU each proxy process
// used per request (user + system, from /proc) and its ratio to nginx's and to the bare node:http relay's,
// the one-connection latency, and each proxy's RSS growth after 10,000 pipelined requests a client never
// reads (the gateway must stop reading them: node:http's backpressure).
// Goal: the gateway's CPU per proxied request <= 1.5 x nginx's (load/README.md says why CPU).
// Env: BENCH_CONNECTIONS (50), BENCH_DURATION_S (10), BENCH_ROUNDS (3, alternating; medians reported),
// BENCH_WARMUP_S (2), BENCH_SERIAL_S (5: the single-connection latency phase; 0 skips it),
// BENCH_FLOORS (http,undici: which bare relays to run; empty for none), BENCH_UNREAD (10000: pipelined
// unread requests of the RSS phase; 0 skips it), BENCH_UPSTREAM_LOG_LEVEL (warn),
// BENCH_GATEWAY_LOG_LEVEL (info).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { openSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, signAccessToken } from '@noek/service-kit';
import { cpuTimes } from './lib/proc-cpu';
import { NGINX, referenceNginxArgs } from './lib/reference-nginx';

const root = fileURLToPath(new URL('..', import.meta.url));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmup = Number(process.env.BENCH_WARMUP_S ?? 2);
/** Seconds of the single-connection phase (0 skips it). */
const serialSeconds = Number(process.env.BENCH_SERIAL_S ?? 5);
const floors = (process.env.BENCH_FLOORS ?? 'http,undici').split(',').filter(Boolean);
const unread = Number(process.env.BENCH_UNREAD ?? 10_000);
const PATH = '/api/conversations/bench';
const GOAL_CPU_VS_NGINX = 1.5;
const GOAL_RATIO = 0.6;
const GOAL_ADDED_MS = 2;

// Production gateways check the access token of every chat call: the bench signs one (ES256) and sends it on
// every request, so that check's cost is in the figures as it is in production.
const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const accessToken = signAccessToken(
  { userId: '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f', accessLevel: 'basic' },
  keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  3_600,
);
const authHeaders = { authorization: `Bearer ${accessToken}` };

const children: ChildProcess[] = [];
/** Each child's log lines go to a file (the bench measures logging cost, not terminal speed). */
function startProcess(name: string, file: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(file, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', openSync(join(tmpdir(), `bench-gateway-${name}.log`), 'w'), 'inherit'],
  });
  children.push(child);
  return child;
}
const startScript = (name: string, script: string, env: Record<string, string>) =>
  startProcess(name, process.execPath, ['--import', 'tsx', script], env);
function stopChildren(): void {
  for (const c of children) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGTERM');
}
process.on('exit', stopChildren);

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready after 30 s`);
}

interface Target {
  name: string;
  url: string;
  /** The proxy process whose CPU is counted (none for direct). */
  proxy?: ChildProcess;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  /** CPU µs per request of the proxy process, in user space and in the kernel, and of the upstream. */
  userUs: number;
  systemUs: number;
  upstreamUs: number;
}
const cpuUs = (f: Figures) => f.userUs + f.systemUs;

async function load(t: Target, seconds: number, conns = connections, strict = true): Promise<Figures> {
  const before = { proxy: cpuTimes(t.proxy?.pid), up: cpuTimes(upstream.pid) };
  const r = await autocannon({ url: t.url, connections: conns, duration: seconds, headers: authHeaders });
  if (r.non2xx || (strict && (r.errors || r.timeouts))) {
    throw new Error(
      `${t.url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers; logs in ${join(tmpdir(), 'bench-gateway-*.log')}`,
    );
  }
  const perRequest = (now: number, then: number) => ((now - then) / r.requests.total) * 1e6;
  const proxy = cpuTimes(t.proxy?.pid);
  const up = cpuTimes(upstream.pid);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    userUs: t.proxy ? perRequest(proxy.user, before.proxy.user) : 0,
    systemUs: t.proxy ? perRequest(proxy.system, before.proxy.system) : 0,
    upstreamUs: perRequest(up.user + up.system, before.up.user + before.up.system),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const medianOf = (fs: Figures[]): Figures => ({
  rps: median(fs.map((f) => f.rps)),
  p50: median(fs.map((f) => f.p50)),
  p99: median(fs.map((f) => f.p99)),
  mean: median(fs.map((f) => f.mean)),
  userUs: median(fs.map((f) => f.userUs)),
  systemUs: median(fs.map((f) => f.systemUs)),
  upstreamUs: median(fs.map((f) => f.upstreamUs)),
});
/** µs a request costs beyond going direct: the difference of the times per request (1 / req/s). */
const overheadUs = (f: Figures, direct: Figures) => (1 / f.rps - 1 / direct.rps) * 1e6;
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const loadBefore = loadAverage();
const ports = { up: await freePort(), gw: await freePort(), nginx: await freePort() };
const upstream = startScript('upstream', 'load/bench/gateway-upstream.ts', {
  PORT: String(ports.up),
  LOG_LEVEL: process.env.BENCH_UPSTREAM_LOG_LEVEL ?? 'warn',
});
// What production runs: the bundle (npm run build), rebuilt here only when its sources changed.
execFileSync(process.execPath, ['scripts/build/build.mjs', '--only=server bundles'], {
  cwd: root,
  stdio: 'inherit',
});
const gateway = startProcess('gateway', process.execPath, ['--enable-source-maps', 'gateway/dist/main.js'], {
  PORT: String(ports.gw),
  HOST: '127.0.0.1',
  CHAT_URL: `http://127.0.0.1:${ports.up}`,
  LOG_LEVEL: process.env.BENCH_GATEWAY_LOG_LEVEL ?? 'info',
  // One load generator is one client address: keep the limiter on (its cost counts) but out of reach.
  RATE_LIMIT_PER_MINUTE: '1000000000',
  RATE_LIMIT_BURST: '1000000000',
  SERVE_STATIC: 'false',
  AUTH_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
});
const nginx = NGINX ? startProcess('nginx', NGINX, referenceNginxArgs(ports.nginx, ports.up), {}) : undefined;
const FLOOR_SCRIPTS: Record<string, { name: string; script: string }> = {
  http: { name: 'bare node:http relay', script: 'load/lib/bare-node-proxy.ts' },
  undici: { name: 'bare http+undici', script: 'load/lib/bare-undici-proxy.ts' },
};
const floorTargets: Target[] = [];
for (const f of floors) {
  const floor = FLOOR_SCRIPTS[f];
  if (!floor) throw new Error(`BENCH_FLOORS: unknown floor "${f}" (http, undici)`);
  const port = await freePort();
  const child = startScript(`floor-${f}`, floor.script, {
    PORT: String(port),
    UPSTREAM_PORT: String(ports.up),
  });
  floorTargets.push({ name: floor.name, url: `http://127.0.0.1:${port}${PATH}`, proxy: child });
}
const direct: Target = { name: 'direct upstream', url: `http://127.0.0.1:${ports.up}${PATH}` };
const viaNginx: Target | undefined = nginx && {
  name: 'through nginx',
  url: `http://127.0.0.1:${ports.nginx}${PATH}`,
  proxy: nginx,
};
const viaGateway: Target = {
  name: 'through gateway',
  url: `http://127.0.0.1:${ports.gw}${PATH}`,
  proxy: gateway,
};
const targets = [direct, ...(viaNginx ? [viaNginx] : []), viaGateway, ...floorTargets];

try {
  await waitReady(`http://127.0.0.1:${ports.up}/healthz`, upstream);
  for (const t of targets.slice(1)) await waitReady(t.url.replace(PATH, '/healthz'), t.proxy!);
  if (!nginx) console.log('nginx not installed (apt-get install nginx): the nginx column is skipped');
  for (const t of targets) {
    const check = await fetch(t.url, { headers: authHeaders });
    if (!check.ok) throw new Error(`${t.name}: ${check.status} ${await check.text()}`);
  }

  if (warmup > 0) for (const t of targets) await load(t, warmup);
  const runs = new Map(targets.map((t) => [t, [] as Figures[]]));
  // Alternate, so a burst of load from elsewhere on the machine hits every side alike.
  for (let i = 0; i < rounds; i += 1) {
    for (const t of targets) runs.get(t)!.push(await load(t, duration));
    console.log(
      `round ${i + 1}: ` +
        targets
          .map((t) => {
            const f = runs.get(t)![i]!;
            return `${t.name} ${fmt(f.rps)} req/s` + (t.proxy ? ` ${fmt(cpuUs(f))} µs CPU` : '');
          })
          .join(' | '),
    );
  }
  const figures = new Map(targets.map((t) => [t, medianOf(runs.get(t)!)]));
  report(figures, runs);
  if (serialSeconds > 0) await oneConnection();
  if (unread > 0) for (const t of targets.slice(1)) await unreadPipelined(t);
} finally {
  stopChildren();
}

/** The table of medians, then the goal lines. */
function report(figures: Map<Target, Figures>, runs: Map<Target, Figures[]>): void {
  const d = figures.get(direct)!;
  const n = viaNginx && figures.get(viaNginx);
  const g = figures.get(viaGateway)!;
  console.log(
    `\nbench:gateway  GET ${PATH}  ${connections} connections x ${duration} s, ${rounds} round(s), medians` +
      `  node ${process.version}, ${availableParallelism()} cpu (${cpus()[0]?.model.trim() ?? '?'})\n`,
  );
  console.log(
    `${''.padEnd(22)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'mean ms'.padStart(9)}` +
      `${'overhead µs'.padStart(13)}${'CPU µs/request (user+sys)'.padStart(27)}${'x nginx'.padStart(9)}`,
  );
  for (const t of targets) {
    const f = figures.get(t)!;
    const cpu = t.proxy ? `${fmt(cpuUs(f))} (${fmt(f.userUs)}+${fmt(f.systemUs)})` : '';
    console.log(
      `${t.name.padEnd(22)}${fmt(f.rps).padStart(8)}${fmt(f.p50, 1).padStart(8)}${fmt(f.p99, 1).padStart(8)}` +
        `${fmt(f.mean, 2).padStart(9)}${(t.proxy ? fmt(overheadUs(f, d), 1) : '').padStart(13)}` +
        `${cpu.padStart(27)}${(t.proxy && n ? fmt(cpuUs(f) / cpuUs(n), 2) : '').padStart(9)}`,
    );
  }
  console.log(`\nload average before / after: ${loadBefore} / ${loadAverage()}`);
  if (n && viaNginx) {
    // Per round (measured back to back), then the median: resists a burst of outside load.
    const perRound = (target: Target, of: (f: Figures, i: number) => number) =>
      runs.get(target)!.map((f, i) => of(f, i));
    const cpuRatios = perRound(viaGateway, (f, i) => cpuUs(f) / cpuUs(runs.get(viaNginx)![i]!));
    const ratio = cpuUs(g) / cpuUs(n);
    console.log(
      `GOAL  gateway CPU per proxied request: ${fmt(cpuUs(g))} µs = ${fmt(ratio, 2)} x nginx's ${fmt(cpuUs(n))} µs` +
        ` (per round ${cpuRatios.map((r) => fmt(r, 2)).join(' / ')}; goal <= ${GOAL_CPU_VS_NGINX}: ` +
        `${ratio <= GOAL_CPU_VS_NGINX ? 'met' : 'MISSED'})`,
    );
    const bare = floorTargets.find((t) => t.name === FLOOR_SCRIPTS.http!.name);
    if (bare)
      console.log(
        `gateway CPU per proxied request: ${fmt(cpuUs(g) / cpuUs(figures.get(bare)!), 2)} x the bare node:http ` +
          `relay's ${fmt(cpuUs(figures.get(bare)!))} µs`,
      );
    const nginxOverhead = overheadUs(n, d);
    const overheadRatios = perRound(
      viaGateway,
      (f, i) =>
        overheadUs(f, runs.get(direct)![i]!) / overheadUs(runs.get(viaNginx)![i]!, runs.get(direct)![i]!),
    );
    console.log(
      `throughput overhead (1/req/s minus direct): nginx ${fmt(nginxOverhead, 1)} µs, gateway ` +
        `${fmt(overheadUs(g, d), 1)} µs -> ratio ${nginxOverhead > 0 ? fmt(overheadUs(g, d) / nginxOverhead, 2) : '-'}` +
        ` (per-round median ${fmt(median(overheadRatios), 2)}; a few µs of difference between two noisy rates: read the CPU line)`,
    );
  }
  console.log(
    `throughput through the gateway ${fmt((g.rps / d.rps) * 100, 1)} % of direct (goal >= ${GOAL_RATIO * 100} %: ` +
      `${g.rps / d.rps >= GOAL_RATIO ? 'met' : 'MISSED'}); upstream CPU per request ${fmt(d.upstreamUs)} µs direct, ` +
      `${fmt(g.upstreamUs)} µs through the gateway`,
  );
}

/** A process's resident set (VmRSS), in MB; NaN when it cannot be read. */
function rssMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * `unread` pipelined requests on one connection whose answers are never read: a proxy that keeps reading
 * them queues every answer. Its RSS before, then after the upstream has stopped seeing new requests for a
 * second (what the proxy read is all served by then); the connection is closed after.
 */
async function unreadPipelined(t: Target): Promise<void> {
  const { port } = new URL(t.url);
  const before = rssMb(t.proxy?.pid);
  const socket = connect(Number(port), '127.0.0.1');
  socket.pause();
  const head = `GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authHeaders.authorization}\r\n\r\n`;
  socket.write(head.repeat(unread));
  let last = cpuTimes(upstream.pid);
  for (let quiet = 0; quiet < 10;) {
    await new Promise((r) => setTimeout(r, 100));
    const now = cpuTimes(upstream.pid);
    quiet = now.user + now.system === last.user + last.system ? quiet + 1 : 0;
    last = now;
  }
  const after = rssMb(t.proxy?.pid);
  socket.destroy();
  console.log(
    `${t.name}: RSS ${fmt(before)} MB -> ${fmt(after)} MB (+${fmt(after - before, 1)}) after ${unread} unread pipelined requests`,
  );
}

/**
 * With 50 connections the servers are saturated and latency is just connections / throughput. One
 * connection never queues: its mean round trip (1 / req/s) minus the direct one is what the extra hop
 * costs a single request.
 */
async function oneConnection(): Promise<void> {
  const serial: { t: Target; rtt: number }[] = [];
  for (const t of targets) serial.push({ t, rtt: 1000 / (await load(t, serialSeconds, 1, false)).rps });
  const base = serial[0]!.rtt;
  console.log(
    'one connection, time per request: ' +
      serial
        .map((s, k) => `${s.t.name} ${s.rtt.toFixed(3)} ms` + (k ? ` (+${(s.rtt - base).toFixed(3)})` : ''))
        .join(', ') +
      ` (goal for the gateway: +${GOAL_ADDED_MS} ms at most)`,
  );
}
