// npm run bench:gateway: the cost of the gateway on the request path, beside nginx's. Starts a cheap
// upstream (a service-kit app), nginx (Debian's package: a reverse proxy with upstream keep-alive, one
// worker, like the gateway's one process) and the gateway as production runs it (the built bundle
// gateway/dist/main.js under plain `node --enable-source-maps`, rebuilt first when its sources changed) as
// child processes, then drives the same route with autocannon directly, through nginx and through the gateway,
// in one run on the same machine. Overhead = time per request through the proxy minus direct
// (1/req/s), so a proxy that takes CPU from the upstream on a small machine pays for it.
// Goal: the gateway's overhead <= 1.5 x nginx's. Without nginx installed, the nginx column is skipped.
// Env: BENCH_CONNECTIONS (50), BENCH_DURATION_S (10), BENCH_ROUNDS (3, alternating; medians reported),
// BENCH_WARMUP_S (2), BENCH_SERIAL_S (5: the single-connection latency phase; 0 skips it),
// BENCH_UPSTREAM_LOG_LEVEL (warn), BENCH_GATEWAY_LOG_LEVEL (info).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { generateKeyPairSync } from 'node:crypto';
import autocannon from 'autocannon';
import { signAccessToken } from '@noek/service-kit';
import { freePort } from './lib/free-port';

const root = fileURLToPath(new URL('..', import.meta.url));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmup = Number(process.env.BENCH_WARMUP_S ?? 2);
/** Seconds of the single-connection phase (0 skips it). */
const serialSeconds = Number(process.env.BENCH_SERIAL_S ?? 5);
const PATH = '/api/conversations/bench';
const GOAL_RATIO = 0.6;
const GOAL_ADDED_P50_MS = 2;
const GOAL_OVERHEAD_VS_NGINX = 1.5;

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
function startChild(name: string, script: string, env: Record<string, string>): ChildProcess {
  return startProcess(name, process.execPath, ['--import', 'tsx', script], env);
}
function startProcess(name: string, file: string, args: string[], env: Record<string, string>): ChildProcess {
  const log = join(tmpdir(), `bench-gateway-${name}.log`);
  const child = spawn(file, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', openSync(log, 'w'), 'inherit'],
  });
  children.push(child);
  return child;
}

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find(existsSync);
/** nginx as the reference reverse proxy: upstream keep-alive, a request id, X-Forwarded-For, no access log. */
function startNginx(port: number, upstreamPort: number): ChildProcess | undefined {
  if (!NGINX) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bench-gateway-nginx-'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream app { server 127.0.0.1:${upstreamPort}; keepalive 128; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Request-Id $request_id;
      add_header X-Request-Id $request_id;
    }
  }
}
`,
  );
  return startProcess('nginx', NGINX, ['-c', conf, '-p', dir], {});
}
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

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  /** CPU time per request in µs of the proxy process (nginx or gateway) and of the upstream (Linux). */
  proxyCpuUs: number;
  upstreamCpuUs: number;
}

// CPU time used by a process, from /proc (Linux): unlike req/s and latency it barely moves when
// other work on the machine competes for the cores, so it is the steadier measure of cost.
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
function cpuSeconds(child: ChildProcess | undefined): number {
  if (!child) return 0;
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

interface Target {
  name: string;
  url: string;
  proxy?: ChildProcess;
}

async function load(t: Target, seconds: number, conns = connections, strict = true): Promise<Figures> {
  const before = { proxy: cpuSeconds(t.proxy), up: cpuSeconds(upstream) };
  const r = await autocannon({ url: t.url, connections: conns, duration: seconds, headers: authHeaders });
  const perRequest = (now: number, then: number) => ((now - then) / r.requests.total) * 1e6;
  if (r.non2xx || (strict && (r.errors || r.timeouts))) {
    throw new Error(
      `${t.url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers; logs in ${join(tmpdir(), 'bench-gateway-*.log')}`,
    );
  }
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    proxyCpuUs: perRequest(cpuSeconds(t.proxy), before.proxy),
    upstreamCpuUs: perRequest(cpuSeconds(upstream), before.up),
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
  proxyCpuUs: median(fs.map((f) => f.proxyCpuUs)),
  upstreamCpuUs: median(fs.map((f) => f.upstreamCpuUs)),
});
/** µs a request costs beyond going direct: the difference of the times per request (1 / req/s). */
const overheadUs = (f: Figures, direct: Figures) => (1 / f.rps - 1 / direct.rps) * 1e6;
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const [upPort, gwPort, ngPort, barePort] = [
  await freePort(),
  await freePort(),
  await freePort(),
  await freePort(),
];
const upstream = startChild('upstream', 'load/bench/gateway-upstream.ts', {
  PORT: String(upPort),
  LOG_LEVEL: process.env.BENCH_UPSTREAM_LOG_LEVEL ?? 'warn',
});
// What production runs: the bundle (npm run build), rebuilt here only when its sources changed.
execFileSync(process.execPath, ['scripts/build/build.mjs', '--only=server bundles'], {
  cwd: root,
  stdio: 'inherit',
});
const gateway = startProcess('gateway', process.execPath, ['--enable-source-maps', 'gateway/dist/main.js'], {
  PORT: String(gwPort),
  HOST: '127.0.0.1',
  CHAT_URL: `http://127.0.0.1:${upPort}`,
  LOG_LEVEL: process.env.BENCH_GATEWAY_LOG_LEVEL ?? 'info',
  // One load generator is one client address: keep the limiter on (its cost counts) but out of reach.
  RATE_LIMIT_PER_MINUTE: '1000000000',
  RATE_LIMIT_BURST: '1000000000',
  SERVE_STATIC: 'false',
  AUTH_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
});
const nginx = startNginx(ngPort, upPort);
// The floor of any node:http proxy (load/lib/bare-node-proxy.ts): shows what the gateway adds above it.
const bare = startChild('bare-node-proxy', 'load/lib/bare-node-proxy.ts', {
  PORT: String(barePort),
  UPSTREAM_PORT: String(upPort),
});
const targets: Target[] = [
  { name: 'direct upstream', url: `http://127.0.0.1:${upPort}${PATH}` },
  ...(nginx ? [{ name: 'through nginx', url: `http://127.0.0.1:${ngPort}${PATH}`, proxy: nginx }] : []),
  { name: 'through gateway', url: `http://127.0.0.1:${gwPort}${PATH}`, proxy: gateway },
  { name: 'bare node proxy', url: `http://127.0.0.1:${barePort}${PATH}`, proxy: bare },
];
const gatewayIndex = targets.findIndex((t) => t.proxy === gateway);

