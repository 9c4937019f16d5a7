import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_MARK_END as E,
  SEARCH_MARK_START as S,
  searchResponseSchema,
  type SearchResult,
} from '@noek/contracts';
import {
  readEvents,
  startChatHarness,
  userClient,
  type ChatHarness,
  type UserClient,
} from '../../test/chat-api-harness';
import { SEARCH_RECENT_MESSAGES } from './search.repository';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

async function seed(u: UserClient, title: string, contents: string[]) {
  const c = await u.newConversation(title);
  const ids: number[] = [];
  for (const content of contents) {
    const m = await h.db.message.create({
      data: { conversationId: c.id, role: ids.length % 2 ? 'assistant' : 'user', content },
    });
    ids.push(m.id);
  }
  return { id: c.id, messageIds: ids };
}

async function search(u: UserClient, q: string, extra = ''): Promise<SearchResult[]> {
  const res = await u.json<SearchResult[]>(
    'GET',
    `/api/conversations/search?q=${encodeURIComponent(q)}${extra}`,
  );
  expect(res.status).toBe(200);
  return searchResponseSchema.parse(res.body);
}

describe('search', () => {
  it('finds message text by word prefix, names the message and highlights the match', async () => {
    const a = userClient(h);
    const trip = await seed(a, 'Holidays', [
      'Where should we go?',
      'Consider Lisbon: trams, pastéis de nata.',
    ]);
    await seed(a, 'Work', ['Quarterly report draft']);
    const found = await search(a, 'lisb');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      conversationId: trip.id,
      title: 'Holidays',
      archived: false,
      messageId: trip.messageIds[1],
    });
    expect(found[0]!.snippet).toContain(`${S}Lisbon${E}`);
    expect((await search(a, 'PASTÉIS'))[0]?.messageId).toBe(trip.messageIds[1]);
  });

  it('finds a message sent through the send path', async () => {
    const a = userClient(h);
    const c = await a.newConversation();
    const events = await readEvents(await a.send(c.id, 'Tell me about the walrus'), (e) => e.type === 'done');
    const started = events.find((e) => e.type === 'started');
    expect(started?.type === 'started' && started.userMessage).toBeTruthy();
    const found = await search(a, 'walrus');
    expect(found.map((r) => r.conversationId)).toEqual([c.id]);
    expect(found[0]!.messageId).toBe(started?.type === 'started' ? started.userMessage?.id : -1);
  });

  it('matches titles, requires every word, and ranks title matches first', async () => {
    const a = userClient(h);
    const titled = await seed(a, 'Sourdough starter', ['flour and water']);
    const mentioned = await seed(a, 'Kitchen', ['my sourdough failed']);
    const found = await search(a, 'sourdough');
    expect(found.map((r) => r.conversationId)).toEqual([titled.id, mentioned.id]);
    expect(found[0]!.titleHighlight).toBe(`${S}Sourdough${E} starter`);
    expect(found[0]!.messageId).toBeNull();
    expect((await search(a, 'sourdough failed')).map((r) => r.conversationId)).toEqual([mentioned.id]);
  });

  it('leaves archived conversations out unless asked', async () => {
    const a = userClient(h);
    const old = await seed(a, 'Old', ['zebra crossing']);
    await a.call('POST', `/api/conversations/${old.id}/archive`);
    expect(await search(a, 'zebra')).toEqual([]);
    const withArchived = await search(a, 'zebra', '&archived=true');
    expect(withArchived.map((r) => [r.conversationId, r.archived])).toEqual([[old.id, true]]);
  });

  it("never shows another user's conversations", async () => {
    const a = userClient(h);
    const b = userClient(h);
    await seed(a, 'Private', ['confidential marmalade recipe']);
    expect(await search(b, 'marmalade')).toEqual([]);
  });

  it('answers any text without an error: operators, quotes, empty, emoji, other scripts', async () => {
    const a = userClient(h);
    const c = await seed(a, 'Mixed', ['Привет мир — 東京 rocks 🎉 C++ & "quotes" it\'s a:b']);
    const inputs = [
      '',
      '   ',
      '&',
      '|||',
      '!',
      '(',
      ')',
      ':*',
      '<->',
      "'",
      '"',
      '\\',
      "it's",
      'a:b',
      'C++',
      '🎉',
      '!!! && ((( ',
      '%',
      '_',
      "'; DROP TABLE messages; --",
      'x'.repeat(200),
      '\u200b',
      '\u0301',
    ];
    for (const q of inputs) await search(a, q);
    // Other scripts, escapes and many words (past MAX_QUERY_WORDS) at the length limit.
    for (const q of [
      'العربية',
      'עברית',
      'ภาษาไทย',
      'नमस्ते',
      '\\\\',
      "\\'",
      'a\\:*b',
      '\\u0000',
      'a '.repeat(100),
    ])
      await search(a, q);
    expect((await search(a, 'привет')).map((r) => r.conversationId)).toEqual([c.id]);
    expect((await search(a, '東京')).map((r) => r.conversationId)).toEqual([c.id]);
    expect((await search(a, "it's")).map((r) => r.conversationId)).toEqual([c.id]);
    expect((await search(a, 'ROCKS')).map((r) => r.conversationId)).toEqual([c.id]);
  });

  it('refuses unstorable text and oversize queries with a clear 400', async () => {
    const a = userClient(h);
    for (const q of ['a\u0000b', 'y'.repeat(201)]) {
      const res = await a.json<{ code: string }>(
        'GET',
        `/api/conversations/search?q=${encodeURIComponent(q)}`,
      );
      expect(res.status).toBe(400);
    }
    // Broken UTF-8 (an encoded lone surrogate, stray bytes): searched as the literal text, never a 500.
    for (const raw of ['%ED%A0%80', '%C3%28%FF', '%', '%%%'])
      expect((await a.call('GET', `/api/conversations/search?q=${raw}`)).status).toBe(200);
    expect((await a.call('GET', '/api/conversations/search')).status).toBe(400);
    expect((await a.call('GET', '/api/conversations/search?q=a&q=b')).status).toBe(400);
    expect((await a.call('GET', '/api/conversations/search?q[x]=a')).status).toBe(400);
    expect((await a.call('GET', '/api/conversations/search?q=a&archived=maybe')).status).toBe(400);
    expect((await a.call('GET', '/api/conversations/search?q=a&limit=0')).status).toBe(400);
  });

  it('a word in many recent conversations is looked for in the newest messages, archived left out', async () => {
    const a = userClient(h);
    const ids: number[] = [];
    for (const title of ['One', 'Two', 'Three', 'Four'])
      ids.push((await seed(a, title, ['plain words', `the orchard apple ${title}`])).id);
    await a.call('POST', `/api/conversations/${ids[3]}/archive`);
    const found = await search(a, 'orchard', '&limit=2');
    expect(found).toHaveLength(2);
    for (const r of found) expect(ids.slice(0, 3)).toContain(r.conversationId);
    expect(found[0]!.snippet).toContain(`${S}orchard${E}`);
    expect((await search(a, 'orchard', '&limit=2&archived=true')).map((r) => r.conversationId)).toHaveLength(
      2,
    );
    expect((await search(a, 'orchard')).map((r) => r.conversationId).sort((x, y) => x - y)).toEqual(
      ids.slice(0, 3),
    );
  });

  it('finds matches older than the newest messages looked at first', async () => {
    const a = userClient(h);
    const old = await seed(a, 'Old', ['an ancient quokka sighting']);
    // More newer messages than SEARCH_RECENT_MESSAGES, none with the word, then one with it.
    await h.db.$executeRaw`
      INSERT INTO messages ("conversationId", role, content, "updatedAt")
      SELECT ${old.id}::int, 'user', 'filler text ' || g, now() FROM generate_series(1, ${SEARCH_RECENT_MESSAGES}::int) g`;
    const recent = await seed(a, 'Recent', ['quokka again']);
    const found = await search(a, 'quokka');
    expect(found.map((r) => r.conversationId).sort((x, y) => x - y)).toEqual([old.id, recent.id]);
    expect(found.find((r) => r.conversationId === old.id)?.messageId).toBe(old.messageIds[0]);
  });

  it('opening a match on a branch not shown switches the path to it; on the path, changes nothing', async () => {
    const a = userClient(h);
    const c = await a.newConversation('Branches');
    const msg = (content: string, parentId: number | null, role: 'user' | 'assistant' = 'user') =>
      h.db.message.create({ data: { conversationId: c.id, role, content, parentId } });
    const root = await msg('first question', null);
    const old = await msg('an old answer about narwhals', root.id, 'assistant');
    const oldTail = await msg('follow-up on the old answer', old.id);
    const kept = await msg('a newer answer', root.id, 'assistant');
    await h.db.conversation.update({ where: { id: c.id }, data: { currentLeafId: kept.id } });

    const [match] = await search(a, 'narwh');
    expect(match!.messageId).toBe(old.id);
    const show = (messageId: number, u = a) =>
      u.json<{ id: number }[]>('POST', `/api/conversations/${c.id}/messages/${messageId}/show`);
    const shown = await show(old.id);
    expect(shown.status).toBe(200);
    expect(shown.body.map((m) => m.id)).toEqual([root.id, old.id, oldTail.id]);
    const listed = await a.json<{ id: number }[]>('GET', `/api/conversations/${c.id}/messages`);
    expect(listed.body.map((m) => m.id)).toEqual([root.id, old.id, oldTail.id]);

    // On the path already: the path stays, even where a newer branch hangs below the message.
    expect((await show(root.id)).body.map((m) => m.id)).toEqual([root.id, old.id, oldTail.id]);
    // Someone else's message reads as missing, and changes nothing.
    expect((await show(kept.id, userClient(h))).status).toBe(404);
    expect((await a.json<{ id: number }[]>('GET', `/api/conversations/${c.id}/messages`)).body).toHaveLength(
      3,
    );
  });
});
