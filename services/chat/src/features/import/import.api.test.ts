import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEventParser,
  fileUploadPaths,
  importEventSchema,
  importResponseSchema,
  type ImportEvent,
  type Conversation,
  type ExportedConversation,
  type Message,
} from '@noek/contracts';
import { createGateway, loadGatewayConfig } from '@noek/gateway';
import { startChatHarness, userClient, type ChatHarness, type UserClient } from '../../test/chat-api-harness';
import { chatGptConversation, chatGptZip } from './import-fixtures';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

const IMPORT = fileUploadPaths[0];

const upload = (
  u: UserClient,
  file: string | Buffer,
  type = 'application/json',
  base = h.url,
  accept = 'application/json',
) =>
  fetch(`${base}${IMPORT}`, {
    method: 'POST',
    headers: { cookie: u.cookie, 'content-type': type, origin: base, accept },
    body: typeof file === 'string' ? file : new Uint8Array(file),
  });

/** The import's answer as the event stream a client asking for it gets: every event, to the end. */
async function importEvents(res: Response): Promise<ImportEvent[]> {
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const parse = createEventParser(importEventSchema);
  return parse(await res.text());
}

async function conversations(u: UserClient) {
  return (await u.json<Conversation[]>('GET', '/api/conversations')).body;
}

/** Every row this user owns: what a refused import must leave untouched. */
async function rowsOf(u: UserClient) {
  const where = { conversation: { userId: u.id } };
  return {
    conversations: await h.db.conversation.count({ where: { userId: u.id } }),
    messages: await h.db.message.count({ where }),
  };
}

