import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, routePath, serviceTokenHeader, type AuditEntry } from '@noek/contracts';
import { createServiceTokens } from '../clients/service-token';
import { startAdminStack, type AdminStack, type TestClient } from '../test/admin-stack';
import { rowOf, signIn, signInAdmin, signUp, waitFor, type Member } from '../test/flows';

let stack: AdminStack;
let admin: { c: TestClient; id: string };
const a = apiRoutes.admin;
const at = (r: { path: string }, id: string) => routePath(r as never, { id });

beforeAll(async () => {
  stack = await startAdminStack();
  admin = await signInAdmin(stack);
});
afterAll(async () => {
  await stack?.close();
});

async function audit(id: string): Promise<AuditEntry[]> {
  return (await admin.c.get(at(a.userAudit, id))).body as AuditEntry[];
}

async function newConversation(m: Member): Promise<number> {
  const res = await m.c.post('/api/conversations', { title: 'New Chat', userId: m.id });
  expect(res.status, res.text).toBeLessThan(300);
  return res.body.id as number;
}

/** Chat's own view of the user's limit (what it enforces), through its usage API (as the admin service calls it). */
async function chatLimit(id: string): Promise<number | null> {
  const res = await fetch(`${stack.urls.CHAT_URL}/internal/usage?userIds=${id}`, {
    headers: {
      authorization: `Bearer ${admin.c.cookie('noek_access')}`,
      [serviceTokenHeader]: createServiceTokens(stack.privateKey)('chat'),
    },
  });
  const [usage] = (await res.json()) as { messageLimit: number | null }[];
  return usage!.messageLimit;
}

