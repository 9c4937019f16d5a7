import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSchema, customInstructionsResponseSchema } from '@noek/contracts';
import { startChatHarness, userClient, type ChatHarness } from '../../test/chat-api-harness';
import { SYSTEM_PROMPT } from '../messages/prompt';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
  h.fake.script = { chunks: ['ok'] };
});
afterAll(() => h?.close());

const systemOfLastCall = () => h.fake.requests.at(-1)?.body.messages?.[0];

describe('custom instructions and a conversation system prompt', () => {
  it('are stored per user and per conversation and sent as the system message', async () => {
    const a = userClient(h);
    expect((await a.json('GET', '/api/conversations/instructions')).body).toEqual({
      customInstructions: null,
    });
    const set = await a.json('PATCH', '/api/conversations/instructions', {
      customInstructions: '  Answer in French.  ',
    });
    expect(customInstructionsResponseSchema.parse(set.body)).toEqual({
      customInstructions: 'Answer in French.',
    });

    const conv = await a.newConversation();
    const withPrompt = await a.json('PATCH', `/api/conversations/${conv.id}/system-prompt`, {
      systemPrompt: 'You are a travel agent.',
    });
    expect(conversationSchema.parse(withPrompt.body).systemPrompt).toBe('You are a travel agent.');
    await a.json('POST', `/api/conversations/${conv.id}/messages`, { content: 'Paris?' });
    expect(systemOfLastCall()).toEqual({
      role: 'system',
      content: `${SYSTEM_PROMPT}\n\nThe user's custom instructions:\nAnswer in French.\n\nThe user's instructions for this conversation:\nYou are a travel agent.`,
    });

    // Cleared: only our system prompt again; other users never see or get them.
    await a.json('PATCH', `/api/conversations/${conv.id}/system-prompt`, { systemPrompt: '' });
    await a.json('PATCH', '/api/conversations/instructions', { customInstructions: null });
    await a.json('POST', `/api/conversations/${conv.id}/messages`, { content: 'Rome?' });
    expect(systemOfLastCall()).toEqual({ role: 'system', content: SYSTEM_PROMPT });
  });

  it('are size-limited (400), and a conversation of another user is not found (404)', async () => {
    const a = userClient(h);
    const b = userClient(h);
    const long = 'x'.repeat(4_001);
    expect(
      (await a.json('PATCH', '/api/conversations/instructions', { customInstructions: long })).status,
    ).toBe(400);
    const conv = await a.newConversation();
    const path = `/api/conversations/${conv.id}/system-prompt`;
    expect((await a.json('PATCH', path, { systemPrompt: long })).status).toBe(400);
    expect((await b.json('PATCH', path, { systemPrompt: 'mine' })).status).toBe(404);
    const mine = await a.json('PATCH', '/api/conversations/instructions', { customInstructions: 'secret' });
    expect(mine.status).toBe(200);
    expect((await b.json('GET', '/api/conversations/instructions')).body).toEqual({
      customInstructions: null,
    });
  });
});
