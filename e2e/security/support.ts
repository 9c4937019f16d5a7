/**
 * Helpers for the security tests (`npm run test:security`): they drive the real product started by
 * e2e/global-setup.ts (every service and the gateway as separate processes, real PostgreSQL, NATS and
 * SMTP capture) over real HTTP, as an attacker and a victim would.
 */
import { expect, inject } from 'vitest';
import { createClient, type TestClient } from '../../services/auth/src/test/http-client';
import { decodeMail, newAccount, type Account } from '../support/accounts';

export type { TestClient };
export const baseUrl = () => inject('baseUrl');

/** A browser-like client (cookie jar, Origin of the product) on the gateway. */
export function client(): TestClient {
  return createClient(baseUrl());
}

/** Every captured mail to `to` (raw MIME, decoded). */
export async function mailsTo(to: string): Promise<string[]> {
  const res = await fetch(`${inject('mailboxUrl')}?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { raw: string }[]).map((m) => decodeMail(m.raw));
}

/** Waits until more than `after` mails reached `to`; answers the newest one. */
export async function nextMail(to: string, after: number, timeoutMs = 10_000): Promise<string> {
  let mails: string[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(to)).length, {
      timeout: timeoutMs,
      interval: 150,
      message: `no new mail to ${to} within ${timeoutMs} ms`,
    })
    .toBeGreaterThan(after);
  return mails[mails.length - 1]!;
}

export function tokenIn(mail: string, path: '/verify-email' | '/reset-password'): string {
  const m = mail.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!m?.[1]) throw new Error(`no ${path} link in mail`);
  return m[1];
}

/** A new account, verified through the real mail. */
export async function verifiedAccount(label: string): Promise<Account> {
  const a = newAccount(label);
  const c = client();
  const res = await c.post('/api/auth/signup', a);
  if (res.status !== 201) throw new Error(`signup ${res.status} ${res.text}`);
  const token = tokenIn(await nextMail(a.email, 0), '/verify-email');
  const v = await c.get(`/api/verify-email?token=${token}`);
  if (v.status !== 200) throw new Error(`verify ${v.status}`);
  return a;
}

export async function signedIn(a: Account, c: TestClient = client()): Promise<TestClient> {
  const res = await c.post('/api/auth/login', { email: a.email, password: a.password });
  if (res.status !== 200) throw new Error(`login ${res.status} ${res.text}`);
  return c;
}

/** GET a chat route with only this access token (what a thief holding a copy would send). */
export async function chatWith(access: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/conversations`, { headers: { cookie: `noek_access=${access}` } });
  await res.body?.cancel();
  return res.status;
}
