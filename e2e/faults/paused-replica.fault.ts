/**
 * A chat replica paused (SIGSTOP: a long GC pause, a frozen VM) for longer than the reply lease while it
 * writes replies. The other replica's lease sweep marks them interrupted; their users press Retry on the
 * other replica; the paused one resumes (SIGCONT) while the new replies are being written. Every reply
 * lease carries a fencing token (the message's `leaseEpoch`), so the old replica's writes are refused:
 * the stored reply is exactly the one the Retry wrote, and the old replica logs that it lost the lease.
 */
import pg from 'pg';
import {
  apiRoutes,
  createStreamParser,
  routePath,
  type StreamDoneEvent,
  type StreamErrorEvent,
} from '@noek/contracts';
import { pollFor } from '../support/timing';
import type { ChatUser } from './chat-client';
import type { Fault, World } from './faults';

const PAUSED = 'chat';
const OTHER = 'chat#2';

type Swept = { id: number; conversationId: number; email: string };

/** Polls `read` every 250 ms until it answers a value, or throws after `ms`. */
async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const v = await pollFor(read, { timeoutMs: ms, everyMs: 250 });
  if (v === undefined) throw new Error(`timed out waiting for ${what}`);
  return v;
}

/** The replies being written when the replica was paused, once none of them is `streaming` any more. */
async function sweptReplies(db: pg.Client, ids: number[]): Promise<Swept[]> {
  await until('the lease sweep', async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM chat.messages WHERE id = ANY($1) AND status = 'streaming'`,
      [ids],
    );
    return (rows[0] as { n: number }).n === 0 ? true : undefined;
  });
  const { rows } = await db.query(
    `SELECT m.id, m."conversationId", u.email FROM chat.messages m
       JOIN chat.conversations c ON c.id = m."conversationId" JOIN auth.users u ON u.id = c."userId"
     WHERE m.id = ANY($1) AND m.status = 'interrupted' AND m."retryFree"`,
    [ids],
  );
  return rows as Swept[];
}

/** A Retry sent straight to one replica; `started` resolves at its first token. */
function retryOn(url: string, user: ChatUser, reply: Swept) {
  let onFirstToken!: () => void;
  const started = new Promise<void>((r) => (onFirstToken = r));
  const path = routePath(apiRoutes.conversations.retryMessage, {
    id: reply.conversationId,
    messageId: reply.id,
  });
  const ended = (async (): Promise<StreamDoneEvent | StreamErrorEvent | string> => {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: user.headers({ Accept: 'text/event-stream' }),
      signal: AbortSignal.timeout(60_000),
    });
    if (res.status !== 200) return `Retry answered ${res.status} ${await res.text()}`;
    const parse = createStreamParser();
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (const e of parse(decoder.decode(chunk, { stream: true }))) {
        if (e.type === 'token') onFirstToken();
        if (e.type === 'done' || e.type === 'error') return e;
      }
    }
    return 'the Retry stream ended with no final event';
  })().finally(() => onFirstToken());
  return { started, ended };
}

/** The paused replica's log line for `id` (pino JSON, prefixed with the process name). */
const lostLease = (world: World, from: number, id: number) =>
  world.logs
    .slice(from)
    .some(
      (l) =>
        l.startsWith(`[${PAUSED}]`) &&
        l.includes('reply lease lost') &&
        new RegExp(`"messageId":${id}[,}]`).test(l),
    );

async function check(
  db: pg.Client,
  world: World,
  reply: Swept,
  end: StreamDoneEvent | StreamErrorEvent | string,
  logFrom: number,
) {
  if (typeof end === 'string') return [`reply ${reply.id}: ${end}`];
  const problems: string[] = [];
  if (end.type !== 'done' || end.assistantMessage.status !== 'complete')
    problems.push(`reply ${reply.id}: the Retry ended with ${end.type} ${end.assistantMessage.status}`);
  const { rows } = await db.query(`SELECT content, status FROM chat.messages WHERE id = $1`, [reply.id]);
  const stored = rows[0] as { content: string; status: string } | undefined;
  if (stored?.status !== 'complete' || stored.content !== end.assistantMessage.content)
    problems.push(`reply ${reply.id}: stored ${stored?.status} is not exactly the retried reply`);
  if (!lostLease(world, logFrom, reply.id))
    problems.push(`reply ${reply.id}: the paused replica did not log that it lost the lease`);
  return problems;
}

export const pausedReplicaFault: Fault = {
  key: 'paused',
  name: 'chat replica paused past its lease, Retry on the other',
  inject: async (world) => {
    const db = new pg.Client(world.pg.url);
    await db.connect();
    const logFrom = world.logs.length;
    let paused = true;
    await world.product.signal(PAUSED, 'SIGSTOP');
    try {
      const { rows } = await db.query(`SELECT id FROM chat.messages WHERE status = 'streaming'`);
      const swept = await sweptReplies(
        db,
        (rows as { id: number }[]).map((r) => r.id),
      );
      if (swept.length === 0) return ['no reply of the paused replica was swept (nothing to retry)'];
      const byEmail = new Map(world.users.map((u) => [u.email, u]));
      const retries = swept.map((r) => retryOn(world.product.replicaUrls[OTHER]!, byEmail.get(r.email)!, r));
      await Promise.all(retries.map((r) => r.started));
      await world.product.signal(PAUSED, 'SIGCONT');
      paused = false;
      const ends = await Promise.all(retries.map((r) => r.ended));
      // The old replica's writes come (and are refused) once it runs again: wait for its log lines.
      await until(
        'the paused replica to notice',
        async () => swept.every((r) => lostLease(world, logFrom, r.id)) || undefined,
        15_000,
      ).catch(() => undefined);
      const problems: string[] = [];
      for (const [i, r] of swept.entries()) problems.push(...(await check(db, world, r, ends[i]!, logFrom)));
      console.log(
        `  paused replica: ${swept.length} replies swept and retried on ${OTHER}, ` +
          `${swept.length - new Set(problems.map((p) => p.split(':')[0])).size} stored exactly as retried`,
      );
      return problems;
    } finally {
      if (paused) await world.product.signal(PAUSED, 'SIGCONT');
      await db.end();
    }
  },
};
