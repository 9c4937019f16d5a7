/**
 * Message body framing (RFC 9112 §6-7), read incrementally from whatever slices the socket delivers:
 * a known length, chunked, or (responses only) until the connection closes. Payload goes to `onData` as
 * slices of the input (no copies); chunk sizes, extensions and trailers are consumed and dropped, and the
 * payload is framed again on the way out, so what the next hop parses is only what this reader accepted.
 */
export type BodyFraming = 'length' | 'chunked' | 'close';

/** Receives a body's payload, slice by slice (an object, not a callback: no closure per message). */
export interface PayloadSink {
  payload(chunk: Buffer): void;
}

const enum S {
  Size,
  SizeBlank,
  Ext,
  SizeLf,
  Data,
  DataCr,
  DataLf,
  TrailerStart,
  Trailer,
  TrailerLf,
  FinalLf,
  Done,
}

/** Chunk-size digits accepted (16^12: 256 TiB, far past any limit, and exact as a JS number). */
const MAX_SIZE_DIGITS = 12;
/** Bytes of chunk extensions and of trailers accepted in one body, each. */
const MAX_EXTRA_BYTES = 16 * 1024;

export class BodyReader {
  private state: S;
  /** Bytes left of the body (length) or of the current chunk (chunked). */
  private remaining: number;
  private digits = 0;
  private extra = 0;
  /** Why the body is malformed; the reader then stops for good. */
  error: string | undefined;

  constructor(
    readonly framing: BodyFraming,
    length = 0,
  ) {
    this.remaining = length;
    this.state = framing === 'length' && length === 0 ? S.Done : framing === 'chunked' ? S.Size : S.Data;
  }

  get done(): boolean {
    return this.state === S.Done;
  }

  /** The connection closed: the end of a close-delimited body, an error for the others. */
  closed(): void {
    if (this.framing === 'close') this.state = S.Done;
    else if (this.state !== S.Done) this.error ??= 'closed before the end of the body';
  }

  /**
   * Reads from buf[start..]: payload slices go to `sink`. Returns the index just past what belongs to
   * this body (buf.length when all of it did), or -1 when the framing is malformed (see `error`).
   */
  feed(buf: Buffer, start: number, sink: PayloadSink): number {
    if (this.error) return -1;
    if (this.framing !== 'chunked') return this.feedPlain(buf, start, sink);
    let i = start;
    while (i < buf.length && this.state !== S.Done) {
      if (this.state === S.Data) {
        const n = Math.min(this.remaining, buf.length - i);
        sink.payload(buf.subarray(i, i + n));
        i += n;
        this.remaining -= n;
        if (this.remaining === 0) this.state = S.DataCr;
        continue;
      }
      if (!this.step(buf[i]!)) return -1;
      i += 1;
    }
    return i;
  }

  private feedPlain(buf: Buffer, start: number, sink: PayloadSink): number {
    if (this.state === S.Done || start >= buf.length) return start;
    if (this.framing === 'close') {
      sink.payload(start === 0 ? buf : buf.subarray(start));
      return buf.length;
    }
    const n = Math.min(this.remaining, buf.length - start);
    sink.payload(start === 0 && n === buf.length ? buf : buf.subarray(start, start + n));
    this.remaining -= n;
    if (this.remaining === 0) this.state = S.Done;
    return start + n;
  }

  /** One byte of chunked framing outside chunk data. False (and `error`) when it is malformed. */
  private step(c: number): boolean {
    switch (this.state) {
      case S.Size: {
        const v = hexValue(c);
        if (v >= 0 && this.digits < MAX_SIZE_DIGITS) {
          this.remaining = this.remaining * 16 + v;
          this.digits += 1;
          return true;
        }
        if (this.digits === 0) return this.fail('chunk size expected');
        if (c === 13) return this.to(S.SizeLf);
        if (c === 59 /* ; */) return this.to(S.Ext);
        if (c === 32 || c === 9) return this.to(S.SizeBlank);
        return this.fail('bad chunk size');
      }
      case S.SizeBlank:
        if (c === 32 || c === 9) return true;
        return c === 59 ? this.to(S.Ext) : this.fail('bad chunk size line');
      case S.Ext:
        if (c === 13) return this.to(S.SizeLf);
        if ((c < 32 && c !== 9) || c === 127 || ++this.extra > MAX_EXTRA_BYTES)
          return this.fail('bad chunk extension');
        return true;
      case S.SizeLf:
        if (c !== 10) return this.fail('CRLF expected after the chunk size');
        this.digits = 0;
        return this.to(this.remaining === 0 ? S.TrailerStart : S.Data);
      case S.DataCr:
        return c === 13 ? this.to(S.DataLf) : this.fail('CRLF expected after chunk data');
      case S.DataLf:
        return c === 10 ? this.to(S.Size) : this.fail('CRLF expected after chunk data');
      case S.TrailerStart:
        return c === 13 ? this.to(S.FinalLf) : this.trailerByte(c);
      case S.Trailer:
        return c === 13 ? this.to(S.TrailerLf) : this.trailerByte(c);
      case S.TrailerLf:
        return c === 10 ? this.to(S.TrailerStart) : this.fail('CRLF expected after a trailer');
      case S.FinalLf:
        return c === 10 ? this.to(S.Done) : this.fail('CRLF expected at the end of the body');
      default:
        return this.fail('unexpected state');
    }
  }

  private trailerByte(c: number): boolean {
    if ((c < 32 && c !== 9) || c === 127 || ++this.extra > MAX_EXTRA_BYTES) return this.fail('bad trailer');
    this.state = S.Trailer;
    return true;
  }

  private to(state: S): boolean {
    this.state = state;
    return true;
  }

  private fail(why: string): boolean {
    this.error = why;
    return false;
  }
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** The line that opens a chunk of `size` bytes on the way out. */
export function chunkHeader(size: number): string {
  return `${size.toString(16)}\r\n`;
}
export const CHUNK_END = '\r\n';
export const LAST_CHUNK = '0\r\n\r\n';
