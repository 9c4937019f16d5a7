import { Transform, type TransformCallback } from 'node:stream';

/** The error a body over the limit fails with: the exchange answers 413 for it. */
export class BodyTooLarge extends Error {
  constructor() {
    super('request body over the limit');
  }
}

/**
 * Passes a streamed request body on (to undici, which frames it chunked upstream) and fails it once it
 * grows past `maxBytes`: a body without a declared length is bounded as it arrives.
 */
export class BodyLimit extends Transform {
  private bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(new BodyTooLarge());
    else done(null, chunk);
  }
}
