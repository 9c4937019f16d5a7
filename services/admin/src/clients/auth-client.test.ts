import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { actorHeader, idempotencyKeyHeader, serviceTokenHeader } from '@noek/contracts';
import { authRecord, startFakeService, type FakeService } from '../test/admin-alone';
import { createAuthClient } from './auth-client';
import { createServiceTokens } from './service-token';
import { es256KeyPair } from '@noek/service-kit';

const { privateKey, publicKey } = es256KeyPair();
let auth: FakeService;
beforeAll(async () => {
  auth = await startFakeService('auth');
});
afterAll(() => auth?.close());
afterEach(() => {
  auth.received.length = 0;
});

const client = () =>
  createAuthClient({
    baseUrl: auth.url,
    tokens: createServiceTokens(privateKey),
    timeoutMs: 1_000,
    budgetMs: 5_000,
  });

describe("auth's internal user API, as admin calls it", () => {
  it('reads pages of users by the last id, with the service token for auth and no actor', async () => {
    const users = [authRecord(), authRecord()];
    auth.reply = () => ({ status: 200, body: users });
    const after = randomUUID();
    expect(await client().list(after, 500)).toEqual(users);
    expect(await client().list(undefined, 2)).toEqual(users);
    const [withAfter, first] = auth.received;
    expect(withAfter).toMatchObject({ method: 'GET', path: '/internal/auth/users' });
    expect(Object.fromEntries(new URLSearchParams(withAfter!.query))).toEqual({ limit: '500', after });
    expect(Object.fromEntries(new URLSearchParams(first!.query))).toEqual({ limit: '2' });
    expect(withAfter!.headers[actorHeader]).toBeUndefined();
    const claims = jwt.verify(withAfter!.headers[serviceTokenHeader] as string, publicKey) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: 'admin', aud: 'auth' });
  });

  it('each change names the acting admin and carries the action key (the same on a retry)', async () => {
    const user = authRecord({ isBanned: true });
    let n = 0;
    auth.reply = () =>
      ++n === 1
        ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }
        : { status: 200, body: { user } };
    const acting = { actorId: randomUUID(), key: randomUUID() };
    expect(await client().ban(acting, user.id, { reason: 'Spam', duration: 24 })).toEqual(user);
    expect(auth.received).toHaveLength(2);
    for (const r of auth.received) {
      expect(r).toMatchObject({
        method: 'POST',
        path: `/internal/auth/users/${user.id}/ban`,
        body: { reason: 'Spam', duration: 24 },
      });
      expect(r.headers[actorHeader]).toBe(acting.actorId);
      expect(r.headers[idempotencyKeyHeader]).toBe(acting.key);
    }
  });

  it("auth's refusal keeps its code, status and message", async () => {
    auth.reply = () => ({
      status: 409,
      body: { code: 'LAST_ADMIN', message: 'The last admin cannot be removed.' },
    });
    await expect(
      client().block({ actorId: randomUUID(), key: randomUUID() }, randomUUID(), true),
    ).rejects.toMatchObject({
      status: 409,
      code: 'LAST_ADMIN',
      message: 'The last admin cannot be removed.',
    });
    expect(auth.received).toHaveLength(1);
  });

  it("a record that breaks auth's contract is an error, never taken as the user", async () => {
    auth.reply = () => ({ status: 200, body: { user: { id: 'x' } } });
    await expect(client().get(randomUUID())).rejects.toThrow();
  });
});
