import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthTestEnv, type AuthTestEnv } from '../../test/auth-test-env';
import { person, signIn, signUpAndVerify } from '../../test/flows';
import { tokenFromMail } from '../../test/smtp-capture';

let env: AuthTestEnv;
beforeAll(async () => {
  env = await startAuthTestEnv();
});
afterAll(async () => {
  await env?.close();
});

describe('forgot and reset password', () => {
  it('answers known and unknown emails with the same status and body', async () => {
    const known = await signUpAndVerify(env, env.client());
    const a = await env.client().post('/api/auth/forgot-password', { email: known.email });
    const b = await env.client().post('/api/auth/forgot-password', { email: 'no-such-user@example.test' });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(a.body.message).toEqual(expect.any(String));
  });

  it('emails a reset link that sets a new password once, ends old sessions, and cannot be reused', async () => {
    const c = env.client();
    const p = await signUpAndVerify(env, c);
    await signIn(c, p);
    const oldAccess = c.cookie('noek_access')!;

    await env.client().post('/api/auth/forgot-password', { email: p.email });
    const mail = await env.smtp.waitFor(p.email, { after: 1 });
    expect(mail.text).toContain('http://localhost:8080/reset-password?token=');
    expect(mail.html).toContain('/reset-password?token=');
    const token = tokenFromMail(mail, '/reset-password');

    const reset = await env.client().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pw' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toEqual(expect.any(String));

    // The session from before the reset is over, the access token too.
    expect((await c.get('/api/auth/me')).status).toBe(401);
    const stale = env.client();
    stale.setCookie('noek_access', oldAccess);
    expect((await stale.get('/api/auth/me')).status).toBe(401);

    expect(
      (await env.client().post('/api/auth/login', { email: p.email, password: p.password })).status,
    ).toBe(401);
    await signIn(env.client(), { ...p, password: 'brand-new-pw' });

    const reuse = await env.client().post('/api/auth/reset-password', { token, newPassword: 'another-pw' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('INVALID_TOKEN');
  });

  it('only the newest reset link works, and an expired one is refused', async () => {
    const p = await signUpAndVerify(env, env.client());
    await env.client().post('/api/auth/forgot-password', { email: p.email });
    const first = tokenFromMail(await env.smtp.waitFor(p.email, { after: 1 }), '/reset-password');
    await env.client().post('/api/auth/forgot-password', { email: p.email });
    const second = tokenFromMail(await env.smtp.waitFor(p.email, { after: 2 }), '/reset-password');
    expect(
      (await env.client().post('/api/auth/reset-password', { token: first, newPassword: 'abcdef' })).status,
    ).toBe(400);
    await env.db.emailToken.updateMany({
      where: { user: { email: p.email }, purpose: 'reset_password' },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const expired = await env
      .client()
      .post('/api/auth/reset-password', { token: second, newPassword: 'abcdef' });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('refuses unknown tokens and short passwords with clear 4xx answers', async () => {
    const bad = await env.client().post('/api/auth/reset-password', { token: 'nope', newPassword: 'abcdef' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid or expired reset token');
    const short = await env.client().post('/api/auth/reset-password', { token: 'nope', newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body.fields)).toContain('Password must be at least 6 characters long');
  });

  it('a verification token cannot be used as a reset token', async () => {
    const c = env.client();
    const p = person();
    await c.post('/api/auth/signup', p);
    const token = tokenFromMail(await env.smtp.waitFor(p.email), '/verify-email');
    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'abcdefg' })).status).toBe(400);
  });
});

describe('change password', () => {
  it('needs a session and the right current password', async () => {
    const anon = await env
      .client()
      .post('/api/auth/change-password', { currentPassword: 'x', newPassword: 'abcdef' });
    expect(anon.status).toBe(401);
    const c = env.client();
    const p = await signUpAndVerify(env, c);
    await signIn(c, p);
    const wrong = await c.post('/api/auth/change-password', {
      currentPassword: 'not-it',
      newPassword: 'abcdef',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
  });

  it('changes the password, keeps this browser signed in, and ends every other session at once', async () => {
    const here = env.client();
    const elsewhere = env.client();
    const p = await signUpAndVerify(env, here);
    await signIn(here, p);
    await signIn(elsewhere, p);
    const oldAccess = here.cookie('noek_access')!;

    const res = await here.post('/api/auth/change-password', {
      currentPassword: p.password,
      newPassword: 'changed-pw',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect(here.cookie('noek_access')).not.toBe(oldAccess);
    expect((await here.get('/api/auth/me')).status).toBe(200);

    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    const stale = env.client();
    stale.setCookie('noek_access', oldAccess);
    expect((await stale.get('/api/auth/me')).status).toBe(401);

    await signIn(env.client(), { ...p, password: 'changed-pw' });
  });
});
