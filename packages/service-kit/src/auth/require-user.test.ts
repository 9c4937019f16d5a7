import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../http/create-service-app';
import type { RunningHttpServer } from '../http/http-server';
import { listenForTest } from '../testing/http';
import { captureLogger } from '../testing/log-capture';
import { publicKeyObject, signAccessToken, verifyAccessToken } from './access-token';
import { requireUser } from './require-user';

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const keys = pem();
const otherKeys = pem();
const revokedUsers = new Set<string>();

let running: RunningHttpServer;
beforeAll(async () => {
  const auth = requireUser({ publicKey: keys.publicKey, isRevoked: (u) => revokedUsers.has(u.id) });
  const app = createServiceApp({
    name: 'auth-test',
    logger: captureLogger().logger,
    routes: (a) => {
      a.get('/me', auth, (req, res) => res.json(req.user));
    },
  });
  running = await listenForTest(app);
});
afterAll(() => running.close(100));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${running.url}${path}`, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const token = (over: Partial<Parameters<typeof signAccessToken>[0]> = {}) =>
  signAccessToken({ userId: 'u1', accessLevel: 'basic', sessionId: 's1', ...over }, keys.privateKey);

describe('verifyAccessToken', () => {
  it('returns the user from a valid token', () => {
    const user = verifyAccessToken(token(), keys.publicKey);
    expect(user).toMatchObject({ id: 'u1', accessLevel: 'basic', sessionId: 's1' });
    expect(Math.abs(user.issuedAt.getTime() - Date.now())).toBeLessThan(5_000);
  });
  it('parses each public key once and still refuses a token signed by another key', () => {
    expect(publicKeyObject(keys.publicKey)).toBe(publicKeyObject(keys.publicKey));
    expect(typeof publicKeyObject(keys.publicKey)).toBe('object');
    expect(() => verifyAccessToken(token(), otherKeys.publicKey)).toThrow();
    expect(verifyAccessToken(token(), keys.publicKey).id).toBe('u1');
  });
  it('refuses every token when the configured key is not a public key', () => {
    expect(publicKeyObject('not a pem')).toBe('not a pem');
    expect(() => verifyAccessToken(token(), 'not a pem')).toThrow();
  });
});

describe('requireUser', () => {
  it('accepts the noek_access cookie and a bearer header', async () => {
    const viaCookie = await get('/me', { cookie: `other=1; noek_access=${token()}` });
    expect(viaCookie.status).toBe(200);
    expect(await viaCookie.json()).toMatchObject({ id: 'u1', accessLevel: 'basic' });
    expect((await get('/me', bearer(token()))).status).toBe(200);
  });

  const refused: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    ['garbage', () => bearer('not.a.jwt')],
    [
      'alg none',
      () => bearer(jwt.sign({ sub: 'u1', lvl: 'admin', typ: 'access' }, '', { algorithm: 'none' })),
    ],
    [
      'HS256 with the public key as secret',
      () =>
        bearer(
          jwt.sign({ sub: 'u1', lvl: 'admin', typ: 'access' }, Buffer.from(keys.publicKey), {
            algorithm: 'HS256',
          }),
        ),
    ],
    [
      'another key',
      () => bearer(signAccessToken({ userId: 'u1', accessLevel: 'admin' }, otherKeys.privateKey)),
    ],
    [
      'expired',
      () =>
        bearer(
          jwt.sign({ sub: 'u1', lvl: 'basic', typ: 'access', iat: 1_000, exp: 2_000 }, keys.privateKey, {
            algorithm: 'ES256',
          }),
        ),
    ],
    [
      'a handoff token',
      () =>
        bearer(
          jwt.sign({ sub: 'u1', lvl: 'basic', typ: 'handoff' }, keys.privateKey, {
            algorithm: 'ES256',
            expiresIn: 30,
          }),
        ),
    ],
    [
      'an unknown level',
      () =>
        bearer(
          jwt.sign({ sub: 'u1', lvl: 'root', typ: 'access' }, keys.privateKey, {
            algorithm: 'ES256',
            expiresIn: 30,
          }),
        ),
    ],
    [
      'a tampered payload',
      () => {
        const [h, , s] = token().split('.');
        const forged = Buffer.from(
          JSON.stringify({ sub: 'u1', lvl: 'admin', typ: 'access', iat: 1, exp: 9e9 }),
        ).toString('base64url');
        return bearer(`${h}.${forged}.${s}`);
      },
    ],
  ];
  it.each(refused)('refuses %s with 401 UNAUTHENTICATED', async (_name, headers) => {
    const res = await get('/me', headers());
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('UNAUTHENTICATED');
  });

  it('refuses a revoked session', async () => {
    revokedUsers.add('u-revoked');
    const res = await get('/me', bearer(token({ userId: 'u-revoked' })));
    expect(res.status).toBe(401);
  });
});
