import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUserListResponseSchema } from '@noek/contracts';
import { startAuthTestEnv, type AuthTestEnv } from '../../test/auth-test-env';
import { signIn, signUpAndVerify } from '../../test/flows';
import type { TestClient } from '../../test/http-client';

let env: AuthTestEnv;
let admin: TestClient;
let adminId: string;
const base = '/internal/auth/users';

beforeAll(async () => {
  env = await startAuthTestEnv({ ADMIN_EMAIL: 'root@noek.test', ADMIN_PASSWORD: 'root-password-1' });
  admin = env.client();
  adminId = (await signIn(admin, { name: 'Root', email: 'root@noek.test', password: 'root-password-1' })).body
    .user.id;
});
afterAll(async () => {
  await env?.close();
});

async function member() {
  const c = env.client();
  const p = await signUpAndVerify(env, c);
  return { c, p, id: (await signIn(c, p)).body.user.id as string };
}

describe('internal admin routes', () => {
  it('refuse anonymous callers (401) and non-admins (403), on every route', async () => {
    const { c, id } = await member();
    const routes: [string, string, unknown?][] = [
      ['GET', base],
      [
        'PATCH',
        `${base}/${id}`,
        { name: 'x', email: 'x@example.test', accessLevel: 'admin', specialFeatures: [] },
      ],
      ['POST', `${base}/${id}/reset-password`],
      ['PATCH', `${base}/${id}/block`, { isBlocked: true }],
      ['POST', `${base}/${id}/ban`, { reason: 'x', duration: null }],
      ['POST', `${base}/${id}/unban`],
    ];
    for (const [method, path, body] of routes) {
      expect((await env.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await c.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await env.db.user.findUniqueOrThrow({ where: { id } })).accessLevel).toBe('basic');
  });

  it('list users in the contract shape; accepts a Bearer token', async () => {
    await member();
    const res = await env
      .client()
      .get(base, { headers: { authorization: `Bearer ${admin.cookie('noek_access')}` } });
    expect(res.status).toBe(200);
    const list = authUserListResponseSchema.parse(res.body);
    expect(list.some((u) => u.email === 'root@noek.test' && u.accessLevel === 'admin')).toBe(true);
  });

  it('edit, block, ban, unban and reset password another user', async () => {
    const { p, id } = await member();
    const edited = await admin.request('PATCH', `${base}/${id}`, {
      name: 'New Name',
      email: p.email,
      accessLevel: 'premium',
      specialFeatures: ['a', ' a ', ''],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.user).toMatchObject({
      name: 'New Name',
      accessLevel: 'premium',
      specialFeatures: ['a'],
    });
    expect(
      (await admin.request('PATCH', `${base}/${id}/block`, { isBlocked: true })).body.user.isBlocked,
    ).toBe(true);
    const banned = await admin.post(`${base}/${id}/ban`, { reason: 'Spam', duration: '24' });
    expect(banned.body.user).toMatchObject({ isBanned: true, banReason: 'Spam' });
    expect((await admin.post(`${base}/${id}/ban`, { reason: '', duration: 0 })).status).toBe(400);
    expect((await admin.post(`${base}/${id}/unban`)).body.user.isBanned).toBe(false);
    const reset = await admin.post(`${base}/${id}/reset-password`);
    expect(reset.status).toBe(200);
    const again = await signIn(env.client(), { ...p, password: reset.body.newPassword });
    expect(again.body.user.mustChangePassword).toBe(true);
  });

  it('an admin cannot ban, block or demote their own account; unknown ids are 404, bad ids 400', async () => {
    expect((await admin.post(`${base}/${adminId}/ban`, { reason: 'oops' })).status).toBe(409);
    expect((await admin.request('PATCH', `${base}/${adminId}/block`, { isBlocked: true })).status).toBe(409);
    const demote = await admin.request('PATCH', `${base}/${adminId}`, {
      name: 'Root',
      email: 'root@noek.test',
      accessLevel: 'basic',
      specialFeatures: [],
    });
    expect(demote.status).toBe(409);
    expect((await admin.post(`${base}/00000000-0000-4000-8000-000000000000/unban`)).status).toBe(404);
    expect((await admin.post(`${base}/not-a-uuid/unban`)).status).toBe(400);
  });

  it('a demoted admin is refused at once', async () => {
    const { c, p, id } = await member();
    await admin.request('PATCH', `${base}/${id}`, {
      name: 'Second',
      email: p.email,
      accessLevel: 'admin',
      specialFeatures: [],
    });
    const second = env.client();
    await signIn(second, p);
    expect((await second.get(base)).status).toBe(200);
    await admin.request('PATCH', `${base}/${id}`, {
      name: 'Second',
      email: p.email,
      accessLevel: 'basic',
      specialFeatures: [],
    });
    expect((await second.get(base)).status).toBe(401);
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });
});
