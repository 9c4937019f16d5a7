import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { actorHeader, serviceTokenHeader } from '@noek/contracts';
import { startFakeService, type FakeService } from '../test/admin-alone';
import { createChatClient } from './chat-client';
import { createServiceTokens } from './service-token';
import { es256KeyPair } from '@noek/service-kit';

const { privateKey, publicKey } = es256KeyPair();
let chat: FakeService;
beforeAll(async () => {
  chat = await startFakeService('chat');
});
afterAll(() => chat?.close());
afterEach(() => {
  vi.useRealTimers();
  chat.received.length = 0;
});

const client = () =>
  createChatClient({
    baseUrl: chat.url,
    tokens: createServiceTokens(privateKey),
    timeoutMs: 1_000,
    budgetMs: 5_000,
  });
const actor = { id: randomUUID(), accessToken: 'the-admins-own-access-token' };
const probes = () => chat.received.filter((r) => r.path === '/readyz').length;

describe("chat's readiness, as the admin table shows it", () => {
  it('asks at most once per 2 seconds, and counts chat down only after two failed probes in a row', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let ready = true;
    chat.reply = () => ({ status: ready ? 200 : 503 });
    const c = client();
    expect(await c.isUp()).toBe(true);
    expect(await c.isUp()).toBe(true);
    expect(probes()).toBe(1);

    ready = false;
    vi.advanceTimersByTime(2_000);
    // One slow or failed answer on a busy machine is not an outage.
    expect(await c.isUp()).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(await c.isUp()).toBe(false);
    expect(probes()).toBe(3);

    ready = true;
    vi.advanceTimersByTime(2_000);
    expect(await c.isUp()).toBe(true);
  });

  it('a chat that cannot be reached at all is down (no exception)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const c = createChatClient({
      baseUrl: 'http://127.0.0.1:9',
      tokens: createServiceTokens(privateKey),
      timeoutMs: 500,
      budgetMs: 500,
    });
    expect(await c.isUp()).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(await c.isUp()).toBe(false);
  });
});

describe("chat's usage API", () => {
  it("sets a count as the admin: the admin's token, the service token for chat, the actor", async () => {
    const usage = {
      userId: randomUUID(),
      messageCount: 9,
      messageLimit: 3000,
      resetPeriodHours: 24,
      usageWindowStartedAt: null,
      usageResetsAt: null,
    };
    chat.reply = () => ({ status: 200, body: usage });
    expect(await client().updateUsage(actor, usage.userId, 9)).toEqual(usage);
    const [call] = chat.received;
    expect(call).toMatchObject({
      method: 'PATCH',
      path: `/internal/usage/${usage.userId}`,
      body: { messageCount: 9 },
    });
    expect(call!.headers.authorization).toBe(`Bearer ${actor.accessToken}`);
    expect(call!.headers[actorHeader]).toBe(actor.id);
    const claims = jwt.verify(call!.headers[serviceTokenHeader] as string, publicKey) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: 'admin', aud: 'chat' });
  });

  it('a set is sent again when its answer fails (it sets the same count twice)', async () => {
    const userId = randomUUID();
    let n = 0;
    chat.reply = () =>
      ++n === 1
        ? { status: 502, body: { code: 'BAD_GATEWAY', message: 'x' } }
        : {
            status: 200,
            body: {
              userId,
              messageCount: 0,
              messageLimit: 3000,
              resetPeriodHours: 24,
              usageWindowStartedAt: null,
              usageResetsAt: null,
            },
          };
    expect((await client().resetUsage(actor, userId)).messageCount).toBe(0);
    expect(chat.received.map((r) => r.path)).toEqual([
      `/internal/usage/${userId}/reset`,
      `/internal/usage/${userId}/reset`,
    ]);
  });

  it("an answer not in chat's contract is an error, not a count", async () => {
    chat.reply = () => ({ status: 200, body: { messageCount: 'lots' } });
    await expect(client().updateUsage(actor, randomUUID(), 1)).rejects.toThrow();
  });

  it('adding a provider is not sent twice (no key makes it safe); a failed add is reported', async () => {
    chat.reply = () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } });
    await expect(
      client().providers.create(actor, { id: 'local', name: 'Local', baseUrl: 'http://127.0.0.1:1/v1' }),
    ).rejects.toMatchObject({ status: 503 });
    expect(chat.received.filter((r) => r.path === '/internal/providers')).toHaveLength(1);
  });
});
