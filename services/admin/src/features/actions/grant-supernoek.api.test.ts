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

const grantPath = (id: string) => `/api/admin/users/${id}/grant-supernoek`;

describe('grant SuperNoek', () => {
  it('an expiry that is not in the future is refused (400 on the field) before auth is asked', async () => {
    const target = await h.known();
    for (const expiresAt of [new Date(Date.now() - 60_000).toISOString(), new Date().toISOString()]) {
      const res = await admin.call('POST', grantPath(target.id), { expiresAt, sendEmail: true });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ fields: { 'body.expiresAt': ['The expiry must be in the future'] } });
    }
    expect((await admin.call('POST', grantPath(target.id), { expiresAt: 'tomorrow' })).status).toBe(400);
    expect(h.auth.received).toEqual([]);
    expect(await h.audit(target.id)).toEqual([]);
  });

  it('sends the expiry and the email choice to auth (defaults: permanent, email on); audits the level change', async () => {
    const target = authRecord();
    await h.known(target);
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    h.auth.reply = (r) => {
      const body = r.body as { expiresAt: string | null };
      return {
        status: 200,
        body: { user: { ...target, accessLevel: 'supernoek', supernoekExpiresAt: body.expiresAt } },
      };
    };
    expect((await admin.call('POST', grantPath(target.id), {})).status).toBe(200);
    const res = await admin.call('POST', grantPath(target.id), { expiresAt, sendEmail: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { accessLevel: 'supernoek', supernoekExpiresAt: expiresAt } });
    expect(h.auth.received.map((r) => r.body)).toEqual([
      { expiresAt: null, sendEmail: true },
      { expiresAt, sendEmail: false },
    ]);
    const entries = await h.audit(target.id);
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ['supernoek.granted', 'succeeded'],
      ['supernoek.granted', 'succeeded'],
    ]);
    expect(entries[0]).toMatchObject({
      before: { accessLevel: 'basic', supernoekExpiresAt: null },
      after: { accessLevel: 'supernoek', supernoekExpiresAt: null },
    });
    expect(entries[1]!.after).toEqual({ accessLevel: 'supernoek', supernoekExpiresAt: expiresAt });
  });
});
