import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_COUNT_HEADER,
  exportedAccountSchema,
  exportedConversationSchema,
  type ExportedConversation,
} from '@noek/contracts';
import {
  conversationWithPath,
  startChatHarness,
  userClient,
  type ChatHarness,
  type UserClient,
} from '../../test/chat-api-harness';
import { unzip } from '../../test/unzip';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

const conversationWith = (u: UserClient, title: string, contents: string[]) =>
  conversationWithPath(h, u, title, contents);

describe('export', () => {
  it('downloads one conversation as JSON with parent links, or as Markdown', async () => {
    const a = userClient(h);
    const c = await conversationWith(a, 'Trip', ['Where to?', 'Try **Lisbon**.', 'Thanks']);
    const res = await a.call('GET', `/api/conversations/${c.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="noek-${c.id}.json"`);
    const json = exportedConversationSchema.parse(await res.json());
    expect(json.title).toBe('Trip');
    expect(json.messages.map((m) => m.parentId)).toEqual([null, json.messages[0]!.id, json.messages[1]!.id]);

    const md = await a.call('GET', `/api/conversations/${c.id}/export?format=markdown`);
    expect(md.headers.get('content-type')).toContain('text/markdown');
    const text = await md.text();
    expect(text.startsWith('# Trip\n')).toBe(true);
    expect(text).toContain('Try **Lisbon**.');
  });

  it("refuses someone else's conversation and an unknown format", async () => {
    const a = userClient(h);
    const c = await conversationWith(a, 'Mine', ['secret']);
    expect((await userClient(h).call('GET', `/api/conversations/${c.id}/export`)).status).toBe(404);
    expect((await a.call('GET', `/api/conversations/${c.id}/export?format=pdf`)).status).toBe(400);
  });

  it('streams the whole account as a zip: account.json and every conversation, archived included', async () => {
    const a = userClient(h);
    const one = await conversationWith(a, 'One', ['a', 'b']);
    const two = await conversationWith(a, 'Two', ['c']);
    await a.call('POST', `/api/conversations/${two.id}/archive`);
    await conversationWith(userClient(h), 'Not mine', ['x']);
    const res = await a.call('GET', '/api/conversations/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get(EXPORT_COUNT_HEADER)).toBe('2');
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()]).toEqual([
      'account.json',
      `conversations/${one.id}.json`,
      `conversations/${two.id}.json`,
    ]);
    expect(exportedAccountSchema.parse(JSON.parse(files.get('account.json')!)).conversationCount).toBe(2);
    const second: ExportedConversation = exportedConversationSchema.parse(
      JSON.parse(files.get(`conversations/${two.id}.json`)!),
    );
    expect(second).toMatchObject({ title: 'Two', messages: [{ content: 'c', parentId: null }] });
    expect(second.archivedAt).not.toBeNull();
  });
});
