import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '@noek/service-kit';
import { startAuthTestEnv, type AuthTestEnv } from '../../test/auth-test-env';
import { ensureFirstAdmin } from './ensure-first-admin';
import { signIn } from '../../test/flows';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await startAuthTestEnv({ ADMIN_EMAIL: 'Boss@Noek.Test', ADMIN_PASSWORD: 'admin-password-1' });
});
afterAll(async () => {
  await env?.close();
});

describe('first admin', () => {
  it('is created at start from ADMIN_EMAIL/ADMIN_PASSWORD, verified, and can sign in', async () => {
    const c = env.client();
    const res = await signIn(c, { name: 'x', email: 'boss@noek.test', password: 'admin-password-1' });
    expect(res.body.user.accessLevel).toBe('admin');
    // The access token is what the gateway and other services verify with service-kit.
    const user = verifyAccessToken(c.cookie('noek_access')!, env.keys.publicKey);
    expect(user).toMatchObject({ id: res.body.user.id, accessLevel: 'admin' });
  });

  it('is not made again when an admin exists, even concurrently', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        ensureFirstAdmin(env.service.ctx.transaction, {
          email: `other${i}@noek.test`,
          password: 'another-pass',
          name: 'Other',
        }),
      ),
    );
    expect(outcomes).toEqual(Array(5).fill('exists'));
    expect(await env.db.user.count({ where: { accessLevel: 'admin' } })).toBe(1);
  });

  it('on an empty database, concurrent starts make exactly one admin; a squatter on the address loses the account', async () => {
    await env.db.user.deleteMany({});
    await env
      .client()
      .post('/api/auth/signup', { name: 'Squatter', email: 'root@noek.test', password: 'squatter-pw' });
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        ensureFirstAdmin(env.service.ctx.transaction, {
          email: 'root@noek.test',
          password: 'the-real-admin',
          name: 'Root',
        }),
      ),
    );
    expect(outcomes.filter((o) => o === 'promoted')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'exists')).toHaveLength(4);
    expect(
      (await env.client().post('/api/auth/login', { email: 'root@noek.test', password: 'squatter-pw' }))
        .status,
    ).toBe(401);
    await signIn(env.client(), { name: 'Root', email: 'root@noek.test', password: 'the-real-admin' });
  });
});
