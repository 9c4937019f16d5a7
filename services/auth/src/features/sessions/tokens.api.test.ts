import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionsIntrospection } from '@noek/service-kit';
import { startAuthTestEnv, type AuthTestEnv } from '../../test/auth-test-env';
import { signIn, signUpAndVerify, type Person } from '../../test/flows';
import { generateSigningKeys } from '../../crypto/keys';
import type { TestClient } from '../../test/http-client';

let env: AuthTestEnv;
let p: Person;
let signedIn: TestClient;
let userId: string;

beforeAll(async () => {
  env = await startAuthTestEnv();
  signedIn = env.client();
  p = await signUpAndVerify(env, signedIn);
  const res = await signIn(signedIn, p);
  userId = res.body.user.id;
});
afterAll(async () => {
  await env?.close();
});

function b64(o: object): string {
  return Buffer.from(JSON.stringify(o)).toString('base64url');
}

/** A client holding only the given access token (no refresh cookie to fall back on). */
async function meWith(access: string) {
  const c = env.client();
  c.setCookie('noek_access', access);
  return c.get('/api/auth/me');
}

describe('access tokens', () => {
  it('is an ES256 JWT with sub, lvl, typ, iat, jti and a ~15 min expiry', () => {
    const token = signedIn.cookie('noek_access')!;
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header.alg).toBe('ES256');
    const c = decoded.payload as Record<string, unknown>;
    expect(c).toMatchObject({ sub: userId, lvl: 'basic', typ: 'access' });
    expect(typeof c.jti).toBe('string');
    expect((c.exp as number) - (c.iat as number)).toBe(900);
    expect(jwt.verify(token, env.keys.publicKey, { algorithms: ['ES256'] })).toBeTruthy();
  });

  it('refuses a tampered token', async () => {
    const [h, , s] = signedIn.cookie('noek_access')!.split('.');
    const forged = `${h}.${b64({ sub: userId, lvl: 'admin', typ: 'access', iat: Math.floor(Date.now() / 1000) + 5, jti: 'x', exp: 9_999_999_999 })}.${s}`;
    expect((await meWith(forged)).status).toBe(401);
  });

  it('refuses alg none', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: userId, lvl: 'admin', typ: 'access', iat: Math.floor(Date.now() / 1000) + 5, jti: 'x' })}.`;
    expect((await meWith(none)).status).toBe(401);
  });

  it('refuses an HS256 token signed with the public key (key confusion)', async () => {
    const confused = jwt.sign({ sub: userId, lvl: 'admin', typ: 'access', jti: 'x' }, env.keys.publicKey, {
      algorithm: 'HS256',
    });
    expect((await meWith(confused)).status).toBe(401);
  });

  it('refuses a token signed by another key', async () => {
    const other = generateSigningKeys();
    const token = jwt.sign(
      { sub: userId, lvl: 'basic', typ: 'access', jti: 'x', iat: Math.floor(Date.now() / 1000) + 5 },
      other.privateKey,
      { algorithm: 'ES256', expiresIn: 900 },
    );
    expect((await meWith(token)).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = jwt.sign(
      { sub: userId, lvl: 'basic', typ: 'access', jti: 'x', iat: now - 1000, exp: now - 10 },
      env.keys.privateKey,
      { algorithm: 'ES256' },
    );
    expect((await meWith(token)).status).toBe(401);
  });

  it('refuses a handoff token as a session', async () => {
    const res = await signedIn.post('/api/auth/handoff', { targetHost: '127.0.0.1' });
    expect(res.status).toBe(200);
    expect((await meWith(res.body.token)).status).toBe(401);
  });

  it('refuses a session token as a handoff token', async () => {
    const res = await env
      .client()
      .post('/api/auth/handoff/exchange', { token: signedIn.cookie('noek_access')! });
    expect(res.status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate on refresh; a replaced token presented again later revokes the family', async () => {
    const c = env.client();
    await signIn(c, p);
    const first = c.cookie('noek_refresh')!;
    const r1 = await c.post('/api/auth/refresh');
    expect(r1.status).toBe(200);
    const second = c.cookie('noek_refresh')!;
    expect(second).not.toBe(first);
    expect(r1.body.user.id).toBe(userId);

    // The stolen first token comes back after the grace period.
    await env.db.session.updateMany({
      where: { replacedAt: { not: null } },
      data: { replacedAt: new Date(Date.now() - 60_000) },
    });
    const thief = env.client();
    thief.setCookie('noek_refresh', first, '/api/auth');
    expect((await thief.post('/api/auth/refresh')).status).toBe(401);
    // ...and the whole family, including the legitimate newer token, is over.
    const legit = env.client();
    legit.setCookie('noek_refresh', second, '/api/auth');
    expect((await legit.post('/api/auth/refresh')).status).toBe(401);
  });

  it('two tabs refreshing at once both stay signed in (grace period)', async () => {
    const c = env.client();
    await signIn(c, p);
    const token = c.cookie('noek_refresh')!;
    const browser = c.cookie('noek_browser')!;
    // Two tabs of one browser: the same cookie jar (refresh token and browser cookie).
    const tabs = [env.client(), env.client()];
    for (const t of tabs) {
      t.setCookie('noek_refresh', token, '/api/auth');
      t.setCookie('noek_browser', browser, '/api/auth');
    }
    const answers = await Promise.all(tabs.map((t) => t.post('/api/auth/refresh')));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
  });

  it('/me renews an expired access token from the refresh cookie', async () => {
    const c = env.client();
    await signIn(c, p);
    c.jar.delete('noek_access');
    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(c.cookie('noek_access')).toBeTruthy();
  });

  it('old sessions are pruned at sign-in: expired and long-revoked rows go, replaced ones stay', async () => {
    const c = env.client();
    const q = await signUpAndVerify(env, c);
    const id = (await signIn(c, q)).body.user.id as string;
    await c.post('/api/auth/refresh'); // one replaced row + one live
    const long = new Date(Date.now() - 2 * 86_400_000);
    await env.db.session.create({
      data: { userId: id, familyId: crypto.randomUUID(), refreshHash: 'expired-x', expiresAt: long },
    });
    await env.db.session.create({
      data: {
        userId: id,
        familyId: crypto.randomUUID(),
        refreshHash: 'revoked-x',
        expiresAt: new Date(Date.now() + 86_400_000),
        revokedAt: long,
      },
    });
    await signIn(env.client(), q);
    const left = await env.db.session.findMany({ where: { userId: id } });
    expect(left.map((r) => r.refreshHash)).not.toEqual(expect.arrayContaining(['expired-x']));
    expect(left.some((r) => r.refreshHash === 'revoked-x')).toBe(false);
    expect(left.filter((r) => r.replacedAt !== null)).toHaveLength(1);
    expect(left).toHaveLength(3);
  });

  it('without a refresh cookie, refresh answers 401', async () => {
    expect((await env.client().post('/api/auth/refresh')).status).toBe(401);
  });
});

describe('revocation', () => {
  it('logout ends the access token and the refresh token at once', async () => {
    const c = env.client();
    await signIn(c, p);
    const access = c.cookie('noek_access')!;
    const refresh = c.cookie('noek_refresh')!;
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect(c.cookie('noek_access')).toBeUndefined();
    expect((await meWith(access)).status).toBe(401);
    const r = env.client();
    r.setCookie('noek_refresh', refresh, '/api/auth');
    expect((await r.post('/api/auth/refresh')).status).toBe(401);
    // Signing in again right after works (same second as the revocation).
    await signIn(c, p);
    expect((await c.get('/api/auth/me')).status).toBe(200);
  });

  it('logout without a session still answers 200', async () => {
    expect((await env.client().post('/api/auth/logout')).status).toBe(200);
  });

  it('introspection of many tokens answers each in order, as auth would one by one (the stale-feed sweep)', async () => {
    const [out, everywhere, live] = [env.client(), env.client(), env.client()];
    const q = await signUpAndVerify(env, everywhere);
    for (const [c, who] of [
      [out, p],
      [everywhere, q],
      [live, p],
    ] as const)
      await signIn(c, who);
    const tokens = [out, everywhere, live].map((c) => c.cookie('noek_access')!);
    expect((await out.post('/api/auth/logout')).status).toBe(200);
    expect((await everywhere.post('/api/auth/logout-everywhere')).status).toBe(200);
    const [h, payload] = tokens[2]!.split('.');
    const forged = `${h}.${payload}.${b64({ not: 'a signature' })}`;
    const verdicts = await createSessionsIntrospection({ authUrl: env.url, timeoutMs: 10_000 })([
      ...tokens,
      forged,
    ]);
    expect(verdicts.map((v) => v && { active: v.active, ended: v.ended })).toEqual([
      { active: false, ended: 'session' },
      { active: false, ended: 'user' },
      { active: true, ended: null },
      { active: false, ended: 'token' },
    ]);
    expect(verdicts[1]!.sessionsValidAfter).not.toBeNull();
  });

  it('a ban ends the session at once', async () => {
    const c = env.client();
    const q = await signUpAndVerify(env, c);
    await signIn(c, q);
    await env.db.user.update({ where: { email: q.email }, data: { isBanned: true, banReason: 'x' } });
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });
});
