import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSchema } from '@noek/contracts';
import { startChatHarness, userClient, type ChatHarness } from '../../test/chat-api-harness';
import { TITLE_PROMPT } from './model-title';

let h: ChatHarness;
let titleDelayMs = 0;
beforeAll(async () => {
  h = await startChatHarness();
  h.service.ctx.settings.modelTitles = true;
  // The title request is told apart by its system message; replies answer 'ok'.
  h.fake.script = (req) =>
    req.body.messages?.[0]?.content === TITLE_PROMPT
      ? { chunks: ['"Lisbon ', 'in three days"'], headerDelayMs: titleDelayMs }
      : { chunks: ['ok'] };
});
afterAll(() => h?.close());

const titleOf = async (u: ReturnType<typeof userClient>, id: number) =>
  conversationSchema.parse((await u.json('GET', `/api/conversations/${id}`)).body).title;

describe('titles written by the model', () => {
  it('replace the first-message title after the first reply, in the background', async () => {
    titleDelayMs = 0;
    const a = userClient(h);
    const conv = await a.newConversation();
    const sent = await a.json<{ conversation: { title: string } }>(
      'POST',
      `/api/conversations/${conv.id}/messages`,
      {
        content: 'plan a weekend in Lisbon for me',
      },
    );
    // The reply does not wait for the title.
    expect(sent.body.conversation.title).toBe('plan a weekend in Lisbon for me');
    await expect.poll(() => titleOf(a, conv.id)).toBe('Lisbon in three days');
    // Only after the first reply.
    await a.json('PATCH', `/api/conversations/${conv.id}`, { title: 'Mine' });
    await a.json('POST', `/api/conversations/${conv.id}/messages`, { content: 'and a second one' });
    expect(h.fake.requests.filter((r) => r.body.messages?.[0]?.content === TITLE_PROMPT)).toHaveLength(1);
  });

  it("never replace the user's rename, even one made while the title is written", async () => {
    titleDelayMs = 400;
    const a = userClient(h);
    const conv = await a.newConversation();
    // Watches the conditional rename the title ends with.
    const repo = h.service.ctx.conversations;
    const original = repo.renameIfTitled.bind(repo);
    const outcomes: boolean[] = [];
    repo.renameIfTitled = async (...args) => {
      const renamed = await original(...args);
      outcomes.push(renamed);
      return renamed;
    };
    try {
      await a.json('POST', `/api/conversations/${conv.id}/messages`, { content: 'rename me later' });
      await a.json('PATCH', `/api/conversations/${conv.id}`, { title: 'My own title' });
      await expect.poll(() => outcomes).toEqual([false]);
      expect(await titleOf(a, conv.id)).toBe('My own title');
    } finally {
      repo.renameIfTitled = original;
    }
  });
});
