import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUpdateUserRequest } from '@noek/contracts';
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

const edit = (over: Partial<AdminUpdateUserRequest> = {}): AdminUpdateUserRequest => ({
  name: 'Root',
  email: admin.email,
  accessLevel: 'admin',
  specialFeatures: [],
  ...over,
});
/** auth taking the edit as asked. */
const applying = (base: ReturnType<typeof authRecord>) => (r: Received) => ({
  status: 200,
  body: { user: { ...base, ...(r.body as object), newPassword: undefined } },
});

describe('edit user', () => {
  it('an admin may edit their own name while staying admin, but not demote themselves (409)', async () => {
    const self = authRecord({ id: admin.id, email: admin.email, accessLevel: 'admin', name: 'Root' });
    h.auth.reply = applying(self);
    const renamed = await admin.call('PATCH', `/api/admin/users/${admin.id}`, edit({ name: 'Root Two' }));
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ user: { name: 'Root Two', accessLevel: 'admin' } });
    const demoted = await admin.call('PATCH', `/api/admin/users/${admin.id}`, edit({ accessLevel: 'basic' }));
    expect(demoted.status).toBe(409);
    expect(demoted.body).toMatchObject({ code: 'SELF_ACTION' });
    expect(h.auth.received.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect((await h.audit(admin.id)).map((e) => [e.outcome, e.errorCode])).toEqual([
      ['succeeded', null],
      ['failed', 'SELF_ACTION'],
    ]);
  });

  it('audits the fields it is about (name, email, level, features), never the new password', async () => {
    const target = authRecord({ name: 'Before' });
    await h.known(target);
    h.auth.reply = applying(target);
    const body = edit({
      name: 'After',
      email: target.email,
      accessLevel: 'premium',
      specialFeatures: ['beta'],
      newPassword: 'a brand new password',
    });
    expect((await admin.call('PATCH', `/api/admin/users/${target.id}`, body)).status).toBe(200);
    const [entry] = await h.audit(target.id);
    expect(entry).toMatchObject({
      before: { name: 'Before', accessLevel: 'basic', specialFeatures: [] },
      after: { name: 'After', accessLevel: 'premium', specialFeatures: ['beta'] },
    });
    expect(JSON.stringify([entry!.before, entry!.after])).not.toContain('a brand new password');
  });

  it("auth's field error (a taken email) reads the same from the admin API, audited failed", async () => {
    const target = authRecord();
    await h.known(target);
    h.auth.reply = () => ({
      status: 409,
      body: { code: 'EMAIL_TAKEN', message: 'This email is already in use.', fields: { email: ['taken'] } },
    });
    const res = await admin.call(
      'PATCH',
      `/api/admin/users/${target.id}`,
      edit({ email: 'taken@example.test' }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', message: 'This email is already in use.' });
    expect((await h.audit(target.id)).map((e) => [e.outcome, e.errorCode])).toEqual([
      ['failed', 'EMAIL_TAKEN'],
    ]);
  });

  it('each bad field is a 400 naming it, auth not asked', async () => {
    const target = await h.known();
    const before = h.auth.received.length;
    for (const body of [
      edit({ name: '' }),
      edit({ email: 'not-an-email' }),
      edit({ accessLevel: 'owner' as never }),
      edit({ specialFeatures: 'beta' as never }),
      edit({ newPassword: 'short' }),
    ]) {
      const res = await admin.call('PATCH', `/api/admin/users/${target.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((res.body as { fields?: object }).fields ?? {})).not.toEqual([]);
    }
    expect(h.auth.received.length).toBe(before);
  });
});
