import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamEvent } from '@noek/contracts';
import { RevocationList, SESSION_ENDED_MESSAGE, revocationEvents } from '@noek/service-kit';
import {
  readEvents,
  signAccess,
  startChatHarness,
  terminal,
  userClient,
  type ChatHarness,
} from '../../test/chat-api-harness';

/**
 * Streams end at sign-out with their final event and nothing after. The harness's
 * authenticate does not read `revocations`, so a revocation put in the list plays one that landed after
 * the request's check and before its stream registered, deterministically.
 */
const revocations = new RevocationList();
let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness({ revocations });
});
afterAll(async () => {
  await h?.close();
});

const slowReply = () => ({ chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), chunkDelayMs: 50 });
const tokens = (events: StreamEvent[]) => events.filter((e) => e.type === 'token');

describe('a reply stream and sign-out', () => {
  it('a stream whose session was signed out before it registered ends at once with its final event', async () => {
    h.fake.script = slowReply();
    const sessionId = randomUUID();
    const a = userClient(h);
    a.setToken(signAccess(h.privateKey, a.id, 'basic', undefined, sessionId));
    const conv = await a.newConversation();
    revocations.apply(revocationEvents.sessionRevoked(a.id, sessionId));
    const events = await readEvents(await a.send(conv.id, 'a long answer please'));
    expect(terminal(events)).toMatchObject({ type: 'error', message: SESSION_ENDED_MESSAGE });
    expect(tokens(events)).toHaveLength(0);
    expect(events.at(-1)?.type).toBe('error');
  });

  it('a ban or sign-out everywhere ends the stream with its final event too, and nothing after', async () => {
    h.fake.script = slowReply();
    const a = userClient(h);
    const conv = await a.newConversation();
    const seen: StreamEvent[] = [];
    const all = readEvents(await a.send(conv.id, 'a long answer please'), (e) => (seen.push(e), false));
    await expect.poll(() => tokens(seen).length > 0, { timeout: 10_000 }).toBe(true);
    h.revoke({ kind: 'user', userId: a.id, stop: true });
    const events = await all;
    expect(terminal(events)).toMatchObject({ type: 'error', message: SESSION_ENDED_MESSAGE });
    expect(events.at(-1)?.type).toBe('error');
  });
});
