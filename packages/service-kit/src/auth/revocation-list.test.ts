import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionRevokedEvent } from '@noek/contracts';
import { createInProcessEventBus } from '../events/in-process-event-bus';
import { revocationEvents } from '../testing/revocation-events';
import { REVOCATION_HORIZON_MS, RevocationList, followRevocations } from './revocation-list';

const userId = randomUUID();
const updated = (sessionsValidAfter: string | null) =>
  revocationEvents.userUpdated(userId, sessionsValidAfter);
const revoked = (sessionId: string, revokedAt: Date) =>
  revocationEvents.sessionRevoked(userId, sessionId, revokedAt);
const token = (issuedAt: number, sessionId?: string) => ({
  id: userId,
  issuedAt: new Date(issuedAt),
  sessionId,
});

describe('RevocationList', () => {
  it('refuses tokens issued before sessionsValidAfter, and keeps the latest instant', () => {
    const list = new RevocationList();
    list.apply(updated('2026-11-24T10:00:00.000Z'));
    list.apply(updated('2026-11-24T09:00:00.000Z')); // older, arriving late: changes nothing
    expect(list.isRevoked(token(Date.parse('2026-11-24T09:59:59.000Z')))).toBe(true);
    expect(list.isRevoked(token(Date.parse('2026-11-24T10:00:00.000Z')))).toBe(false);
    list.apply(updated(null));
    expect(list.isRevoked(token(Date.parse('2026-11-24T09:30:00.000Z')))).toBe(true);
  });

  it('refuses a revoked session until every token of it has expired, and only that session', () => {
    let now = Date.parse('2026-11-24T10:00:00.000Z');
    const list = new RevocationList(() => now);
    list.apply(revoked('s1', new Date(now)));
    expect(list.isRevoked(token(now - 1000, 's1'))).toBe(true);
    expect(list.isRevoked(token(now - 1000, 's2'))).toBe(false);
    expect(list.isRevoked(token(now - 1000))).toBe(false);
    now += REVOCATION_HORIZON_MS + 1;
    expect(list.isRevoked(token(now - 1000, 's1'))).toBe(false);
    list.prune();
    expect(list.size).toBe(0);
  });

  it('says what an event revoked, once', () => {
    const list = new RevocationList();
    expect(list.apply(revoked('s9', new Date()))).toEqual({ kind: 'session', userId, sessionId: 's9' });
    expect(list.apply(revoked('s9', new Date()))).toBeNull();
    expect(list.apply(updated(new Date().toISOString()))).toEqual({ kind: 'user', userId, stop: false });
    expect(list.apply(updated(null))).toBeNull();
  });

  it('ignores other and malformed events', () => {
    const list = new RevocationList();
    const any = revoked('s1', new Date());
    list.apply({ ...any, type: 'chat.message.sent.v1', data: { userId } });
    list.apply({ ...any, type: sessionRevokedEvent.subject, data: { sessionId: 5 } });
    expect(list.size).toBe(0);
  });

  it('is fed from the bus: the recent past first, then as auth publishes', async () => {
    const bus = createInProcessEventBus();
    await bus.publish(revoked('before-start', new Date()));
    const list = new RevocationList();
    const following = await followRevocations(bus, list);
    // One instant for the tokens: a token read off a later clock could postdate sessionsValidAfter.
    const now = Date.now();
    expect(list.isRevoked(token(now, 'before-start'))).toBe(true);
    await bus.publish(updated(new Date(now + 1000).toISOString()));
    expect(list.isRevoked(token(now))).toBe(true);
    await following.stop();
    await bus.close();
  });
});
