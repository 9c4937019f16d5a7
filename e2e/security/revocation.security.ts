/**
 * Issue 14 §3, §4 and decisions.md's sign-out scope, over real HTTP through the gateway.
 */
import { describe, expect, it } from 'vitest';
import { chatWith, client, nextMail, mailsTo, signedIn, tokenIn, verifiedAccount } from './support';

describe('§3 refresh-token reuse', () => {
  it('a stolen refresh token replayed after rotation is refused, and the family’s access tokens stop at once', async () => {
    const a = await verifiedAccount('reuse');
    const victim = await signedIn(a);
    const stolenRefresh = victim.cookie('noek_refresh')!;
    const stolenAccess = victim.cookie('noek_access')!;
    expect(await chatWith(stolenAccess)).toBe(200);
    expect((await victim.post('/api/auth/refresh')).status).toBe(200);
    // The thief's browser is not the victim's: the grace for a just-replaced token (this browser's
    // other tabs) does not apply to it, however soon it comes, so the replay is reuse.
    const thief = client();
    thief.setCookie('noek_refresh', stolenRefresh, '/api/auth');
    expect((await thief.post('/api/auth/refresh')).status).toBe(401);
    // Within a moment (the revocation travels as an event to chat), not 15 minutes.
    await expect.poll(() => chatWith(stolenAccess), { timeout: 5_000, interval: 100 }).toBe(401);
    expect((await victim.get('/api/auth/me')).status).toBe(401);
  });

  it('the grace for a just-replaced refresh token holds only for the browser it belongs to', async () => {
    const a = await verifiedAccount('grace');
    const victim = await signedIn(a);
    const old = victim.cookie('noek_refresh')!;
    expect((await victim.post('/api/auth/refresh')).status).toBe(200);
    // Another browser (no browser cookie of this session) presenting the replaced token at once.
    const thief = client();
    thief.setCookie('noek_refresh', old, '/api/auth');
    expect((await thief.post('/api/auth/refresh')).status).toBe(401);
  });
});

describe('§4 pending reset links and sessions', () => {
  async function resetLink(email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    expect((await client().post('/api/auth/forgot-password', { email })).status).toBe(200);
    return tokenIn(await nextMail(email, before), '/reset-password');
  }

  it('a reset link mailed before a password change no longer works after it', async () => {
    const a = await verifiedAccount('reset-change');
    const token = await resetLink(a.email);
    const c = await signedIn(a);
    const changed = await c.post('/api/auth/change-password', {
      currentPassword: a.password,
      newPassword: 'changed-password-1',
    });
    expect(changed.status).toBe(200);
    const reset = await client().post('/api/auth/reset-password', { token, newPassword: 'attacker-pass-1' });
    expect(reset.status).toBe(400);
  });

  it('a reset link mailed before a sign-out no longer works after it', async () => {
    const a = await verifiedAccount('reset-signout');
    const token = await resetLink(a.email);
    const c = await signedIn(a);
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    const reset = await client().post('/api/auth/reset-password', { token, newPassword: 'attacker-pass-1' });
    expect(reset.status).toBe(400);
  });
});

describe('sign-out scope (decisions.md)', () => {
  it('sign-out ends only this browser; sign out everywhere ends every session', async () => {
    const a = await verifiedAccount('scope');
    const laptop = await signedIn(a);
    const phone = await signedIn(a);
    const laptopAccess = laptop.cookie('noek_access')!;
    expect((await laptop.post('/api/auth/logout')).status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    const replayed = client();
    replayed.setCookie('noek_access', laptopAccess);
    expect((await replayed.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(200);

    const tablet = await signedIn(a);
    expect((await tablet.post('/api/auth/logout-everywhere')).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await tablet.get('/api/auth/me')).status).toBe(401);
  });
});
