import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PINS, pinnedListResponseSchema, type Conversation } from '@noek/contracts';
import { startChatHarness, userClient, type ChatHarness, type UserClient } from '../../test/chat-api-harness';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

async function pinned(u: UserClient, method: string, path: string, body?: unknown): Promise<number[]> {
  const res = await u.json<Conversation[]>(method, path, body);
  expect(res.status).toBe(200);
  return pinnedListResponseSchema.parse(res.body).map((c) => c.id);
}

describe('pins', () => {
  it('pins at the top, unpins, reorders, and keeps pins per user', async () => {
    const a = userClient(h);
    const [c1, c2, c3] = [
      await a.newConversation('one'),
      await a.newConversation('two'),
      await a.newConversation('three'),
    ];
    expect(await pinned(a, 'GET', '/api/conversations/pins')).toEqual([]);
    expect(await pinned(a, 'POST', `/api/conversations/${c1.id}/pin`)).toEqual([c1.id]);
    expect(await pinned(a, 'POST', `/api/conversations/${c3.id}/pin`)).toEqual([c3.id, c1.id]);
    // Pinning again changes nothing.
    expect(await pinned(a, 'POST', `/api/conversations/${c1.id}/pin`)).toEqual([c3.id, c1.id]);
    expect(await pinned(a, 'POST', `/api/conversations/${c2.id}/pin`)).toEqual([c2.id, c3.id, c1.id]);
    expect(
      await pinned(a, 'PATCH', '/api/conversations/pins', { conversationIds: [c1.id, c2.id, c3.id] }),
    ).toEqual([c1.id, c2.id, c3.id]);
    expect(await pinned(a, 'DELETE', `/api/conversations/${c2.id}/pin`)).toEqual([c1.id, c3.id]);
    expect(await pinned(a, 'DELETE', `/api/conversations/${c2.id}/pin`)).toEqual([c1.id, c3.id]);
    expect(await pinned(a, 'GET', '/api/conversations/pins')).toEqual([c1.id, c3.id]);
    expect(await pinned(userClient(h), 'GET', '/api/conversations/pins')).toEqual([]);
  });

  it('leaves archived conversations out until restored, and forgets deleted ones', async () => {
    const a = userClient(h);
    const c1 = await a.newConversation('one');
    const c2 = await a.newConversation('two');
    await pinned(a, 'POST', `/api/conversations/${c1.id}/pin`);
    await pinned(a, 'POST', `/api/conversations/${c2.id}/pin`);
    await a.call('POST', `/api/conversations/${c1.id}/archive`);
    expect(await pinned(a, 'GET', '/api/conversations/pins')).toEqual([c2.id]);
    await a.call('POST', `/api/conversations/${c1.id}/unarchive`);
    expect(await pinned(a, 'GET', '/api/conversations/pins')).toEqual([c2.id, c1.id]);
    expect((await a.call('DELETE', `/api/conversations/${c2.id}`)).status).toBe(204);
    expect(await pinned(a, 'GET', '/api/conversations/pins')).toEqual([c1.id]);
  });

  it("refuses someone else's conversation, a stale order and too many pins, changing nothing", async () => {
    const a = userClient(h);
    const b = userClient(h);
    const mine = await a.newConversation('mine');
    await pinned(a, 'POST', `/api/conversations/${mine.id}/pin`);
    expect((await b.call('POST', `/api/conversations/${mine.id}/pin`)).status).toBe(404);
    expect((await b.call('DELETE', `/api/conversations/${mine.id}/pin`)).status).toBe(404);
    expect((await b.call('PATCH', '/api/conversations/pins', { conversationIds: [mine.id] })).status).toBe(
      409,
    );
    expect(await pinned(a, 'GET', '/api/conversations/pins')).toEqual([mine.id]);

    const other = await a.newConversation('other');
    const stale = await a.json<{ code: string }>('PATCH', '/api/conversations/pins', {
      conversationIds: [other.id, mine.id],
    });
    expect(stale.status).toBe(409);
    for (const bad of [{ conversationIds: [mine.id, mine.id] }, { conversationIds: ['x'] }, {}]) {
      expect((await a.call('PATCH', '/api/conversations/pins', bad)).status).toBe(400);
    }
    expect((await a.call('POST', '/api/conversations/0/pin')).status).toBe(400);

    const many = userClient(h);
    for (let i = 0; i < MAX_PINS; i++)
      await pinned(many, 'POST', `/api/conversations/${(await many.newConversation(`c${i}`)).id}/pin`);
    const extra = await many.newConversation('one too many');
    expect((await many.call('POST', `/api/conversations/${extra.id}/pin`)).status).toBe(409);
    expect(await pinned(many, 'GET', '/api/conversations/pins')).toHaveLength(MAX_PINS);
  });
});
