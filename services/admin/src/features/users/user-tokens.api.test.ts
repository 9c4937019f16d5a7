import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, routePath, tokenUsageSchema, type TokenUsageReport } from '@noek/contracts';
// The fake model server lives with chat's tests (an outer edge, as in the cross-service harness).
import { startFakeOpenAi, type FakeOpenAi } from '../../../../chat/src/test/fake-openai-server';
import { startAdminStack, type AdminStack, type TestClient } from '../../test/admin-stack';
import { signInAdmin, signUp, type Member } from '../../test/flows';

let stack: AdminStack;
let admin: { c: TestClient; id: string };
let member: Member;
let lab: FakeOpenAi;

beforeAll(async () => {
  // The provider reports its usage: each reply costs 12 prompt and 3 completion tokens.
  lab = await startFakeOpenAi(
    0,
    { chunks: ['fine'], usage: { prompt: 12, completion: 3 } },
    { models: ['m-a'] },
  );
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
  member = await signUp(stack, 'tokens');
  const created = await admin.c.post(apiRoutes.admin.createProvider.path, {
    id: 'tok',
    name: 'Tokens lab',
    baseUrl: lab.url,
  });
  expect(created.status, created.text).toBe(201);
});
afterAll(async () => {
  await admin?.c.request('DELETE', routePath(apiRoutes.admin.deleteProvider, { providerId: 'tok' }));
  await stack?.close();
  await lab?.close();
});

const tokensOf = (c: TestClient, id: string, query = '') =>
  c.get(`${routePath(apiRoutes.admin.userTokens, { id })}${query}`);

/** The member's conversation on the lab's model, and a reply to each message (sent one after another). */
async function chat(messages: string[]): Promise<void> {
  const conv = await member.c.post('/api/conversations', {});
  expect(conv.status, conv.text).toBe(201);
  const id = conv.body.id as number;
  expect(
    (await member.c.request('PATCH', `/api/conversations/${id}/model`, { model: 'tok/m-a' })).status,
  ).toBe(200);
  for (const content of messages) {
    const sent = await member.c.post(`/api/conversations/${id}/messages`, { content });
    expect(sent.status, sent.text).toBeLessThan(300);
    // The next message waits for this reply to be stored (a conversation answers one at a time).
    await expect
      .poll(
        async () =>
          ((await member.c.get(`/api/conversations/${id}/messages`)).body as { status: string }[]).at(-1)
            ?.status,
        { timeout: 15_000 },
      )
      .toBe('complete');
  }
}

describe("a user's tokens for admins", () => {
  it('answers the tokens per model and day from chat, for admins only; unknown users and bad days are refused', async () => {
    const path = routePath(apiRoutes.admin.userTokens, { id: member.id });
    expect((await stack.client().get(path)).status).toBe(401);
    expect((await member.c.get(path)).status).toBe(403);
    expect((await tokensOf(admin.c, member.id)).body).toEqual({ rows: [] });

    await chat(['one', 'two']);
    const today = new Date().toISOString().slice(0, 10);
    const expected: TokenUsageReport = {
      rows: [{ day: today, model: 'tok/m-a', replies: 2, promptTokens: 24, completionTokens: 6 }],
    };
    await expect.poll(async () => (await tokensOf(admin.c, member.id, '?days=1')).body).toEqual(expected);
    const week = await tokensOf(admin.c, member.id, '?days=7');
    expect(tokenUsageSchema.parse(week.body)).toEqual(expected);

    expect((await tokensOf(admin.c, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await tokensOf(admin.c, 'not-a-uuid')).status).toBe(400);
    for (const days of ['0', '367', 'x'])
      expect((await tokensOf(admin.c, member.id, `?days=${days}`)).status).toBe(400);
  });
});
