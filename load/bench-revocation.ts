/**
 * npm run bench:revocation (issue 15 item 7): how long a revoked access token is still honoured. The
 * separate-process mode on a PostgreSQL cluster and a NATS server of its own, through the gateway. Per
 * trial a user signs in; probers keep calling GET /api/conversations (chat) and GET /api/subscription/status
 * (billing) with that session's access token (as a thief would) and a reply stream is open; then the user signs out (one session) or signs out
 * everywhere. Lag = from the revoking answer to the end of the last request that started after it and was
 * still served (0 when the first one was refused); stream lag = from the answer to the stream's end.
 * Prints p50/p99 over BENCH_REVOCATION_TRIALS (30) per kind; no goal asserted (shared machine).
 */
import { loadavg } from 'node:os';
import { apiRoutes, routePath } from '@noek/contracts';
import type { ChatUser } from '../e2e/faults/chat-client';
import { createUsers } from '../e2e/faults/users';
import { startPrivateProduct } from '../e2e/support/private-product';

const TRIALS = Number(process.env.BENCH_REVOCATION_TRIALS ?? 30);
const PASSWORD = 'Fault-run-password-1'; // e2e/faults/users.ts signs every user up with it
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = 'sign-out' | 'sign-out everywhere';

/** Calls GET `path` with `headers` until refused or stopped; answers [start, end, status] of each. */
function probe(base: string, path: string, headers: Record<string, string>) {
  const calls: [number, number, number][] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(base + path, { headers }).catch(() => null);
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

/** Opens a reply stream; `ended` resolves with the time it ended. */
async function openStream(u: ChatUser, conversationId: number): Promise<{ ended: Promise<number> }> {
  const path = routePath(apiRoutes.conversations.send, { id: conversationId });
  const res = await u.call('POST', path, { content: 'write a long answer' }, 'text/event-stream');
  if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
  const ended = (async () => {
    try {
      for await (const _ of res.body as unknown as AsyncIterable<Uint8Array>) void _;
    } catch {
      // cut
    }
    return performance.now();
  })();
  return { ended };
}

/** From the revoking answer to the end of the last request started after it that was still served. */
function lagOf(calls: [number, number, number][], t0: number): number {
  if (!calls.some(([start, , status]) => start < t0 && status === 200))
    throw new Error(
      `the prober was never served before the revocation: ${JSON.stringify(calls.slice(0, 3))}`,
    );
  const servedAfter = calls.filter(([start, , status]) => start >= t0 && status === 200);
  return servedAfter.length ? Math.max(...servedAfter.map(([, end]) => end)) - t0 : 0;
}

type Lags = { chat: number; billing: number; stream: number };

async function trial(u: ChatUser, kind: Kind): Promise<Lags> {
  await u.signIn(PASSWORD);
  const conversationId = await u.newConversation();
  const stolen = u.headers();
  const { ended } = await openStream(u, conversationId);
  // A thief's copies of the access token, on two services: chat and billing.
  const probers = {
    chat: probe(u.base, apiRoutes.conversations.list.path, stolen),
    billing: probe(u.base, apiRoutes.subscription.status.path, stolen),
  };
  await sleep(150);
  const path = kind === 'sign-out' ? apiRoutes.auth.logout.path : apiRoutes.auth.logoutEverywhere.path;
  const res = await u.call('POST', path, {});
  const t0 = performance.now();
  if (res.status >= 300) throw new Error(`${kind}: ${res.status} ${await res.text()}`);
  const streamEnd = await Promise.race([ended, sleep(10_000).then(() => NaN)]);
  await Promise.all([probers.chat.stop(), probers.billing.stop()]);
  return {
    chat: lagOf(probers.chat.calls, t0),
    billing: lagOf(probers.billing.calls, t0),
    stream: streamEnd - t0,
  };
}

const quantile = (xs: number[], q: number) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function main(): Promise<void> {
  const load1 = loadavg()[0]!.toFixed(1);
  const run = await startPrivateProduct({
    log: () => undefined,
    env: { OFFLINE_WORD_DELAY_MS: '50', MAX_LIVE_REPLIES_PER_USER: '100' },
  });
  try {
    const [user] = await createUsers(run.base, run.mail, 1);
    console.log(`\nbench:revocation (${TRIALS} trials per kind; load average before ${load1})`);
    for (const kind of ['sign-out', 'sign-out everywhere'] as const) {
      const lags: Lags[] = [];
      for (let i = 0; i < TRIALS; i++) {
        lags.push(await trial(user!, kind));
        // Tokens carry whole seconds (iat): the next sign-in must not fall in the revoked second.
        if (kind === 'sign-out everywhere') await sleep(1_050);
      }
      const fmt = (key: keyof Lags) => {
        const xs = lags.map((l) => l[key]);
        return `p50 ${quantile(xs, 0.5).toFixed(0)} / p99 ${quantile(xs, 0.99).toFixed(0)} ms`;
      };
      console.log(
        `  ${kind.padEnd(20)} honoured after the answer: chat ${fmt('chat')}, billing ${fmt('billing')}; open stream ended after ${fmt('stream')}`,
      );
    }
    console.log(`  load average now ${loadavg()[0]!.toFixed(1)}`);
  } finally {
    await run.stop();
  }
}

await main();
