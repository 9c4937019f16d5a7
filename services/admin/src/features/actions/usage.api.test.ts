import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRecord, startAdminAlone, type AdminAlone } from '../../test/admin-alone';

let h: AdminAlone;
let admin: Awaited<ReturnType<AdminAlone['admin']>>;
beforeAll(async () => {
  h = await startAdminAlone();
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});

const usage = (userId: string, messageCount: number, startedAt: string | null) => ({
  userId,
  messageCount,
  messageLimit: 3000,
  resetPeriodHours: 24,
  usageWindowStartedAt: startedAt,
  usageResetsAt: null,
});

describe('usage actions (chat sets the count)', () => {
  it("edit: chat's answer is the row's usage, with the admin's own token forwarded; audited before and after", async () => {
    const target = authRecord();
    await h.known(target);
    const started = new Date().toISOString();
    h.chat.reply = (r) =>
      r.path === '/readyz'
        ? { status: 200 }
        : { status: 200, body: usage(target.id, (r.body as { messageCount: number }).messageCount, started) };
    const res = await admin.call('PATCH', `/api/admin/users/${target.id}/usage`, { messageCount: 42 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { messageCount: 42, usageWindowStartedAt: started } });
    const call = h.chat.received.find((r) => r.method === 'PATCH')!;
    expect(call.path).toBe(`/internal/usage/${target.id}`);
    expect(call.headers.authorization).toBe(`Bearer ${admin.token}`);
    expect((await h.audit(target.id))[0]).toMatchObject({
      action: 'usage.updated',
      outcome: 'succeeded',
      before: { messageCount: 0 },
      after: { messageCount: 42 },
    });
  });

  it('reset: the count goes to 0 (chat answers a closed window)', async () => {
    const target = authRecord();
    await h.known(target);
    await h.ctx.directory.messageSent(target.id, new Date());
    h.chat.reply = (r) =>
      r.path === '/readyz' ? { status: 200 } : { status: 200, body: usage(target.id, 0, null) };
    const res = await admin.call('POST', `/api/admin/users/${target.id}/reset-usage`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { messageCount: 0 } });
    expect((await h.audit(target.id))[0]).toMatchObject({
      action: 'usage.reset',
      before: { messageCount: 1 },
      after: { messageCount: 0 },
    });
  });

  it('a negative or fractional count is refused (400) and chat is not asked', async () => {
    const target = await h.known();
    const before = h.chat.received.length;
    for (const messageCount of [-1, 1.5, 'abc', null]) {
      const res = await admin.call('PATCH', `/api/admin/users/${target.id}/usage`, { messageCount });
      expect(res.status, String(messageCount)).toBe(400);
    }
    expect(h.chat.received.slice(before).filter((r) => r.path !== '/readyz')).toEqual([]);
  });

  it('chat answering nonsense is not taken as done: 5xx, audited failed, the row unchanged', async () => {
    const target = authRecord();
    await h.known(target);
    h.chat.reply = (r) => (r.path === '/readyz' ? { status: 200 } : { status: 200, body: { weird: true } });
    const res = await admin.call('PATCH', `/api/admin/users/${target.id}/usage`, { messageCount: 7 });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect((await h.audit(target.id)).map((e) => e.outcome)).toEqual(['failed']);
    expect((await h.ctx.directory.findById(target.id))?.messageCount).toBe(0);
  });
});
