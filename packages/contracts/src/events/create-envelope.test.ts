import { describe, expect, it } from 'vitest';
import { createEnvelope } from './envelope.schema';
import { sessionRevokedEvent } from './auth.events';
import { parseEventEnvelope } from './catalog';

describe('createEnvelope', () => {
  const data = {
    userId: '00000000-0000-4000-8000-000000000001',
    sessionId: 's1',
    reason: 'signed-out' as const,
    revokedAt: '2026-01-01T00:00:00.000Z',
  };

  it('builds an envelope every consumer parses: the subject as type, a fresh id, the given time', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const a = createEnvelope(sessionRevokedEvent, data, 'req-1', at);
    const b = createEnvelope(sessionRevokedEvent, data, 'req-1', at);
    expect(a).toMatchObject({
      type: sessionRevokedEvent.subject,
      time: at.toISOString(),
      correlationId: 'req-1',
    });
    expect(a.id).not.toBe(b.id);
    expect(parseEventEnvelope(a, sessionRevokedEvent.subject).data).toEqual(data);
  });

  it('refuses data its event does not declare', () => {
    expect(() =>
      createEnvelope(sessionRevokedEvent, { ...data, reason: 'nope' } as unknown as typeof data, 'req-1'),
    ).toThrow();
  });
});
