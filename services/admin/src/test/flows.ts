import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ADMIN, type AdminStack, type TestClient } from './admin-stack';

export type Person = { name: string; email: string; password: string };
export type Member = Person & { id: string; c: TestClient };

export function person(tag = 'user'): Person {
  return {
    name: `Ada ${tag}`,
    email: `${tag}-${randomBytes(4).toString('hex')}@example.test`,
    password: 'correct horse 1',
  };
}

/** Signs up, follows the activation link mailed to the user (SMTP capture), signs in. */
export async function signUp(stack: AdminStack, tag?: string): Promise<Member> {
  const p = person(tag);
  const c = stack.client();
  const res = await c.post('/api/auth/signup', p);
  expect(res.status, res.text).toBe(201);
  const token = await stack.verificationToken(p.email);
  expect((await c.get(`/api/verify-email?token=${token}`)).status).toBe(200);
  const id = await signIn(c, p);
  return { ...p, id, c };
}

export async function signIn(c: TestClient, p: { email: string; password: string }): Promise<string> {
  const res = await c.post('/api/auth/login', { email: p.email, password: p.password });
  expect(res.status, res.text).toBe(200);
  return res.body.user.id as string;
}

export async function signInAdmin(stack: AdminStack): Promise<{ c: TestClient; id: string }> {
  const c = stack.client();
  return { c, id: await signIn(c, ADMIN) };
}

/** Polls until `fn` answers something truthy (events travel over NATS). */
export async function waitFor<T>(
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The admin table's row of a user (searched by email), once the read model has it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;
export async function rowOf(
  admin: TestClient,
  email: string,
  until: (row: Row) => boolean = () => true,
): Promise<Row> {
  return waitFor(async () => {
    const res = await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
    const row = res.status === 200 ? (res.body as Row[]).find((u) => u.email === email) : undefined;
    return row && until(row) ? row : null;
  });
}
