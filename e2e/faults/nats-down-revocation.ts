/**
 * Fault row 'NATS down: revocation': with the NATS server killed, a sign-out and a sign-out
 * everywhere still hold at once. A second session of a user who is not streaming is signed out (its
 * stolen cookies must be refused on their very next call, through the gateway and at chat directly);
 * then another user's session signs out everywhere. NATS comes back after the outage, as in row b, so
 * the replies in flight finish and the outbox's revocation events are published late.
 */
import { apiRoutes, sessionIntrospectionRoute } from '@noek/contracts';
import { accessTokenFromHeaders } from '@noek/service-kit';
import { holdFault } from '../support/timing';
import { ChatUser } from './chat-client';
import type { Fault, World } from './faults';

const OUTAGE_MS = 10_000;
/** How soon a sign-out must hold with NATS down. */
const REVOKED_WITHIN_MS = 1_000;
const PASSWORD = 'Fault-run-password-1'; // users.ts signs every user up with it

/** The status of one call with `headers` (a thief's copy of a session's cookies). */
async function statusWith(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  await res.body?.cancel();
  return res.status;
}

/** What auth answers about a token when asked directly (the stale-feed fallback's question), for a failure's message. */
async function authVerdict(world: World, headers: Record<string, string>): Promise<string> {
  const token = accessTokenFromHeaders({ cookie: headers.Cookie });
  const res = await fetch(new URL(sessionIntrospectionRoute.path, world.product.serviceUrls.auth), {
    method: sessionIntrospectionRoute.method,
    headers: { authorization: `Bearer ${token ?? ''}` },
    signal: AbortSignal.timeout(5_000),
  }).catch((err: unknown) => err as Error);
  return res instanceof Error ? res.message : `${res.status} ${await res.text()}`;
}

/** Signs `email` in again (a session of its own), revokes it by `path`, then checks its cookies. */
async function revokeAndCheck(world: World, email: string, path: string): Promise<void> {
  const session = new ChatUser(world.base, email);
  await session.signIn(PASSWORD);
  const stolen = session.headers();
  const where = {
    gateway: world.base + apiRoutes.conversations.list.path,
    chat: world.product.serviceUrls.chat + apiRoutes.conversations.list.path,
  };
  for (const url of Object.values(where))
    if ((await statusWith(url, stolen)) !== 200) throw new Error(`${email}: not served before ${path}`);
  const res = await session.call('POST', path, {});
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  // The promise is 'within 1 s' with NATS down: a verdict auth gave just before the revocation (the check
  // above) may be reused for a few hundred ms, so each place is asked until it refuses, up to 1 s after the
  // revoking answer.
  const deadline = Date.now() + REVOKED_WITHIN_MS;
  for (const [name, url] of Object.entries(where)) {
    let status = await statusWith(url, stolen);
    while (status !== 401 && Date.now() < deadline) status = await statusWith(url, stolen);
    if (status !== 401)
      throw new Error(
        `NATS down: ${name} still served a session 1 s after ${path} (${status}); ` +
          `auth's own verdict now: ${await authVerdict(world, stolen)}`,
      );
  }
}

export const natsDownRevocation: Fault = {
  key: 'nats-revocation',
  name: 'NATS down: revocation',
  inject: async (world) => {
    const [streaming, idle] = [world.users[0]!, world.users.at(-1)!];
    await world.nats.kill();
    try {
      await revokeAndCheck(world, idle.email, apiRoutes.auth.logout.path);
      // Ends every session of that user, the one streaming among them: its reply ends with its final event.
      await revokeAndCheck(world, streaming.email, apiRoutes.auth.logoutEverywhere.path);
      await holdFault(OUTAGE_MS);
    } finally {
      await world.nats.restart();
      // The later rows stream as this user again (whole seconds after the revocation: iat is in seconds).
      await streaming.signIn(PASSWORD);
    }
  },
};
