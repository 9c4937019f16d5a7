/**
 * Revocation without NATS: with the NATS server killed, a signed-out and a banned user are
 * refused on their very next call through the gateway, and their open reply streams end with their
 * final event. The product runs as separate processes on a PostgreSQL cluster and a NATS server of this
 * test's own (the fault run's private product), so killing NATS touches nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, createStreamParser, routePath, type StreamEvent, type User } from '@noek/contracts';
import { SESSION_ENDED_MESSAGE, es256KeyPair } from '@noek/service-kit';
import { ChatUser } from '../faults/chat-client';
import { createUsers } from '../faults/users';
import { startPrivateProduct, type PrivateProduct } from '../support/private-product';

const ADMIN = { email: 'nats-down-admin@example.com', password: 'Admin-password-1' };
const PASSWORD = 'Fault-run-password-1'; // e2e/faults/users.ts signs every user up with it

let run: PrivateProduct;
let admin: ChatUser;

beforeAll(async () => {
  const keys = es256KeyPair();
  run = await startPrivateProduct({
    log: () => undefined,
    env: {
      AUTH_PRIVATE_KEY: keys.privateKey,
      AUTH_PUBLIC_KEY: keys.publicKey,
      // ~90 words at 200 ms: a reply streams for ~18 s, well past the revocation.
      OFFLINE_WORD_DELAY_MS: '200',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  admin = new ChatUser(run.base, ADMIN.email);
  await admin.signIn(ADMIN.password);
});

afterAll(async () => {
  await run?.stop();
});

/** A reply stream read to its end: its events, and whether any byte came after the final one. */
function readStream(res: Response) {
  const events: StreamEvent[] = [];
  let afterFinal = '';
  const ended = (async () => {
    const parse = createStreamParser();
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        const text = decoder.decode(chunk, { stream: true });
        if (events.some((e) => e.type === 'done' || e.type === 'error')) afterFinal += text;
        else events.push(...parse(text));
      }
    } catch {
      // cut: the events tell
    }
  })();
  return { events, ended, afterFinal: () => afterFinal };
}

async function openReply(u: ChatUser) {
  const conversationId = await u.newConversation();
  const path = routePath(apiRoutes.conversations.send, { id: conversationId });
  const res = await u.call('POST', path, { content: 'a long answer please' }, 'text/event-stream');
  expect(res.status).toBe(200);
  const stream = readStream(res);
  await expect.poll(() => stream.events.some((e) => e.type === 'token'), { timeout: 20_000 }).toBe(true);
  return stream;
}

async function idOf(u: ChatUser): Promise<string> {
  const res = await u.call('GET', apiRoutes.auth.me.path);
  return ((await res.json()) as { user: User }).user.id;
}

const listConversations = async (headers: Record<string, string>) =>
  (await fetch(run.base + apiRoutes.conversations.list.path, { headers })).status;
const subscriptionStatus = async (headers: Record<string, string>) =>
  (await fetch(run.base + apiRoutes.subscription.status.path, { headers })).status;

describe('revocation with NATS down', () => {
  it('a signed-out and a banned user are refused at once and their streams end with their final event', async () => {
    const [signedOut, banned] = await createUsers(run.base, run.mail, 2);
    await signedOut!.signIn(PASSWORD);
    await banned!.signIn(PASSWORD);
    const bannedId = await idOf(banned!);
    const streams = [await openReply(signedOut!), await openReply(banned!)];
    const stolen = [signedOut!.headers(), banned!.headers()];
    for (const h of stolen) expect(await listConversations(h)).toBe(200);
    for (const h of stolen) expect(await subscriptionStatus(h)).toBe(200);

    await run.nats.kill();

    expect((await signedOut!.call('POST', apiRoutes.auth.logout.path, {})).status).toBe(200);
    const ban = await admin.call('POST', routePath(apiRoutes.admin.ban, { id: bannedId }), {
      reason: 'spam',
    });
    expect(ban.status).toBe(200);

    // The very next call with either session is refused, at chat and at billing: no wait for the feed,
    // which is down.
    expect(await subscriptionStatus(stolen[0]!)).toBe(401);
    expect(await subscriptionStatus(stolen[1]!)).toBe(401);
    expect(await listConversations(stolen[0]!)).toBe(401);
    expect(await listConversations(stolen[1]!)).toBe(401);
    const send = await fetch(run.base + apiRoutes.conversations.create.path, {
      method: 'POST',
      headers: stolen[1]!,
      body: JSON.stringify({ title: 'after the ban' }),
    });
    expect(send.status).toBe(401);

    for (const s of streams) {
      await s.ended;
      expect(s.events.at(-1)).toMatchObject({ type: 'error', message: SESSION_ENDED_MESSAGE });
      expect(s.afterFinal()).toBe('');
    }
  });
});
