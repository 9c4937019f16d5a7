import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeyHeader, serviceTokenHeader, actorHeader } from '@noek/contracts';
import { authRecord, startAdminAlone, type AdminAlone, type Received } from '../../test/admin-alone';

let h: AdminAlone;
let admin: Awaited<ReturnType<AdminAlone['admin']>>;
beforeAll(async () => {
  h = await startAdminAlone();
  admin = await h.admin();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.auth.received.length = 0;
});

const blockPath = (id: string) => `/api/admin/users/${id}/block`;
const changes = () => h.auth.received.filter((r) => r.method !== 'GET');
const outcomes = async (id: string) =>
  (await h.audit(id)).map((e) => [e.action, e.outcome, e.errorCode] as const);

/** auth blocking as asked, answering the user's record. */
const blocking = (user: ReturnType<typeof authRecord>) => (r: Received) =>
  r.path.endsWith('/block')
    ? { status: 200, body: { user: { ...user, isBlocked: (r.body as { isBlocked: boolean }).isBlocked } } }
    : { status: 404 };

describe('an admin action, as the owning service answers it', () => {
  it('done: one call to auth with the service token, the actor and a key; the row, the read model and a succeeded audit', async () => {
    const target = authRecord();
    await h.known(target);
    h.auth.reply = blocking(target);
    const res = await admin.call('PATCH', blockPath(target.id), { isBlocked: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: target.id, isBlocked: true } });
    const [call] = changes();
    expect(changes()).toHaveLength(1);
    expect(call).toMatchObject({ method: 'PATCH', path: `/internal/auth/users/${target.id}/block` });
    expect(call!.headers[serviceTokenHeader]).toBeTruthy();
    expect(call!.headers[actorHeader]).toBe(admin.id);
    expect(call!.headers[idempotencyKeyHeader]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await h.ctx.directory.findById(target.id))?.isBlocked).toBe(true);
    const [entry] = await h.audit(target.id);
    expect(entry).toMatchObject({
      action: 'user.blocked',
      outcome: 'succeeded',
      actorId: admin.id,
      actorEmail: admin.email,
      targetEmail: target.email,
      before: { isBlocked: false },
      after: { isBlocked: true },
      errorCode: null,
    });
    expect(entry!.requestId).toBeTruthy();
  });

  it('a user neither in the read model nor at auth: 404, nothing changed, nothing audited', async () => {
    const ghost = authRecord();
    h.auth.reply = () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'User not found.' } });
    const res = await admin.call('PATCH', blockPath(ghost.id), { isBlocked: true });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'User not found.' });
    expect(changes()).toEqual([]);
    expect(await h.audit(ghost.id)).toEqual([]);
  });

  it('a user not yet in the read model is read from auth, then acted on', async () => {
    const fresh = authRecord({ name: 'Newcomer' });
    h.auth.reply = (r) => (r.method === 'GET' ? { status: 200, body: { user: fresh } } : blocking(fresh)(r));
    const res = await admin.call('PATCH', blockPath(fresh.id), { isBlocked: true });
    expect(res.status).toBe(200);
    expect(await h.ctx.directory.findById(fresh.id)).toMatchObject({ name: 'Newcomer', isBlocked: true });
    expect(await outcomes(fresh.id)).toEqual([['user.blocked', 'succeeded', null]]);
  });

  it('doing it to oneself: 409 SELF_ACTION, auth never asked, audited as failed', async () => {
    const res = await admin.call('PATCH', blockPath(admin.id), { isBlocked: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'SELF_ACTION',
      message: 'You cannot do this to your own account.',
    });
    expect(changes()).toEqual([]);
    expect(await outcomes(admin.id)).toEqual([['user.blocked', 'failed', 'SELF_ACTION']]);
  });

  it("auth refusing (a 4xx of its own) is passed on as is, audited failed with auth's code", async () => {
    const target = authRecord({ accessLevel: 'admin' });
    await h.known(target);
    h.auth.reply = () => ({
      status: 409,
      body: { code: 'LAST_ADMIN', message: 'The last admin cannot be removed.' },
    });
    const res = await admin.call('PATCH', blockPath(target.id), { isBlocked: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'LAST_ADMIN', message: 'The last admin cannot be removed.' });
    expect(changes()).toHaveLength(1);
    expect(await outcomes(target.id)).toEqual([['user.blocked', 'failed', 'LAST_ADMIN']]);
    expect((await h.ctx.directory.findById(target.id))?.isBlocked).toBe(false);
  });

  it("auth failing every attempt: retried with the same key, then 503 'Nothing was changed', audited failed", async () => {
    const target = authRecord();
    await h.known(target);
    h.auth.reply = () => ({ status: 500, body: { code: 'INTERNAL', message: 'boom' } });
    const res = await admin.call('PATCH', blockPath(target.id), { isBlocked: true });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      message: 'The user service could not do this right now. Nothing was changed.',
    });
    const keys = changes().map((r) => r.headers[idempotencyKeyHeader]);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    expect(await outcomes(target.id)).toEqual([['user.blocked', 'failed', 'SERVICE_UNAVAILABLE']]);
  });

  it("auth never answering: 504 'unknown, check history', audited unknown (never 'failed')", async () => {
    const target = authRecord();
    await h.known(target);
    h.auth.reply = () => 'hang';
    const res = await admin.call('PATCH', blockPath(target.id), { isBlocked: true });
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ code: 'OUTCOME_UNKNOWN' });
    expect(String(res.body.message)).toContain("Check the user's history before trying again.");
    expect(await outcomes(target.id)).toEqual([['user.blocked', 'unknown', 'OUTCOME_UNKNOWN']]);
  });

  it('bad input: 400 naming the field, auth never asked, nothing audited', async () => {
    const target = authRecord();
    await h.known(target);
    h.auth.reply = blocking(target);
    for (const body of [{}, { isBlocked: 'yes' }, { isBlocked: null }, []]) {
      const res = await admin.call('PATCH', blockPath(target.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.call('PATCH', blockPath('not-a-uuid'), { isBlocked: true })).status).toBe(400);
    expect(changes()).toEqual([]);
    expect(await h.audit(target.id)).toEqual([]);
  });
});