try {
  await waitReady(`http://127.0.0.1:${upPort}/healthz`, upstream);
  await waitReady(`http://127.0.0.1:${gwPort}/healthz`, gateway);
  await waitReady(`http://127.0.0.1:${barePort}/healthz`, bare);
  if (nginx) await waitReady(`http://127.0.0.1:${ngPort}/healthz`, nginx);
  else console.log('nginx not installed (apt-get install nginx): the nginx column is skipped');
  for (const t of targets) {
    const check = await fetch(t.url, { headers: authHeaders });
    if (!check.ok) throw new Error(`${t.name}: ${check.status} ${await check.text()}`);
  }

  if (warmup > 0) for (const t of targets) await load(t, warmup);
  const runs = targets.map(() => [] as Figures[]);
  // Alternate, so a burst of load from elsewhere on the machine hits every side alike.
  for (let i = 0; i < rounds; i += 1) {
    for (const [k, t] of targets.entries()) runs[k]!.push(await load(t, duration));
    console.log(
      `round ${i + 1}: ` +
        targets
          .map((t, k) => `${t.name} ${fmt(runs[k]![i]!.rps)} req/s p50 ${runs[k]![i]!.p50} ms`)
          .join(' | '),
    );
  }
  const figures = runs.map(medianOf);
  const d = figures[0]!;
  const g = figures[gatewayIndex]!;
  const b = figures[gatewayIndex + 1]!;
  const n = nginx ? figures[1] : undefined;

  console.log(
    `\nbench:gateway  GET ${PATH}  ${connections} connections x ${duration} s, ${rounds} round(s)` +
      `  node ${process.version}, ${availableParallelism()} cpu (${cpus()[0]?.model.trim() ?? '?'})\n`,
  );
  console.log(
    `${''.padEnd(18)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'mean ms'.padStart(10)}` +
      `${'overhead µs'.padStart(13)}${'proxy CPU µs'.padStart(14)}`,
  );
  for (const [k, t] of targets.entries()) {
    const f = figures[k]!;
    console.log(
      `${t.name.padEnd(18)}${fmt(f.rps).padStart(9)}${fmt(f.p50, 1).padStart(9)}${fmt(f.p99, 1).padStart(9)}` +
        `${fmt(f.mean, 2).padStart(10)}${(k === 0 ? '' : fmt(overheadUs(f, d), 1)).padStart(13)}` +
        `${(k === 0 ? '' : fmt(f.proxyCpuUs)).padStart(14)}`,
    );
  }
  const ratio = g.rps / d.rps;
  console.log(
    `\nthroughput through the gateway ${(ratio * 100).toFixed(1)} % of direct` +
      (n ? `, through nginx ${((n.rps / d.rps) * 100).toFixed(1)} %` : ''),
  );
  if (n) {
    // Per round (the three were measured back to back), then the median: resists a burst of outside load.
    const perRound = runs[gatewayIndex]!.map(
      (gr, i) => overheadUs(gr, runs[0]![i]!) / overheadUs(runs[1]![i]!, runs[0]![i]!),
    );
    const nginxOverhead = overheadUs(n, d);
    const overheadRatio = overheadUs(g, d) / nginxOverhead;
    // nginx's overhead can vanish into the noise on a busy machine (its work fits in an idle core): then no
    // ratio of overheads means anything, and the CPU ratio below is the figure to read.
    const verdict =
      nginxOverhead <= 0
        ? 'n/a: nginx added no measurable time in this run'
        : `${overheadRatio <= GOAL_OVERHEAD_VS_NGINX ? 'met' : 'MISSED'}`;
    console.log(
      `overhead: nginx ${fmt(nginxOverhead, 1)} µs, gateway ${fmt(overheadUs(g, d), 1)} µs per request -> ` +
        `ratio ${nginxOverhead > 0 ? fmt(overheadRatio, 2) : '-'} (per-round median ${fmt(median(perRound), 2)}; ` +
        `goal <= ${GOAL_OVERHEAD_VS_NGINX}: ${verdict})`,
    );
    console.log(
      `proxy CPU per request: nginx ${fmt(n.proxyCpuUs)} µs, gateway ${fmt(g.proxyCpuUs)} µs -> ratio ${fmt(g.proxyCpuUs / n.proxyCpuUs, 2)}` +
        `; bare node:http proxy ${fmt(b.proxyCpuUs)} µs (${fmt(b.proxyCpuUs / n.proxyCpuUs, 2)} x nginx, the floor for node:http)`,
    );
  }
  console.log(
    `upstream CPU per request: ${fmt(d.upstreamCpuUs)} µs direct, ${fmt(g.upstreamCpuUs)} µs through the gateway` +
      `   load average before/after: ${loadBefore} / ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  // With 50 connections the servers are saturated and latency is just connections / throughput.
  // One connection never queues: its mean round trip (1 / req/s) minus the direct one is what the
  // extra hop costs a single request.
  if (serialSeconds > 0) {
    const serial = [];
    for (const t of targets) serial.push({ t, rtt: 1000 / (await load(t, serialSeconds, 1, false)).rps });
    const base = serial[0]!.rtt;
    console.log(
      'one connection: ' +
        serial
          .map((s, k) => `${s.t.name} ${s.rtt.toFixed(3)} ms` + (k ? ` (+${(s.rtt - base).toFixed(3)})` : ''))
          .join(', ') +
        ` (goal for the gateway: +${GOAL_ADDED_P50_MS} ms at most)`,
    );
  }
  console.log(
    `throughput goal for the gateway >= ${GOAL_RATIO * 100} % of direct: ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'}`,
  );
} finally {
  stopChildren();
}
