// npm run bench:auth: sign-in latency through the gateway with 20 concurrent users.
// Starts its own NATS (JetStream) on a free port, the auth service (services/auth/src/main.ts) on a
// fresh PostgreSQL database, and the gateway (gateway/src/main.ts) as child processes; signs up and
// verifies BENCH_USERS accounts through the real API (links from the dev mailbox), then drives
// POST /api/auth/login with autocannon, each request one of the users with the right password,
// through the gateway and directly on auth in the same run. Also times one argon2id verify in-process.
// Env: BENCH_USERS (20 = connections), BENCH_DURATION_S (10), BENCH_DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import argon2 from 'argon2';
import { passwordHashParams } from '../services/auth/src/crypto/password';
import { startNatsServer } from '../e2e/support/nats-server';
import { startMailCapture, type MailCapture } from '../e2e/mail-capture';
import { decodeMail } from '../e2e/support/accounts';
import { freePort } from '@noek/service-kit';
import { recreateDatabase } from '@noek/db';

const root = fileURLToPath(new URL('..', import.meta.url));
const users = Number(process.env.BENCH_USERS ?? 20);
const duration = Number(process.env.BENCH_DURATION_S ?? 10);
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/noek_bench_auth';
const logDir = mkdtempSync(join(tmpdir(), 'bench-auth-'));

const children: ChildProcess[] = [];
function startChild(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', openSync(join(logDir, `${name}.log`), 'w'), openSync(join(logDir, `${name}.err`), 'w')],
  });
  children.push(child);
  return child;
}
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGTERM');
});

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: exited with ${child.exitCode}; logs in ${logDir}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready after 60 s; logs in ${logDir}`);
}

async function argon2VerifyMs(): Promise<{ p50: number; min: number; max: number }> {
  const hash = await argon2.hash('bench-password-1', passwordHashParams);
  const ts: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now();
    await argon2.verify(hash, 'bench-password-1');
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  return { p50: ts[10]!, min: ts[0]!, max: ts[19]! };
}

type Account = { email: string; password: string };

async function createAccounts(authUrl: string, mail: MailCapture): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let i = 0; i < users; i += 1) {
    const a = { name: `Bench ${i}`, email: `bench-${i}@example.test`, password: `bench-password-${i}` };
    const r = await fetch(`${authUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(a),
    });
    if (r.status !== 201) throw new Error(`signup answered ${r.status}: ${await r.text()}`);
    accounts.push({ email: a.email, password: a.password });
  }
  // Separate processes never serve the dev mailbox: the links come over SMTP.
  for (const m of mail.messages()) {
    const token = decodeMail(m.raw).match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    const r = await fetch(`${authUrl}/api/verify-email?token=${token}`);
    if (!r.ok) throw new Error(`verify answered ${r.status}`);
  }
  return accounts;
}

async function drive(base: string, accounts: Account[], connections = users) {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json', origin: base },
        setupRequest: (req) => {
          const a = accounts[next++ % accounts.length]!;
          return { ...req, body: JSON.stringify(a) };
        },
      },
    ],
  });
  if (r.errors || r.timeouts || r.non2xx)
    throw new Error(
      `${base}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx; logs in ${logDir}`,
    );
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

async function main() {
  const argonIdle = await argon2VerifyMs();
  await recreateDatabase(dbUrl);
  const mail = await startMailCapture();
  const nats = await startNatsServer(process.env.NATS_SERVER_BIN ?? 'nats-server', await freePort());
  const [authPort, gatewayPort] = [await freePort(), await freePort()];
  const authUrl = `http://127.0.0.1:${authPort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  try {
    const auth = startChild('auth', 'services/auth/src/main.ts', {
      PORT: String(authPort),
      DATABASE_URL: dbUrl,
      NATS_URL: nats.url,
      KEYS_DIR: join(logDir, 'keys'),
      SMTP_URL: mail.url,
      AUTH_RATE_LIMIT_SCALE: '100000',
    });
    await waitReady(authUrl, auth);
    const gateway = startChild('gateway', 'gateway/src/main.ts', {
      PORT: String(gatewayPort),
      AUTH_URL: authUrl,
      RATE_LIMIT_PER_MINUTE: '0',
    });
    await waitReady(gatewayUrl, gateway);
    const accounts = await createAccounts(authUrl, mail);

    await drive(gatewayUrl, accounts.slice(0, 2)); // warm-up (JIT, pools)
    const viaGateway = await drive(gatewayUrl, accounts);
    const direct = await drive(authUrl, accounts);
    const single = await drive(gatewayUrl, accounts, 1);
    const fmt = (f: { rps: number; p50: number; p99: number; total: number }) =>
      `p50 ${f.p50} ms   p99 ${f.p99} ms   ${f.rps.toFixed(1)} sign-ins/s   (${f.total} in ${duration} s)`;
    console.log(
      `\nSign-in, ${users} concurrent users, ${duration} s, machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log(
      `  argon2id verify (m=${passwordHashParams.memoryCost} KiB, t=${passwordHashParams.timeCost}, p=${passwordHashParams.parallelism}), idle: p50 ${argonIdle.p50.toFixed(1)} ms (min ${argonIdle.min.toFixed(1)}, max ${argonIdle.max.toFixed(1)})`,
    );
    console.log(`  through the gateway: ${fmt(viaGateway)}`);
    console.log(`  direct to auth:      ${fmt(direct)}`);
    console.log(`  one user at a time, through the gateway: ${fmt(single)}`);
    console.log(
      `  (each sign-in is one argon2id verify; ${users} at once queue on the cores: p50 ≈ ${users} x cost / cores)`,
    );
    console.log(`  logs: ${logDir}\n`);
  } finally {
    for (const c of children) if (c.exitCode === null && c.pid) process.kill(c.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await nats.stop();
    await mail.close();
  }
}

await main();
process.exit(0);
