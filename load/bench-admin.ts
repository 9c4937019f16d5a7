// npm run bench:admin: the admin table at 100,000 users through the gateway.
// Starts NATS (JetStream) on a free port and every service as its own process (scripts/lib/launch.ts) on a
// fresh PostgreSQL database, seeds BENCH_ADMIN_USERS users with usage, then drives GET /api/admin/users
// with autocannon as the signed-in admin: the first page, a search, a deep page, and the 5-second refresh
// when nothing changed (If-None-Match → 304).
// Seeding: the users are written by SQL into auth's users table and into the admin read model exactly as
// the admin service's start-up sync and events would (signing up 100,000 accounts through argon2id would
// take hours and measure auth, not the table). Everything measured is the real request path.
// Env: BENCH_ADMIN_USERS (100000), BENCH_DURATION_S (8), BENCH_CONNECTIONS (4), BENCH_REFRESH_RATE (20),
// BENCH_DATABASE_URL.
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { launchProduct } from '../scripts/lib/launch';
import { startNatsServer } from '../e2e/support/nats-server';
import { startMailCapture } from '../e2e/mail-capture';
import { freePort, freePortRange } from '@noek/service-kit';
import { recreateDatabase } from '@noek/db';

const userCount = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const duration = Number(process.env.BENCH_DURATION_S ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const refreshRate = Number(process.env.BENCH_REFRESH_RATE ?? 20);
const dbUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/noek_bench_admin';
const admin = { email: 'admin@bench.test', password: 'bench-admin-password' };

/** 100,000 users in auth and in the admin read model, with usage in open windows. */
async function seed(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const hash = (await c.query(`SELECT "passwordHash" FROM auth.users WHERE email = $1`, [admin.email]))
    .rows[0].passwordHash as string;
  await c.query(
    `INSERT INTO auth.users (id, name, email, "passwordHash", "accessLevel", "emailVerifiedAt", "updatedAt")
     SELECT gen_random_uuid(), 'Bench User ' || g, 'user-' || g || '@bench.test', $1,
       (ARRAY['basic','basic','basic','premium','supernoek']::auth."AccessLevel"[])[1 + g % 5], now(), now()
     FROM generate_series(1, $2::int) g`,
    [hash, userCount],
  );
  await c.query(
    `INSERT INTO admin.directory_users (id, name, email, "accessLevel", "emailVerified", "createdAt",
       "authUpdatedAt", "messageCount", "usageWindowStartedAt", "searchText", "specialFeatures")
     SELECT id, name, email, "accessLevel"::text, true, "createdAt", now(), (random() * 500)::int, now(),
       lower(name || E'\\n' || email || E'\\n' || "accessLevel"::text), '{}'
     FROM auth.users ON CONFLICT (id) DO NOTHING`,
  );
  await c.query(`UPDATE admin.directory_state SET version = version + 1 WHERE id = 1`);
  // What autovacuum does after a bulk insert (statistics and the visibility map for index-only scans).
  await c.query('VACUUM ANALYZE admin.directory_users');
  await c.end();
}

type Figures = { p50: number; p99: number; rps: number; statuses: string };

async function measure(
  base: string,
  cookie: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  // The refresh is paced (BENCH_REFRESH_RATE req/s overall: e.g. 100 admins every 5 s) so the gateway's
  // rate limit is not what is measured; the other runs are closed-loop.
  const paced = headers['if-none-match'] !== undefined ? { overallRate: refreshRate } : {};
  const r = await autocannon({
    ...paced,
    url: base,
    connections,
    duration,
    requests: [{ method: 'GET', path, headers: { cookie, ...headers } }],
  });
  const statuses = Object.entries({ '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'] })
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k}=${n}`)
    .join(' ');
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, statuses };
}

async function main(): Promise<void> {
  await recreateDatabase(dbUrl);
  const nats = await startNatsServer(process.env.NATS_SERVER_BIN ?? 'nats-server', await freePort());
  // Separate processes never serve the dev mailbox: auth sends over SMTP, here to a capture.
  const mail = await startMailCapture();
  const gatewayPort = await freePort();
  const logs: string[] = [];
  const product = await launchProduct({
    gatewayPort,
    servicePortBase: await freePortRange(40),
    separateRemotes: false,
    output: 'pipe',
    log: (line) => logs.push(line),
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: dbUrl,
      NATS_URL: nats.url,
      APP_ORIGIN: `http://localhost:${gatewayPort}`,
      SMTP_URL: mail.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // The gateway's per-client limit (1200/min) is not what this measures: one client sends every request.
      RATE_LIMIT_PER_MINUTE: '10000000',
      RATE_LIMIT_BURST: '100000',
    },
  }).catch(async (err: unknown) => {
    console.error(logs.slice(-40).join('\n'));
    await Promise.all([nats.stop(), mail.close()]);
    throw err;
  });
  try {
    const base = product.gatewayUrl;
    const t0 = performance.now();
    await seed(dbUrl);
    const seedS = ((performance.now() - t0) / 1000).toFixed(1);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(admin),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const first = await fetch(`${base}/api/admin/users`, { headers: { cookie } });
    const total = first.headers.get('x-total-count');
    const lastPage = Math.ceil(Number(total) / 30);
    console.log(
      `\nbench:admin  ${total} users (seeded in ${seedS} s), ${connections} connections, ${duration} s each`,
    );
    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    const runs: [string, string, Record<string, string>?][] = [
      ['list, page 1', '/api/admin/users?page=1'],
      ['search "user-4242"', '/api/admin/users?search=user-4242'],
      ['search "premium", page 2', '/api/admin/users?search=premium&page=2'],
      [`deep page ${Math.floor(lastPage / 2)}`, `/api/admin/users?page=${Math.floor(lastPage / 2)}`],
      [`last page ${lastPage}`, `/api/admin/users?page=${lastPage}`],
      ['refresh, unchanged (If-None-Match)', '/api/admin/users', { 'if-none-match': '' }],
    ];
    console.log('| request | p50 ms | p99 ms | req/s | answers |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const [label, path, headers] of runs) {
      if (headers?.['if-none-match'] !== undefined) {
        // The ETag of the table as it is now (it also turns over once a minute: time-based changes).
        headers['if-none-match'] =
          (await fetch(`${base}${path}`, { headers: { cookie } })).headers.get('etag') ?? '';
      }
      const f = await measure(base, cookie, path, headers);
      console.log(`| ${label} | ${f.p50} | ${f.p99} | ${Math.round(f.rps)} | ${f.statuses} |`);
    }
    const full = (await first.text()).length;
    console.log(`\nA full page answer is ${full} bytes; the unchanged refresh answers 304 with no body.`);
  } finally {
    await product.stop();
    await Promise.all([nats.stop(), mail.close()]);
  }
}

await main();
