import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationSchema,
  feedbackCountsSchema,
  messageListResponseSchema,
  sendMessageResponseSchema,
  setFeedbackResponseSchema,
} from '@noek/contracts';
import { startChatHarness, userClient, type ChatHarness, type UserClient } from '../../test/chat-api-harness';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
  h.fake.script = { chunks: ['an answer'] };
});
afterAll(() => h?.close());

const base = (id: number) => `/api/conversations/${id}/messages`;

async function oneExchange(u: UserClient) {
  const conv = await u.newConversation('Facts');
  const res = await u.json('POST', base(conv.id), { content: 'tell me' });
  return { conv, ...sendMessageResponseSchema.parse(res.body) };
}

const rate = (u: UserClient, id: number, messageId: number, body: object) =>
  u.json('POST', `${base(id)}/${messageId}/feedback`, body);

describe('feedback on replies', () => {
  it('thumbs up or down with a comment, changeable, shown on the path, counted per model', async () => {
    const a = userClient(h);
    const { conv, assistantMessage } = await oneExchange(a);
    const up = await rate(a, conv.id, assistantMessage.id, { rating: 'up' });
    expect(up.status).toBe(200);
    expect(setFeedbackResponseSchema.parse(up.body)).toEqual({ rating: 'up', comment: null });
    const down = await rate(a, conv.id, assistantMessage.id, { rating: 'down', comment: ' too short ' });
    expect(down.body).toEqual({ rating: 'down', comment: 'too short' });
    const path = messageListResponseSchema.parse((await a.json('GET', base(conv.id))).body);
    expect(path.map((m) => m.feedback)).toEqual([null, { rating: 'down', comment: 'too short' }]);

    const admin = userClient(h, 'admin');
    const counts = feedbackCountsSchema.parse((await admin.json('GET', '/internal/usage/feedback')).body);
    expect(counts.find((c) => c.model === 'openai/fake-model')).toMatchObject({ down: 1 });
    expect((await a.call('GET', '/internal/usage/feedback')).status).toBe(403);

    const back = await rate(a, conv.id, assistantMessage.id, { rating: null });
    expect(back).toEqual({ status: 200, body: null });

    // Each vote given, changed or taken back went to the outbox for the admins' counts; the comment did not.
    const rows = await h.db.outboxEvent.findMany({
      where: { subject: 'chat.message.feedback-given.v1' },
      orderBy: { createdAt: 'asc' },
    });
    const mine = rows
      .map((r) => (r.payload as { data: { messageId: number; rating: string | null } }).data)
      .filter((d) => d.messageId === assistantMessage.id);
    expect(mine).toEqual([
      expect.objectContaining({
        userId: a.id,
        conversationId: conv.id,
        model: 'openai/fake-model',
        rating: 'up',
      }),
      expect.objectContaining({ rating: 'down' }),
      expect.objectContaining({ rating: null }),
    ]);
  });

  it('publishes nothing when only the comment changes', async () => {
    const a = userClient(h);
    const { conv, assistantMessage } = await oneExchange(a);
    await rate(a, conv.id, assistantMessage.id, { rating: 'up' });
    await rate(a, conv.id, assistantMessage.id, { rating: 'up', comment: 'nice' });
    const rows = await h.db.outboxEvent.findMany({ where: { subject: 'chat.message.feedback-given.v1' } });
    const mine = rows.filter(
      (r) => (r.payload as { data: { messageId: number } }).data.messageId === assistantMessage.id,
    );
    expect(mine).toHaveLength(1);
  });

  it("refuses someone else's reply (404), a user message (409) and a comment too long (400)", async () => {
    const a = userClient(h);
    const b = userClient(h);
    const { conv, userMessage, assistantMessage } = await oneExchange(a);
    expect((await rate(b, conv.id, assistantMessage.id, { rating: 'up' })).status).toBe(404);
    expect(await rate(a, conv.id, userMessage.id, { rating: 'up' })).toMatchObject({
      status: 409,
      body: { code: 'NOT_RATEABLE' },
    });
    const long = { rating: 'up', comment: 'x'.repeat(2_001) };
    expect((await rate(a, conv.id, assistantMessage.id, long)).status).toBe(400);
  });
});

describe("'Continue in a new chat'", () => {
  it('copies the path up to a message into a new conversation, as a single path', async () => {
    const a = userClient(h);
    const { conv, userMessage } = await oneExchange(a);
    await a.json('POST', base(conv.id), { content: 'more' });
    const res = await a.json('POST', `${base(conv.id)}/${userMessage.id}/fork`);
    expect(res.status).toBe(201);
    const forked = conversationSchema.parse(res.body);
    expect(forked).toMatchObject({ title: 'Facts', userId: a.id });
    expect(forked.id).not.toBe(conv.id);
    const path = messageListResponseSchema.parse((await a.json('GET', base(forked.id))).body);
    expect(path.map((m) => [m.role, m.content, m.parentId === null])).toEqual([['user', 'tell me', true]]);
    // Continuing it sends the copied path as history; the source is untouched.
    await a.json('POST', base(forked.id), { content: 'next' });
    expect(h.fake.requests.at(-1)?.body.messages?.map((m) => m.content)).toEqual([
      expect.any(String),
      'tell me',
      'next',
    ]);
    const source = messageListResponseSchema.parse((await a.json('GET', base(conv.id))).body);
    expect(source).toHaveLength(4);
    const b = userClient(h);
    expect((await b.json('POST', `${base(conv.id)}/${userMessage.id}/fork`)).status).toBe(404);
  });
});