describe('effects, end to end over NATS', () => {
  it('block stops the next message and ends the open reply stream; unblock lets the user send again', async () => {
    const m = await signUp(stack, 'block');
    const conv = await newConversation(m);
    await rowOf(admin.c, m.email);
    const started = Date.now();
    const streaming = m.c.request(
      'POST',
      `/api/conversations/${conv}/messages`,
      { content: 'hello' },
      {
        headers: { accept: 'text/event-stream' },
      },
    );
    // The reply is being written (the block must cut a live one).
    await waitFor(async () => {
      const list = await m.c.get(`/api/conversations/${conv}/messages`);
      const messages = (list.body ?? []) as { role: string; status: string }[];
      return messages.some((x) => x.role === 'assistant' && x.status === 'streaming');
    });
    const res = await admin.c.request('PATCH', at(a.block, m.id), { isBlocked: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.isBlocked).toBe(true);
    await streaming;
    // The offline reply takes ~6 s word by word; the block cut it off.
    expect(Date.now() - started).toBeLessThan(4_500);
    await signIn(m.c, m);
    const refused = await waitFor(async () => {
      const r = await m.c.post(`/api/conversations/${conv}/messages`, { content: 'again' });
      return r.status === 403 ? r : null;
    });
    expect(refused.body.code).toBe('USER_BLOCKED');
    expect((await admin.c.request('PATCH', at(a.block, m.id), { isBlocked: false })).status).toBe(200);
    await signIn(m.c, m);
    await waitFor(async () => {
      const r = await m.c.post(`/api/conversations/${conv}/messages`, { content: ':fun.mode=on' });
      return r.status === 200;
    });
    expect((await audit(m.id)).map((e) => [e.action, e.outcome])).toEqual([
      ['user.unblocked', 'succeeded'],
      ['user.blocked', 'succeeded'],
    ]);
  });

  it('ban refuses sign-in with reason and end time and ends sessions; unban lifts it', async () => {
    const m = await signUp(stack, 'ban');
    await rowOf(admin.c, m.email);
    const res = await admin.c.post(at(a.ban, m.id), { reason: 'Spam', duration: 24 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ isBanned: true, banReason: 'Spam' });
    const login = await m.c.post('/api/auth/login', { email: m.email, password: m.password });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('BANNED');
    expect(login.text).toContain('Spam');
    expect(new Date(login.body.bannedUntil).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await waitFor(async () => (await m.c.get('/api/conversations')).status === 401);
    expect((await admin.c.post(at(a.unban, m.id))).status).toBe(200);
    await signIn(m.c, m);
    const [entry] = await audit(m.id);
    expect(entry).toMatchObject({ action: 'user.unbanned', outcome: 'succeeded', actorId: admin.id });
  });

  it('grant SuperNoek: the limit is 10000 at once; at expiry the plan returns by itself', async () => {
    const m = await signUp(stack, 'grant');
    await rowOf(admin.c, m.email);
    const expiresAt = new Date(Date.now() + 2_500).toISOString();
    const res = await admin.c.post(at(a.grantSupernoek, m.id), { expiresAt, sendEmail: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({ accessLevel: 'supernoek', messageLimit: 10_000 });
    await waitFor(async () => (await chatLimit(m.id)) === 10_000).catch(async (e: unknown) => {
      console.log('chat limit', await chatLimit(m.id), await rowOf(admin.c, m.email));
      throw e;
    });
    // No request needed: the sweep ends it, and chat follows auth's event.
    await rowOf(admin.c, m.email, (r) => r.accessLevel === 'basic');
    await waitFor(async () => (await chatLimit(m.id)) === 3_000);
    expect((await audit(m.id))[0]).toMatchObject({
      action: 'supernoek.granted',
      before: { accessLevel: 'basic' },
      after: { accessLevel: 'supernoek', supernoekExpiresAt: expiresAt },
    });
  });

  it('edit user changes level (and the limit), name, email, features; a taken email is refused', async () => {
    const m = await signUp(stack, 'edit');
    const other = await signUp(stack, 'other');
    await rowOf(admin.c, m.email);
    const body = {
      name: 'Renamed',
      email: m.email,
      accessLevel: 'premium',
      specialFeatures: ['beta', ' x ', ''],
    };
    const res = await admin.c.request('PATCH', at(a.updateUser, m.id), body);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user).toMatchObject({
      name: 'Renamed',
      accessLevel: 'premium',
      specialFeatures: ['beta', 'x'],
    });
    await waitFor(async () => (await chatLimit(m.id)) === 25_000);
    const taken = await admin.c.request('PATCH', at(a.updateUser, m.id), { ...body, email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
    expect((await audit(m.id)).map((e) => e.outcome)).toEqual(['failed', 'succeeded']);
  });

  it('reset password: the old one is refused, the new one works and must be changed', async () => {
    const m = await signUp(stack, 'reset');
    await rowOf(admin.c, m.email);
    const res = await admin.c.post(at(a.resetPassword, m.id));
    expect(res.status, res.text).toBe(200);
    const newPassword = res.body.newPassword as string;
    expect(newPassword.length).toBeGreaterThanOrEqual(16);
    expect((await m.c.post('/api/auth/login', { email: m.email, password: m.password })).status).toBe(401);
    const ok = await m.c.post('/api/auth/login', { email: m.email, password: newPassword });
    expect(ok.status).toBe(200);
    expect(ok.body.user.mustChangePassword).toBe(true);
    const [entry] = await audit(m.id);
    expect(JSON.stringify(entry)).not.toContain(newPassword);
  });

  it('reset password answered late by auth: the retry (same key) answers the same password, which works; audited once as succeeded', async () => {
    const m = await signUp(stack, 'late-reset');
    await rowOf(admin.c, m.email);
    const before = stack.authHop.seen();
    // auth resets the password, but its answer comes after admin's timeout (2 s here).
    stack.authHop.holdAnswers('/reset-password', 2_600);
    const res = await admin.c.post(at(a.resetPassword, m.id));
    expect(res.status, res.text).toBe(200);
    expect(stack.authHop.seen() - before).toBeGreaterThanOrEqual(2);
    const ok = await m.c.post('/api/auth/login', { email: m.email, password: res.body.newPassword });
    expect(ok.status, ok.text).toBe(200);
    expect((await audit(m.id)).map((e) => [e.action, e.outcome])).toEqual([
      ['user.password-reset', 'succeeded'],
    ]);
  });

  it('an admin resetting their own password with a late answer gets the password and is not locked out', async () => {
    const second = await signUp(stack, 'self-reset');
    await rowOf(admin.c, second.email);
    const promote = { name: second.name, email: second.email, accessLevel: 'admin', specialFeatures: [] };
    expect((await admin.c.request('PATCH', at(a.updateUser, second.id), promote)).status).toBe(200);
    await signIn(second.c, second);
    stack.authHop.holdAnswers('/reset-password', 2_600);
    const res = await second.c.post(at(a.resetPassword, second.id));
    expect(res.status, res.text).toBe(200);
    const again = stack.client();
    await signIn(again, { email: second.email, password: res.body.newPassword as string });
    expect((await again.get(a.users.path)).status).toBe(200);
  });

  it("an answer that never comes in time is reported as unknown (check history), audited 'unknown', not 'failed'", async () => {
    const m = await signUp(stack, 'lost-reset');
    await rowOf(admin.c, m.email);
    stack.authHop.holdAnswers('/reset-password', 2_600, 10);
    try {
      const res = await admin.c.post(at(a.resetPassword, m.id));
      expect(res.status, res.text).toBe(504);
      expect(res.body.code).toBe('OUTCOME_UNKNOWN');
      expect(res.body.message).toMatch(/history/);
      expect(res.body.message).not.toMatch(/Nothing was changed/);
    } finally {
      stack.authHop.clear();
    }
    const [entry] = await audit(m.id);
    expect(entry).toMatchObject({
      action: 'user.password-reset',
      outcome: 'unknown',
      errorCode: 'OUTCOME_UNKNOWN',
    });
    // It was in fact done (auth only answered late): 'unknown' was the truth, 'nothing was changed' was not.
    const old = await m.c.post('/api/auth/login', { email: m.email, password: m.password });
    expect(old.status).toBe(401);
  });

  it('edit user with a new password answers once the password works: sign-in and its session succeed at once', async () => {
    for (let i = 0; i < 3; i++) {
      const m = await signUp(stack, `new-password-${i}`);
      await rowOf(admin.c, m.email);
      const password = `a brand new password ${i}`;
      // Right after another change that revoked sessions (a level change): revocation times stack up.
      const level = await admin.c.request('PATCH', at(a.updateUser, m.id), {
        name: m.name,
        email: m.email,
        accessLevel: 'premium',
        specialFeatures: [],
      });
      expect(level.status, level.text).toBe(200);
      const res = await admin.c.request('PATCH', at(a.updateUser, m.id), {
        name: m.name,
        email: m.email,
        accessLevel: 'premium',
        specialFeatures: [],
        newPassword: password,
      });
      expect(res.status, res.text).toBe(200);
      const c = stack.client();
      const login = await c.post('/api/auth/login', { email: m.email, password });
      expect(login.status, login.text).toBe(200);
      expect((await c.get('/api/auth/me')).status).toBe(200);
      expect((await c.get('/api/conversations')).status).toBe(200);
    }
  });

  it('usage: edit and reset through chat, shown in the row', async () => {
    const m = await signUp(stack, 'usage');
    await rowOf(admin.c, m.email);
    const set = await admin.c.request('PATCH', at(a.updateUsage, m.id), { messageCount: 42 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.user.messageCount).toBe(42);
    const reset = await admin.c.post(at(a.resetUsage, m.id));
    expect(reset.body.user.messageCount).toBe(0);
    expect((await audit(m.id)).map((e) => e.action)).toEqual(['usage.reset', 'usage.updated']);
  });
});

describe('safety', () => {
  it('an admin cannot ban, block or demote themselves (refused, audited as failed, nothing changed)', async () => {
    const ban = await admin.c.post(at(a.ban, admin.id), { reason: 'me', duration: null });
    expect(ban.status).toBe(409);
    expect(ban.body.code).toBe('SELF_ACTION');
    expect((await admin.c.request('PATCH', at(a.block, admin.id), { isBlocked: true })).status).toBe(409);
    const demote = await admin.c.request('PATCH', at(a.updateUser, admin.id), {
      name: 'Root Admin',
      email: 'root@noek.test',
      accessLevel: 'basic',
      specialFeatures: [],
    });
    expect(demote.status).toBe(409);
    expect((await rowOf(admin.c, 'root@noek.test')).accessLevel).toBe('admin');
    const entries = await audit(admin.id);
    expect(entries.slice(0, 3).every((e) => e.outcome === 'failed' && e.errorCode === 'SELF_ACTION')).toBe(
      true,
    );
  });

  it('the last admin cannot be removed by another admin', async () => {
    const second = await signUp(stack, 'second-admin');
    await rowOf(admin.c, second.email);
    const promote = { name: second.name, email: second.email, accessLevel: 'admin', specialFeatures: [] };
    expect((await admin.c.request('PATCH', at(a.updateUser, second.id), promote)).status).toBe(200);
    await signIn(second.c, second);
    await rowOf(admin.c, second.email, (r) => r.accessLevel === 'admin');
    // The second admin bans the root; then the root is not an active admin any more...
    expect((await second.c.post(at(a.ban, admin.id), { reason: 'test', duration: 1 })).status).toBe(200);
    // ...so the second admin is the last one: root (banned) cannot act, and nobody can demote the second.
    expect((await admin.c.get(a.users.path)).status).toBe(401);
    const self = await second.c.request('PATCH', at(a.updateUser, second.id), {
      ...promote,
      accessLevel: 'basic',
    });
    expect(self.status).toBe(409);
    expect((await second.c.post(at(a.unban, admin.id))).status).toBe(200);
    admin = await signInAdmin(stack);
  });

  it('two admins banning each other at the same moment never leave zero admins (10 rounds)', async () => {
    // Admins made by earlier tests step down: only the root and the two racers hold the level.
    const listed = await admin.c.get(`${a.users.path}?search=admin&pageSize=100`);
    for (const u of listed.body as { id: string; name: string; email: string; accessLevel: string }[]) {
      if (u.accessLevel !== 'admin' || u.id === admin.id) continue;
      const demote = { name: u.name, email: u.email, accessLevel: 'basic', specialFeatures: [] };
      expect((await admin.c.request('PATCH', at(a.updateUser, u.id), demote)).status).toBe(200);
    }
    const a1 = await signUp(stack, 'race-a');
    const a2 = await signUp(stack, 'race-b');
    for (const m of [a1, a2]) {
      await rowOf(admin.c, m.email);
      const promote = { name: m.name, email: m.email, accessLevel: 'admin', specialFeatures: [] };
      expect((await admin.c.request('PATCH', at(a.updateUser, m.id), promote)).status).toBe(200);
      await signIn(m.c, m);
    }
    // The root steps aside (banned by one of them), so exactly two admins are active.
    expect((await a1.c.post(at(a.ban, admin.id), { reason: 'race', duration: 1 })).status).toBe(200);
    let survivor = a1;
    try {
      for (let round = 0; round < 10; round++) {
        const [r1, r2] = await Promise.all([
          a1.c.post(at(a.ban, a2.id), { reason: `round ${round}`, duration: 1 }),
          a2.c.post(at(a.ban, a1.id), { reason: `round ${round}`, duration: 1 }),
        ]);
        expect([r1.status, r2.status].sort(), `round ${round}: ${r1.text} ${r2.text}`).toEqual([200, 409]);
        expect((r1.status === 409 ? r1 : r2).body.code).toBe('LAST_ADMIN');
        survivor = r1.status === 200 ? a1 : a2;
        const banned = survivor === a1 ? a2 : a1;
        expect((await survivor.c.post(at(a.unban, banned.id))).status).toBe(200);
        await signIn(banned.c, banned);
      }
    } finally {
      // Back to the root admin for the next tests (it can only work if an admin is left).
      for (const m of [survivor, survivor === a1 ? a2 : a1])
        if ((await m.c.post(at(a.unban, admin.id))).status === 200) break;
      admin = await signInAdmin(stack);
    }
  }, 180_000);

  it('bad input: 4xx naming the field, nothing changed, nothing audited', async () => {
    const m = await signUp(stack, 'bad');
    await rowOf(admin.c, m.email);
    const cases: [string, string, unknown, string][] = [
      ['POST', at(a.ban, m.id), { reason: 'x', duration: 0 }, 'body.duration'],
      ['POST', at(a.ban, m.id), { reason: 'x', duration: 1.5 }, 'body.duration'],
      ['POST', at(a.ban, m.id), { reason: '', duration: 1 }, 'body.reason'],
      ['PATCH', at(a.updateUsage, m.id), { messageCount: -1 }, 'body.messageCount'],
      ['PATCH', at(a.updateUsage, m.id), { messageCount: 'abc' }, 'body.messageCount'],
      [
        'PATCH',
        at(a.updateUser, m.id),
        { name: 'x', email: m.email, accessLevel: 'root', specialFeatures: [] },
        'body.accessLevel',
      ],
      [
        'PATCH',
        at(a.updateUser, m.id),
        {
          name: 'x',
          email: m.email,
          accessLevel: 'basic',
          specialFeatures: Array.from({ length: 10_000 }, (_, i) => `f${i}`),
        },
        'body.specialFeatures',
      ],
      [
        'POST',
        at(a.grantSupernoek, m.id),
        { expiresAt: new Date(Date.now() - 60_000).toISOString(), sendEmail: false },
        'body.expiresAt',
      ],
      ['PATCH', at(a.block, 'not-a-uuid'), { isBlocked: true }, 'params.id'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await admin.c.request(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(Object.keys(res.body.fields ?? {}).join(','), field).toContain(field);
    }
    const unknown = await admin.c.post(at(a.ban, '00000000-0000-4000-8000-000000000000'), {
      reason: 'x',
      duration: 1,
    });
    expect(unknown.status).toBe(404);
    expect(await audit(m.id)).toEqual([]);
    expect(await rowOf(admin.c, m.email)).toMatchObject({ isBanned: false, accessLevel: 'basic' });
  });

  it('with chat down the list loads (usage unavailable) and a usage action fails, audited, changing nothing', async () => {
    const m = await signUp(stack, 'down');
    await rowOf(admin.c, m.email);
    await stack.stopChat();
    try {
      const row = await rowOf(admin.c, m.email, (r) => r.usageAvailable === false);
      expect(row.messageCount).toBe(0);
      const res = await admin.c.post(at(a.resetUsage, m.id));
      expect(res.status).toBe(503);
      expect((await audit(m.id))[0]).toMatchObject({
        action: 'usage.reset',
        outcome: 'failed',
        errorCode: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await stack.startChat();
    }
    await rowOf(admin.c, m.email, (r) => r.usageAvailable === true);
  });
});

describe('audit', () => {
  it('the recent-activity list has the newest actions first, with who, whom and the request id', async () => {
    const res = await admin.c.get(`${a.recentAudit.path}?limit=5`);
    expect(res.status).toBe(200);
    const entries = res.body as AuditEntry[];
    expect(entries.length).toBe(5);
    expect(entries[0]!.requestId).toBeTruthy();
    expect(Number(entries[0]!.id)).toBeGreaterThan(Number(entries[1]!.id));
  });
});
