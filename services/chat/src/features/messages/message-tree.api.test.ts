import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageLimits,
  messageListResponseSchema,
  regenerateMessageResponseSchema,
  sendMessageResponseSchema,
  type PathMessage,
} from '@noek/contracts';
import {
  readEvents,
  slow,
  startChatHarness,
  terminal,
  userClient,
  type ChatHarness,
  type UserClient,
} from '../../test/chat-api-harness';
import { captureLogger } from '@noek/service-kit';
import { createLeaseKeeper } from '../replies/reply-lease';
import { SYSTEM_PROMPT } from './prompt';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
  h.fake.script = (req) => ({ chunks: [`re: ${String(req.body.messages?.at(-1)?.content)}`] });
});
afterAll(() => h?.close());

const base = (id: number) => `/api/conversations/${id}/messages`;

async function pathOf(u: UserClient, id: number, query = ''): Promise<PathMessage[]> {
  const res = await u.json('GET', `${base(id)}${query}`);
  expect(res.status).toBe(200);
  return messageListResponseSchema.parse(res.body);
}

const texts = (path: PathMessage[]) => path.map((m) => m.content);
const branches = (path: PathMessage[]) => path.map((m) => `${m.branch.index + 1}/${m.branch.count}`);

/** A JSON (non-stream) send: answers once the reply is stored. */
async function sendJson(u: UserClient, id: number, content: string) {
  const res = await u.json('POST', base(id), { content });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sendMessageResponseSchema.parse(res.body);
}

async function edit(u: UserClient, id: number, messageId: number, content: string) {
  return u.json('POST', `${base(id)}/${messageId}/edit`, { content });
}

async function regenerate(u: UserClient, id: number, messageId: number, body: object = {}) {
  return u.json('POST', `${base(id)}/${messageId}/regenerate`, body);
}

async function switchTo(u: UserClient, id: number, messageId: number, index: number) {
  return u.json('POST', `${base(id)}/${messageId}/branch`, { index });
}

/** A conversation of two exchanges: q1 → re: q1 → q2 → re: q2. */
async function twoExchanges(u: UserClient) {
  const conv = await u.newConversation();
  const first = await sendJson(u, conv.id, 'q1');
  const second = await sendJson(u, conv.id, 'q2');
  return { conv, first, second };
}

