import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestEnv, type AuthTestEnv } from '../../test/auth-test-env';
import { exchangeLikeABrowser, signIn, signUpAndVerify } from '../../test/flows';
import type { TestClient } from '../../test/http-client';

let env: AuthTestEnv;
let marketing: TestClient;

beforeAll(async () => {
  env = await startAuthTestEnv({ MARKETING_HOSTS: 'noek.example', CHAT_HOSTS: 'chat.noek.example' });
  marketing = env.client();
  await signIn(marketing, await signUpAndVerify(env, marketing));
});
afterAll(async () => {
  await env?.close();
});

async function newHandoff(target = '127.0.0.1'): Promise<string> {
  const res = await marketing.post('/api/auth/handoff', { targetHost: target });
  expect(res.status, res.text).toBe(200);
  return res.body.token;
}

describe('cross-domain handoff', () => {
  it('makes a signed 30 s single-use token bound to the target host', async () => {
    const res = await marketing.post('/api/auth/handoff', { targetHost: 'chat.noek.example:443' });
    expect(res.status).toBe(200);
    const claims = jwt.verify(res.body.token, env.keys.publicKey, {
      algorithms: ['ES256'],
    }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ typ: 'handoff', aud: 'chat.noek.example' });
    expect(claims.exp! - claims.iat!).toBe(30);
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('needs a session, and refuses hosts that are not Noek sites', async () => {
    expect((await env.client().post('/api/auth/handoff', { targetHost: '127.0.0.1' })).status).toBe(401);
    expect((await marketing.post('/api/auth/handoff', { targetHost: 'evil.example' })).status).toBe(400);
  });

  it('is exchanged once for a session on this host', async () => {
    const token = await newHandoff();
    // One browser: the page that made the token and the one exchanging it (both hosts are 127.0.0.1
    // here, so one cookie jar plays both).
    const chat = marketing;
    const res = await exchangeLikeABrowser(chat, token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.email).toContain('@example.test');
    expect((await chat.get('/api/auth/me')).status).toBe(200);
    const again = await env.client().post('/api/auth/handoff/exchange', { token });
    expect(again.status).toBe(401);
  });

  it('a token bound by the victim’s browser cannot be confirmed by its maker (login CSRF, second form)', async () => {
    // The attacker (signed in, holding the origin cookie) makes a link; the victim's browser opens it.
    const token = await newHandoff();
    const victim = env.client();
    const bound = await victim.post('/api/auth/handoff/exchange', { token });
    expect(bound.body.confirmUrl).toBeDefined();
    // The attacker confirms it with their own origin cookie (they know the token, not the victim's proof).
    const confirmed = await marketing.get(`/api/auth/handoff/confirm?token=${encodeURIComponent(token)}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).not.toContain('auth_token');
    // The victim opens the link again: still nobody signed in there.
    const again = await victim.post('/api/auth/handoff/exchange', { token });
    expect(again.body.user).toBeUndefined();
    expect((await victim.get('/api/auth/me')).status).toBe(401);
    // Even through the victim's own confirm round trip it is asked, never signed in silently.
    const asked = await exchangeLikeABrowser(victim, token);
    expect(asked.body.user).toBeUndefined();
    expect((await victim.get('/api/auth/me')).status).toBe(401);
  });

  it('a signed-out browser is asked, naming the account, before the link signs it in', async () => {
    // One browser (both hosts are 127.0.0.1 here): it makes the link, then signs out, keeping the
    // handoff cookie, as a browser signed in on one site only would be on the other.
    const browser = env.client();
    await signIn(browser, await signUpAndVerify(env, browser));
    const token = (await browser.post('/api/auth/handoff', { targetHost: '127.0.0.1' })).body.token;
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    const asked = await exchangeLikeABrowser(browser, token);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.switchAccount).toMatchObject({ current: null, next: { email: expect.any(String) } });
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    const yes = await browser.post('/api/auth/handoff/exchange', { token, switchAccount: true });
    expect(yes.status, yes.text).toBe(200);
    expect(yes.body.user.email).toBe(asked.body.switchAccount.next.email);
    expect((await browser.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses an exchange without our own Origin (login CSRF)', async () => {
    const token = await newHandoff();
    const noOrigin = await env.client({ origin: null }).post('/api/auth/handoff/exchange', { token });
    expect(noOrigin.status).toBe(403);
    const foreign = await env
      .client({ origin: 'https://evil.example' })
      .post('/api/auth/handoff/exchange', { token });
    expect(foreign.status).toBe(403);
    // The refused attempts did not burn the token.
    expect((await env.client().post('/api/auth/handoff/exchange', { token })).status).toBe(200);
  });

  it('refuses a token made for another host', async () => {
    const token = await newHandoff('chat.noek.example');
    expect((await env.client().post('/api/auth/handoff/exchange', { token })).status).toBe(401);
  });

  it('refuses a token older than 30 s', async () => {
    const token = await newHandoff();
    const claims = jwt.decode(token) as jwt.JwtPayload;
    const old = jwt.sign(
      { sub: claims.sub, typ: 'handoff', jti: claims.jti, iat: claims.iat! - 31 },
      env.keys.privateKey,
      { algorithm: 'ES256', audience: '127.0.0.1', expiresIn: 30 },
    );
    expect((await env.client().post('/api/auth/handoff/exchange', { token: old })).status).toBe(401);
  });

  it('refuses a tampered or unsigned token', async () => {
    const token = await newHandoff();
    const [h, p] = token.split('.');
    expect((await env.client().post('/api/auth/handoff/exchange', { token: `${h}.${p}.` })).status).toBe(401);
    expect((await env.client().post('/api/auth/handoff/exchange', { token: 'garbage' })).status).toBe(401);
  });

  it('refuses a token made before the user signed out everywhere', async () => {
    const c = env.client();
    const p = await signUpAndVerify(env, c);
    await signIn(c, p);
    const res = await c.post('/api/auth/handoff', { targetHost: '127.0.0.1' });
    await c.post('/api/auth/logout-everywhere');
    expect((await env.client().post('/api/auth/handoff/exchange', { token: res.body.token })).status).toBe(
      401,
    );
  });
});
