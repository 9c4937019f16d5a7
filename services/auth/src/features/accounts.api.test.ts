import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestEnv, type AuthTestEnv } from '../test/auth-test-env';
import { person, signIn, signUpAndVerify } from '../test/flows';
import { tokenFromMail } from '../test/smtp-capture';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await startAuthTestEnv();
});
afterAll(async () => {
  await env?.close();
});

describe('sign-up, verification email, sign-in, me, sign-out', () => {
  it('walks the whole journey over real SMTP', async () => {
    const c = env.client();
    const p = person();
    const signup = await c.post('/api/auth/signup', { ...p, email: `  ${p.email.toUpperCase()} ` });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ message: expect.any(String), email: p.email });

    const mail = await env.smtp.waitFor(p.email);
    expect(mail.subject).toBe('Activate Your Account');
    expect(mail.html).toContain('Activate Your Account');
    expect(mail.html).toContain('http://localhost:8080/verify-email?token=');
    expect(mail.text).toContain('http://localhost:8080/verify-email?token=');
    const token = tokenFromMail(mail, '/verify-email');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    // Unverified: a wrong password says nothing about verification; a correct one does.
    const wrong = await c.post('/api/auth/login', { email: p.email, password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(wrong.body.emailNotVerified).toBeUndefined();
    const unverified = await c.post('/api/auth/login', { email: p.email, password: p.password });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      emailNotVerified: true,
      email: p.email,
      message: 'Please verify your email address before signing in.',
    });
    expect(c.cookie('noek_access')).toBeUndefined();

    const verified = await c.get(`/api/verify-email?token=${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      verified: true,
      message: 'Email verified successfully',
      user: { name: p.name, email: p.email },
    });

    const login = await signIn(c, { ...p, email: p.email.toUpperCase() });
    expect(login.body.user).toMatchObject({
      name: p.name,
      email: p.email,
      accessLevel: 'basic',
      emailVerified: true,
    });
    const access = login.setCookies.find((s) => s.startsWith('noek_access='))!;
    expect(access).toMatch(/HttpOnly/i);
    expect(access).toMatch(/SameSite=Lax/i);
    expect(access).toMatch(/Path=\//);
    const refresh = login.setCookies.find((s) => s.startsWith('noek_refresh='))!;
    expect(refresh).toMatch(/Path=\/api\/auth/);
    expect(refresh).toMatch(/HttpOnly/i);

    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(p.email);

    const out = await c.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });

  it('marks the session cookies Secure when the request came over HTTPS (via the proxy)', async () => {
    const c = env.client();
    const p = await signUpAndVerify(env, c);
    const res = await c.post(
      '/api/auth/login',
      { email: p.email, password: p.password },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(res.status).toBe(200);
    for (const name of ['noek_access=', 'noek_refresh=']) {
      expect(res.setCookies.find((s) => s.startsWith(name))).toMatch(/;\s*Secure/i);
    }
    const plain = await env.client().post('/api/auth/login', { email: p.email, password: p.password });
    expect(plain.setCookies.find((s) => s.startsWith('noek_access='))).not.toMatch(/Secure/i);
  });

  it('refuses a second account for the same email in any case', async () => {
    const c = env.client();
    const p = person();
    expect((await c.post('/api/auth/signup', p)).status).toBe(201);
    const again = await c.post('/api/auth/signup', { ...p, email: p.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists');
  });

  it('20 concurrent sign-ups of one email make one account', async () => {
    const p = person('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => env.client().post('/api/auth/signup', p)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
  });

  it('never makes an admin through sign-up, even with extra fields', async () => {
    const c = env.client();
    const p = person();
    await c.post('/api/auth/signup', { ...p, accessLevel: 'admin', isAdmin: true });
    const user = await env.db.user.findUnique({ where: { email: p.email } });
    expect(user?.accessLevel).toBe('basic');
  });

  it('a verification link works once, and unknown or missing tokens are refused', async () => {
    const c = env.client();
    const p = person();
    await c.post('/api/auth/signup', p);
    const token = tokenFromMail(await env.smtp.waitFor(p.email), '/verify-email');
    expect((await c.get(`/api/verify-email?token=${token}`)).status).toBe(200);
    const reuse = await c.get(`/api/verify-email?token=${token}`);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ verified: false, code: 'VERIFICATION_FAILED' });
    const unknown = await c.get('/api/verify-email?token=not-a-real-token');
    expect(unknown.status).toBe(400);
    expect(unknown.body.verified).toBe(false);
    expect((await c.get('/api/verify-email')).status).toBe(400);
  });

  it('an expired verification link is refused', async () => {
    const c = env.client();
    const p = person();
    await c.post('/api/auth/signup', p);
    const token = tokenFromMail(await env.smtp.waitFor(p.email), '/verify-email');
    await env.db.emailToken.updateMany({
      where: { user: { email: p.email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await c.get(`/api/verify-email?token=${token}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('resend answers the same for unknown, verified and unverified emails, and mails only the unverified', async () => {
    const c = env.client();
    const unverified = person();
    await c.post('/api/auth/signup', unverified);
    await env.smtp.waitFor(unverified.email);
    const verified = await signUpAndVerify(env, env.client());
    const answers = await Promise.all(
      [unverified.email, verified.email, 'nobody-here@example.test'].map((email) =>
        env.client().post('/api/resend-verification', { email }),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0]!.body);
    }
    const mail = await env.smtp.waitFor(unverified.email, { after: 1 });
    const fresh = tokenFromMail(mail, '/verify-email');
    expect((await c.get(`/api/verify-email?token=${fresh}`)).status).toBe(200);
    expect(env.smtp.countFor(verified.email)).toBe(1);
  });

  it('a banned user gets the reason and end time, only after a correct password', async () => {
    const c = env.client();
    const p = await signUpAndVerify(env, c);
    const until = new Date(Date.now() + 24 * 3_600_000);
    await env.db.user.update({
      where: { email: p.email },
      data: { isBanned: true, banReason: 'Spam', bannedUntil: until },
    });
    const wrong = await c.post('/api/auth/login', { email: p.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    const res = await c.post('/api/auth/login', { email: p.email, password: p.password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'BANNED', reason: 'Spam', bannedUntil: until.toISOString() });
    expect(res.body.message).toContain('Spam');
    await env.db.user.update({
      where: { email: p.email },
      data: { bannedUntil: new Date(Date.now() - 1000) },
    });
    expect((await c.post('/api/auth/login', { email: p.email, password: p.password })).status).toBe(200);
  });

  it('a blocked user can still sign in', async () => {
    const c = env.client();
    const p = await signUpAndVerify(env, c);
    await env.db.user.update({ where: { email: p.email }, data: { isBlocked: true } });
    const res = await signIn(c, p);
    expect(res.body.user.isBlocked).toBe(true);
  });

  it('an unknown email costs about as much time as a wrong password (dummy hash, no timing oracle)', async () => {
    const p = await signUpAndVerify(env, env.client());
    const time = async (email: string) => {
      const t = performance.now();
      expect((await env.client().post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(
        401,
      );
      return performance.now() - t;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await time(p.email));
      unknown.push(await time(`nobody-${i}@example.test`));
    }
    const ratio = median(unknown) / median(known);
    // Without the dummy hash an unknown email answers in ~2 ms against ~30 ms: a ratio near 0.07.
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('passwords are not truncated and may be long and Unicode', async () => {
    const c = env.client();
    const p = await signUpAndVerify(env, c, { ...person(), password: 'pässwörd-🔑-'.repeat(40) });
    expect((await c.post('/api/auth/login', { email: p.email, password: p.password + 'x' })).status).toBe(
      401,
    );
    expect(
      (await c.post('/api/auth/login', { email: p.email, password: p.password.slice(0, -1) })).status,
    ).toBe(401);
    await signIn(c, p);
  });

  it('records registered, verified, signed-in and updated events in the outbox', async () => {
    const c = env.client();
    const p = await signUpAndVerify(env, c);
    await signIn(c, p);
    // Signing out everywhere moves sessionsValidAfter (plain sign-out ends only this browser's session).
    await c.post('/api/auth/logout-everywhere');
    const user = await env.db.user.findUniqueOrThrow({ where: { email: p.email } });
    const rows = await env.db.outboxEvent.findMany({ orderBy: { createdAt: 'asc' } });
    const mine = rows.filter((r) => (r.payload as { data: { userId: string } }).data.userId === user.id);
    expect(mine.map((r) => r.subject)).toEqual([
      'auth.user.registered.v1',
      'auth.user.verified.v1',
      // the admin overview's active users
      'auth.user.signed-in.v1',
      'auth.user.updated.v1',
    ]);
    const updated = mine[3]!.payload as { data: { sessionsValidAfter: string } };
    expect(new Date(updated.data.sessionsValidAfter).getTime()).toBe(user.sessionsValidAfter.getTime());
  });
});
