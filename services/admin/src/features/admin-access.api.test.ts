import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, routePath } from '@noek/contracts';
import { startAdminStack, type AdminStack, type TestClient } from '../test/admin-stack';
import { rowOf, signInAdmin, signUp, type Member } from '../test/flows';

let stack: AdminStack;
let admin: { c: TestClient; id: string };
let member: Member;

beforeAll(async () => {
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
  member = await signUp(stack, 'access');
  await rowOf(admin.c, member.email);
});
afterAll(async () => {
  await stack?.close();
});

/** Every admin route with a valid body, so only the caller decides the answer. */
function everyRoute(id: string): [string, string, unknown?][] {
  const a = apiRoutes.admin;
  const p = (r: { path: string }) => routePath(r as never, { id });
  return [
    ['GET', a.users.path],
    [
      'PATCH',
      p(a.updateUser),
      { name: 'X', email: 'x@example.test', accessLevel: 'admin', specialFeatures: [] },
    ],
    ['POST', p(a.resetPassword)],
    ['POST', p(a.resetUsage)],
    ['PATCH', p(a.updateUsage), { messageCount: 5 }],
    ['PATCH', p(a.block), { isBlocked: true }],
    ['POST', p(a.ban), { reason: 'x', duration: null }],
    ['POST', p(a.unban)],
    ['POST', p(a.grantSupernoek), { expiresAt: null, sendEmail: false }],
    ['GET', p(a.userAudit)],
    ['GET', a.recentAudit.path],
  ];
}

describe('admin-only', () => {
  it('answers 401 to anonymous callers and 403 to non-admins on every route, changing nothing', async () => {
    const other = await signUp(stack, 'victim');
    const before = await rowOf(admin.c, other.email, (r) => r.emailVerified);
    for (const [method, path, body] of everyRoute(other.id)) {
      expect((await stack.client().request(method, path, body)).status, `anon ${method} ${path}`).toBe(401);
      expect((await member.c.request(method, path, body)).status, `member ${method} ${path}`).toBe(403);
    }
    // Straight to the admin service's port too: the service checks, not only the gateway.
    const direct = await fetch(`${stack.urls.ADMIN_URL}/api/admin/users`, {
      headers: { authorization: `Bearer ${member.c.cookie('noek_access')}` },
    });
    expect(direct.status).toBe(403);
    expect(await rowOf(admin.c, other.email)).toEqual(before);
    expect((await admin.c.get(routePath(apiRoutes.admin.userAudit, { id: other.id }))).body).toEqual([]);
  });

  it('a non-admin sending a bad body still gets 403 (the caller is checked first)', async () => {
    const res = await member.c.request('POST', routePath(apiRoutes.admin.ban, { id: admin.id }), {
      reason: '',
    });
    expect(res.status).toBe(403);
  });

  it('internal routes cannot be called by a client: not through the gateway, not on the service ports', async () => {
    const token = admin.c.cookie('noek_access');
    const bearer = { authorization: `Bearer ${token}` };
    // The gateway routes only /api/*: an internal path never reaches a service (it gets the site's page,
    // or the gateway's own error when the front end is not built, never auth's user list).
    const viaGateway = await admin.c.get('/internal/auth/users');
    expect(viaGateway.text).not.toContain('root@noek.test');
    expect(viaGateway.text).not.toContain('"users"');
    const auth = await fetch(`${stack.urls.AUTH_URL}/internal/auth/users`, { headers: bearer });
    expect(auth.status).toBe(401);
    const forged = await fetch(`${stack.urls.AUTH_URL}/internal/auth/users/${member.id}/ban`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json', 'x-noek-service-token': token! },
      body: JSON.stringify({ reason: 'x', duration: null }),
    });
    expect(forged.status).toBe(401);
    expect((await rowOf(admin.c, member.email)).isBanned).toBe(false);
  });
});

describe('list', () => {
  it('searches name, email and level on the server, pages by 30 with the total, and answers 304 when unchanged', async () => {
    const res = await admin.c.get('/api/admin/users?pageSize=1&page=1');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    const etag = res.headers.get('etag')!;
    const again = await admin.c.get('/api/admin/users?pageSize=1&page=1', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const byLevel = await admin.c.get('/api/admin/users?search=ADMIN');
    expect(byLevel.body.map((u: { email: string }) => u.email)).toContain('root@noek.test');
    const byName = await admin.c.get(
      `/api/admin/users?search=${encodeURIComponent(member.name.toUpperCase())}`,
    );
    expect(byName.body.map((u: { id: string }) => u.id)).toContain(member.id);
    const none = await admin.c.get('/api/admin/users?search=no-such-user-anywhere');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
    expect((await admin.c.get('/api/admin/users?page=0')).status).toBe(400);
    // Pages from the end (read backwards) hold the same rows as the ones from the start.
    const all = (await admin.c.get('/api/admin/users?pageSize=100')).body as { id: string }[];
    for (let p = 1; p <= all.length; p += 1) {
      const one = (await admin.c.get(`/api/admin/users?pageSize=1&page=${p}`)).body as { id: string }[];
      expect(one.map((u) => u.id)).toEqual([all[p - 1]!.id]);
    }
    expect((await admin.c.get(`/api/admin/users?page=${all.length + 1}&pageSize=1`)).body).toEqual([]);
  });
});
