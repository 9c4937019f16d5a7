import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shareLinkListResponseSchema,
  shareLinkSchema,
  sharedConversationSchema,
  type ShareLink,
} from '@noek/contracts';
import {
  conversationWithPath,
  startChatHarness,
  userClient,
  type ChatHarness,
  type UserClient,
} from '../../test/chat-api-harness';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

const conversationWith = (u: UserClient, title: string, contents: string[]) =>
  conversationWithPath(h, u, title, contents);

async function share(u: UserClient, conversationId: number, body: unknown = {}): Promise<ShareLink> {
  const res = await u.json<ShareLink>('POST', `/api/conversations/${conversationId}/shares`, body);
  expect(res.status).toBe(201);
  return shareLinkSchema.parse(res.body);
}

/** The public read: no cookie at all. */
const view = (id: string) => fetch(`${h.url}/api/shared/${id}`);

describe('share links', () => {
  it('opens a snapshot without a session, with nothing identifying the owner, marked noindex', async () => {
    const a = userClient(h);
    const c = await conversationWith(a, 'Maths help', ['What is $e^{i\\pi}$?', 'It is **-1**.']);
    const link = await share(a, c.id);
    expect(link).toMatchObject({
      conversationId: c.id,
      title: 'Maths help',
      messageCount: 2,
      expiresAt: null,
    });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Later messages are not shared: the link is a snapshot.
    await h.db.message.create({
      data: { conversationId: c.id, role: 'user', content: 'a private follow-up' },
    });
    const res = await view(link.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const text = await res.text();
    const body = sharedConversationSchema.strict().parse(JSON.parse(text));
    expect(body.title).toBe('Maths help');
    expect(body.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'What is $e^{i\\pi}$?'],
      ['assistant', 'It is **-1**.'],
    ]);
    expect(text).not.toContain(a.id);
    expect(text).not.toContain('private follow-up');
    expect(text).not.toContain(`"conversationId"`);
  });

  it('lists the owner links, revokes them (410 after), and keeps them from other users', async () => {
    const a = userClient(h);
    const b = userClient(h);
    const c = await conversationWith(a, 'Trip', ['hello']);
    const first = await share(a, c.id);
    const second = await share(a, c.id, { expiresInDays: 7 });
    const list = await a.json<ShareLink[]>('GET', '/api/conversations/shares');
    expect(
      shareLinkListResponseSchema
        .parse(list.body)
        .map((l) => l.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect((await b.json<ShareLink[]>('GET', '/api/conversations/shares')).body).toEqual([]);

    // Someone else cannot revoke it, nor share the conversation.
    expect((await b.call('DELETE', `/api/conversations/shares/${first.id}`)).status).toBe(404);
    expect((await b.call('POST', `/api/conversations/${c.id}/shares`, {})).status).toBe(404);
    expect((await view(first.id)).status).toBe(200);

    const revoked = await a.json<ShareLink>('DELETE', `/api/conversations/shares/${first.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const gone = await view(first.id);
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { code: string }).code).toBe('SHARE_GONE');
    expect((await view(second.id)).status).toBe(200);
  });

  it('answers 410 once expired, 404 for unknown or malformed ids, 400 for a bad expiry', async () => {
    const a = userClient(h);
    const c = await conversationWith(a, 'Soon gone', ['x']);
    const link = await share(a, c.id, { expiresInDays: 1 });
    await h.db.sharedLink.update({
      where: { id: link.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await view(link.id)).status).toBe(410);
    expect((await view('A'.repeat(22))).status).toBe(404);
    expect((await view('not-a-valid-id')).status).toBe(400);
    expect((await view('%ED%A0%80')).status).toBeLessThan(500);
    for (const bad of [{ expiresInDays: 0 }, { expiresInDays: 1000 }, { expiresInDays: 'soon' }])
      expect((await a.call('POST', `/api/conversations/${c.id}/shares`, bad)).status).toBe(400);
  });

  it('forgets the links of a deleted conversation', async () => {
    const a = userClient(h);
    const c = await conversationWith(a, 'Temp', ['x']);
    const link = await share(a, c.id);
    expect((await a.call('DELETE', `/api/conversations/${c.id}`)).status).toBe(204);
    expect((await view(link.id)).status).toBe(404);
  });
});
