/**
 * npm run bench:replicas: the separate-process mode on a PostgreSQL cluster and a NATS
 * server of its own, through the gateway, with one and then two chat replicas:
 * 1. messages per second: BENCH_REPLICAS_USERS (20) users each send, wait for the whole reply, send again,
 *    for BENCH_REPLICAS_DURATION_S (10) seconds (offline responder, no delay between words);
 * 2. (two replicas) re-attach time to the first new text across replicas: a reply started through the
 *    gateway, followed on the replica that is NOT writing it; p50/p95 of 20;
 * 3. (two replicas) a rolling restart under that load: each chat replica SIGTERMed and started again in
 *    turn; sends refused meanwhile and the seconds during which any send was refused.
 * Prints figures; no goal is asserted (the machine is shared).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiRoutes, createStreamParser, routePath, type StreamEvent } from '@noek/contracts';
import type { Launched } from '../scripts/lib/launch';
import type { ChatUser } from '../e2e/faults/chat-client';
import { createUsers } from '../e2e/faults/users';
import { startPrivateProduct } from '../e2e/support/private-product';

const USERS = Number(process.env.BENCH_REPLICAS_USERS ?? 20);
const DURATION_S = Number(process.env.BENCH_REPLICAS_DURATION_S ?? 10);
const logFile = join(tmpdir(), 'noek-bench-replicas.log');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Send = { ok: boolean; at: number; why?: string };

/** One send and its whole reply; ok when the reply ended with `done`. */
async function sendOnce(u: ChatUser, conversationId: number, base = u.base): Promise<boolean> {
  return (await sendWhy(u, conversationId, base)) === 'ok';
}

/** 'ok', or why not: an HTTP status, a broken connection, or the reply's last event. */
async function sendWhy(u: ChatUser, conversationId: number, base = u.base): Promise<string> {
  const path = routePath(apiRoutes.conversations.send, { id: conversationId });
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { ...headersOf(u), Accept: 'text/event-stream' },
    body: JSON.stringify({ content: `bench ${Date.now()}` }),
  }).catch((err: Error) => err.message);
  if (typeof res === 'string') return `connection: ${res}`;
  if (res.status !== 200) {
    const body = await res.text();
    return `${res.status} ${body.slice(0, 80)}`;
  }
  const events = await readAll(res);
  const last = events.at(-1);
  if (last?.type === 'done') return 'ok';
  return last?.type === 'error' ? `error event: ${last.message}` : `stream cut after ${events.length} events`;
}

const headersOf = (u: ChatUser) => u.headers();

async function readAll(res: Response, onEvent?: (e: StreamEvent) => boolean): Promise<StreamEvent[]> {
  const parse = createStreamParser();
  const decoder = new TextDecoder();
  const all: StreamEvent[] = [];
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (const e of parse(decoder.decode(chunk, { stream: true }))) {
        all.push(e);
        if (onEvent?.(e)) {
          await res.body?.cancel().catch(() => undefined);
          return all;
        }
      }
    }
  } catch {
    // cut
  }
  return all;
}

/** Every user sends in a loop until `stop()` says so; answers each send's outcome and time. */
async function load(users: ChatUser[], conversations: number[], stop: () => boolean): Promise<Send[]> {
  const sends: Send[] = [];
  await Promise.all(
    users.map(async (u, i) => {
      while (!stop()) {
        const why = await sendWhy(u, conversations[i]!);
        sends.push({ ok: why === 'ok', at: Date.now(), why });
        if (why !== 'ok') await sleep(200);
      }
    }),
  );
  return sends;
}

async function messagesPerSecond(users: ChatUser[], conversations: number[]): Promise<number> {
  const until = Date.now() + DURATION_S * 1000;
  const sends = await load(users, conversations, () => Date.now() > until);
  return sends.filter((s) => s.ok).length / DURATION_S;
}

/** Time from the re-attach request to the first new text, on the replica not writing the reply. */
async function reattachAcross(product: Launched, u: ChatUser, conversationId: number): Promise<number> {
  const path = routePath(apiRoutes.conversations.send, { id: conversationId });
  const res = await fetch(product.replicaUrls.chat + path, {
    method: 'POST',
    headers: { ...headersOf(u), Accept: 'text/event-stream' },
    body: JSON.stringify({ content: 'a long one' }),
  });
  let id = -1;
  await readAll(res, (e) => {
    if (e.type === 'started') id = e.assistantMessage.id;
    return e.type === 'token';
  });
  const t0 = performance.now();
  const follow = await fetch(
    product.replicaUrls['chat#2'] +
      routePath(apiRoutes.conversations.messageStream, { id: conversationId, messageId: id }),
    { headers: { ...headersOf(u), Accept: 'text/event-stream' } },
  );
  let firstText = NaN;
  const all = await readAll(follow, (e) => {
    if (e.type === 'token' || e.type === 'done') firstText = performance.now() - t0;
    return !Number.isNaN(firstText);
  });
  if (all.at(-1)?.type === 'done') return NaN; // the reply ended before any new text: not a measurement
  // Let the reply finish before the next trial (one reply per conversation).
  while ((await sendOnce(u, conversationId).catch(() => false)) === false) await sleep(100);
  return firstText;
}

