import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRecord, startAdminAlone, type AdminAlone } from '../../test/admin-alone';

let h: AdminAlone;
beforeAll(async () => {
  h = await startAdminAlone();
  h.auth.reply = () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'User not found.' } });
});
afterAll(async () => {
  await h?.close();
});

const HOUR = 3_600_000;
const recentAudit = '/api/admin/audit';

describe('who may use the admin API, decided now from the read model', () => {
  it('an admin may; a signed-out caller gets 401', async () => {
    const admin = await h.admin();
    expect((await admin.call('GET', recentAudit)).status).toBe(200);
    expect((await fetch(`${h.url}${recentAudit}`)).status).toBe(401);
  });

  it('a token saying admin is not enough: the read model says basic, so 403', async () => {
    const row = await h.known({ accessLevel: 'basic' });
    const res = await h.caller(row.id, { level: 'admin' }).call('GET', recentAudit);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a blocked or banned admin is refused at once (403); a timed ban that ended lets them back', async () => {
    const blocked = await h.admin({ isBlocked: true });
    expect((await blocked.call('GET', recentAudit)).status).toBe(403);
    const banned = await h.admin({ isBanned: true, banReason: 'x', bannedUntil: null });
    expect((await banned.call('GET', recentAudit)).status).toBe(403);
    const timed = await h.admin({
      isBanned: true,
      banReason: 'cool off',
      bannedUntil: new Date(Date.now() + HOUR).toISOString(),
    });
    expect((await timed.call('GET', recentAudit)).status).toBe(403);
    h.advance(HOUR + 60_000);
    expect((await timed.call('GET', recentAudit)).status).toBe(200);
  });

  it('a token issued before the sessions were ended (sign out everywhere, a ban) is 401', async () => {
    const row = await h.known({
      accessLevel: 'admin',
      sessionsValidAfter: new Date(Date.now() + 60_000).toISOString(),
    });
    const res = await h.caller(row.id).call('GET', recentAudit);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'Your session has ended. Please sign in again.' });
    const later = h.caller(row.id, { issuedAt: new Date(Date.now() + 120_000) });
    expect((await later.call('GET', recentAudit)).status).toBe(200);
  });

  it('an admin the read model has not seen yet is read from auth (and kept)', async () => {
    const fresh = authRecord({ accessLevel: 'admin' });
    h.auth.reply = (r) =>
      r.path === `/internal/auth/users/${fresh.id}`
        ? { status: 200, body: { user: fresh } }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'User not found.' } };
    expect((await h.caller(fresh.id).call('GET', recentAudit)).status).toBe(200);
    expect(await h.ctx.directory.findById(fresh.id)).toMatchObject({ accessLevel: 'admin' });
  });

  it('a valid token of a user auth no longer has is treated as signed out (401)', async () => {
    const res = await h.caller(randomUUID()).call('GET', recentAudit);
    expect(res.status).toBe(401);
  });

  it('with auth unreachable, an unknown caller gets a 503, never access', async () => {
    h.auth.reply = () => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down' } });
    const res = await h.caller(randomUUID()).call('GET', recentAudit);
    expect(res.status).toBe(503);
  });
});
