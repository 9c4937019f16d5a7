/** What must hold after each fault, read from the database and the services' readiness. */
import pg from 'pg';
import { serviceNames } from '../../scripts/lib/launch';
import { pollFor } from '../support/timing';
import type { Exchange } from './chat-client';
import type { World } from './faults';

export type Row = {
  fault: string;
  sends: number;
  accepted: number;
  damaged: number;
  cut: number;
  serverErrors: number;
  recoverS: number;
  problems: string[];
};

/** Resolves with the time every service and the gateway answer /readyz 200 (or NaN after 60 s). */
export async function allReady(world: World): Promise<number> {
  const urls = [...Object.values(world.product.replicaUrls), world.product.gatewayUrl];
  const readyAt = await pollFor(
    async () => {
      const ok = await Promise.all(
        urls.map((u) =>
          fetch(`${u}/readyz`, { signal: AbortSignal.timeout(2000) })
            .then((r) => r.ok)
            .catch(() => false),
        ),
      );
      return ok.every(Boolean) ? Date.now() : undefined;
    },
    { timeoutMs: 60_000, everyMs: 250 },
  );
  return readyAt ?? NaN;
}

/** Polls `read` until `done(value)` or the time is up; answers the last value. */
async function settle<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  let v = await read();
  if (done(v)) return v;
  await pollFor(async () => (done((v = await read())) ? true : undefined), { timeoutMs: ms, everyMs: 500 });
  return v;
}

type Stored = { users: number; assistant?: { content: string; status: string } };

async function storedOf(db: pg.Client, x: Exchange): Promise<Stored> {
  const users = await db.query(
    `SELECT count(*)::int AS n FROM chat.messages WHERE role = 'user' AND content = $1`,
    [x.content],
  );
  const a =
    x.assistantId === undefined
      ? undefined
      : (await db.query(`SELECT content, status FROM chat.messages WHERE id = $1`, [x.assistantId])).rows[0];
  return { users: (users.rows[0] as { n: number }).n, assistant: a as Stored['assistant'] };
}

function replyProblems(x: Exchange, s: Stored): string[] {
  const p: string[] = [];
  if (x.accepted && s.users !== 1) p.push(`accepted message stored ${s.users} times`);
  if (!x.accepted && s.users !== 0) p.push(`a refused send was stored ${s.users} times`);
  if (!x.accepted) return p;
  if (!s.assistant) return [...p, `reply ${x.assistantId} missing`];
  if (s.assistant.status === 'streaming') p.push(`reply ${x.assistantId} left streaming`);
  if (!s.assistant.content.startsWith(x.shown))
    p.push(`reply ${x.assistantId}: ${s.assistant.content.length} chars stored, ${x.shown.length} shown`);
  return p;
}

async function usageProblems(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT u.id, u."messageCount" AS counted,
       (SELECT count(*)::int FROM chat.messages m JOIN chat.conversations c ON c.id = m."conversationId"
         WHERE c."userId" = u.id AND m.role = 'user') AS sent
     FROM chat.chat_users u`,
  );
  return (rows as { id: string; counted: number; sent: number }[])
    .filter((r) => r.counted !== r.sent)
    .map((r) => `usage of ${r.id}: ${r.counted} counted, ${r.sent} messages`);
}

async function unsentEvents(db: pg.Client): Promise<number> {
  let n = 0;
  for (const s of serviceNames) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM ${s}.outbox_events WHERE "sentAt" IS NULL`,
    );
    n += (rows[0] as { n: number }).n;
  }
  return n;
}

export async function checkAfterFault(
  world: World,
  fault: string,
  results: Exchange[],
  t: { injected: number; readyAt: number },
): Promise<Row> {
  const db = new pg.Client(world.pg.url);
  await db.connect();
  try {
    const problems: string[] = [];
    let damaged = 0;
    let cut = 0;
    for (const x of results) {
      const s = await settle(
        () => storedOf(db, x),
        (v) => v.assistant?.status !== 'streaming',
      );
      const p = replyProblems(x, s);
      if (p.length) damaged++;
      if (x.accepted && s.assistant?.status !== 'complete') cut++;
      if (x.end === 'gave-up') p.push(`the client gave up on "${x.content}"`);
      problems.push(...p);
    }
    problems.push(
      ...(await settle(
        () => usageProblems(db),
        (v) => v.length === 0,
      )),
    );
    const unsent = await settle(
      () => unsentEvents(db),
      (n) => n === 0,
      30_000,
    );
    if (unsent) problems.push(`${unsent} outbox events never published`);
    if (Number.isNaN(t.readyAt)) problems.push('not every service was ready again within 60 s');
    return {
      fault,
      sends: results.reduce((n, x) => n + x.attempts, 0),
      accepted: results.filter((x) => x.accepted).length,
      damaged,
      cut,
      serverErrors: results.reduce((n, x) => n + x.serverErrors, 0),
      recoverS: (t.readyAt - t.injected) / 1000,
      problems,
    };
  } finally {
    await db.end();
  }
}
