import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEnvelope,
  noekStreamSubjects,
  sessionRevokedEvent,
  type EventEnvelope,
  type StreamEvent,
} from '@noek/contracts';
import { captureLogger, createNatsEventBus, SESSION_ENDED_MESSAGE, type EventBus } from '@noek/service-kit';
import {
  readEvents,
  signAccess,
  startChatHarness,
  terminal,
  userClient,
  TEST_NATS_URL,
  type ChatHarness,
} from '../../test/chat-api-harness';

let h: ChatHarness;
let publisher: EventBus & { connected(): Promise<void> };
beforeAll(async () => {
  // The guard of every service: one revocation list per process, fed from the bus.
  h = await startChatHarness({ sessionGuard: true });
  publisher = createNatsEventBus({
    url: TEST_NATS_URL,
    logger: captureLogger().logger,
    subjects: noekStreamSubjects,
    name: 'chat-session-revoked-test-auth',
  });
  await publisher.connected();
});
afterAll(async () => {
  await publisher?.close();
  await h?.close();
});

function revokedEnvelope(userId: string, sessionId: string): EventEnvelope {
  return createEnvelope(
    sessionRevokedEvent,
    { userId, sessionId, reason: 'signed-out', revokedAt: new Date().toISOString() },
    randomUUID(),
  );
}

/** Reads a stream in the background; `seen` fills as events arrive. */
function follow(res: Response) {
  const seen: StreamEvent[] = [];
  const all = readEvents(res, (e) => (seen.push(e), false));
  return { seen, all };
}

describe('a session signed out in one browser (auth.session.revoked.v1)', () => {
  it('ends that session’s streams with a final event and refuses its token; other sessions go on', async () => {
    h.fake.script = { chunks: Array.from({ length: 30 }, (_, i) => `w${i} `), chunkDelayMs: 60 };
    const signedOut = randomUUID();
    const other = randomUUID();
    const a = userClient(h);
    a.setToken(signAccess(h.privateKey, a.id, 'basic', undefined, signedOut));
    const b = userClient(h, 'basic', a.id);
    b.setToken(signAccess(h.privateKey, a.id, 'basic', undefined, other));

    const conv = await a.newConversation();
    const streamA = follow(await a.send(conv.id, 'a long answer please'));
    await expect.poll(() => streamA.seen.some((e) => e.type === 'token'), { timeout: 10_000 }).toBe(true);
    const started = streamA.seen.find((e) => e.type === 'started');
    if (started?.type !== 'started') throw new Error('no started event');
    const messageId = started.assistantMessage.id;
    // The same user's other browser follows the same reply.
    const resB = await b.call(
      'GET',
      `/api/conversations/${conv.id}/messages/${messageId}/stream`,
      undefined,
      {
        accept: 'text/event-stream',
      },
    );
    expect(resB.status).toBe(200);
    const streamB = follow(resB);
    await expect.poll(() => streamB.seen.some((e) => e.type === 'snapshot'), { timeout: 5_000 }).toBe(true);

    await publisher.publish(revokedEnvelope(a.id, signedOut));

    const endA = terminal(await streamA.all);
    expect(endA).toMatchObject({
      type: 'error',
      message: SESSION_ENDED_MESSAGE,
      retryable: false,
      assistantMessage: { id: messageId, status: 'streaming' },
    });
    // Cut before the reply finished: the other browser's stream is still open and ends normally.
    expect(terminal(streamB.seen)).toBeUndefined();
    const endB = terminal(await streamB.all);
    expect(endB).toMatchObject({ type: 'done', assistantMessage: { status: 'complete' } });
    expect(endB?.assistantMessage.content).toContain('w29');

    const refused = await a.json<{ code: string; message: string }>('GET', '/api/conversations');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHENTICATED', message: SESSION_ENDED_MESSAGE });
    const send = await a.json('POST', `/api/conversations/${conv.id}/messages`, { content: 'again' });
    expect(send.status).toBe(401);
    expect((await b.call('GET', '/api/conversations')).status).toBe(200);
    expect((await b.call('GET', `/api/conversations/${conv.id}/messages`)).status).toBe(200);
  });

  it("a duplicate event has one effect: the session stays refused, the user's other sessions go on", async () => {
    const a = userClient(h);
    const sessionId = randomUUID();
    a.setToken(signAccess(h.privateKey, a.id, 'basic', undefined, sessionId));
    const b = userClient(h, 'basic', a.id);
    b.setToken(signAccess(h.privateKey, a.id, 'basic', undefined, randomUUID()));
    const envelope = revokedEnvelope(a.id, sessionId);
    // Through the bus twice (distinct de-duplication keys, so NATS delivers both).
    await publisher.publish(envelope);
    await publisher.publish(envelope, { msgId: randomUUID() });
    await expect
      .poll(async () => (await a.call('GET', '/api/conversations')).status, { timeout: 10_000 })
      .toBe(401);
    expect((await b.call('GET', '/api/conversations')).status).toBe(200);
  });

  it('a token with no session id, or of another session, is not affected', async () => {
    h.fake.script = { chunks: ['ok'] };
    const a = userClient(h); // no sid (a token from before sessions had ids)
    expect((await a.call('GET', '/api/conversations')).status).toBe(200);
    a.setToken(signAccess(h.privateKey, a.id, 'basic', undefined, randomUUID()));
    const conv = await a.newConversation();
    expect(terminal(await readEvents(await a.send(conv.id, 'hi')))?.type).toBe('done');
  });
});
