import { generateKeyPairSync, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actorHeader,
  authUserListResponseSchema,
  idempotencyKeyHeader,
  serviceTokenHeader,
} from '@noek/contracts';
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

function serviceToken(opts: { key?: string; aud?: string; typ?: string } = {}): string {
  return jwt.sign({ typ: opts.typ ?? 'service' }, opts.key ?? env.keys.privateKey, {
    algorithm: 'ES256',
    subject: 'admin',
    audience: opts.aud ?? 'auth',
    expiresIn: 60,
  });
}

/** A call as the admin service makes it: service token, acting admin. */
function svc(
  method: string,
  path: string,
  body?: unknown,
  actor: string | null = adminId,
  token = serviceToken(),
) {
  const headers: Record<string, string> = { [serviceTokenHeader]: token };
  if (actor) headers[actorHeader] = actor;
  return env.client({ origin: null }).request(method, path, body, { headers });
}

async function updatesOf(userId: string): Promise<number> {
  const events = await env.db.outboxEvent.findMany({ where: { subject: 'auth.user.updated.v1' } });
  return events.filter((e) => (e.payload as { data: { userId: string } }).data.userId === userId).length;
}

async function member() {
  const c = env.client();
  const p = await signUpAndVerify(env, c);
  return { c, p, id: (await signIn(c, p)).body.user.id as string };
}

