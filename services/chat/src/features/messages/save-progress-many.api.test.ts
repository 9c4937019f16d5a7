// The group commit's statement against real PostgreSQL: many replies' text in one UPDATE, each row
// written only while it is `streaming` under its writer's lease epoch (the fencing token).
import { randomUUID } from 'node:crypto';
import { createMemoryPglite } from '@noek/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SCHEMA, openChatDatabase } from '../../database';
import { startChatHarness, userClient, type ChatHarness } from '../../test/chat-api-harness';
import { createMessagesRepository } from './messages.repository';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
});
afterAll(() => h?.close());

/** A reply being written, in a conversation of its own (one streaming reply per conversation). */
async function streamingReply(leaseEpoch: number, stopRequested = false) {
  const { id: conversationId } = await userClient(h).newConversation();
  return h.db.message.create({
    data: { conversationId, role: 'assistant', content: '', status: 'streaming', leaseEpoch, stopRequested },
  });
}

describe('saveProgressMany', () => {
  it('writes every reply still held, and answers stop, or nothing for a reply that is not', async () => {
    const held = await streamingReply(2);
    const stopped = await streamingReply(1, true);
    const retriedElsewhere = await streamingReply(5);
    const finished = await streamingReply(1);
    await h.db.message.update({ where: { id: finished.id }, data: { status: 'complete', content: 'done' } });
    const before = new Date(Date.now() - 1);

    const results = await createMessagesRepository(h.db).saveProgressMany([
      { lease: { messageId: held.id, leaseEpoch: 2 }, content: 'held text' },
      { lease: { messageId: stopped.id, leaseEpoch: 1 }, content: 'stopped text' },
      { lease: { messageId: retriedElsewhere.id, leaseEpoch: 4 }, content: 'stale writer' },
      { lease: { messageId: finished.id, leaseEpoch: 1 }, content: 'too late' },
    ]);

    expect(Object.fromEntries(results)).toEqual({ [held.id]: 'stored', [stopped.id]: 'stop' });
    const ids = [held.id, stopped.id, retriedElsewhere.id, finished.id];
    const rows = await h.db.message.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.content)).toEqual(['held text', 'stopped text', '', 'done']);
    // The write renewed the held replies' leases.
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it('stores any text, quotes, backslashes and non-Latin characters included', async () => {
    const reply = await streamingReply(0);
    const text = `'; DROP TABLE messages; -- "quoted" \\ back\\slash {a,b} 東京 🙂\n`;
    const results = await createMessagesRepository(h.db).saveProgressMany([
      { lease: { messageId: reply.id, leaseEpoch: 0 }, content: text },
    ]);
    expect(results.get(reply.id)).toBe('stored');
    expect((await h.db.message.findUniqueOrThrow({ where: { id: reply.id } })).content).toBe(text);
  });
});

describe('saveProgressMany on the embedded database (npm start)', () => {
  it('writes the held reply and answers gone for a stale epoch', async () => {
    const pglite = await createMemoryPglite();
    const db = await openChatDatabase({ kind: 'pglite', pglite, schema: CHAT_SCHEMA });
    try {
      const conv = await db.conversation.create({ data: { userId: randomUUID() } });
      const other = await db.conversation.create({ data: { userId: randomUUID() } });
      const reply = (conversationId: number, leaseEpoch: number) =>
        db.message.create({
          data: { conversationId, role: 'assistant', content: '', status: 'streaming', leaseEpoch },
        });
      const held = await reply(conv.id, 1);
      const stale = await reply(other.id, 3);
      const results = await createMessagesRepository(db).saveProgressMany([
        { lease: { messageId: held.id, leaseEpoch: 1 }, content: 'embedded 東京' },
        { lease: { messageId: stale.id, leaseEpoch: 2 }, content: 'stale' },
      ]);
      expect(Object.fromEntries(results)).toEqual({ [held.id]: 'stored' });
      expect((await db.message.findUniqueOrThrow({ where: { id: held.id } })).content).toBe('embedded 東京');
      expect((await db.message.findUniqueOrThrow({ where: { id: stale.id } })).content).toBe('');
    } finally {
      await db.$disconnect();
      await pglite.close();
    }
  });
});
