import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, TokenUsageReport } from '@noek/contracts';
import {
  readEvents,
  startChatHarness,
  terminal,
  userClient,
  type ChatHarness,
} from '../../test/chat-api-harness';
import { countTokens } from '../model/count-tokens';
import { buildTurns } from '../messages/prompt';

// The production path: the OPENAI_* provider (the fake) called through the provider catalog.
let h: ChatHarness;
beforeAll(async () => {
  // A small window for 'fake-model' (not a known name): the last test fills it.
  h = await startChatHarness({ config: () => ({ MODEL_DEFAULT_CONTEXT_TOKENS: 600 }) });
});
afterAll(() => h?.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('tokens counted per reply', () => {
  it("stores the provider's usage with the reply and asks for it in the stream", async () => {
    h.fake.script = { chunks: ['Hel', 'lo'], usage: { prompt: 21, completion: 2 } };
    const a = userClient(h);
    const conv = await a.newConversation();
    const end = terminal(await readEvents(await a.send(conv.id, 'Hi')));
    expect(end).toMatchObject({
      type: 'done',
      assistantMessage: { model: 'openai/fake-model', tokens: { prompt: 21, completion: 2 } },
    });
    expect(h.fake.requests.at(-1)?.body.stream_options).toEqual({ include_usage: true });
    const [, reply] = (await a.json<Message[]>('GET', `/api/conversations/${conv.id}/messages`)).body;
    expect(reply?.tokens).toEqual({ prompt: 21, completion: 2 });
    // The event carries them (billing later), written once with the final state and published.
    const rows = await h.db.outboxEvent.findMany({ where: { subject: 'chat.reply.finished.v1' } });
    const mine = rows.filter(
      (r) => (r.payload as { data: { messageId: number } }).data.messageId === reply?.id,
    );
    expect(mine).toHaveLength(1);
    const row = mine[0];
    expect(row?.payload).toMatchObject({
      type: 'chat.reply.finished.v1',
      data: {
        userId: a.id,
        conversationId: conv.id,
        model: 'openai/fake-model',
        accessLevel: 'basic',
        outcome: 'completed',
        promptTokens: 21,
        completionTokens: 2,
      },
    });
    await expect
      .poll(async () => (await h.db.outboxEvent.findUnique({ where: { id: row!.id } }))?.sentAt, {
        timeout: 5000,
      })
      .not.toBeNull();
  });

  it('counts them with the tokenizer when the provider reports none', async () => {
    h.fake.script = { chunks: ['Hello', ' there, friend'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    const end = terminal(await readEvents(await a.send(conv.id, 'Say hello')));
    const expected = await countTokens(
      buildTurns([{ role: 'user', content: 'Say hello' } as never], false),
      'Hello there, friend',
    );
    expect(end).toMatchObject({ type: 'done', assistantMessage: { tokens: expected } });
    expect(expected.completion).toBeGreaterThan(0);
  });

  it('sums them per model and day for the user, and for admins only on the internal route', async () => {
    h.fake.script = { chunks: ['x'], usage: { prompt: 10, completion: 1 } };
    const a = userClient(h);
    const conv = await a.newConversation();
    await readEvents(await a.send(conv.id, 'one'));
    h.fake.script = { chunks: ['y'], usage: { prompt: 30, completion: 4 } };
    await readEvents(await a.send(conv.id, 'two'));
    const mine = await a.json<TokenUsageReport>('GET', '/api/conversations/tokens?days=1');
    expect(mine).toEqual({
      status: 200,
      body: {
        rows: [
          { day: today(), model: 'openai/fake-model', replies: 2, promptTokens: 40, completionTokens: 5 },
        ],
      },
    });
    // Another user sees only their own (none).
    expect((await userClient(h).json<TokenUsageReport>('GET', '/api/conversations/tokens')).body).toEqual({
      rows: [],
    });
    expect((await userClient(h).call('GET', `/internal/usage/${a.id}/tokens`)).status).toBe(403);
    const admin = userClient(h, 'admin');
    const seen = await admin.json<TokenUsageReport>('GET', `/internal/usage/${a.id}/tokens`);
    expect(seen.body.rows[0]).toMatchObject({ replies: 2, promptTokens: 40, completionTokens: 5 });
  });

  it('leaves the oldest messages out of a prompt over the context window, and says so on the reply', async () => {
    h.fake.script = { chunks: ['ok'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    const long = (tag: string) => `${tag} ${'word '.repeat(150)}`;
    await readEvents(await a.send(conv.id, long('first')));
    const second = terminal(await readEvents(await a.send(conv.id, long('second'))));
    expect(second).toMatchObject({ type: 'done', assistantMessage: { contextTrimmed: 0 } });
    const third = terminal(await readEvents(await a.send(conv.id, long('third'))));
    expect(third).toMatchObject({ type: 'done', assistantMessage: { contextTrimmed: 1 } });
    const sent = h.fake.requests.at(-1)?.body.messages ?? [];
    expect(sent[0]?.role).toBe('system');
    expect(sent.map((m) => m.content.split(' ')[0])).toEqual([
      sent[0]?.content.split(' ')[0],
      'ok',
      'second',
      'ok',
      'third',
    ]);
  });
});
