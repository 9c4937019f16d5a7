import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, routePath, sharingSettingResponseSchema } from '@noek/contracts';
import { startAdminStack, TEST_DATABASE_URL, type AdminStack, type TestClient } from '../../test/admin-stack';
import { signInAdmin, signUp, type Member } from '../../test/flows';

let stack: AdminStack;
let admin: { c: TestClient; id: string };
let member: Member;

beforeAll(async () => {
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
  member = await signUp(stack, 'sharing');
});
afterAll(async () => {
  // The stream outlives this file: leave sharing on as the latest setting for whoever replays it.
  await admin?.c.request('PATCH', apiRoutes.admin.updateSharing.path, { enabled: true });
  await stack?.close();
});

async function auditRows(): Promise<{ setting: string; actorId: string; before: unknown; after: unknown }[]> {
  const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await c.connect();
  try {
    const r = await c.query(
      'SELECT "setting", "actorId", "before", "after" FROM "admin_api_admin"."setting_audit_entries" ORDER BY "id"',
    );
    return r.rows;
  } finally {
    await c.end();
  }
}

const newConversation = async () =>
  (await member.c.post('/api/conversations', { title: 'New Chat', userId: member.id })).body.id as number;

describe('sharing setting', () => {
  it('answers "not set" until an admin sets it, and refuses bad input and non-admins', async () => {
    const res = await admin.c.get(apiRoutes.admin.sharing.path);
    expect(res.status).toBe(200);
    expect(sharingSettingResponseSchema.parse(res.body)).toEqual({
      sharing: { enabled: null, updatedAt: null },
    });
    for (const body of [{}, { enabled: 'no' }, { enabled: null }, { enabled: false, extra: 1 }])
      expect((await admin.c.request('PATCH', apiRoutes.admin.updateSharing.path, body)).status).toBe(400);
    expect(
      (await member.c.request('PATCH', apiRoutes.admin.updateSharing.path, { enabled: false })).status,
    ).toBe(403);
    expect((await member.c.get(apiRoutes.admin.sharing.path)).status).toBe(403);
    expect(await auditRows()).toEqual([]);
  });

  it('turns sharing off with an audit row; chat refuses new links and shared pages at once', async () => {
    const conv = await newConversation();
    const shared = await member.c.post(routePath(apiRoutes.conversations.createShare, { id: conv }), {});
    expect(shared.status, shared.text).toBe(201);
    const viewPath = routePath(apiRoutes.shared.view, { shareId: shared.body.id });
    expect((await member.c.get(viewPath)).status).toBe(200);

    const res = await admin.c.request('PATCH', apiRoutes.admin.updateSharing.path, { enabled: false });
    expect(res.status, res.text).toBe(200);
    const { sharing } = sharingSettingResponseSchema.parse(res.body);
    expect(sharing.enabled).toBe(false);
    expect((await admin.c.get(apiRoutes.admin.sharing.path)).body).toEqual({ sharing });
    expect(await auditRows()).toEqual([
      {
        setting: 'sharing',
        actorId: admin.id,
        before: { enabled: null, updatedAt: null },
        after: sharing,
      },
    ]);

    // chat follows admin.sharing.updated.v1: the user UI hides Share, links are refused.
    await expect
      .poll(async () => (await member.c.get(apiRoutes.conversations.settings.path)).body?.sharingEnabled, {
        timeout: 10_000,
      })
      .toBe(false);
    const refused = await member.c.post(routePath(apiRoutes.conversations.createShare, { id: conv }), {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SHARING_DISABLED' });
    const gone = await member.c.get(viewPath);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: 'SHARING_DISABLED' });

    // On again: the same link opens (it was kept).
    expect(
      (await admin.c.request('PATCH', apiRoutes.admin.updateSharing.path, { enabled: true })).status,
    ).toBe(200);
    await expect.poll(async () => (await member.c.get(viewPath)).status, { timeout: 10_000 }).toBe(200);
  });
});
