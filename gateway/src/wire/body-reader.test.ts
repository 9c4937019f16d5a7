import { describe, expect, it } from 'vitest';
import { BodyReader, type BodyFraming } from './body-reader';

/** Feeds `wire` to a reader in pieces of `size` bytes; returns the payload, where it stopped, and the reader. */
function read(framing: BodyFraming, wire: string, size: number, length = 0) {
  const reader = new BodyReader(framing, length);
  const chunks: Buffer[] = [];
  const sink = { payload: (c: Buffer) => chunks.push(Buffer.from(c)) };
  const bytes = Buffer.from(wire, 'latin1');
  let consumed = 0;
  for (let i = 0; i < bytes.length && !reader.done; i += size) {
    const piece = bytes.subarray(i, Math.min(bytes.length, i + size));
    const used = reader.feed(piece, 0, sink);
    if (used < 0) return { payload: Buffer.concat(chunks).toString('latin1'), consumed: -1, reader };
    consumed += used;
  }
  return { payload: Buffer.concat(chunks).toString('latin1'), consumed, reader };
}

const CHUNKED_BODY = '5;ext=1\r\nhello\r\n1\r\n \r\n0005\r\nworld\r\n0\r\nTrailer: x\r\n\r\n';

describe('BodyReader', () => {
  it('reads a known length and stops there, however the bytes are split', () => {
    for (const size of [1, 3, 100]) {
      const r = read('length', 'hello!NEXT', size, 6);
      expect(r.payload).toBe('hello!');
      expect(r.reader.done).toBe(true);
    }
  });

  it('is done at once for a zero length', () => {
    expect(new BodyReader('length', 0).done).toBe(true);
  });

  it('decodes chunked (extensions and trailers dropped) at every split, and stops at its end', () => {
    for (let size = 1; size <= CHUNKED_BODY.length; size += 1) {
      const r = read('chunked', `${CHUNKED_BODY}NEXT REQUEST`, size);
      expect(r.payload).toBe('hello world');
      expect(r.reader.done).toBe(true);
    }
    const whole = new BodyReader('chunked');
    const buf = Buffer.from(`${CHUNKED_BODY}GET /`, 'latin1');
    expect(whole.feed(buf, 0, { payload: () => {} })).toBe(CHUNKED_BODY.length);
  });

  it.each([
    ['no size', '\r\nhello\r\n0\r\n\r\n'],
    ['a bad hex digit', '5x\r\nhello\r\n0\r\n\r\n'],
    ['too many digits', '1000000000000\r\n'],
    ['a bare LF after the size', '5\nhello\r\n0\r\n\r\n'],
    ['data longer than its size', '5\r\nhello!\r\n0\r\n\r\n'],
    ['no CRLF at the end', '0\r\n\r\r'],
    ['a control character in an extension', '5;a=\u0001\r\nhello\r\n0\r\n\r\n'],
  ])('refuses chunked framing with %s', (_label, wire) => {
    const r = read('chunked', wire, 4);
    expect(r.consumed).toBe(-1);
    expect(r.reader.error).toBeDefined();
  });

  it('reads until close, and calls a length body cut by a close an error', () => {
    const r = read('close', 'all of it', 2);
    expect(r.payload).toBe('all of it');
    r.reader.closed();
    expect(r.reader.done).toBe(true);
    const cut = read('length', 'abc', 2, 10);
    cut.reader.closed();
    expect(cut.reader.done).toBe(false);
    expect(cut.reader.error).toMatch(/closed/);
  });
});
