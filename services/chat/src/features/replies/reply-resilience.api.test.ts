import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ACCEPTED_HEADER } from '@noek/contracts';
import {
  captureLogger,
  createInProcessEventBus,
  DATABASE_UNAVAILABLE_MESSAGE,
  listenForTest,
  requireUser,
} from '@noek/service-kit';
import { createChatDb } from '../../database';
import { createChatService, type ChatService } from '../../service';
import {
  readEvents,
  slow,
  startChatHarness,
  terminal,
  testConfig,
  tokensOf,
  userClient,
  words,
  type ChatHarness,
  type UserClient,
} from '../../test/chat-api-harness';
import { createLeaseKeeper, type LeaseStore } from './reply-lease';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

const streamPath = (conversationId: number, messageId: number) =>
  `/api/conversations/${conversationId}/messages/${messageId}/stream`;

/** A conversation whose last reply is `streaming` with `content`, as a writer that died would leave it. */
async function orphanReply(a: UserClient, content: string, updatedAt: Date) {
  const conv = await a.newConversation();
  await h.db.message.create({ data: { conversationId: conv.id, role: 'user', content: 'question' } });
  const reply = await h.db.message.create({
    data: { conversationId: conv.id, role: 'assistant', content, status: 'streaming', updatedAt },
  });
  return { conv, reply };
}