describe('the message tree', () => {
  it('a plain conversation is one path: each message follows the one before, no branching', async () => {
    const a = userClient(h);
    const { conv, first, second } = await twoExchanges(a);
    const path = await pathOf(a, conv.id);
    expect(texts(path)).toEqual(['q1', 're: q1', 'q2', 're: q2']);
    expect(path.map((m) => m.parentId)).toEqual([
      null,
      first.userMessage.id,
      first.assistantMessage.id,
      second.userMessage.id,
    ]);
    expect(branches(path)).toEqual(['1/1', '1/1', '1/1', '1/1']);
  });

  it('edit: a sibling user message and a new reply, shown from now on; the old branch stays', async () => {
    const a = userClient(h);
    const { conv, first, second } = await twoExchanges(a);
    const res = await edit(a, conv.id, second.userMessage.id, 'q2 edited');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edited = sendMessageResponseSchema.parse(res.body);
    expect(edited.userMessage.content).toBe('q2 edited');
    expect(edited.assistantMessage).toMatchObject({ content: 're: q2 edited', status: 'complete' });
    // The prompt is the edited branch: the first exchange, then the new text (not the old q2).
    expect(h.fake.requests.at(-1)?.body.messages).toEqual([
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 're: q1' },
      { role: 'user', content: 'q2 edited' },
    ]);
    const path = await pathOf(a, conv.id);
    expect(texts(path)).toEqual(['q1', 're: q1', 'q2 edited', 're: q2 edited']);
    expect(branches(path)).toEqual(['1/1', '1/1', '2/2', '1/1']);
    expect(path[2]?.parentId).toBe(first.assistantMessage.id);

    // Back to the first version: its whole tail at once.
    const back = await switchTo(a, conv.id, edited.userMessage.id, 0);
    expect(back.status).toBe(200);
    expect(texts(messageListResponseSchema.parse(back.body))).toEqual(['q1', 're: q1', 'q2', 're: q2']);
  });

  it('editing the first message makes a second root', async () => {
    const a = userClient(h);
    const { conv, first } = await twoExchanges(a);
    const res = await edit(a, conv.id, first.userMessage.id, 'q1 again');
    expect(res.status).toBe(200);
    const path = await pathOf(a, conv.id);
    expect(texts(path)).toEqual(['q1 again', 're: q1 again']);
    expect(path[0]).toMatchObject({ parentId: null, branch: { index: 1, count: 2 } });
  });

  it('regenerate: a sibling reply to the same user message, with an optional model id', async () => {
    const a = userClient(h);
    const { conv, second } = await twoExchanges(a);
    h.fake.script = { chunks: ['another answer'] };
    try {
      // A model no provider offers is refused (nothing stored); an offered one writes the sibling.
      const gone = await regenerate(a, conv.id, second.assistantMessage.id, { model: 'gone/some-model' });
      expect(gone.status).toBe(409);
      expect(gone.body).toMatchObject({ code: 'MODEL_UNAVAILABLE' });
      const res = await regenerate(a, conv.id, second.assistantMessage.id, { model: 'openai/fake-model' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = regenerateMessageResponseSchema.parse(res.body);
      expect(body.userMessage).toBeNull();
      expect(body.assistantMessage).toMatchObject({
        content: 'another answer',
        status: 'complete',
        model: 'openai/fake-model',
      });
    } finally {
      h.fake.script = (req) => ({ chunks: [`re: ${String(req.body.messages?.at(-1)?.content)}`] });
    }
    expect(h.fake.requests.at(-1)?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'q2' });
    const path = await pathOf(a, conv.id);
    expect(texts(path)).toEqual(['q1', 're: q1', 'q2', 'another answer']);
    expect(branches(path).at(-1)).toBe('2/2');
    const back = await switchTo(a, conv.id, path[3]!.id, 0);
    expect(texts(messageListResponseSchema.parse(back.body)).at(-1)).toBe('re: q2');
  });

  it('the path shown is remembered on the server (another device sees it) and a send continues it', async () => {
    const a = userClient(h);
    const { conv, second } = await twoExchanges(a);
    const edited = sendMessageResponseSchema.parse(
      (await edit(a, conv.id, second.userMessage.id, 'other')).body,
    );
    await switchTo(a, conv.id, edited.userMessage.id, 0);
    // A new send goes under the branch shown (the old q2 → re: q2), not under the newest message.
    const third = await sendJson(a, conv.id, 'q3');
    expect(third.userMessage.id).toBeGreaterThan(edited.assistantMessage.id);
    expect(texts(await pathOf(a, conv.id))).toEqual(['q1', 're: q1', 'q2', 're: q2', 'q3', 're: q3']);
    // Switching to the edited branch shows its tail; back to the first shows q3 again (newest tail).
    await switchTo(a, conv.id, second.userMessage.id, 1);
    expect(texts(await pathOf(a, conv.id))).toEqual(['q1', 're: q1', 'other', 're: other']);
    await switchTo(a, conv.id, edited.userMessage.id, 0);
    expect(texts(await pathOf(a, conv.id)).at(-1)).toBe('re: q3');
  });

  it('pages the path from its end with limit and before', async () => {
    const a = userClient(h);
    const conv = await a.newConversation();
    for (const q of ['a', 'b', 'c']) await sendJson(a, conv.id, q);
    const last = await pathOf(a, conv.id, '?limit=2');
    expect(texts(last)).toEqual(['c', 're: c']);
    const above = await pathOf(a, conv.id, `?limit=3&before=${last[0]!.id}`);
    expect(texts(above)).toEqual(['re: a', 'b', 're: b']);
    const top = await pathOf(a, conv.id, `?limit=3&before=${above[0]!.id}`);
    expect(texts(top)).toEqual(['a']);
    expect((await a.json('GET', `${base(conv.id)}?limit=0`)).status).toBe(400);
  });

  it('a reply streaming on one branch keeps streaming while another is shown, and is re-attached', async () => {
    const a = userClient(h);
    const { conv, second } = await twoExchanges(a);
    h.fake.script = slow(20, 15);
    try {
      const res = await a.call(
        'POST',
        `${base(conv.id)}/${second.userMessage.id}/edit`,
        { content: 'slow one' },
        { accept: 'text/event-stream' },
      );
      const [started] = await readEvents(res, (e) => e.type === 'started');
      const replyId = started?.type === 'started' ? started.assistantMessage.id : 0;
      // Away to the old branch while the reply is written, then back: it is still there, live.
      const away = await switchTo(a, conv.id, second.userMessage.id, 0);
      expect(texts(messageListResponseSchema.parse(away.body)).at(-1)).toBe('re: q2');
      const backRes = await switchTo(a, conv.id, second.userMessage.id, 1);
      const back = messageListResponseSchema.parse(backRes.body);
      expect(back.at(-1)?.id).toBe(replyId);
      const follow = await a.call('GET', `${base(conv.id)}/${replyId}/stream`);
      const end = terminal(await readEvents(follow));
      expect(end).toMatchObject({ type: 'done', assistantMessage: { id: replyId, status: 'complete' } });
    } finally {
      h.fake.script = (req) => ({ chunks: [`re: ${String(req.body.messages?.at(-1)?.content)}`] });
    }
  });
});

