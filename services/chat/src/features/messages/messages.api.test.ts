import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSettings, Message } from '@noek/contracts';
import {
  readEvents,
  slow,
  signAccess,
  startChatHarness,
  terminal,
  tokensOf,
  userClient,
  words,
  type ChatHarness,
} from '../../test/chat-api-harness';
import { modelMessages } from '../model/model.types';
import { funModeReply } from './fun-mode';
import { SYSTEM_PROMPT } from './prompt';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

const messagesOf = async (u: ReturnType<typeof userClient>, id: number) =>
  (await u.json<Message[]>('GET', `/api/conversations/${id}/messages`)).body;

describe('sending streams the reply', () => {
  it('started with the stored user message, tokens, then done with the stored reply', async () => {
    h.fake.script = { chunks: ['Hello', ', ', 'world'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    const res = await a.send(conv.id, 'Write me a haiku about autumn');
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = await readEvents(res);
    expect(events[0]).toMatchObject({
      type: 'started',
      userMessage: { role: 'user', content: 'Write me a haiku about autumn', status: 'complete' },
    });
    expect(events[0]?.type === 'started' && events[0].conversation.title).toBe(
      'Write me a haiku about autumn',
    );
    expect(events[1]).toMatchObject({ type: 'token', text: 'Hello' });
    expect(tokensOf(events)).toBe('Hello, world');
    expect(terminal(events)).toMatchObject({
      type: 'done',
      assistantMessage: { content: 'Hello, world', status: 'complete' },
    });
    const stored = await messagesOf(a, conv.id);
    expect(stored.map((m) => [m.role, m.content, m.status])).toEqual([
      ['user', 'Write me a haiku about autumn', 'complete'],
      ['assistant', 'Hello, world', 'complete'],
    ]);
    expect(h.fake.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: 'Write me a haiku about autumn' },
    ]);
  });

  it('records chat.message.sent.v1 in the outbox and publishes it', async () => {
    h.fake.script = { chunks: ['ok'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    await readEvents(await a.send(conv.id, 'count me'));
    const userMsg = (await messagesOf(a, conv.id))[0];
    const rows = await h.db.outboxEvent.findMany({ where: { subject: 'chat.message.sent.v1' } });
    const row = rows.find(
      (r) => (r.payload as { data: { messageId: number } }).data.messageId === userMsg?.id,
    );
    expect(row?.payload).toMatchObject({
      type: 'chat.message.sent.v1',
      data: { userId: a.id, conversationId: conv.id },
    });
    await expect
      .poll(async () => (await h.db.outboxEvent.findUnique({ where: { id: row!.id } }))?.sentAt, {
        timeout: 5000,
      })
      .not.toBeNull();
  });

  it('answers JSON when the client does not ask for a stream', async () => {
    h.fake.script = { chunks: ['plain'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    const res = await a.json<{ assistantMessage: Message; userMessage: Message }>(
      'POST',
      `/api/conversations/${conv.id}/messages`,
      { content: 'hi' },
    );
    expect(res.status).toBe(200);
    expect(res.body.assistantMessage).toMatchObject({ content: 'plain', status: 'complete' });
  });

  it('keeps the conversation title after the first message and sends history', async () => {
    h.fake.script = { chunks: ['r'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    await readEvents(await a.send(conv.id, 'first question'));
    const events = await readEvents(await a.send(conv.id, 'second question'));
    expect(events[0]?.type === 'started' && events[0].conversation.title).toBe('first question');
    expect(h.fake.requests.at(-1)?.body.messages?.map((m) => m.content)).toEqual([
      SYSTEM_PROMPT,
      'first question',
      'r',
      'second question',
    ]);
  });

  it('refuses a second message while a reply is being written (409)', async () => {
    h.fake.script = slow(10, 30);
    const a = userClient(h);
    const conv = await a.newConversation();
    const first = await a.send(conv.id, 'one');
    const second = await a.json<{ code: string }>('POST', `/api/conversations/${conv.id}/messages`, {
      content: 'two',
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('REPLY_IN_PROGRESS');
    await readEvents(first);
  });

  it('two sends racing into one conversation: one is answered, the other gets 409 and stores nothing', async () => {
    h.fake.script = slow(4, 30);
    const a = userClient(h);
    const conv = await a.newConversation();
    const both = await Promise.all(
      ['one', 'two'].map((content) =>
        a.json<{ code?: string }>('POST', `/api/conversations/${conv.id}/messages`, { content }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await h.db.message.count({ where: { conversationId: conv.id, role: 'user' } })).toBe(1);
  });
});

describe('parallel replies per user', () => {
  it('caps replies being written at once (429), then lets the user send again', async () => {
    h.fake.script = slow(8, 30);
    const a = userClient(h);
    const convs = await Promise.all([1, 2, 3, 4].map(() => a.newConversation()));
    const open = await Promise.all(convs.slice(0, 3).map((c) => a.send(c.id, 'parallel')));
    const fourth = await a.json<{ code: string }>('POST', `/api/conversations/${convs[3]!.id}/messages`, {
      content: 'one more',
    });
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('TOO_MANY_REPLIES');
    await Promise.all(open.map((r) => readEvents(r)));
    h.fake.script = { chunks: ['ok'] };
    expect(terminal(await readEvents(await a.send(convs[3]!.id, 'now')))?.type).toBe('done');
  });
});

describe('no reply is ever lost', () => {
  it('a client that disconnects mid-stream can re-attach and sees the whole reply', async () => {
    h.fake.script = slow(20, 25);
    const a = userClient(h);
    const conv = await a.newConversation();
    const controller = new AbortController();
    const res = await a.send(conv.id, 'long answer please', controller.signal);
    const early = await readEvents(res, (_e, all) => all.filter((x) => x.type === 'token').length >= 3);
    const started = early[0];
    if (started?.type !== 'started') throw new Error('no started event');
    const messageId = started.assistantMessage.id;
    controller.abort();

    // Generation goes on: the list shows the partial reply, status streaming.
    await expect
      .poll(async () => (await messagesOf(a, conv.id)).find((m) => m.id === messageId)?.content.length ?? 0)
      .toBeGreaterThan(0);
    const partial = (await messagesOf(a, conv.id)).find((m) => m.id === messageId);
    expect(partial?.status).toBe('streaming');
    expect(partial?.content.length).toBeGreaterThan(0);
    expect(words(20).startsWith(partial?.content ?? 'x')).toBe(true);

    const follow = await a.call('GET', `/api/conversations/${conv.id}/messages/${messageId}/stream`);
    const events = await readEvents(follow);
    const snapshot = events[0];
    expect(snapshot?.type).toBe('snapshot');
    const snap = snapshot?.type === 'snapshot' ? snapshot.assistantMessage.content : '';
    expect(snap + tokensOf(events)).toBe(words(20));
    expect(terminal(events)).toMatchObject({
      type: 'done',
      assistantMessage: { content: words(20), status: 'complete' },
    });
    expect((await messagesOf(a, conv.id)).find((m) => m.id === messageId)).toMatchObject({
      content: words(20),
      status: 'complete',
    });
  });

  it('the old conversation-level aliases are no longer served (not in apiRoutes)', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    expect((await a.call('GET', `/api/conversations/${conv.id}/reply`)).status).toBe(404);
    expect((await a.call('POST', `/api/conversations/${conv.id}/reply/stop`)).status).toBe(404);
  });

  it('re-attaching to a finished reply sends it as stored', async () => {
    h.fake.script = { chunks: ['done already'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    const events = await readEvents(await a.send(conv.id, 'q'));
    const id = terminal(events)!.assistantMessage.id;
    const again = await readEvents(
      await a.call('GET', `/api/conversations/${conv.id}/messages/${id}/stream`),
    );
    expect(again.map((e) => e.type)).toEqual(['snapshot', 'done']);
    expect(terminal(again)?.assistantMessage.content).toBe('done already');
  });

  it('a model failure keeps the user message, stores the reply as failed, and retry completes it', async () => {
    h.fake.script = { chunks: [], failStatus: 500 };
    const a = userClient(h);
    const conv = await a.newConversation();
    const events = await readEvents(await a.send(conv.id, 'will fail'));
    const end = terminal(events);
    expect(end).toMatchObject({
      type: 'error',
      message: modelMessages.upstream,
      retryable: true,
      assistantMessage: { status: 'failed', content: '' },
    });
    expect((await messagesOf(a, conv.id)).map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'failed'],
    ]);

    h.fake.script = { chunks: ['second ', 'try'] };
    const retry = await a.call(
      'POST',
      `/api/conversations/${conv.id}/messages/${end!.assistantMessage.id}/retry`,
      undefined,
      { accept: 'text/event-stream' },
    );
    const retried = await readEvents(retry);
    expect(retried[0]).toMatchObject({ type: 'started', userMessage: null });
    expect(terminal(retried)).toMatchObject({
      type: 'done',
      assistantMessage: { id: end!.assistantMessage.id, content: 'second try', status: 'complete' },
    });
    expect(h.fake.requests.at(-1)?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'will fail' });
    const again = await a.json<{ code: string }>(
      'POST',
      `/api/conversations/${conv.id}/messages/${end!.assistantMessage.id}/retry`,
    );
    expect(again.status).toBe(409);
  });

  it('a stalled model times out: the partial reply is kept as interrupted and the user is told', async () => {
    h.fake.script = { chunks: ['part ', 'one ', 'never'], stallAfter: 2 };
    const a = userClient(h);
    const conv = await a.newConversation();
    const events = await readEvents(await a.send(conv.id, 'stall'));
    expect(terminal(events)).toMatchObject({
      type: 'error',
      message: modelMessages.timeout,
      assistantMessage: { status: 'interrupted', content: 'part one ' },
    });
    await expect.poll(() => h.fake.requests.at(-1)?.clientAborted).toBe(true);
  });

  it('a model that never answers times out after bounded retries', async () => {
    h.fake.script = { chunks: ['late'], headerDelayMs: 3000 };
    const a = userClient(h);
    const conv = await a.newConversation();
    const before = h.fake.requests.length;
    const started = Date.now();
    const events = await readEvents(await a.send(conv.id, 'slow'));
    expect(terminal(events)).toMatchObject({
      type: 'error',
      message: modelMessages.timeout,
      assistantMessage: { status: 'failed' },
    });
    expect(h.fake.requests.length - before).toBe(2); // one try + MODEL_MAX_RETRIES (1)
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('Stop aborts the upstream request and keeps the partial reply', async () => {
    h.fake.script = slow(50, 30);
    const a = userClient(h);
    const conv = await a.newConversation();
    const res = await a.send(conv.id, 'stop me');
    const reading = readEvents(res);
    await expect
      .poll(async () =>
        (await messagesOf(a, conv.id)).some((m) => m.role === 'assistant' && m.content.length > 0),
      )
      .toBe(true);
    const list = await messagesOf(a, conv.id);
    const live = list.find((m) => m.role === 'assistant')!;
    const stopped = await a.json<Message>('POST', `/api/conversations/${conv.id}/messages/${live.id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('interrupted');
    expect(stopped.body.content.length).toBeGreaterThan(0);
    expect(stopped.body.content.length).toBeLessThan(words(50).length);
    const events = await reading;
    expect(terminal(events)).toMatchObject({
      type: 'done',
      assistantMessage: { status: 'interrupted', content: stopped.body.content },
    });
    await expect.poll(() => h.fake.requests.at(-1)?.clientAborted).toBe(true);
    // Stopping again is harmless and answers the stored message.
    expect(
      (await a.json<Message>('POST', `/api/conversations/${conv.id}/messages/${live.id}/stop`)).body.status,
    ).toBe('interrupted');
  });

  it('graceful shutdown stores in-flight replies as interrupted', async () => {
    const second = await h.startSecondService();
    h.fake.script = slow(50, 30);
    const a = userClient(h);
    const conv = await a.newConversation();
    const res = await fetch(`${second.server.url}/api/conversations/${conv.id}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        cookie: `noek_access=${signAccess(h.privateKey, a.id)}`,
      },
      body: JSON.stringify({ content: 'shutdown' }),
    });
    const reading = readEvents(res);
    // A reply is being written on the second replica when it stops.
    await expect
      .poll(async () =>
        (await messagesOf(a, conv.id)).some((m) => m.role === 'assistant' && m.content.length > 0),
      )
      .toBe(true);
    await second.service.stop();
    const events = await reading;
    expect(terminal(events)).toMatchObject({ type: 'error', assistantMessage: { status: 'interrupted' } });
    const stored = (await messagesOf(a, conv.id)).find((m) => m.role === 'assistant');
    expect(stored?.status).toBe('interrupted');
    expect(stored?.content.length).toBeGreaterThan(0);
  });
});

describe('fun mode', () => {
  it('is switched by the commands, never sent to the model, and shown on conversations', async () => {
    h.fake.script = { chunks: ['ok'] };
    const a = userClient(h);
    const conv = await a.newConversation();
    const before = h.fake.requests.length;
    const on = await readEvents(await a.send(conv.id, ':fun.mode=on'));
    expect(on.map((e) => e.type)).toEqual(['started', 'done']);
    expect(terminal(on)?.assistantMessage.content).toBe(funModeReply(true));
    expect(h.fake.requests.length).toBe(before);
    expect((await a.json<ChatSettings>('GET', '/api/conversations/settings')).body.funMode).toBe(true);
    expect((await a.json<{ funMode: boolean }[]>('GET', '/api/conversations')).body[0]?.funMode).toBe(true);

    await readEvents(await a.send(conv.id, 'tell me a joke'));
    const sent = h.fake.requests.at(-1)?.body.messages ?? [];
    expect(sent[0]?.content).toContain('Fun mode is on');
    expect(sent.map((m) => m.content)).not.toContain(':fun.mode=on');

    await readEvents(await a.send(conv.id, ':fun.mode=off'));
    expect((await a.json<ChatSettings>('GET', '/api/conversations/settings')).body.funMode).toBe(false);
  });
});

describe('settings', () => {
  it('reports level, usage and the model kind', async () => {
    const a = userClient(h, 'premium');
    const body = (await a.json<ChatSettings>('GET', '/api/conversations/settings')).body;
    expect(body).toEqual({
      funMode: false,
      accessLevel: 'premium',
      usage: { count: 0, limit: 25000, periodHours: 2, resetsAt: null, tokens: 0, tokenBudget: null },
      sharingEnabled: true,
      model: 'openai',
      answeredBy: {
        id: 'openai/fake-model',
        name: 'fake-model',
        provider: new URL(h.fake.url).host,
        local: false,
      },
    });
  });
});
