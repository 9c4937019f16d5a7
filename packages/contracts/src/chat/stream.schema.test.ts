import { describe, expect, it } from 'vitest';
import { createStreamParser, encodeStreamEvent, type StreamEvent } from './stream.schema';

const token: StreamEvent = { type: 'token', messageId: 3, text: 'Hi\n\nthere' };

describe('stream framing', () => {
  it('round-trips events split at any byte', () => {
    const wire = `: ping\n\n${encodeStreamEvent(token)}${encodeStreamEvent({ ...token, text: '!' })}`;
    for (let cut = 0; cut <= wire.length; cut += 7) {
      const parse = createStreamParser();
      const events = [...parse(wire.slice(0, cut)), ...parse(wire.slice(cut))];
      expect(events).toEqual([token, { ...token, text: '!' }]);
    }
  });
  it('skips malformed and unknown frames', () => {
    const parse = createStreamParser();
    expect(parse('data: {oops\n\ndata: {"type":"nope"}\n\n')).toEqual([]);
    expect(parse(encodeStreamEvent(token))).toEqual([token]);
  });
});
