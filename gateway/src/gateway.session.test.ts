import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '@noek/service-kit';
import { echo, rawRequest, startGateway, startUpstream } from './test/harness';

type Up = Awaited<ReturnType<typeof startUpstream>>;
const pem = (kind: 'public' | 'private', k: ReturnType<typeof generateKeyPairSync>) =>
  kind === 'public'
    ? k.publicKey.export({ type: 'spki', format: 'pem' }).toString()
    : k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const otherKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const userId = '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f';

let up: Up;
let hits = 0;
let gw: Awaited<ReturnType<typeof startGateway>>;
let open: Awaited<ReturnType<typeof startGateway>>;

beforeAll(async () => {
  up = await startUpstream((req, res) => {
    hits += 1;
    echo(req, res);
  });
  const urls = { AUTH_URL: up.url, CHAT_URL: up.url, BILLING_URL: up.url, ADMIN_URL: up.url };
  gw = await startGateway({ ...urls, AUTH_PUBLIC_KEY: pem('public', keys) });
  open = await startGateway(urls);
});
afterAll(async () => {
  await Promise.all([gw.stop(), open.stop()]);
  await up.close();
});

async function call(base: string, path: string, token?: string, via: 'cookie' | 'bearer' = 'cookie') {
  const before = hits;
  const headers: Record<string, string> = {};
  if (token && via === 'cookie') headers.cookie = `theme=dark; noek_access=${token}`;
  if (token && via === 'bearer') headers.authorization = `Bearer ${token}`;
  const res = await rawRequest(`${base}${path}`, { headers });
  return { status: res.status, body: res.body, reachedUpstream: hits > before };
}

describe('session check at the gateway', () => {
  it('refuses a call to chat, billing or admin without a token before it reaches the service', async () => {
    for (const path of ['/api/conversations', '/api/subscription/status', '/api/admin/users']) {
      const res = await call(gw.url, path);
      expect(res).toMatchObject({ status: 401, reachedUpstream: false });
      expect(JSON.parse(res.body)).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Please sign in to continue.',
      });
    }
  });

  it('lets a shared conversation through without a token (the service checks the link)', async () => {
    expect(await call(gw.url, '/api/shared/AAAAAAAAAAAAAAAAAAAAAA')).toMatchObject({
      status: 200,
      reachedUpstream: true,
    });
    // Only below the prefix: a look-alike path is still refused.
    expect(await call(gw.url, '/api/sharedx')).toMatchObject({ reachedUpstream: false });
  });

  it('passes a valid token, from the cookie or a Bearer header', async () => {
    const token = signAccessToken({ userId, accessLevel: 'basic' }, pem('private', keys));
    expect(await call(gw.url, '/api/conversations', token)).toMatchObject({
      status: 200,
      reachedUpstream: true,
    });
    expect(await call(gw.url, '/api/conversations', token, 'bearer')).toMatchObject({
      status: 200,
      reachedUpstream: true,
    });
  });

  it('refuses expired, tampered, foreign-key and alg:none tokens', async () => {
    const expired = signAccessToken({ userId, accessLevel: 'basic' }, pem('private', keys), -60);
    const valid = signAccessToken({ userId, accessLevel: 'basic' }, pem('private', keys));
    const [h, p, sig] = valid.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, lvl: 'admin' })).toString('base64url')}.${sig}`;
    const foreign = signAccessToken({ userId, accessLevel: 'admin' }, pem('private', otherKeys));
    const none = jwt.sign({ sub: userId, lvl: 'admin', typ: 'access' }, '', { algorithm: 'none' });
    for (const token of [expired, tampered, foreign, none]) {
      const res = await call(gw.url, '/api/admin/users', token);
      expect(res).toMatchObject({ status: 401, reachedUpstream: false });
      expect(JSON.parse(res.body).message).toBe('Your session has ended. Please sign in again.');
    }
  });

  it('leaves auth routes and the signed payment webhook to their services', async () => {
    expect(await call(gw.url, '/api/auth/me')).toMatchObject({ status: 200, reachedUpstream: true });
    expect(await call(gw.url, '/api/verify-email?token=x')).toMatchObject({
      status: 200,
      reachedUpstream: true,
    });
    const webhook = await rawRequest(`${gw.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).toBe(200);
  });

  it('leaves every check to the services when no public key is configured', async () => {
    expect(await call(open.url, '/api/conversations')).toMatchObject({ status: 200, reachedUpstream: true });
  });
});
