import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regenerateMessageResponseSchema } from '@noek/contracts';
import {
  readEvents,
  slow,
  startChatHarness,
  terminal,
  tokensOf,
  userClient,
  type ChatHarness,
} from '../../test/chat-api-harness';
import { CONTINUE_PROMPT } from './start-reply';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

const base = (id: number) => `/api/conversations/${id}/messages`;

describe('continue a stopped reply', () => {
  it('goes on from the stored text, the model asked to carry on from it', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    h.fake.script = slow(40, 20);
    const res = await a.send(conv.id, 'a long answer please');
    const events = await readEvents(res, (e) => e.type === 'token' && tokensOf([e]).length > 0);
    const replyId = events[0]?.type === 'started' ? events[0].assistantMessage.id : 0;
    await expect
      .poll(async () => (await h.db.message.findUniqueOrThrow({ where: { id: replyId } })).content)
      .not.toBe('');
    const stopped = await a.json<{ content: string; status: string }>(
      'POST',
      `${base(conv.id)}/${replyId}/stop`,
    );
    expect(stopped.body.status).toBe('interrupted');
    const partial = stopped.body.content;

    h.fake.script = { chunks: [' and', ' the rest.'] };
    const cont = await a.json('POST', `${base(conv.id)}/${replyId}/continue`);
    expect(cont.status, JSON.stringify(cont.body)).toBe(200);
    const done = regenerateMessageResponseSchema.parse(cont.body);
    expect(done.assistantMessage).toMatchObject({
      id: replyId,
      status: 'complete',
      content: `${partial} and the rest.`,
    });
    expect(h.fake.requests.at(-1)?.body.messages?.slice(-2)).toEqual([
      { role: 'assistant', content: partial },
      { role: 'user', content: CONTINUE_PROMPT },
    ]);
  });

  it('streams from the stored text: the started frame carries it, tokens follow', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    h.fake.script = slow(40, 20);
    const first = await readEvents(await a.send(conv.id, 'go'), (e) => e.type === 'token');
    const replyId = first[0]?.type === 'started' ? first[0].assistantMessage.id : 0;
    await expect
      .poll(async () => (await h.db.message.findUniqueOrThrow({ where: { id: replyId } })).content)
      .not.toBe('');
    const partial = (await a.json<{ content: string }>('POST', `${base(conv.id)}/${replyId}/stop`)).body
      .content;
    h.fake.script = { chunks: [' more'] };
    const res = await a.call('POST', `${base(conv.id)}/${replyId}/continue`, undefined, {
      accept: 'text/event-stream',
    });
    const events = await readEvents(res);
    expect(events[0]).toMatchObject({ type: 'started', assistantMessage: { id: replyId, content: partial } });
    expect(terminal(events)).toMatchObject({
      type: 'done',
      assistantMessage: { content: `${partial} more` },
    });
  });

  it('refuses a finished reply, a user message, or another user (409, 409, 404)', async () => {
    const a = userClient(h);
    const b = userClient(h);
    const conv = await a.newConversation();
    h.fake.script = { chunks: ['done'] };
    const sent = await a.json<{ userMessage: { id: number }; assistantMessage: { id: number } }>(
      'POST',
      base(conv.id),
      { content: 'hi' },
    );
    const reply = sent.body.assistantMessage.id;
    expect(await a.json('POST', `${base(conv.id)}/${reply}/continue`)).toMatchObject({
      status: 409,
      body: { code: 'NOT_CONTINUABLE' },
    });
    expect((await a.json('POST', `${base(conv.id)}/${sent.body.userMessage.id}/continue`)).status).toBe(409);
    expect((await b.json('POST', `${base(conv.id)}/${reply}/continue`)).status).toBe(404);
  });
});