describe('the tree refuses bad input clearly', () => {
  it("someone else's message reads as missing (404) for edit, regenerate and switch", async () => {
    const a = userClient(h);
    const b = userClient(h);
    const { conv, second } = await twoExchanges(a);
    expect((await edit(b, conv.id, second.userMessage.id, 'mine now')).status).toBe(404);
    expect((await regenerate(b, conv.id, second.assistantMessage.id)).status).toBe(404);
    expect((await switchTo(b, conv.id, second.userMessage.id, 0)).status).toBe(404);
    expect(texts(await pathOf(a, conv.id))).toEqual(['q1', 're: q1', 'q2', 're: q2']);
  });

  it('a message of another conversation (as the parent of an edit) is not found', async () => {
    const a = userClient(h);
    const one = await twoExchanges(a);
    const other = await a.newConversation();
    const res = await edit(a, other.id, one.second.userMessage.id, 'moved?');
    expect(res.status).toBe(404);
    expect(await pathOf(a, other.id)).toEqual([]);
  });

  it('editing a reply or regenerating a user message is a 409; a branch index out of range a 400', async () => {
    const a = userClient(h);
    const { conv, second } = await twoExchanges(a);
    const wrongEdit = await edit(a, conv.id, second.assistantMessage.id, 'x');
    expect(wrongEdit).toMatchObject({ status: 409, body: { code: 'NOT_EDITABLE' } });
    const wrongRegen = await regenerate(a, conv.id, second.userMessage.id);
    expect(wrongRegen).toMatchObject({ status: 409, body: { code: 'NOT_REGENERABLE' } });
    const out = await switchTo(a, conv.id, second.userMessage.id, 1);
    expect(out).toMatchObject({ status: 400, body: { code: 'BRANCH_OUT_OF_RANGE' } });
    expect((await edit(a, conv.id, second.userMessage.id, '   ')).status).toBe(400);
  });

  it('edit and regenerate count as messages; at the limit they store nothing (429)', async () => {
    const a = userClient(h);
    const { conv, second } = await twoExchanges(a);
    const counted = async () => (await h.db.chatUser.findUniqueOrThrow({ where: { id: a.id } })).messageCount;
    expect(await counted()).toBe(2);
    await edit(a, conv.id, second.userMessage.id, 'edited');
    expect(await counted()).toBe(3);
    const path = await pathOf(a, conv.id);
    await regenerate(a, conv.id, path.at(-1)!.id);
    expect(await counted()).toBe(4);

    const { limit } = messageLimits.basic;
    await h.db.chatUser.update({ where: { id: a.id }, data: { messageCount: limit } });
    const stored = await h.db.message.count({ where: { conversationId: conv.id } });
    expect((await edit(a, conv.id, second.userMessage.id, 'one more')).body).toMatchObject({
      code: 'USAGE_LIMIT_REACHED',
    });
    expect((await regenerate(a, conv.id, path.at(-1)!.id)).status).toBe(429);
    expect(await h.db.message.count({ where: { conversationId: conv.id } })).toBe(stored);
  });
});

