import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@noek/contracts';
import { startChatHarness, userClient, type ChatHarness } from '../../test/chat-api-harness';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

describe('conversations', () => {
  it('creates with the default title and the session user as owner', async () => {
    const a = userClient(h);
    const res = await a.json<Conversation>('POST', '/api/conversations', { title: 'New Chat', userId: a.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'New Chat', userId: a.id, archivedAt: null, funMode: false });
    expect(Number.isInteger(res.body.id)).toBe(true);
    const bare = await a.json<Conversation>('POST', '/api/conversations', {});
    expect(bare.body.title).toBe('New Chat');
  });

  it('refuses to create for another user id', async () => {
    const a = userClient(h);
    const res = await a.json('POST', '/api/conversations', { title: 'x', userId: userClient(h).id });
    expect(res.status).toBe(403);
    expect((await a.json<Conversation[]>('GET', '/api/conversations')).body).toEqual([]);
  });

  it('lists newest first, pages, renames with trimming and refuses empty titles', async () => {
    const a = userClient(h);
    const first = await a.newConversation('one');
    const second = await a.newConversation('two');
    const list = await a.json<Conversation[]>('GET', '/api/conversations');
    expect(list.body.map((c) => c.id)).toEqual([second.id, first.id]);
    const page = await a.json<Conversation[]>('GET', '/api/conversations?limit=1&offset=1');
    expect(page.body.map((c) => c.id)).toEqual([first.id]);
    const renamed = await a.json<Conversation>('PATCH', `/api/conversations/${first.id}`, {
      title: '  Trip plan  ',
    });
    expect(renamed.body.title).toBe('Trip plan');
    expect((await a.json<Conversation>('GET', `/api/conversations/${first.id}`)).body).toEqual(renamed.body);
    const empty = await a.json<{ code: string }>('PATCH', `/api/conversations/${first.id}`, { title: '   ' });
    expect(empty.status).toBe(400);
    expect(
      (await a.json<Conversation[]>('GET', '/api/conversations')).body.find((c) => c.id === first.id)?.title,
    ).toBe('Trip plan');
  });

  it('archives, restores, archives all and deletes', async () => {
    const a = userClient(h);
    const c1 = await a.newConversation('c1');
    const c2 = await a.newConversation('c2');
    expect(
      (await a.json<Conversation>('POST', `/api/conversations/${c1.id}/archive`)).body.archivedAt,
    ).not.toBeNull();
    expect((await a.json<Conversation[]>('GET', '/api/conversations')).body.map((c) => c.id)).toEqual([
      c2.id,
    ]);
    expect(
      (await a.json<Conversation[]>('GET', '/api/conversations/archived')).body.map((c) => c.id),
    ).toEqual([c1.id]);
    expect(
      (await a.json<Conversation>('POST', `/api/conversations/${c1.id}/unarchive`)).body.archivedAt,
    ).toBeNull();
    expect((await a.json('POST', '/api/conversations/archive-all')).body).toEqual({ archived: 2 });
    expect((await a.json<Conversation[]>('GET', '/api/conversations')).body).toEqual([]);
    expect((await a.call('DELETE', `/api/conversations/${c1.id}`)).status).toBe(204);
    expect((await a.call('DELETE', `/api/conversations/${c1.id}`)).status).toBe(404);
    expect(
      (await a.json<Conversation[]>('GET', '/api/conversations/archived')).body.map((c) => c.id),
    ).toEqual([c2.id]);
  });
});

describe('ownership: another user id answers 404 and changes nothing', () => {
  it('on every route taking a conversation id', async () => {
    const a = userClient(h);
    const b = userClient(h);
    const conv = await a.newConversation('mine');
    await h.db.message.create({ data: { conversationId: conv.id, role: 'user', content: 'secret' } });
    const msg = await h.db.message.findFirstOrThrow({ where: { conversationId: conv.id } });
    const id = conv.id;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/conversations/${id}`],
      ['PATCH', `/api/conversations/${id}`, { title: 'hacked' }],
      ['DELETE', `/api/conversations/${id}`],
      ['POST', `/api/conversations/${id}/archive`],
      ['POST', `/api/conversations/${id}/unarchive`],
      ['GET', `/api/conversations/${id}/messages`],
      ['POST', `/api/conversations/${id}/messages`, { content: 'injected' }],
      ['GET', `/api/conversations/${id}/messages/${msg.id}/stream`],
      ['POST', `/api/conversations/${id}/messages/${msg.id}/stop`],
      ['POST', `/api/conversations/${id}/messages/${msg.id}/retry`],
    ];
    const before = h.fake.requests.length;
    for (const [method, path, body] of attempts) {
      const res = await b.json<{ code: string }>(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await b.json('POST', '/api/conversations/archive-all')).body).toEqual({ archived: 0 });
    const after = await h.db.conversation.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ title: 'mine', archivedAt: null, userId: a.id });
    expect(await h.db.message.count({ where: { conversationId: id } })).toBe(1);
    expect(h.fake.requests.length).toBe(before);
    expect((await b.json<Conversation[]>('GET', '/api/conversations')).body).toEqual([]);
  });
});

describe('bad input answers 4xx, never crashes', () => {
  it('refuses bad ids, bodies and missing sessions', async () => {
    const a = userClient(h);
    expect((await a.call('GET', '/api/conversations/abc/messages')).status).toBe(400);
    expect((await a.call('GET', '/api/conversations/99999999999/messages')).status).toBe(400);
    expect((await a.call('GET', '/api/conversations/2147483647/messages')).status).toBe(404);
    const conv = await a.newConversation();
    expect((await a.json('POST', `/api/conversations/${conv.id}/messages`, { content: '   ' })).status).toBe(
      400,
    );
    expect((await a.json('POST', `/api/conversations/${conv.id}/messages`, { content: 5 })).status).toBe(400);
    expect((await a.call('POST', `/api/conversations/${conv.id}/messages`)).status).toBe(400);
    const raw = await fetch(`${h.url}/api/conversations/${conv.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `noek_access=x` },
      body: '{oops',
    });
    expect([400, 401]).toContain(raw.status);
    expect((await fetch(`${h.url}/api/conversations`)).status).toBe(401);
    expect((await a.call('GET', '/api/conversations')).status).toBe(200);
  });
});
