import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestEnv, type AuthTestEnv } from '../test/auth-test-env';
import { signIn, signUpAndVerify } from '../test/flows';
import type { TestClient } from '../test/http-client';

let env: AuthTestEnv;
let signedIn: TestClient;
beforeAll(async () => {
  env = await startAuthTestEnv();
  signedIn = env.client();
  await signIn(signedIn, await signUpAndVerify(env, signedIn));
});
afterAll(async () => {
  await env?.close();
});

const bodyRoutes = [
  '/api/auth/signup',
  '/api/auth/login',
  '/api/resend-verification',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/change-password',
  '/api/auth/handoff',
  '/api/auth/handoff/exchange',
];

const badBodies: [string, { rawBody?: string; headers?: Record<string, string> }][] = [
  ['no body', {}],
  ['empty JSON object', { rawBody: '{}', headers: { 'content-type': 'application/json' } }],
  ['malformed JSON', { rawBody: '{"email":', headers: { 'content-type': 'application/json' } }],
  ['JSON null', { rawBody: 'null', headers: { 'content-type': 'application/json' } }],
  ['an array', { rawBody: '[1,2]', headers: { 'content-type': 'application/json' } }],
  [
    'wrong types',
    {
      rawBody:
        '{"email":42,"password":[],"name":{},"token":1,"newPassword":true,"currentPassword":null,"targetHost":7}',
      headers: { 'content-type': 'application/json' },
    },
  ],
  ['text/plain form post', { rawBody: 'email=a@b.co&password=x', headers: { 'content-type': 'text/plain' } }],
  [
    'oversized',
    {
      rawBody: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    },
  ],
];

describe('bad input answers 4xx on every route, and the service stays up', () => {
  for (const path of bodyRoutes) {
    for (const [label, extra] of badBodies) {
      it(`${path}: ${label}`, async () => {
        const res = await signedIn.request('POST', path, undefined, extra);
        expect(res.status, res.text).toBeGreaterThanOrEqual(400);
        expect(res.status, res.text).toBeLessThan(500);
        expect(res.body?.message).toEqual(expect.any(String));
      });
    }
  }

  it('verify-email with a missing, empty, repeated or huge token', async () => {
    for (const q of ['', '?token=', '?token=a&token=b', `?token=${'a'.repeat(5000)}`]) {
      const res = await env.client().get(`/api/verify-email${q}`);
      expect(res.status, q).toBeGreaterThanOrEqual(400);
      expect(res.status, q).toBeLessThan(500);
    }
  });

  it('bodies on body-less routes and garbage cookies do no harm', async () => {
    const c = env.client();
    c.setCookie('noek_access', 'garbage%');
    c.setCookie('noek_refresh', '%%%', '/api/auth');
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect((await c.post('/api/auth/refresh', { x: 1 })).status).toBe(401);
    expect((await c.post('/api/auth/logout', 'junk')).status).toBe(400); // strict JSON: a bare string is refused
    expect((await c.post('/api/auth/logout', { any: 'thing' })).status).toBe(200);
    expect((await env.client().get('/healthz')).status).toBe(200);
  });

  it('an unknown email format or an over-long name is a 400 naming the field', async () => {
    const res = await env
      .client()
      .post('/api/auth/signup', { name: 'x'.repeat(500), email: 'not-an-email', password: 'longenough' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['body.name', 'body.email']));
  });
});
