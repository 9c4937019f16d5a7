import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestEnv, type AuthTestEnv } from '../test/auth-test-env';
import { person, signUpAndVerify } from '../test/flows';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await startAuthTestEnv({ AUTH_RATE_LIMIT_SCALE: '1' });
});
afterAll(async () => {
  await env?.close();
});

/** The gateway sets X-Forwarded-For; auth trusts exactly one hop, so this is the client address. */
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('rate limits (429 with Retry-After)', () => {
  it('login: 10 tries per address and email, without locking the account out for others', async () => {
    const victim = await signUpAndVerify(env, env.client());
    const attacker = env.client();
    for (let i = 0; i < 10; i += 1) {
      const r = await attacker.post(
        '/api/auth/login',
        { email: victim.email, password: `guess-${i}` },
        from('10.0.0.1'),
      );
      expect(r.status).toBe(401);
    }
    const limited = await attacker.post(
      '/api/auth/login',
      { email: victim.email, password: 'guess' },
      from('10.0.0.1'),
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.code).toBe('RATE_LIMITED');
    // Even the right password is refused from that address for now...
    expect(
      (
        await attacker.post(
          '/api/auth/login',
          { email: victim.email, password: victim.password },
          from('10.0.0.1'),
        )
      ).status,
    ).toBe(429);
    // ...but the victim signs in from their own address.
    const own = await env
      .client()
      .post('/api/auth/login', { email: victim.email, password: victim.password }, from('10.0.0.2'));
    expect(own.status).toBe(200);
  });

  it('signup: 10 per hour per address', async () => {
    const c = env.client();
    for (let i = 0; i < 10; i += 1)
      expect((await c.post('/api/auth/signup', person(), from('10.0.1.1'))).status).toBe(201);
    const r = await c.post('/api/auth/signup', person(), from('10.0.1.1'));
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBeTruthy();
  });

  it('reset-password: 20 tries per 15 minutes per address', async () => {
    const c = env.client();
    for (let i = 0; i < 20; i += 1) {
      expect(
        (
          await c.post(
            '/api/auth/reset-password',
            { token: `guess-${i}`, newPassword: 'abcdef' },
            from('10.0.3.1'),
          )
        ).status,
      ).toBe(400);
    }
    const r = await c.post(
      '/api/auth/reset-password',
      { token: 'guess', newPassword: 'abcdef' },
      from('10.0.3.1'),
    );
    expect(r.status).toBe(429);
  });

  it('forgot-password and resend: 5 per hour per address and email', async () => {
    for (const path of ['/api/auth/forgot-password', '/api/resend-verification']) {
      const c = env.client();
      const email = person().email;
      for (let i = 0; i < 5; i += 1)
        expect((await c.post(path, { email }, from('10.0.2.1'))).status).toBe(200);
      const r = await c.post(path, { email }, from('10.0.2.1'));
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBeTruthy();
    }
  });
});