async function rollingRestart(product: Launched, users: ChatUser[], conversations: number[]) {
  let done = false;
  const sends = load(users, conversations, () => done);
  await sleep(2000);
  const started = Date.now();
  for (const name of ['chat', 'chat#2'] as const) {
    appendFileSync(logFile, `${Date.now()} SIGTERM ${name}\n`);
    await product.signal(name, 'SIGTERM');
    appendFileSync(logFile, `${Date.now()} exited ${name}\n`);
    await product.restart(name);
    appendFileSync(logFile, `${Date.now()} ready ${name}\n`);
  }
  const restartS = (Date.now() - started) / 1000;
  await sleep(2000);
  done = true;
  const all = await sends;
  const refused = all.filter((s) => !s.ok);
  const refusedSeconds = new Set(refused.map((s) => Math.floor(s.at / 1000))).size;
  for (const r of refused) console.log(`  refused: ${r.why}`);
  return { sends: all.length, refused: refused.length, refusedSeconds, restartS };
}

const quantile = (xs: number[], q: number) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

async function withProduct<T>(
  chatReplicas: number,
  wordDelayMs: number,
  fn: (p: Launched, users: ChatUser[], convs: number[]) => Promise<T>,
) {
  const run = await startPrivateProduct({
    replicas: { chat: chatReplicas },
    log: (line) => appendFileSync(logFile, `${line}\n`),
    env: { OFFLINE_WORD_DELAY_MS: String(wordDelayMs), MAX_LIVE_REPLIES_PER_USER: '100' },
  });
  try {
    appendFileSync(logFile, `replicas: ${JSON.stringify(run.product.replicaUrls)}\n`);
    const users = await createUsers(run.base, run.mail, USERS);
    const convs = await Promise.all(users.map((u) => u.newConversation()));
    return await fn(run.product, users, convs);
  } finally {
    await run.stop();
  }
}

async function main(): Promise<void> {
  writeFileSync(logFile, '');
  const load1 = loadavg()[0]!.toFixed(1);
  // Throughput with a model that answers at once (CPU-bound), then re-attach and the rolling restart with
  // one that writes a word every 20 ms (replies last about 2 s, so restarts meet replies in flight).
  const onlyRolling = process.env.BENCH_REPLICAS_ONLY === 'rolling';
  const one = onlyRolling
    ? NaN
    : await withProduct(1, 0, (_p, users, convs) => messagesPerSecond(users, convs));
  const rate = onlyRolling
    ? NaN
    : await withProduct(2, 0, (_p, users, convs) => messagesPerSecond(users, convs));
  const two = await withProduct(2, 20, async (p, users, convs) => {
    const reattach: number[] = [];
    for (let i = 0; i < (onlyRolling ? 0 : 20); i++)
      reattach.push(await reattachAcross(p, users[0]!, convs[0]!));
    const rolling = await rollingRestart(p, users, convs);
    return { rate, reattach, rolling };
  });
  console.log(
    `\nbench:replicas (${USERS} users, ${DURATION_S} s; load average before ${load1}, now ${loadavg()[0]!.toFixed(1)})`,
  );
  console.log(`  messages per second, one chat replica:  ${one.toFixed(1)}`);
  console.log(`  messages per second, two chat replicas: ${two.rate.toFixed(1)}`);
  console.log(
    `  re-attach on the other replica, to first new text: p50 ${quantile(two.reattach, 0.5).toFixed(0)} ms, p95 ${quantile(two.reattach, 0.95).toFixed(0)} ms (${two.reattach.filter((x) => !Number.isNaN(x)).length} trials)`,
  );
  const r = two.rolling;
  console.log(
    `  rolling restart of both chat replicas under load (${r.restartS.toFixed(1)} s): ${r.sends} sends, ${r.refused} refused, ${r.refusedSeconds} s with a refusal`,
  );
}

await main();
