// npm run bench:gateway: the cost of the gateway on the request path. Starts a cheap upstream (a
// service-kit app) and the real gateway entry (gateway/src/main.ts) as child processes, then drives
// the same route with autocannon directly and through the gateway, in one run on the same machine.
// Env: BENCH_CONNECTIONS (50), BENCH_DURATION_S (10), BENCH_ROUNDS (3, alternating; medians reported),
// BENCH_WARMUP_S (2), BENCH_SERIAL_S (5: the single-connection latency phase; 0 skips it),
// BENCH_UPSTREAM_LOG_LEVEL (warn), BENCH_GATEWAY_LOG_LEVEL (info).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
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

const children: ChildProcess[] = [];
/** Each child's log lines go to a file (the bench measures logging cost, not terminal speed). */
function startChild(name: string, script: string, env: Record<string, string>): ChildProcess {
  const log = join(tmpdir(), `bench-gateway-${name}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', openSync(log, 'w'), 'inherit'],
  });
  children.push(child);
  return child;
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
  /** CPU time per request in µs of the gateway process and of the upstream process (Linux). */
  gatewayCpuUs: number;
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
function cpuSeconds(child: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

async function load(url: string, seconds: number, conns = connections): Promise<Figures> {
  const before = { gw: cpuSeconds(gateway), up: cpuSeconds(upstream) };
  const r = await autocannon({ url, connections: conns, duration: seconds });
  const perRequest = (now: number, then: number) => ((now - then) / r.requests.total) * 1e6;
  if (r.errors || r.timeouts || r.non2xx) {
    throw new Error(
      `${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers; logs in ${join(tmpdir(), 'bench-gateway-*.log')}`,
    );
  }
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    gatewayCpuUs: perRequest(cpuSeconds(gateway), before.gw),
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
  gatewayCpuUs: median(fs.map((f) => f.gatewayCpuUs)),
  upstreamCpuUs: median(fs.map((f) => f.upstreamCpuUs)),
});

const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const [upPort, gwPort] = [await freePort(), await freePort()];
const upstream = startChild('upstream', 'load/bench/gateway-upstream.ts', {
  PORT: String(upPort),
  LOG_LEVEL: process.env.BENCH_UPSTREAM_LOG_LEVEL ?? 'warn',
});
const gateway = startChild('gateway', 'gateway/src/main.ts', {
  PORT: String(gwPort),
  HOST: '127.0.0.1',
  CHAT_URL: `http://127.0.0.1:${upPort}`,
  LOG_LEVEL: process.env.BENCH_GATEWAY_LOG_LEVEL ?? 'info',
  // One load generator is one client address: keep the limiter on (its cost counts) but out of reach.
  RATE_LIMIT_PER_MINUTE: '1000000000',
  RATE_LIMIT_BURST: '1000000000',
  SERVE_STATIC: 'false',
});
const direct = `http://127.0.0.1:${upPort}${PATH}`;
const proxied = `http://127.0.0.1:${gwPort}${PATH}`;

try {
  await waitReady(`http://127.0.0.1:${upPort}/healthz`, upstream);
  await waitReady(`http://127.0.0.1:${gwPort}/healthz`, gateway);
  const check = await fetch(proxied);
  if (!check.ok) throw new Error(`through the gateway: ${check.status} ${await check.text()}`);

  if (warmup > 0) {
    await load(direct, warmup);
    await load(proxied, warmup);
  }
  const runs: { direct: Figures[]; gateway: Figures[] } = { direct: [], gateway: [] };
  // Alternate, so a burst of load from elsewhere on the machine hits both sides alike.
  for (let i = 0; i < rounds; i += 1) {
    const d = await load(direct, duration);
    const g = await load(proxied, duration);
    runs.direct.push(d);
    runs.gateway.push(g);
    console.log(
      `round ${i + 1}: direct ${d.rps.toFixed(0)} req/s p50 ${d.p50} ms | gateway ${g.rps.toFixed(0)} req/s p50 ${g.p50} ms | ratio ${((g.rps / d.rps) * 100).toFixed(0)} %`,
    );
  }
  const d = medianOf(runs.direct);
  const g = medianOf(runs.gateway);
  const ratio = g.rps / d.rps;
  const addedP50 = g.p50 - d.p50;
  // Rounds are pairs run back to back: the median of the per-round figures resists a burst of
  // outside load that hit only one side of one round.
  const pairedRatio = median(runs.gateway.map((x, i) => x.rps / runs.direct[i]!.rps));
  const pairedAddedP50 = median(runs.gateway.map((x, i) => x.p50 - runs.direct[i]!.p50));

  const row = (name: string, f: Figures) =>
    `${name.padEnd(18)}${f.rps.toFixed(0).padStart(9)}${f.p50.toFixed(1).padStart(9)}${f.p99.toFixed(1).padStart(9)}${f.mean.toFixed(2).padStart(10)}`;
  console.log(
    `\nbench:gateway  GET ${PATH}  ${connections} connections x ${duration} s, ${rounds} round(s)` +
      `  node ${process.version}, ${availableParallelism()} cpu (${cpus()[0]?.model.trim() ?? '?'})\n`,
  );
  console.log(
    `${''.padEnd(18)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'mean ms'.padStart(10)}`,
  );
  console.log(row('direct upstream', d));
  console.log(row('through gateway', g));
  console.log(
    `\nthroughput ratio ${(ratio * 100).toFixed(1)} % (goal >= ${GOAL_RATIO * 100} %: ${ratio >= GOAL_RATIO ? 'met' : 'MISSED'})` +
      `   added p50 ${addedP50.toFixed(1)} ms, added mean ${(g.mean - d.mean).toFixed(2)} ms` +
      ` (goal <= ${GOAL_ADDED_P50_MS} ms: ${addedP50 <= GOAL_ADDED_P50_MS ? 'met' : 'MISSED'})`,
  );
  // With 50 connections the servers are saturated and latency is just connections / throughput.
  // One connection never queues: its mean round trip (1 / req/s, finer than autocannon's 1 ms
  // latency buckets) minus the direct one is what the extra hop costs a single request.
  let serial = '';
  if (serialSeconds > 0) {
    const sd = await load(direct, serialSeconds, 1);
    const sg = await load(proxied, serialSeconds, 1);
    const rtt = (f: Figures) => 1000 / f.rps;
    serial =
      `one connection: direct ${rtt(sd).toFixed(3)} ms per request, through gateway ${rtt(sg).toFixed(3)} ms` +
      ` -> added ${(rtt(sg) - rtt(sd)).toFixed(3)} ms (goal <= ${GOAL_ADDED_P50_MS} ms: ${rtt(sg) - rtt(sd) <= GOAL_ADDED_P50_MS ? 'met' : 'MISSED'})`;
  }
  console.log(
    `per-round medians: ratio ${(pairedRatio * 100).toFixed(1)} %, added p50 ${pairedAddedP50.toFixed(1)} ms`,
  );
  console.log(
    `CPU per request: gateway ${g.gatewayCpuUs.toFixed(0)} µs, upstream ${g.upstreamCpuUs.toFixed(0)} µs through the gateway` +
      ` (${d.upstreamCpuUs.toFixed(0)} µs direct)   load average before/after: ${loadBefore} / ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  if (serial) console.log(serial);
} finally {
  stopChildren();
}
