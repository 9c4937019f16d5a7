import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageLimits, type UserUsage } from '@noek/contracts';
import {
  readEvents,
  startChatHarness,
  terminal,
  userClient,
  type ChatHarness,
} from '../../test/chat-api-harness';

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
  h.fake.script = { chunks: ['ok'] };
});
afterAll(() => h?.close());

describe('usage API for the admin service', () => {
  it("is for admins only (by chat's own copy of the level)", async () => {
    const user = userClient(h, 'basic');
    expect((await user.call('GET', `/internal/usage?userIds=${user.id}`)).status).toBe(403);
    expect((await user.call('POST', `/internal/usage/${user.id}/reset`)).status).toBe(403);
    expect((await fetch(`${h.url}/internal/usage?userIds=${user.id}`)).status).toBe(401);
    // A token still saying admin after auth demoted the user is refused.
    const demoted = userClient(h, 'admin');
    await h.db.chatUser.create({ data: { id: demoted.id, accessLevel: 'basic' } });
    expect((await demoted.call('GET', `/internal/usage?userIds=${demoted.id}`)).status).toBe(403);
  });

  it('lists usage, edits the count, and reset lets a user at the limit send again', async () => {
    const admin = userClient(h, 'admin');
    const a = userClient(h, 'basic');
    const conv = await a.newConversation();
    await readEvents(await a.send(conv.id, 'one'));
    const unknown = randomUUID();
    const list = await admin.json<UserUsage[]>('GET', `/internal/usage?userIds=${a.id},${unknown}`);
    expect(list.body).toEqual([
      expect.objectContaining({ userId: a.id, messageCount: 1, messageLimit: 3000, resetPeriodHours: 24 }),
      {
        userId: unknown,
        messageCount: 0,
        messageLimit: 3000,
        resetPeriodHours: 24,
        usageWindowStartedAt: null,
        usageResetsAt: null,
      },
    ]);

    const edited = await admin.json<UserUsage>('PATCH', `/internal/usage/${a.id}`, {
      messageCount: messageLimits.basic.limit,
    });
    expect(edited.body.messageCount).toBe(3000);
    expect(
      (await a.call('POST', `/api/conversations/${conv.id}/messages`, { content: 'blocked by limit' }))
        .status,
    ).toBe(429);

    const reset = await admin.json<UserUsage>('POST', `/internal/usage/${a.id}/reset`);
    expect(reset.body).toMatchObject({ messageCount: 0 });
    expect(reset.body.usageWindowStartedAt).not.toBeNull();
    expect(terminal(await readEvents(await a.send(conv.id, 'allowed again')))?.type).toBe('done');
  });

  it('refuses bad input', async () => {
    const admin = userClient(h, 'admin');
    expect((await admin.call('GET', '/internal/usage')).status).toBe(400);
    expect((await admin.call('GET', '/internal/usage?userIds=nope')).status).toBe(400);
    expect((await admin.json('PATCH', `/internal/usage/${randomUUID()}`, { messageCount: -1 })).status).toBe(
      400,
    );
    expect((await admin.call('POST', '/internal/usage/not-a-uuid/reset')).status).toBe(400);
  });
});
