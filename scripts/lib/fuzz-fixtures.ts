import { sessionCookies, serviceTokenHeader } from '@noek/contracts';
import type { Fixtures } from './fuzz-corpus';
import { ADMIN, type FuzzStack } from './fuzz-stack';

export interface SignedInFixtures extends Fixtures {
  /** The admin's session cookies (access and refresh), as a Cookie header. */
  cookie: string;
}

async function call(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(rest.headers as Record<string, string>) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'POST'} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** Retries while the bus carries a new user to the other services' read models. */
async function eventually<T>(what: string, attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i += 1) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= 100) throw new Error(`${what}: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A new session of the admin: the access and refresh cookies, as a Cookie header. */
export async function signIn(stack: FuzzStack): Promise<{ cookie: string; adminId: string }> {
  const login = await eventually('admin login', () =>
    call(`${stack.urls.auth}/api/auth/login`, { json: ADMIN }),
  );
  const names = [sessionCookies.access, sessionCookies.refresh];
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => names.some((n) => c.startsWith(`${n}=`)))
    .join('; ');
  return { cookie, adminId: ((await login.json()) as { user: { id: string } }).user.id };
}

/** The admin signed in, a second user to act on, a conversation with a reply, a payment to pay. */
export async function makeFixtures(stack: FuzzStack): Promise<SignedInFixtures> {
  const { urls } = stack;
  const { cookie, adminId } = await signIn(stack);
  const targetEmail = 'fuzz-target@example.com';
  await call(`${urls.auth}/api/auth/signup`, {
    json: { name: 'Target', email: targetEmail, password: 'fuzz-password' },
  });
  const internal = { [serviceTokenHeader]: stack.serviceToken('auth') };
  const users = (await (await call(`${urls.auth}/internal/auth/users`, { headers: internal })).json()) as {
    id: string;
    email: string;
  }[];
  const targetId = users.find((u) => u.email === targetEmail)!.id;
  const headers = { cookie };
  const conversation = await eventually('conversation', () =>
    call(`${urls.chat}/api/conversations`, { headers, json: { title: 'Fuzz' } }),
  );
  const conversationId = ((await conversation.json()) as { id: number }).id;
  const sent = await call(`${urls.chat}/api/conversations/${conversationId}/messages`, {
    headers,
    json: { content: 'hello' },
  });
  const messageId = ((await sent.json()) as { assistantMessage: { id: number } }).assistantMessage.id;
  await eventually('admin known to the admin service', () =>
    call(`${urls.admin}/api/admin/users`, { headers }),
  );
  const subscribe = await fetch(`${urls.billing}/api/payment/subscribe`, { method: 'POST', headers });
  const clientSecret = subscribe.ok
    ? ((await subscribe.json()) as { clientSecret: string }).clientSecret
    : 'pi_fuzz_secret_fuzz';
  return { cookie, adminId, targetId, conversationId, messageId, clientSecret };
}
