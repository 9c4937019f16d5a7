import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageLimits, userUpdatedEvent, type AccessLevel, type UsageLimitError } from '@noek/contracts';
import { createNatsEventBus, captureLogger, SESSION_ENDED_MESSAGE, type EventBus } from '@noek/service-kit';
import { noekStreamSubjects } from '@noek/contracts';
import {
  readEvents,
  signAccess,
  startChatHarness,
  terminal,
  userClient,
  TEST_NATS_URL,
  type ChatHarness,
} from '../../test/chat-api-harness';
import { BANNED_MESSAGE, BLOCKED_MESSAGE } from '../users/user-access';

let h: ChatHarness;
let publisher: EventBus & { connected(): Promise<void> };
beforeAll(async () => {
  h = await startChatHarness();
  publisher = createNatsEventBus({
    url: TEST_NATS_URL,
    logger: captureLogger().logger,
    subjects: noekStreamSubjects,
    name: 'chat-usage-test-auth',
  });
  await publisher.connected();
  h.fake.script = { chunks: ['ok'] };
});
afterAll(async () => {
  await publisher?.close();
  await h?.close();
});

const HOUR = 3_600_000;

/** Puts the user's window at `count` messages, opened `ageMs` ago. */
/** The conversation's reply, as stored. */
const storedReply = (conversationId: number) =>
  h.db.message.findFirst({ where: { conversationId, role: 'assistant' } });

/** Until the conversation's reply has stored some text: it is streaming (text is shown only once stored). */
async function replyStored(conversationId: number): Promise<void> {
  await expect
    .poll(async () => (await storedReply(conversationId))?.content.length ?? 0, { timeout: 10_000 })
    .toBeGreaterThan(0);
}

async function setUsage(userId: string, level: AccessLevel, count: number, ageMs: number) {
  const data = { accessLevel: level, messageCount: count, windowStartedAt: new Date(Date.now() - ageMs) };
  await h.db.chatUser.upsert({ where: { id: userId }, create: { id: userId, ...data }, update: data });
}

describe('message limits per level (spec §9, fixed window)', () => {
  for (const level of ['basic', 'premium', 'supernoek'] as const) {
    it(`${level}: the last message of the window passes, the next is refused until the window closes`, async () => {
      const { limit, periodHours } = messageLimits[level];
      const a = userClient(h, level);
      const conv = await a.newConversation();
      await setUsage(a.id, level, limit - 1, HOUR / 2);
      expect(terminal(await readEvents(await a.send(conv.id, 'last one')))?.type).toBe('done');

      const before = h.fake.requests.length;
      const refused = await a.json<UsageLimitError>('POST', `/api/conversations/${conv.id}/messages`, {
        content: 'one too many',
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'USAGE_LIMIT_REACHED', limit, periodHours });
      const resetsAt = new Date(refused.body.resetsAt).getTime();
      const user = await h.db.chatUser.findUniqueOrThrow({ where: { id: a.id } });
      expect(resetsAt).toBe(user.windowStartedAt!.getTime() + periodHours * HOUR);
      expect(refused.body.message).toMatch(
        new RegExp(`limit of ${limit.toLocaleString('en-US')} messages. It resets in `),
      );
      expect(h.fake.requests.length).toBe(before);
      expect(await h.db.message.count({ where: { conversationId: conv.id } })).toBe(2);

      // The window closed: the next message opens a new one.
      await setUsage(a.id, level, limit, periodHours * HOUR + 1000);
      expect(terminal(await readEvents(await a.send(conv.id, 'new window')))?.type).toBe('done');
      const after = await h.db.chatUser.findUniqueOrThrow({ where: { id: a.id } });
      expect(after.messageCount).toBe(1);
      expect(Date.now() - after.windowStartedAt!.getTime()).toBeLessThan(10_000);
    });
  }

  it('admin: unlimited', async () => {
    const a = userClient(h, 'admin');
    const conv = await a.newConversation();
    await setUsage(a.id, 'admin', 10_000_000, HOUR);
    expect(terminal(await readEvents(await a.send(conv.id, 'no limit')))?.type).toBe('done');
  });

  it('concurrent sends cannot both take the last slot', async () => {
    const a = userClient(h);
    const convs = await Promise.all([a.newConversation(), a.newConversation(), a.newConversation()]);
    await setUsage(a.id, 'basic', messageLimits.basic.limit - 1, HOUR);
    const results = await Promise.all(
      convs.map((c) => a.json('POST', `/api/conversations/${c.id}/messages`, { content: 'race' })),
    );
    expect(results.map((r) => r.status).sort(), JSON.stringify(results)).toEqual([200, 429, 429]);
  });
});