describe('the migration to a tree', () => {
  it('makes each existing message follow the previous one of its conversation, losing nothing', async () => {
    const a = userClient(h);
    const { conv } = await twoExchanges(a);
    const other = await twoExchanges(a);
    // As before the migration: no parents.
    await h.db.message.updateMany({
      where: { conversationId: { in: [conv.id, other.conv.id] } },
      data: { parentId: null },
    });
    const sql = readFileSync(
      new URL('../../../prisma/migrations/20261125235406_message_tree/migration.sql', import.meta.url),
      'utf8',
    );
    const backfill = sql.slice(sql.indexOf('UPDATE'), sql.indexOf(';', sql.indexOf('UPDATE')));
    await h.db.$executeRawUnsafe(backfill);
    for (const id of [conv.id, other.conv.id]) {
      const path = await pathOf(a, id);
      expect(texts(path)).toEqual(['q1', 're: q1', 'q2', 're: q2']);
      expect(path.map((m) => m.parentId)).toEqual([null, path[0]!.id, path[1]!.id, path[2]!.id]);
    }
  });
});

describe('an edited branch keeps the no-reply-lost promise', () => {
  it("a replica crash mid-reply: the branch's reply is interrupted with its text, and Retry finishes it there", async () => {
    const a = userClient(h);
    const { conv, first } = await twoExchanges(a);
    // What a replica that died while writing an edited branch's reply leaves behind.
    const edited = await h.db.message.create({
      data: {
        conversationId: conv.id,
        parentId: first.assistantMessage.id,
        role: 'user',
        content: 'q2 again',
      },
    });
    const reply = await h.db.message.create({
      data: {
        conversationId: conv.id,
        parentId: edited.id,
        role: 'assistant',
        content: 'half of it',
        status: 'streaming',
        updatedAt: new Date(Date.now() - 60_000),
      },
    });
    await h.db.conversation.update({ where: { id: conv.id }, data: { currentLeafId: reply.id } });
    const follow = readEvents(await a.call('GET', `${base(conv.id)}/${reply.id}/stream`));
    let clock = Date.now();
    const keeper = createLeaseKeeper({
      store: h.service.ctx.messages,
      liveLeases: () => [],
      leaseMs: 5_000,
      logger: captureLogger().logger,
      now: () => new Date(clock),
    });
    await keeper.tick();
    clock += 6_000;
    await keeper.tick();
    expect(terminal(await follow)).toMatchObject({
      type: 'done',
      assistantMessage: { status: 'interrupted', content: 'half of it' },
    });
    const retried = await a.json('POST', `${base(conv.id)}/${reply.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    // The prompt is the edited branch's, and the branch is still the one shown.
    expect(h.fake.requests.at(-1)?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'q2 again' });
    const path = await pathOf(a, conv.id);
    expect(texts(path)).toEqual(['q1', 're: q1', 'q2 again', 're: q2 again']);
    expect(branches(path)).toEqual(['1/1', '1/1', '2/2', '1/1']);
  });
});
