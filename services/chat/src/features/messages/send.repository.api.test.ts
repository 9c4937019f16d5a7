// The send statement's compare-and-set against real PostgreSQL: it writes only when the user's row
// still holds what the decision was made on, and then writes everything (count, both messages, the
// conversation, the outbox row with the user message's id) at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHarness, userClient, type ChatHarness } from '../../test/chat-api-harness';
import type { SendWrite } from './send.repository';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

/** A user who exists in chat (first request creates the row) with one conversation. */
async function userWithConversation() {
  const a = userClient(h);
  const conv = await a.newConversation();
  const snap = await h.service.ctx.send.snapshot(a.id, conv.id);
  if (!snap.user || !snap.conversation) throw new Error('snapshot missing');
  return { a, conv, user: snap.user };
}

function writeFor(
  user: { id: string; accessLevel: string; messageCount: number; windowStartedAt: Date | null },
  conversationId: number,
  issuedAt = new Date(),
): SendWrite {
  const now = new Date();
  return {
    expect: {
      userId: user.id,
      accessLevel: user.accessLevel,
      messageCount: user.messageCount,
      windowStartedAt: user.windowStartedAt,
      issuedAt,
    },
    next: { messageCount: user.messageCount + 1, windowStartedAt: user.windowStartedAt ?? now },
    conversationId,
    title: 'named',
    after: { kind: 'leaf' },
    replyModel: 'openai/fake-model',
    content: 'hello',
    now,
    outbox: {
      id: randomUUID(),
      subject: 'chat.message.sent.v1',
      payload: {
        id: 'x',
        type: 'chat.message.sent.v1',
        time: now.toISOString(),
        correlationId: 'c',
        data: { userId: user.id, conversationId, messageId: 1, at: now.toISOString() },
      },
      createdAt: now,
    },
    historyLimit: 29,
  };
}

const countsOf = async (userId: string, conversationId: number, outboxId: string) => ({
  messages: await h.db.message.count({ where: { conversationId } }),
  count: (await h.db.chatUser.findUniqueOrThrow({ where: { id: userId } })).messageCount,
  outbox: await h.db.outboxEvent.count({ where: { id: outboxId } }),
  title: (await h.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).title,
});

describe('send.repository write (compare-and-set)', () => {
  it('stores count, both messages, title and the outbox row carrying the user message id', async () => {
    const { a, conv, user } = await userWithConversation();
    const w = writeFor(user, conv.id);
    const result = await h.service.ctx.send.write(w);
    expect(result.kind).toBe('stored');
    if (result.kind !== 'stored') return;
    expect(result.userMessage).toMatchObject({ role: 'user', content: 'hello', status: 'complete' });
    expect(result.assistantMessage).toMatchObject({ role: 'assistant', content: '', status: 'streaming' });
    expect(result.assistantMessage.id).toBeGreaterThan(result.userMessage.id);
    expect(result.conversation.title).toBe('named');
    expect(result.history.map((m) => m.id)).toEqual([result.userMessage.id]);
    const row = await h.db.outboxEvent.findUniqueOrThrow({ where: { id: w.outbox.id } });
    expect((row.payload as { data: { messageId: number } }).data.messageId).toBe(result.userMessage.id);
    expect(await countsOf(a.id, conv.id, w.outbox.id)).toMatchObject({ messages: 2, count: 1, outbox: 1 });
  });

  const setUser =
    (data: Parameters<ChatHarness['db']['chatUser']['update']>[0]['data']) => async (id: string) => {
      await h.db.chatUser.update({ where: { id }, data });
      return undefined;
    };
  /** Each changes the world after the read; answers another conversation id to send into, if any. */
  const stale: [string, (userId: string) => Promise<number | undefined>][] = [
    ['the count moved (a concurrent send)', setUser({ messageCount: 5 })],
    ['the user was blocked', setUser({ isBlocked: true })],
    ['the user was banned', setUser({ isBanned: true })],
    ['the level changed', setUser({ accessLevel: 'premium' })],
    [
      'the sessions were revoked after the token was issued',
      setUser({ sessionsValidAfter: new Date(Date.now() + 60_000) }),
    ],
    ['the conversation is another user’s', async () => (await userClient(h).newConversation()).id],
  ];
  it.each(stale)('writes nothing when %s', async (_name, change) => {
    const { a, conv, user } = await userWithConversation();
    const w = writeFor(user, conv.id);
    const target = (await change(a.id)) ?? conv.id;
    const result = await h.service.ctx.send.write({ ...w, conversationId: target });
    expect(result.kind).toBe('stale');
    const after = await countsOf(a.id, conv.id, w.outbox.id);
    expect(after).toMatchObject({ messages: 0, outbox: 0, title: 'New Chat' });
    expect(await h.db.message.count({ where: { conversationId: target } })).toBe(0);
  });
});
