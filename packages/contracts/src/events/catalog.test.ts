import { describe, expect, it } from 'vitest';
import { eventEnvelopeSchema } from './envelope.schema';
import { allEvents, eventSubjects, noekStreamSubjects, parseEventEnvelope } from './catalog';
import { broadcastEvents } from './gateway.events';

const userId = '2b7e1516-28ae-4d2a-a6ab-f7158809cf4f';
const envelope = (type: string, data: unknown) => ({
  id: 'e1',
  type,
  time: '2026-01-01T00:00:00.000Z',
  correlationId: 'c1',
  data,
});

describe('event catalog', () => {
  it('names every subject by the convention and inside the NOEK stream', () => {
    for (const e of allEvents) {
      expect(eventEnvelopeSchema.shape.type.safeParse(e.subject).success, e.subject).toBe(true);
      expect(noekStreamSubjects).toContain(`${e.subject.split('.')[0]}.>`);
    }
    expect(new Set(Object.values(eventSubjects)).size).toBe(allEvents.length);
  });
  it('keeps broadcasts out of the NOEK stream (never stored) and names them by the convention', () => {
    for (const e of broadcastEvents) {
      expect(eventEnvelopeSchema.shape.type.safeParse(e.subject).success, e.subject).toBe(true);
      expect(noekStreamSubjects).not.toContain(`${e.subject.split('.')[0]}.>`);
    }
  });
  it('parses a valid envelope into typed data', () => {
    const raw = envelope('chat.message.sent.v1', {
      userId,
      conversationId: 3,
      messageId: 9,
      at: '2026-01-01T00:00:00Z',
    });
    const e = parseEventEnvelope(raw, eventSubjects.messageSent);
    expect(e.data.conversationId).toBe(3);
  });
  it('refuses bad data, an unexpected type and an unknown type', () => {
    expect(() => parseEventEnvelope(envelope('chat.message.sent.v1', { userId }))).toThrow();
    const ok = envelope('auth.user.verified.v1', {
      userId,
      email: 'a@b.co',
      verifiedAt: '2026-01-01T00:00:00Z',
    });
    expect(() => parseEventEnvelope(ok, eventSubjects.userUpdated)).toThrow(/Expected auth.user.updated.v1/);
    expect(() => parseEventEnvelope(envelope('auth.user.exploded.v1', {}))).toThrow(/Unknown event type/);
  });
  it('each definition envelope pins its type', () => {
    const raw = envelope('auth.user.verified.v1', {
      userId,
      email: 'a@b.co',
      verifiedAt: '2026-01-01T00:00:00Z',
    });
    expect(allEvents[1].envelope.safeParse(raw).success).toBe(true);
    expect(allEvents[0].envelope.safeParse(raw).success).toBe(false);
  });
});