describe('several replicas', () => {
  it('another replica serves re-attach from the database: the whole reply, then its end', async () => {
    const other = await h.startSecondService();
    h.fake.script = slow(20, 25);
    const a = userClient(h);
    const conv = await a.newConversation();
    const controller = new AbortController();
    const early = await readEvents(
      await a.send(conv.id, 'long answer please', controller.signal),
      (_e, all) => all.some((x) => x.type === 'token'),
    );
    controller.abort();
    const started = early[0];
    if (started?.type !== 'started') throw new Error('no started event');
    const id = started.assistantMessage.id;
    const follow = await fetch(`${other.server.url}${streamPath(conv.id, id)}`, {
      headers: { cookie: cookieOf(a) },
    });
    const events = await readEvents(follow);
    expect(events[0]?.type).toBe('snapshot');
    const snap = events[0]?.type === 'snapshot' ? events[0].assistantMessage.content : '';
    expect(snap + tokensOf(events)).toBe(words(20));
    expect(terminal(events)).toMatchObject({
      type: 'done',
      assistantMessage: { content: words(20), status: 'complete' },
    });
  });

  it('Stop pressed on another replica stops the reply and answers it stored', async () => {
    const other = await h.startSecondService();
    h.fake.script = slow(60, 25);
    const a = userClient(h);
    const conv = await a.newConversation();
    const res = await a.send(conv.id, 'stop me from elsewhere');
    let id = -1;
    let stop: Promise<Response> | undefined;
    const events = await readEvents(res, (e) => {
      if (e.type === 'started') id = e.assistantMessage.id;
      // At the first text, Stop goes to the replica that is not writing the reply.
      stop ??=
        e.type === 'token'
          ? fetch(`${other.server.url}/api/conversations/${conv.id}/messages/${id}/stop`, {
              method: 'POST',
              headers: { cookie: cookieOf(a) },
            })
          : undefined;
      return false;
    });
    const answer = await stop!;
    expect(answer.status).toBe(200);
    const stopped = (await answer.json()) as { status: string; content: string };
    expect(stopped.status).toBe('interrupted');
    expect(stopped.content.length).toBeLessThan(words(60).length);
    expect(terminal(events)).toMatchObject({ type: 'done', assistantMessage: { status: 'interrupted' } });
    expect(await h.db.message.findUniqueOrThrow({ where: { id } })).toMatchObject({ retryFree: false });
  });

  it('the live-reply cap counts the replies of every replica', async () => {
    const other = await h.startSecondService();
    h.fake.script = slow(8, 30);
    const a = userClient(h);
    const convs = await Promise.all([1, 2, 3, 4].map(() => a.newConversation()));
    const open = await Promise.all(convs.slice(0, 3).map((c) => a.send(c.id, 'parallel')));
    const fourth = await fetch(`${other.server.url}/api/conversations/${convs[3]!.id}/messages`, {
      method: 'POST',
      headers: { cookie: cookieOf(a), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'one more, elsewhere' }),
    });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { code: string }).code).toBe('TOO_MANY_REPLIES');
    await Promise.all(open.map((r) => readEvents(r)));
  });

  it('a replica paused past its lease never writes the reply again after Retry elsewhere', async () => {
    const other = await h.startSecondService();
    h.fake.script = slow(40, 10);
    const a = userClient(h);
    const conv = await a.newConversation();
    // A long GC pause, a frozen VM, after the reply's first stored batch: this replica's later writes
    // and renewals wait (the model goes on generating into memory).
    const resume = pauseWrites(h.service.ctx.messages, 1);
    const first = a.send(conv.id, 'a long answer, then a long pause');
    let id = -1;
    const oldStream = readEvents(await first, (e) => {
      if (e.type === 'started') id = e.assistantMessage.id;
      return false;
    });
    await expect.poll(() => h.service.ctx.registry.get(id)?.generated, { timeout: 10_000 }).toBe(words(40));
    const oldReply = h.service.ctx.registry.get(id)!;
    expect(oldReply.content.length).toBeGreaterThan(0);
    // The other replica's keeper, its clock past the lease, sweeps the reply as its writer's lease ran out.
    let clock = Date.now();
    const keeper = createLeaseKeeper({
      store: other.service.ctx.messages,
      liveLeases: () => other.service.ctx.registry.liveLeases(),
      leaseMs: testConfig.REPLY_LEASE_MS,
      logger: captureLogger().logger,
      now: () => new Date(clock),
    });
    await keeper.tick();
    clock += testConfig.REPLY_LEASE_MS + 1_000;
    await keeper.tick();
    expect(await h.db.message.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'interrupted' });
    // Retry on the other replica; the paused one resumes while the new reply is being written.
    const fresh = Array.from({ length: 30 }, (_, i) => `new${i} `);
    h.fake.script = { chunks: fresh, chunkDelayMs: 15 };
    const retry = await fetch(`${other.server.url}/api/conversations/${conv.id}/messages/${id}/retry`, {
      method: 'POST',
      headers: { cookie: cookieOf(a), accept: 'text/event-stream' },
    });
    expect(retry.status).toBe(200);
    let resumed = false;
    const retried = await readEvents(retry, (e) => {
      if (e.type === 'token' && !resumed) {
        resumed = true;
        resume();
      }
      return false;
    });
    await oldReply.settled;
    expect(terminal(retried)).toMatchObject({
      type: 'done',
      assistantMessage: { content: fresh.join(''), status: 'complete' },
    });
    expect(await h.db.message.findUniqueOrThrow({ where: { id } })).toMatchObject({
      content: fresh.join(''),
      status: 'complete',
    });
    // The old replica's client gets its final event (not a false 'database unreachable'), and it logged why.
    expect(terminal(await oldStream)).toMatchObject({
      type: 'done',
      assistantMessage: { status: 'interrupted' },
    });
    expect(h.logs().some((l) => l.msg === 'reply lease lost' && l.messageId === id)).toBe(true);
  });

  it('two Retries of one reply on two replicas: one reopens it (one new epoch), the other gets 409', async () => {
    const other = await h.startSecondService();
    h.fake.script = { chunks: [], failStatus: 500 };
    const a = userClient(h);
    const conv = await a.newConversation();
    const id = terminal(await readEvents(await a.send(conv.id, 'fails first')))!.assistantMessage.id;
    h.fake.script = slow(5, 10);
    const path = `/api/conversations/${conv.id}/messages/${id}/retry`;
    const answers = await Promise.all(
      [h.server.url, other.server.url].map((url) =>
        fetch(url + path, { method: 'POST', headers: { cookie: cookieOf(a), accept: 'text/event-stream' } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    await Promise.all(answers.map((r) => (r.status === 200 ? readEvents(r) : r.text())));
    expect(await h.db.message.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'complete',
      content: words(5),
      leaseEpoch: 1,
    });
  });

  it('one reply per conversation is held by the database, also for a reply this replica is not writing', async () => {
    const a = userClient(h);
    const { conv } = await orphanReply(a, 'half', new Date());
    const send = await a.json<{ code: string }>('POST', `/api/conversations/${conv.id}/messages`, {
      content: 'another question',
    });
    expect(send.status).toBe(409);
    expect(send.body.code).toBe('REPLY_IN_PROGRESS');
    expect(await h.db.message.count({ where: { conversationId: conv.id, role: 'user' } })).toBe(1);
  });
});

describe('crash recovery by lease', () => {
  it('a reply whose lease ran out becomes interrupted with its text kept; a live one is left alone', async () => {
    const a = userClient(h);
    const dead = await orphanReply(a, 'what was stored', new Date(Date.now() - 60_000));
    const alive = await orphanReply(a, 'still writing', new Date(Date.now() + 3_000));
    const follow = readEvents(await a.call('GET', streamPath(dead.conv.id, dead.reply.id)));
    // A keeper that has reached the database for a whole lease period: its clock moves 6 s on.
    let clock = Date.now();
    const { logger, lines } = captureLogger();
    const keeper = createLeaseKeeper({
      store: h.service.ctx.messages,
      liveLeases: () => [],
      leaseMs: 5_000,
      logger,
      now: () => new Date(clock),
    });
    expect(await keeper.tick()).toBe(0);
    clock += 6_000;
    expect(await keeper.tick(), JSON.stringify(lines())).toBeGreaterThanOrEqual(1);
    const [deadRow, aliveRow] = await Promise.all(
      [dead.reply.id, alive.reply.id].map((id) => h.db.message.findUniqueOrThrow({ where: { id } })),
    );
    expect(deadRow).toMatchObject({ status: 'interrupted', content: 'what was stored', retryFree: true });
    expect(aliveRow!.status).toBe('streaming');
    // The client that re-attached meanwhile is told the reply ended, with what was stored.
    expect(terminal(await follow)).toMatchObject({
      type: 'done',
      assistantMessage: { status: 'interrupted', content: 'what was stored' },
    });
    await h.db.message.update({ where: { id: alive.reply.id }, data: { status: 'interrupted' } });
  });

  it('after a database outage the keeper waits a whole lease before sweeping', async () => {
    const failing: LeaseStore = {
      renewLeases: async () => Promise.reject(new Error('down')),
      interruptExpired: async () => 1,
    };
    let now = 0;
    const keeper = createLeaseKeeper({
      store: failing,
      liveLeases: () => [{ messageId: 1, leaseEpoch: 0 }],
      leaseMs: 5_000,
      logger: captureLogger().logger,
      now: () => new Date(now),
    });
    now = 10_000;
    expect(await keeper.tick()).toBe(0);
    failing.renewLeases = async () => [];
    now = 12_000;
    expect(await keeper.tick()).toBe(0);
    now = 15_001;
    expect(await keeper.tick()).toBe(1);
  });
});

describe('quota counts answers, not attempts', () => {
  it('Retry of a reply cut by our side is not charged, even at the limit', async () => {
    h.fake.script = { chunks: [], failStatus: 500 };
    const a = userClient(h);
    const conv = await a.newConversation();
    const end = terminal(await readEvents(await a.send(conv.id, 'will fail')));
    const id = end!.assistantMessage.id;
    expect(await h.db.message.findUniqueOrThrow({ where: { id } })).toMatchObject({ retryFree: true });
    // At the limit (basic: see usage-limit.ts), a free Retry still runs and counts nothing.
    await h.db.chatUser.update({ where: { id: a.id }, data: { messageCount: 100_000 } });
    h.fake.script = { chunks: ['answered'] };
    const retry = await a.call('POST', `/api/conversations/${conv.id}/messages/${id}/retry`, undefined, {
      accept: 'text/event-stream',
    });
    expect(retry.status).toBe(200);
    expect(terminal(await readEvents(retry))).toMatchObject({
      type: 'done',
      assistantMessage: { content: 'answered' },
    });
    expect((await h.db.chatUser.findUniqueOrThrow({ where: { id: a.id } })).messageCount).toBe(100_000);
    // Nor is it counted anywhere else: the admin usage counts chat.message.sent.v1, one per counted message.
    expect(await sentEventsOf(a.id)).toBe(1);
  });

  it('Retry after the user pressed Stop is charged', async () => {
    h.fake.script = slow(30, 20);
    const a = userClient(h);
    const conv = await a.newConversation();
    const res = await a.send(conv.id, 'stop me');
    const early = await readEvents(res, (_e, all) => all.some((x) => x.type === 'token'));
    const id = early[0]?.type === 'started' ? early[0].assistantMessage.id : -1;
    await a.json('POST', `/api/conversations/${conv.id}/messages/${id}/stop`);
    const before = (await h.db.chatUser.findUniqueOrThrow({ where: { id: a.id } })).messageCount;
    expect(await h.db.message.findUniqueOrThrow({ where: { id } })).toMatchObject({ retryFree: false });
    h.fake.script = { chunks: ['again'] };
    await readEvents(
      await a.call('POST', `/api/conversations/${conv.id}/messages/${id}/retry`, undefined, {
        accept: 'text/event-stream',
      }),
    );
    expect((await h.db.chatUser.findUniqueOrThrow({ where: { id: a.id } })).messageCount).toBe(before + 1);
    expect(await sentEventsOf(a.id)).toBe(2);
  });
});

describe('graceful drain', () => {
  it('finishes the replies in flight with their final events and refuses new sends with 503', async () => {
    const other = await h.startSecondService();
    h.fake.script = slow(10, 30);
    const a = userClient(h);
    const [c1, c2] = await Promise.all([a.newConversation(), a.newConversation()]);
    const inFlight = await fetch(`${other.server.url}/api/conversations/${c1.id}/messages`, {
      method: 'POST',
      headers: { cookie: cookieOf(a), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'finish me' }),
    });
    const events = readEvents(inFlight);
    const drained = other.service.drain(5_000);
    const refused = await fetch(`${other.server.url}/api/conversations/${c2.id}/messages`, {
      method: 'POST',
      headers: { cookie: cookieOf(a), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'too late' }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get(NOT_ACCEPTED_HEADER)).toBe('1');
    expect(await h.db.message.count({ where: { conversationId: c2.id } })).toBe(0);
    await drained;
    expect(terminal(await events)).toMatchObject({
      type: 'done',
      assistantMessage: { content: words(10), status: 'complete' },
    });
  });
});

/**
 * Holds every write the replica makes through `messages` (progress after the first `progressFirst`,
 * finish, lease renewal) until the answered function is called, as a paused process would; then lets
 * them through as they were.
 */
function pauseWrites(messages: ChatService['ctx']['messages'], progressFirst = 0): () => void {
  const original = { ...messages };
  let release!: () => void;
  const paused = new Promise<void>((r) => (release = r));
  const hold =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>, passing = 0) =>
    async (...args: A) => {
      if (passing-- <= 0) await paused;
      return write(...args);
    };
  messages.saveProgressMany = hold(original.saveProgressMany, progressFirst);
  messages.finish = hold(original.finish);
  messages.renewLeases = hold(original.renewLeases);
  return () => {
    Object.assign(messages, original);
    release();
  };
}

