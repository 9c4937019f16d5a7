/**
 * npm run bench:revocation: how long a revoked access token is still honoured, at each
 * place that refuses it. The separate-process mode on a PostgreSQL cluster and a NATS server of its own,
 * plus a second gateway replica in front of a stand-in that checks no session (so whatever it refuses,
 * the gateway refused). Per trial a user signs in; probers keep calling with that session's cookies (as a
 * thief would): the second gateway (GET /api/conversations), chat, billing and admin each directly
 * (/api/conversations, /api/subscription/status, /api/admin/users: 403 to this non-admin until refused),
 * and two reply streams are open: one from chat through the product's gateway, one from the stand-in
 * through the second gateway. Then the user signs out (one session) or signs out everywhere.
 * Lag = from the revoking answer to the end of the last request that started after it and was still served
 * (0 when the first one was refused); stream lag = from the answer to the stream's end.
 * Prints p50/p99 over BENCH_REVOCATION_TRIALS (30) per kind; no goal asserted (shared machine).
 * Then the same with the NATS server killed: the revocation feed is stale, so chat, admin and
 * the gateways ask auth about each token; billing has no fallback yet and is left out of those rows.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { apiRoutes, routePath } from '@noek/contracts';
import type { ChatUser } from '../e2e/faults/chat-client';
import { createUsers } from '../e2e/faults/users';
import { startPrivateProduct, type PrivateProduct } from '../e2e/support/private-product';
import { startGatewayProcess, type GatewayProcess } from '../scripts/lib/launch';
import { freePort, es256KeyPair } from '@noek/service-kit';

const TRIALS = Number(process.env.BENCH_REVOCATION_TRIALS ?? 30);
const PASSWORD = 'Fault-run-password-1'; // e2e/faults/users.ts signs every user up with it
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = 'sign-out' | 'sign-out everywhere';
type Prober = 'gateway' | 'chat' | 'billing' | 'admin';
type Call = [start: number, end: number, status: number];

/** Calls GET `url` with `headers` until refused (401) or stopped; answers [start, end, status] of each. */
function probe(url: string, headers: Record<string, string>) {
  const calls: Call[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(url, { headers }).catch(() => null);
      await res?.body?.cancel();
      calls.push([start, performance.now(), res?.status ?? 0]);
      if (res?.status === 401) return;
    }
  })();
  return {
    calls,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** Reads a stream to its end; resolves with the time it ended (cleanly or cut). */
function endOf(res: Response): Promise<number> {
  return (async () => {
    try {
      for await (const _ of res.body as unknown as AsyncIterable<Uint8Array>) void _;
    } catch {
      // cut
    }
    return performance.now();
  })();
}

/** Opens a reply stream from chat through the product's gateway; `ended` as endOf. */
async function openReply(u: ChatUser, conversationId: number): Promise<{ ended: Promise<number> }> {
  const path = routePath(apiRoutes.conversations.send, { id: conversationId });
  const res = await u.call('POST', path, { content: 'write a long answer' }, 'text/event-stream');
  if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
  return { ended: endOf(res) };
}

/** From the revoking answer to the end of the last request started after it that was still served. */
function lagOf(calls: Call[], t0: number): number {
  const served = (status: number) => status !== 401 && status !== 0;
  if (!calls.some(([start, , status]) => start < t0 && served(status)))
    throw new Error(
      `the prober was never served before the revocation: ${JSON.stringify(calls.slice(0, 3))}`,
    );
  const servedAfter = calls.filter(([start, , status]) => start >= t0 && served(status));
  return servedAfter.length ? Math.max(...servedAfter.map(([, end]) => end)) - t0 : 0;
}

type Lags = Partial<Record<Prober | 'chat stream' | 'gateway stream', number>>;

interface Setup {
  run: PrivateProduct;
  /** The second gateway replica, in front of the stand-in. */
  gateway: GatewayProcess;
}

async function trial(
  u: ChatUser,
  kind: Kind,
  { run, gateway }: Setup,
  skip: readonly Prober[] = [],
): Promise<Lags> {
  await u.signIn(PASSWORD);
  const conversationId = await u.newConversation();
  const stolen = u.headers();
  const services = run.product.serviceUrls;
  const chatStream = await openReply(u, conversationId);
  const standInStream = await fetch(`${gateway.url}/api/conversations/0/stream`, { headers: stolen });
  const gatewayStream = endOf(standInStream);
  const urls: Record<Prober, string> = {
    gateway: gateway.url + apiRoutes.conversations.list.path,
    chat: services.chat + apiRoutes.conversations.list.path,
    billing: services.billing + apiRoutes.subscription.status.path,
    admin: services.admin + apiRoutes.admin.users.path,
  };
  const probers = Object.fromEntries(
    (Object.keys(urls) as Prober[]).filter((p) => !skip.includes(p)).map((p) => [p, probe(urls[p], stolen)]),
  ) as Partial<Record<Prober, ReturnType<typeof probe>>>;
  await sleep(150);
  const path = kind === 'sign-out' ? apiRoutes.auth.logout.path : apiRoutes.auth.logoutEverywhere.path;
  const res = await u.call('POST', path, {});
  const t0 = performance.now();
  if (res.status >= 300) throw new Error(`${kind}: ${res.status} ${await res.text()}`);
  const ended = (p: Promise<number>) => Promise.race([p, sleep(10_000).then(() => NaN)]);
  const [chatEnd, gatewayEnd] = await Promise.all([ended(chatStream.ended), ended(gatewayStream)]);
  await Promise.all(Object.values(probers).map((p) => p.stop()));
  const lags: Lags = { 'chat stream': chatEnd - t0, 'gateway stream': gatewayEnd - t0 };
  for (const [name, p] of Object.entries(probers)) lags[name as Prober] = lagOf(p.calls, t0);
  return lags;
}

const quantile = (xs: number[], q: number) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** chat, billing and admin for the second gateway: 200 to anything, an event stream that never ends. */
const standIn: RequestListener = (req, res) => {
  if (req.url?.endsWith('/stream')) {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('event: token\ndata: {}\n\n');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{}');
};

async function listen(handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

async function main(): Promise<void> {
  const load1 = loadavg()[0]!.toFixed(1);
  const keys = es256KeyPair();
  const signing = { AUTH_PRIVATE_KEY: keys.privateKey, AUTH_PUBLIC_KEY: keys.publicKey };
  const run = await startPrivateProduct({
    log: () => undefined,
    env: { OFFLINE_WORD_DELAY_MS: '50', MAX_LIVE_REPLIES_PER_USER: '100', ...signing },
  });
  const server = await listen(standIn);
  const standInUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let gateway: GatewayProcess | undefined;
  try {
    gateway = await startGatewayProcess({
      port: await freePort(),
      name: 'gateway#2',
      output: 'pipe',
      env: {
        ...signing,
        AUTH_URL: run.product.serviceUrls.auth,
        CHAT_URL: standInUrl,
        BILLING_URL: standInUrl,
        ADMIN_URL: standInUrl,
        NATS_URL: run.nats.url,
        RATE_LIMIT_PER_MINUTE: '1000000',
        RATE_LIMIT_BURST: '100000',
        LOG_LEVEL: 'warn',
      },
    });
    const [user] = await createUsers(run.base, run.mail, 1);
    console.log(`\nbench:revocation (${TRIALS} trials per kind; load average before ${load1})`);
    const rounds = [
      { label: '', skip: [] as Prober[] },
      { label: ' (NATS down)', skip: ['billing'] as Prober[] },
    ];
    for (const round of rounds) {
      if (round.label) await run.nats.kill();
      for (const kind of ['sign-out', 'sign-out everywhere'] as const) {
        const lags: Lags[] = [];
        for (let i = 0; i < TRIALS; i++) {
          lags.push(await trial(user!, kind, { run, gateway }, round.skip));
          // Tokens carry whole seconds (iat): the next sign-in must not fall in the revoked second.
          if (kind === 'sign-out everywhere') await sleep(1_050);
        }
        report(`${kind}${round.label}`, lags);
      }
    }
    console.log(`  load average now ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await gateway?.stop();
    server.closeAllConnections();
    server.close();
    await run.stop();
  }
}

function report(title: string, lags: Lags[]): void {
  console.log(`  ${title}: honoured after the answer (ms), p50 / p99`);
  for (const key of Object.keys(lags[0]!) as (keyof Lags)[]) {
    const xs = lags.map((l) => l[key] ?? NaN);
    const what = key.endsWith('stream') ? `${key} ended after` : `${key} refused after`;
    console.log(
      `    ${what.padEnd(28)} ${quantile(xs, 0.5).toFixed(0).padStart(4)} / ${quantile(xs, 0.99).toFixed(0).padStart(4)}`,
    );
  }
}

await main();