describe('internal admin routes', () => {
  it('refuse anything but the admin service token (401): nothing, a session, wrong audience, wrong key, wrong typ', async () => {
    const { id } = await member();
    const other = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    const bad = [
      serviceToken({ aud: 'chat' }),
      serviceToken({ key: other }),
      serviceToken({ typ: 'access' }),
      admin.cookie('noek_access')!,
    ];
    expect((await admin.get(base)).status).toBe(401);
    for (const token of bad) {
      expect(
        (await svc('POST', `${base}/${id}/ban`, { reason: 'x', duration: null }, adminId, token)).status,
      ).toBe(401);
    }
    expect((await env.db.user.findUniqueOrThrow({ where: { id } })).isBanned).toBe(false);
  });

  it('list users in keyset pages in the contract shape', async () => {
    await member();
    const res = await svc('GET', `${base}?limit=1`, undefined, null);
    expect(res.status).toBe(200);
    const [first] = authUserListResponseSchema.parse(res.body);
    const next = authUserListResponseSchema.parse(
      (await svc('GET', `${base}?limit=1&after=${first!.id}`, undefined, null)).body,
    );
    expect(next[0]!.id > first!.id).toBe(true);
  });

  it('edit, block, ban, unban and reset password another user', async () => {
    const { p, id } = await member();
    const edited = await svc('PATCH', `${base}/${id}`, {
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
    expect((await svc('PATCH', `${base}/${id}/block`, { isBlocked: true })).body.user.isBlocked).toBe(true);
    const banned = await svc('POST', `${base}/${id}/ban`, { reason: 'Spam', duration: '24' });
    expect(banned.body.user).toMatchObject({ isBanned: true, banReason: 'Spam' });
    expect((await svc('POST', `${base}/${id}/ban`, { reason: '', duration: 0 })).status).toBe(400);
    expect((await svc('POST', `${base}/${id}/unban`)).body.user.isBanned).toBe(false);
    const reset = await svc('POST', `${base}/${id}/reset-password`);
    expect(reset.status).toBe(200);
    const again = await signIn(env.client(), { ...p, password: reset.body.newPassword });
    expect(again.body.user.mustChangePassword).toBe(true);
  });

  it('an idempotency key does the action once: a repeat (even concurrent) answers the same password', async () => {
    const { p, id } = await member();
    const key = randomUUID();
    const withKey = (k: string, target = id) =>
      env.client({ origin: null }).request('POST', `${base}/${target}/reset-password`, undefined, {
        headers: { [serviceTokenHeader]: serviceToken(), [actorHeader]: adminId, [idempotencyKeyHeader]: k },
      });
    const updatesBefore = await updatesOf(id);
    const [first, second] = await Promise.all([withKey(key), withKey(key)]);
    expect(first.status, first.text).toBe(200);
    expect(second.body.newPassword).toBe(first.body.newPassword);
    expect((await withKey(key)).body.newPassword).toBe(first.body.newPassword);
    await signIn(env.client(), { ...p, password: first.body.newPassword });
    // One change: one auth.user.updated.v1 more than before the three calls.
    expect((await updatesOf(id)) - updatesBefore).toBe(1);
    // The database keeps neither the key nor the password in the clear.
    const [row] = await env.db.$queryRawUnsafe<{ keyHash: string; sealed: string }[]>(
      'SELECT "keyHash", sealed FROM admin_requests ORDER BY "createdAt" DESC LIMIT 1',
    );
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(first.body.newPassword);
    // The same key for another user is refused, not answered with this user's password.
    const other = await member();
    const reused = await withKey(key, other.id);
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await withKey('not-a-uuid')).status).toBe(400);
  });

  it('refuses self-actions, and losing the last active admin', async () => {
    expect((await svc('POST', `${base}/${adminId}/ban`, { reason: 'oops' })).status).toBe(409);
    expect((await svc('PATCH', `${base}/${adminId}/block`, { isBlocked: true })).status).toBe(409);
    const { id } = await member();
    // Acting as someone else (defence in depth): the root is the only admin, so it cannot be banned.
    const last = await svc('POST', `${base}/${adminId}/ban`, { reason: 'x' }, id);
    expect(last.status).toBe(409);
    expect(last.body.code).toBe('LAST_ADMIN');
    expect((await svc('POST', `${base}/00000000-0000-4000-8000-000000000000/unban`)).status).toBe(404);
    expect((await svc('POST', `${base}/not-a-uuid/unban`)).status).toBe(400);
  });

  it('grants supernoek with an end; the sweep returns the previous level', async () => {
    const { p, id } = await member();
    await svc('PATCH', `${base}/${id}`, {
      name: 'P',
      email: p.email,
      accessLevel: 'premium',
      specialFeatures: [],
    });
    const expiresAt = new Date(Date.now() + 300).toISOString();
    const granted = await svc('POST', `${base}/${id}/grant-supernoek`, { expiresAt, sendEmail: true });
    expect(granted.body.user).toMatchObject({ accessLevel: 'supernoek', supernoekExpiresAt: expiresAt });
    await env.smtp.waitFor(p.email, { after: 1 });
    // Past the grant's end, without waiting for it: auth's clock moves.
    const realNow = env.service.ctx.now;
    env.service.ctx.now = () => new Date(Date.now() + 1_000);
    try {
      expect((await svc('POST', '/internal/auth/grants/expire-due', undefined, null)).body.expired).toBe(1);
    } finally {
      env.service.ctx.now = realNow;
    }
    const after = await env.db.user.findUniqueOrThrow({ where: { id } });
    expect(after.accessLevel).toBe('premium');
    expect(after.supernoekGrantedAt).toBeNull();
  });

  it('lifts a timed ban once its end passed (an event tells chat), with no request from the user', async () => {
    const { id } = await member();
    expect((await svc('POST', `${base}/${id}/ban`, { reason: 'Spam', duration: 1 })).status).toBe(200);
    const realNow = env.service.ctx.now;
    env.service.ctx.now = () => new Date(Date.now() + 2 * 3_600_000);
    try {
      expect((await svc('POST', '/internal/auth/grants/expire-due', undefined, null)).body.expired).toBe(1);
    } finally {
      env.service.ctx.now = realNow;
    }
    const after = await env.db.user.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ isBanned: false, banReason: null, bannedUntil: null });
    const outbox = await env.db.outboxEvent.findMany({ where: { subject: 'auth.user.updated.v1' } });
    expect(
      outbox.some(
        (e) =>
          (e.payload as { data: { userId: string; isBanned: boolean } }).data.userId === id &&
          !(e.payload as { data: { isBanned: boolean } }).data.isBanned,
      ),
    ).toBe(true);
  });
});