/** The chat.message.sent.v1 events chat recorded for `userId` (each one is a message in the admin usage). */
async function sentEventsOf(userId: string): Promise<number> {
  const rows = await h.db.outboxEvent.findMany({ where: { subject: 'chat.message.sent.v1' } });
  return rows.filter((r) => (r.payload as { data: { userId: string } }).data.userId === userId).length;
}

function cookieOf(a: UserClient): string {
  return a.cookie;
}

describe('database unreachable', () => {
  it('answers 503 with Retry-After and a plain message, not 500', async () => {
    const { createPublicKey } = await import('node:crypto');
    const publicKey = createPublicKey(h.privateKey).export({ type: 'spki', format: 'pem' }).toString();
    // Nothing listens on port 1: every query fails as with PostgreSQL down.
    const db = createChatDb({
      kind: 'postgres',
      url: 'postgresql://postgres@127.0.0.1:1/none',
      schema: 'chat',
    });
    const { logger } = captureLogger();
    const service = createChatService({
      config: testConfig,
      db,
      bus: createInProcessEventBus(),
      logger,
      authenticate: requireUser({ publicKey }),
    });
    const server = await listenForTest(service.app);
    try {
      const a = userClient(h);
      for (const [method, path, body] of [
        ['GET', '/api/conversations', undefined],
        ['POST', '/api/conversations', { title: 'x' }],
        ['POST', '/api/conversations/1/messages', { content: 'hello' }],
      ] as const) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { cookie: a.cookie, 'content-type': 'application/json' },
          body: body && JSON.stringify(body),
        });
        expect(res.status, `${method} ${path}`).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toMatchObject({
          code: 'SERVICE_UNAVAILABLE',
          message: DATABASE_UNAVAILABLE_MESSAGE,
        });
      }
    } finally {
      await server.close(100);
      await db.$disconnect();
    }
  });
});
