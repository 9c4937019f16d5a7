import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultPlanLimits,
  noekStreamSubjects,
  userUpdatedEvent,
  type AccessLevel,
  type ChatSettings,
  type ModelList,
  type ModelNotOnPlanError,
  type PlanLimits,
  type TokenBudgetError,
} from '@noek/contracts';
import { captureLogger, createNatsEventBus, type EventBus } from '@noek/service-kit';
import {
  readEvents,
  startChatHarness,
  terminal,
  userClient,
  TEST_NATS_URL,
  type ChatHarness,
} from '../../test/chat-api-harness';

// The production path: the OPENAI_* provider (the fake, 'openai/fake-model') through the provider catalog;
// plan settings and grants arrive as admin's and auth's events on the bus.
let h: ChatHarness;
let publisher: EventBus & { connected(): Promise<void> };
beforeAll(async () => {
  h = await startChatHarness({ config: () => ({}) });
  publisher = createNatsEventBus({
    url: TEST_NATS_URL,
    logger: captureLogger().logger,
    subjects: noekStreamSubjects,
    name: 'chat-plan-rules-test',
  });
  await publisher.connected();
});
afterAll(async () => {
  await publisher?.close();
  await h?.close();
});

const MODEL = 'openai/fake-model';

/**
 * A plan setting as chat's consumer of admin.plan.updated.v1 applies it (that path from admin's PATCH to
 * chat is services/admin plans.api.test.ts); a fresh consumer here would first replay the stream's history.
 */
async function applyPlan(level: AccessLevel, over: Partial<PlanLimits>) {
  const limits = { ...defaultPlanLimits(level), ...over };
  const at = new Date(Math.max(Date.now(), lastAt + 1));
  lastAt = at.getTime();
  expect(h.service.ctx.planLimits.apply(level, limits, at)).toBe(true);
}
let lastAt = 0;

/** auth.user.updated.v1 for an admin's grant of `accessLevel`. */
const publishGrant = (userId: string, accessLevel: AccessLevel) =>
  publisher.publish({
    id: randomUUID(),
    type: userUpdatedEvent.subject,
    time: new Date().toISOString(),
    correlationId: randomUUID(),
    data: {
      userId,
      name: 'T',
      email: 't@example.com',
      accessLevel,
      isBlocked: false,
      isBanned: false,
      bannedUntil: null,
      specialFeatures: [],
      sessionsValidAfter: null,
      updatedAt: new Date().toISOString(),
    },
  });

describe('plans decide models', () => {
  it('refuses a model the plan leaves out, naming the plan that has it; a grant applies at once', async () => {
    h.fake.script = { chunks: ['ok'] };
    await applyPlan('basic', { allowedModels: ['ollama/llama3.2:1b'] });
    await applyPlan('supernoek', { allowedModels: [] });
    const a = userClient(h);
    const conv = await a.newConversation();
    await expect
      .poll(async () => (await a.json<ModelList>('GET', '/api/conversations/models')).body.models)
      .toContainEqual(
        expect.objectContaining({
          id: MODEL,
          allowed: false,
          availableOn: { level: 'supernoek', name: 'SuperNoek' },
        }),
      );

    const before = h.fake.requests.length;
    const refused = await a.json<ModelNotOnPlanError>('POST', `/api/conversations/${conv.id}/messages`, {
      content: 'hi',
    });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'MODEL_NOT_ON_PLAN',
        message: 'fake-model is available on SuperNoek.',
        model: MODEL,
        availableOn: { level: 'supernoek', name: 'SuperNoek' },
      },
    });
    // Nothing stored, nothing counted, no model call.
    expect(await h.db.message.count({ where: { conversationId: conv.id } })).toBe(0);
    expect((await h.db.chatUser.findUnique({ where: { id: a.id } }))?.messageCount ?? 0).toBe(0);
    expect(h.fake.requests.length).toBe(before);
    // Picking it for the conversation is refused the same way, and the pick stays as it was.
    const picked = await a.json<ModelNotOnPlanError>('PATCH', `/api/conversations/${conv.id}/model`, {
      model: MODEL,
    });
    expect(picked).toMatchObject({ status: 403, body: { code: 'MODEL_NOT_ON_PLAN', model: MODEL } });
    expect((await h.db.conversation.findUnique({ where: { id: conv.id } }))?.model ?? null).toBeNull();

    // An admin grants SuperNoek: the very next message is allowed (the token still says basic).
    await publishGrant(a.id, 'supernoek');
    await expect
      .poll(async () => (await h.db.chatUser.findUnique({ where: { id: a.id } }))?.accessLevel, {
        timeout: 10_000,
      })
      .toBe('supernoek');
    const res = await a.send(conv.id, 'hi');
    if (res.status !== 200) expect.fail(`${res.status} ${await res.text()}`);
    // Accepted and written by the model (how the fake's reply ends under load is not the point here).
    const events = await readEvents(res);
    expect(events[0]).toMatchObject({ type: 'started', assistantMessage: { model: MODEL } });
    expect(terminal(events)).toBeDefined();
    const list = (await a.json<ModelList>('GET', '/api/conversations/models')).body;
    expect(list.models.find((m) => m.id === MODEL)).toMatchObject({ allowed: true, availableOn: null });

    // Regenerate is refused the same way once SuperNoek leaves the model out (Premium still has it).
    await applyPlan('supernoek', { allowedModels: ['another-model'] });
    const started = events[0];
    const reply = started?.type === 'started' ? started.assistantMessage : undefined;
    const regen = await a.json<ModelNotOnPlanError>(
      'POST',
      `/api/conversations/${conv.id}/messages/${reply!.id}/regenerate`,
      {},
    );
    expect(regen).toMatchObject({
      status: 403,
      body: { code: 'MODEL_NOT_ON_PLAN', message: 'fake-model is available on Premium.' },
    });
  }, 120_000);
});

describe('token budgets', () => {
  it("refuses once the window's tokens are spent, saying when it resets; settings show the use", async () => {
    await applyPlan('basic', { tokenBudget: 30, allowedModels: [] });
    h.fake.script = { chunks: ['ok'], usage: { prompt: 20, completion: 15 } };
    const a = userClient(h);
    const conv = await a.newConversation();
    const first = terminal(await readEvents(await a.send(conv.id, 'hi')));
    expect(first?.type).toBe('done');

    const settings = (await a.json<ChatSettings>('GET', '/api/conversations/settings')).body;
    expect(settings.usage).toMatchObject({ count: 1, tokens: 35, tokenBudget: 30 });

    const before = h.fake.requests.length;
    const refused = await a.json<TokenBudgetError>('POST', `/api/conversations/${conv.id}/messages`, {
      content: 'again',
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOKEN_BUDGET_SPENT', budget: 30 });
    expect(refused.body.message).toMatch(
      /^You have used the 30 tokens your plan allows in this window\. It resets in \d+ hours?/,
    );
    expect(refused.body.resetsAt).toBe(settings.usage.resetsAt);
    expect(h.fake.requests.length).toBe(before);
    expect((await h.db.chatUser.findUnique({ where: { id: a.id } }))?.messageCount).toBe(1);

    // A bigger budget applies at once.
    await applyPlan('basic', { tokenBudget: 1000, allowedModels: [] });
    expect(terminal(await readEvents(await a.send(conv.id, 'again')))?.type).toBe('done');
  }, 120_000);
});
