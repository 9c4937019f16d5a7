import { createWriteStream } from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCodes } from '@noek/contracts';
import { DomainError } from '@noek/service-kit';

export const fileTooLarge = (maxBytes: number) =>
  new DomainError(
    errorCodes.payloadTooLarge,
    413,
    `The file is too large: files up to ${Math.round((maxBytes / 1_048_576) * 10) / 10} MB can be imported.`,
  );

/** Passes bytes on and fails once more than `maxBytes` went through. */
class ByteLimit extends Transform {
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) done(this.tooLarge());
    else done(null, chunk);
  }
}

/** Copies `source` through a byte limit (the error it fails with past it). */
export function limitBytes(source: Readable, maxBytes: number, tooLarge: () => Error): Readable {
  const limit = new ByteLimit(maxBytes, tooLarge);
  source.once('error', (e) => limit.destroy(e));
  limit.once('close', () => source.destroy());
  return source.pipe(limit);
}

/**
 * The upload, streamed to `file` as it arrives (never held in memory): refused with 413 when its declared
 * length, or the bytes counted, pass `maxBytes`.
 */
export async function receiveUpload(
  req: Readable & { headers: Record<string, string | string[] | undefined> },
  file: string,
  maxBytes: number,
): Promise<number> {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw fileTooLarge(maxBytes);
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const limit = new ByteLimit(maxBytes, () => fileTooLarge(maxBytes));
  // Piped, not in the pipeline: a refusal must not destroy the request, or its 413 could not be sent.
  req.once('error', (e) => limit.destroy(e));
  req.pipe(limit);
  try {
    await pipeline(limit, count, createWriteStream(file));
  } finally {
    req.unpipe(limit);
  }
  return bytes;
}
