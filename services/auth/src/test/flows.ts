import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { AuthTestEnv } from './auth-test-env';
import type { TestClient } from './http-client';
import { tokenFromMail } from './smtp-capture';

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomBytes(4).toString('hex')}@example.test`;
}

export type Person = { name: string; email: string; password: string };

export function person(tag?: string): Person {
  return { name: 'Ada Lovelace', email: uniqueEmail(tag), password: 'correct horse 1' };
}

/** Signs up, waits for the activation email over SMTP and follows its link. */
export async function signUpAndVerify(
  env: AuthTestEnv,
  client: TestClient,
  p: Person = person(),
): Promise<Person> {
  const before = env.smtp.countFor(p.email);
  const res = await client.post('/api/auth/signup', p);
  expect(res.status).toBe(201);
  const mail = await env.smtp.waitFor(p.email, { after: before });
  const verified = await client.get(`/api/verify-email?token=${tokenFromMail(mail, '/verify-email')}`);
  expect(verified.status).toBe(200);
  return p;
}

export async function signIn(client: TestClient, p: Person) {
  const res = await client.post('/api/auth/login', { email: p.email, password: p.password });
  expect(res.status, res.text).toBe(200);
  return res;
}

/**
 * A handoff exchange as one browser does it: the first exchange binds the token to
 * this client and answers where to confirm; the confirm (on the host that made the token, which
 * must see that host's cookie) sends the client back with the link; the second exchange signs in.
 * Answers the last exchange (or the first, when it was not a confirm step).
 */
export async function exchangeLikeABrowser(client: TestClient, token: string, extra: object = {}) {
  const first = await client.post('/api/auth/handoff/exchange', { token, ...extra });
  if (first.status !== 200 || !first.body?.confirmUrl) return first;
  const confirm = new URL(first.body.confirmUrl as string);
  const back = await client.get(confirm.pathname + confirm.search);
  expect(back.status).toBe(303);
  const returned = new URL(back.headers.get('location')!, 'http://any.invalid').searchParams.get(
    'auth_token',
  );
  if (!returned) return first;
  return client.post('/api/auth/handoff/exchange', { token: returned, ...extra });
}