describe('block, ban and revocation from auth events', () => {
  const publishUpdate = (
    userId: string,
    over: Partial<{
      isBlocked: boolean;
      isBanned: boolean;
      accessLevel: AccessLevel;
      sessionsValidAfter: string | null;
      updatedAt: string;
    }>,
  ) =>
    publisher.publish({
      id: randomUUID(),
      type: userUpdatedEvent.subject,
      time: new Date().toISOString(),
      correlationId: randomUUID(),
      data: {
        userId,
        name: 'T',
        email: 't@example.com',
        accessLevel: 'basic',
        isBlocked: false,
        isBanned: false,
        bannedUntil: null,
        specialFeatures: [],
        sessionsValidAfter: null,
        updatedAt: new Date().toISOString(),
        ...over,
      },
    });

  it('a block applies to the very next message: 403 before any model call, nothing stored', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    await publishUpdate(a.id, { isBlocked: true });
    await expect
      .poll(async () => (await h.db.chatUser.findUnique({ where: { id: a.id } }))?.isBlocked, {
        timeout: 10_000,
      })
      .toBe(true);
    const before = h.fake.requests.length;
    const res = await a.json<{ code: string; message: string }>(
      'POST',
      `/api/conversations/${conv.id}/messages`,
      { content: 'hi' },
    );
    expect(res).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'USER_BLOCKED', message: BLOCKED_MESSAGE }),
    });
    expect(h.fake.requests.length).toBe(before);
    expect(await h.db.message.count({ where: { conversationId: conv.id } })).toBe(0);
    // Reading stays allowed; unblocking restores sending.
    expect((await a.call('GET', '/api/conversations')).status).toBe(200);
    await publishUpdate(a.id, { isBlocked: false, updatedAt: new Date(Date.now() + 1).toISOString() });
    await expect
      .poll(async () => (await h.db.chatUser.findUnique({ where: { id: a.id } }))?.isBlocked, {
        timeout: 10_000,
      })
      .toBe(false);
    expect(terminal(await readEvents(await a.send(conv.id, 'back')))?.type).toBe('done');
  });

  it('a ban answers 403 with the ban message', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    await publishUpdate(a.id, { isBanned: true });
    await expect
      .poll(async () => (await h.db.chatUser.findUnique({ where: { id: a.id } }))?.isBanned, {
        timeout: 10_000,
      })
      .toBe(true);
    const res = await a.json<{ code: string; message: string }>(
      'POST',
      `/api/conversations/${conv.id}/messages`,
      { content: 'hi' },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'USER_BANNED', message: BANNED_MESSAGE });
  });

  it('a ban ends the open stream at once and stops generating; the partial reply is kept', async () => {
    h.fake.script = { chunks: Array.from({ length: 200 }, () => 'x '), chunkDelayMs: 30 };
    const a = userClient(h);
    const conv = await a.newConversation();
    const res = await a.send(conv.id, 'long one');
    const reading = readEvents(res);
    await replyStored(conv.id);
    const started = Date.now();
    await publishUpdate(a.id, { isBanned: true });
    await reading; // the stream ends without waiting for 200 chunks
    expect(Date.now() - started).toBeLessThan(4000);
    await expect
      .poll(async () => (await storedReply(conv.id))?.status, { timeout: 5000 })
      .toBe('interrupted');
    await expect.poll(() => h.fake.requests.at(-1)?.clientAborted).toBe(true);
    h.fake.script = { chunks: ['ok'] };
  });

  it('a session revocation ends open streams with their final event, but the reply is still generated and stored', async () => {
    h.fake.script = { chunks: Array.from({ length: 30 }, () => 'y '), chunkDelayMs: 30 };
    const a = userClient(h);
    const conv = await a.newConversation();
    const reading = readEvents(await a.send(conv.id, 'keep going'));
    await replyStored(conv.id);
    await publishUpdate(a.id, { sessionsValidAfter: new Date().toISOString() });
    const events = await reading;
    // Cut before the reply's end, with the 'session ended' event last and nothing after it.
    expect(terminal(events)).toMatchObject({ type: 'error', message: SESSION_ENDED_MESSAGE });
    expect(events.at(-1)).toMatchObject({ type: 'error', message: SESSION_ENDED_MESSAGE });
    await expect.poll(async () => (await storedReply(conv.id))?.status, { timeout: 5000 }).toBe('complete');
    h.fake.script = { chunks: ['ok'] };
  });

  it('an older event arriving late changes nothing', async () => {
    const a = userClient(h);
    await a.newConversation();
    await publishUpdate(a.id, { isBlocked: true });
    await expect
      .poll(async () => (await h.db.chatUser.findUnique({ where: { id: a.id } }))?.isBlocked, {
        timeout: 10_000,
      })
      .toBe(true);
    await publisher.publish({
      id: randomUUID(),
      type: userUpdatedEvent.subject,
      time: new Date().toISOString(),
      correlationId: 'late',
      data: {
        userId: a.id,
        name: 'T',
        email: 't@example.com',
        accessLevel: 'basic',
        isBlocked: false,
        isBanned: false,
        bannedUntil: null,
        specialFeatures: [],
        sessionsValidAfter: null,
        updatedAt: new Date(Date.now() - HOUR).toISOString(),
      },
    });
    // A newer event after it: once that one is applied, the late one was handled first (one consumer, in order).
    await publishUpdate(a.id, { isBlocked: true, accessLevel: 'premium' });
    await expect
      .poll(async () => (await h.db.chatUser.findUnique({ where: { id: a.id } }))?.accessLevel, {
        timeout: 10_000,
      })
      .toBe('premium');
    expect((await h.db.chatUser.findUnique({ where: { id: a.id } }))?.isBlocked).toBe(true);
  });

  it('revoked sessions are refused; a level change from auth sets the limit', async () => {
    const a = userClient(h);
    await a.newConversation();
    const issued = Math.floor(Date.now() / 1000) - 60;
    a.setToken(signAccess(h.privateKey, a.id, 'basic', issued));
    await publishUpdate(a.id, {
      accessLevel: 'premium',
      sessionsValidAfter: new Date(Date.now() - 1000).toISOString(),
    });
    await expect
      .poll(async () => (await h.db.chatUser.findUnique({ where: { id: a.id } }))?.accessLevel, {
        timeout: 10_000,
      })
      .toBe('premium');
    expect((await a.call('GET', '/api/conversations')).status).toBe(401);
    a.setToken(signAccess(h.privateKey, a.id, 'basic'));
    const settings = await a.json<{ accessLevel: string; usage: { limit: number } }>(
      'GET',
      '/api/conversations/settings',
    );
    expect(settings.body).toMatchObject({ accessLevel: 'premium', usage: { limit: 25_000 } });
  });
});