describe('import', { timeout: 120_000 }, () => {
  it("maps ChatGPT's tree: every branch, times, the current node's path, skipped nodes re-parented", async () => {
    const a = userClient(h);
    const file = JSON.stringify([
      chatGptConversation('c-1', 'Walruses'),
      chatGptConversation('c-2', 'Second'),
    ]);
    const res = await upload(a, file);
    expect(res.status).toBe(200);
    expect(importResponseSchema.parse(await res.json())).toEqual({ imported: 2, skipped: 0, messages: 10 });
    const walrus = (await conversations(a)).find((c) => c.title === 'Walruses')!;
    expect(walrus.createdAt).toBe(new Date(1_700_000_000_500).toISOString());
    // The path shown is the one to current_node (a2, then its follow-up), through the kept answer.
    const path = (await a.json<Message[]>('GET', `/api/conversations/${walrus.id}/messages`)).body;
    expect(path.map((m) => [m.role, m.content])).toEqual([
      ['user', 'What is a walrus?'],
      ['assistant', 'A large marine mammal.'],
      ['user', 'Where do they live?'],
      ['assistant', 'In the Arctic.'],
    ]);
    expect(path[1]!.createdAt).toBe(new Date(1_700_000_030_000).toISOString());
    // The whole tree is kept: the abandoned answer is the sibling of the kept one; the system and hidden
    // nodes are gone and their children hang from the nearest kept ancestor.
    const rows = await h.db.message.findMany({
      where: { conversationId: walrus.id },
      orderBy: { id: 'asc' },
    });
    const byText = new Map(rows.map((r) => [r.content, r]));
    expect(rows).toHaveLength(5);
    expect(byText.get('What is a walrus?')!.parentId).toBeNull();
    expect(byText.get('An abandoned answer')!.parentId).toBe(byText.get('What is a walrus?')!.id);
    expect(byText.get('A large marine mammal.')!.parentId).toBe(byText.get('What is a walrus?')!.id);
    expect(byText.get('Where do they live?')!.parentId).toBe(byText.get('A large marine mammal.')!.id);
    const row = await h.db.conversation.findUniqueOrThrow({ where: { id: walrus.id } });
    expect(row.currentLeafId).toBe(byText.get('In the Arctic.')!.id);
    // Searchable like any message; never counted against the usage limit.
    const found = await a.json<unknown[]>('GET', '/api/conversations/search?q=walrus');
    expect(found.body).toHaveLength(2);
    const settings = await a.json<{ usage: { count: number } }>('GET', '/api/conversations/settings');
    expect(settings.body.usage.count).toBe(0);
  });

  it('is idempotent: the same file twice adds nothing; a conversation continued since comes in again', async () => {
    const a = userClient(h);
    const file = JSON.stringify([
      chatGptConversation('c-1', 'Walruses'),
      chatGptConversation('c-2', 'Second'),
    ]);
    expect(await (await upload(a, file)).json()).toMatchObject({ imported: 2 });
    const before = await rowsOf(a);
    expect(await (await upload(a, file)).json()).toEqual({ imported: 0, skipped: 2, messages: 0 });
    // The same file twice in one upload: the repeat is skipped too.
    const twice = JSON.stringify([chatGptConversation('c-3', 'Third'), chatGptConversation('c-3', 'Third')]);
    expect(await (await upload(a, twice)).json()).toEqual({ imported: 1, skipped: 1, messages: 5 });
    expect(await rowsOf(a)).toEqual({
      conversations: before.conversations + 1,
      messages: before.messages + 5,
    });
    const continued = chatGptConversation('c-1', 'Walruses renamed');
    expect(await (await upload(a, JSON.stringify([continued]))).json()).toMatchObject({ imported: 1 });
  });

  it('tells its progress as an event stream when asked: N of M after each batch, then the answer', async () => {
    const a = userClient(h);
    // Messages past one batch (2,000): progress is told between batches, not only at the end.
    const many = Array.from({ length: 500 }, (_, i) => chatGptConversation(`p-${i}`, `Progress ${i}`));
    const res = await upload(a, JSON.stringify(many), 'application/json', h.url, 'text/event-stream');
    expect(res.status).toBe(200);
    const events = await importEvents(res);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', done: 0, total: 500 });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toEqual({ type: 'progress', done: 500, total: 500 });
    const done = progress.map((e) => e.done);
    expect(done).toEqual([...done].sort((x, y) => x - y));
    expect(events.at(-1)).toEqual({ type: 'done', imported: 500, skipped: 0, messages: 2_500 });
    // A refused file is a plain 400 even when the stream was asked for: nothing was started.
    const bad = await upload(
      a,
      '[{"title":"Odd","mapping":"nope"}]',
      'application/json',
      h.url,
      'text/event-stream',
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^Item 1/);
  });

  it("imports ChatGPT's export zip (its conversations.json)", async () => {
    const a = userClient(h);
    const zip = await chatGptZip([chatGptConversation('z-1', 'From the zip')]);
    const res = await upload(a, zip, 'application/zip');
    expect(await res.json()).toEqual({ imported: 1, skipped: 0, messages: 5 });
    expect((await conversations(a)).map((c) => c.title)).toEqual(['From the zip']);
  });

  it('imports a Noek export back (a round trip)', async () => {
    const a = userClient(h);
    const c = await a.newConversation('Round trip');
    await h.db.message.create({ data: { conversationId: c.id, role: 'user', content: 'hello there' } });
    const exported = (await a.json<ExportedConversation>('GET', `/api/conversations/${c.id}/export`)).body;
    const b = userClient(h);
    const res = await upload(b, JSON.stringify(exported));
    expect(await res.json()).toEqual({ imported: 1, skipped: 0, messages: 1 });
    expect((await conversations(b)).map((x) => x.title)).toEqual(['Round trip']);
  });

  it('refuses a malformed file as a whole, naming the item, line or byte, and writes nothing', async () => {
    const a = userClient(h);
    const bad = chatGptConversation('c-3', 'Broken') as { mapping: unknown };
    bad.mapping = { root: { id: 1 } };
    const fine = chatGptConversation('ok', 'Fine');
    const cases: [string | Buffer, RegExp][] = [
      [JSON.stringify([fine, { title: 'Odd', something: 1 }]), /^Item 2 \("Odd"\): not a Noek export/],
      [JSON.stringify([fine, fine, bad]), /^Item 3 \("Broken"\): mapping\.root\.id/],
      [`[\n${JSON.stringify(fine)},\n{"title": "x",, }\n]`, /not valid JSON: line 3, column \d+/],
      ['{"not json', /not valid JSON/],
      [
        Buffer.concat([
          Buffer.from(`[${JSON.stringify(fine)},"`),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('"]'),
        ]),
        /UTF-8/,
      ],
      [JSON.stringify([fine, { ...chatGptConversation('nul', 'Nul'), title: 'a\u0000b' }]), /NUL/],
      [Buffer.from('PK\u0003\u0004 not really a zip'), /zip file could not be read/],
    ];
    for (const [body, message] of cases) {
      const res = await upload(a, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await rowsOf(a)).toEqual({ conversations: 0, messages: 0 });
  });

  it('refuses a zip bomb before inflating it, and a zip without conversations.json', async () => {
    const a = userClient(h);
    // 40 MB of blanks inside a valid list: a few tens of KB compressed, far past the ratio allowed.
    const bomb = await chatGptZip(`[${' '.repeat(40 * 1_048_576)}]`);
    expect(bomb.length).toBeLessThan(1_048_576);
    const res = await upload(a, bomb, 'application/zip');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/expands too much/);
    const other = await chatGptZip('[]', 'chat.html');
    expect(
      ((await (await upload(a, other, 'application/zip')).json()) as { message: string }).message,
    ).toMatch(/no conversations\.json/);
    expect(await rowsOf(a)).toEqual({ conversations: 0, messages: 0 });
  });

  it('goes through the real gateway up to its IMPORT_MAX_BYTES, and beyond answers 413 with nothing written', async () => {
    const gateway = createGateway(
      loadGatewayConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        CHAT_URL: h.url,
        AUTH_URL: 'http://127.0.0.1:9',
        IMPORT_MAX_BYTES: '2000000',
        RATE_LIMIT_PER_MINUTE: '0',
      }),
    );
    const { url } = await gateway.start();
    try {
      const a = userClient(h);
      // Larger than the ordinary 1 MB limit of every other route.
      const big = chatGptConversation('big', 'Big one');
      (big.mapping.q!.message!.content.parts as string[])[0] = `${'walrus '.repeat(200_000)}?`;
      const res = await upload(a, JSON.stringify([big]), 'application/json', url);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ imported: 1 });
      // The progress stream passes the gateway as it is written (no buffering of the upload route).
      const again = JSON.stringify([chatGptConversation('small', 'Small one')]);
      const streamed = await upload(a, again, 'application/json', url, 'text/event-stream');
      expect(streamed.status).toBe(200);
      expect((await importEvents(streamed)).map((e) => e.type)).toEqual(['progress', 'progress', 'done']);
      const tooBig = await upload(a, Buffer.alloc(2_000_001, 0x20), 'application/json', url);
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toBe(
        'The file is too large: files up to 1.9 MB can be imported.',
      );
      expect((await rowsOf(a)).conversations).toBe(2);
      const foreign = await fetch(`${url}${IMPORT}`, {
        method: 'POST',
        headers: { cookie: a.cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
        body: '[]',
      });
      expect(foreign.status).toBe(403);
      const signedOut = await fetch(`${url}${IMPORT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: '[]',
      });
      expect(signedOut.status).toBe(401);
    } finally {
      await gateway.stop();
    }
  });
});
