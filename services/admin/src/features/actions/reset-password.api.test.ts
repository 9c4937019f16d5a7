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

const resetPath = (id: string) => `/api/admin/users/${id}/reset-password`;

describe('reset password', () => {
  it('answers the generated password once; the audit holds the must-change flag, never the password', async () => {
    const target = authRecord();
    await h.known(target);
    h.auth.reply = (r) =>
      r.method === 'POST'
        ? { status: 200, body: { newPassword: 'Generated-Pass-123' } }
        : { status: 200, body: { user: { ...target, mustChangePassword: true } } };
    const res = await admin.call('POST', resetPath(target.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newPassword: 'Generated-Pass-123' });
    expect((await h.ctx.directory.findById(target.id))?.mustChangePassword).toBe(true);
    const [entry] = await h.audit(target.id);
    expect(entry).toMatchObject({
      action: 'user.password-reset',
      outcome: 'succeeded',
      before: { mustChangePassword: false },
      after: { mustChangePassword: true },
    });
    const audited = (await h.audit(target.id)).map((e) => [e.before, e.after, e.errorCode]);
    expect(JSON.stringify(audited)).not.toContain('Generated-Pass-123');
  });

  it('the password is set: a failed re-read of the user afterwards still answers it (logged, audited done)', async () => {
    const target = authRecord();
    await h.known(target);
    h.auth.reply = (r) =>
      r.method === 'POST'
        ? { status: 200, body: { newPassword: 'Another-Pass-456' } }
        : { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down' } };
    const res = await admin.call('POST', resetPath(target.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newPassword: 'Another-Pass-456' });
    const [entry] = await h.audit(target.id);
    expect(entry).toMatchObject({ outcome: 'succeeded', after: { mustChangePassword: false } });
    expect(h.lines().some((l) => l.msg === 'user not re-read after a password reset')).toBe(true);
  });
});
