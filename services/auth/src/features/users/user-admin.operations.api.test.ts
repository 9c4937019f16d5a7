import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestEnv, type AuthTestEnv } from '../../test/auth-test-env';
import { signIn, signUpAndVerify } from '../../test/flows';
import {
  adminBan,
  adminResetPassword,
  adminSetBlocked,
  adminUnban,
  adminUpdateUser,
} from './user-admin.operations';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await startAuthTestEnv();
});
afterAll(async () => {
  await env?.close();
});

async function signedInUser() {
  const c = env.client();
  const p = await signUpAndVerify(env, c);
  const res = await signIn(c, p);
  return { c, p, id: res.body.user.id as string };
}

describe('admin operations on users', () => {
  it('a level change takes effect at once: the old access token is refused, the browser renews into the new level', async () => {
    const { c, p, id } = await signedInUser();
    const oldAccess = c.cookie('noek_access')!;
    await adminUpdateUser(env.service.ctx, id, {
      name: 'Renamed',
      email: p.email,
      accessLevel: 'premium',
      specialFeatures: ['beta'],
    });
    // The token that carries the old level is refused (every service applies the same sessionsValidAfter).
    const bare = env.client();
    bare.setCookie('noek_access', oldAccess);
    expect((await bare.get('/api/auth/me')).status).toBe(401);
    // The browser's session holds: its refresh cookie renews into a token with the new level.
    const renewed = await c.get('/api/auth/me');
    expect(renewed.status).toBe(200);
    expect(renewed.body.user).toMatchObject({
      name: 'Renamed',
      accessLevel: 'premium',
      specialFeatures: ['beta'],
    });
    expect(c.cookie('noek_access')).not.toBe(oldAccess);
  });

  it('a new password set by an admin ends every session (no renewal)', async () => {
    const { c, p, id } = await signedInUser();
    await adminUpdateUser(env.service.ctx, id, {
      name: 'Renamed',
      email: p.email,
      accessLevel: 'basic',
      specialFeatures: [],
      newPassword: 'a brand new password 1',
    });
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });

  it('a profile edit without level or password keeps the session; a taken email is a 409', async () => {
    const { c, p, id } = await signedInUser();
    const other = await signedInUser();
    await adminUpdateUser(env.service.ctx, id, {
      name: 'Only Name',
      email: p.email,
      accessLevel: 'basic',
      specialFeatures: [],
    });
    expect((await c.get('/api/auth/me')).body.user.name).toBe('Only Name');
    await expect(
      adminUpdateUser(env.service.ctx, id, {
        name: 'x',
        email: other.p.email,
        accessLevel: 'basic',
        specialFeatures: [],
      }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('a password reset answers a strong password, ends sessions, and requires a change at next sign-in', async () => {
    const { c, p, id } = await signedInUser();
    const { newPassword } = await adminResetPassword(env.service.ctx, id);
    expect(newPassword.length).toBeGreaterThanOrEqual(16);
    expect((await c.get('/api/auth/me')).status).toBe(401);
    const res = await signIn(env.client(), { ...p, password: newPassword });
    expect(res.body.user.mustChangePassword).toBe(true);
  });

  it('block ends sessions but sign-in still works; ban refuses sign-in with reason and end; unban lets in', async () => {
    const { c, p, id } = await signedInUser();
    await adminSetBlocked(env.service.ctx, id, true);
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect((await signIn(c, p)).body.user.isBlocked).toBe(true);

    await adminBan(env.service.ctx, id, { reason: 'Abuse', duration: 24 });
    expect((await c.get('/api/auth/me')).status).toBe(401);
    const banned = await env.client().post('/api/auth/login', { email: p.email, password: p.password });
    expect(banned.status).toBe(403);
    expect(banned.body).toMatchObject({ code: 'BANNED', reason: 'Abuse' });
    expect(new Date(banned.body.bannedUntil).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

    await adminUnban(env.service.ctx, id);
    await signIn(env.client(), p);
  });

  it('never zero admins: two admins removing each other at the same moment leave one (20 rounds)', async () => {
    const { ctx } = env.service;
    const { db } = env;
    const removals = [
      (id: string) => adminBan(ctx, id, { reason: 'race', duration: null }),
      (id: string) => adminSetBlocked(ctx, id, true),
      (id: string) =>
        adminUpdateUser(ctx, id, {
          name: 'Demoted',
          email: `${id}@example.test`,
          accessLevel: 'basic',
          specialFeatures: [],
        }),
    ];
    for (let round = 0; round < 20; round++) {
      // Exactly two active admins, each removing the other (ban, block or demote, mixed).
      await db.user.updateMany({ where: { accessLevel: 'admin' }, data: { accessLevel: 'basic' } });
      const [a, b] = await Promise.all(
        [0, 1].map((i) =>
          db.user.create({
            data: {
              name: `Admin ${i}`,
              email: `race-${round}-${i}-${Date.now()}@example.test`,
              passwordHash: 'x',
              accessLevel: 'admin',
            },
          }),
        ),
      );
      const results = await Promise.allSettled([
        removals[round % 3]!(b!.id),
        removals[(round + 1) % 3]!(a!.id),
      ]);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused, `round ${round}`).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'LAST_ADMIN' });
      const active = await db.user.count({
        where: { accessLevel: 'admin', isBlocked: false, isBanned: false },
      });
      expect(active, `round ${round}`).toBe(1);
    }
  });

  it('unknown user ids are a 404', async () => {
    await expect(
      adminSetBlocked(env.service.ctx, '00000000-0000-4000-8000-000000000000', true),
    ).rejects.toMatchObject({ status: 404 });
  });
});
