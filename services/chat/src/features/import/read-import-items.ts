import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { verifier, type VerifierError } from 'stream-json/utils/verifier.js';
import { DomainError, ValidationError } from '@noek/service-kit';
import type { ImportText } from './import-source';

/**
 * Bytes to text, refusing broken UTF-8 (the parser's own decoding would replace it silently). The byte
 * offset of the first bad sequence is named within the chunk it was found in.
 */
class Utf8Text extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private bytes = 0;

  constructor() {
    super({ readableObjectMode: true });
  }

  private decode(chunk: Buffer | undefined, done: TransformCallback): void {
    try {
      const text = chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode();
      this.bytes += chunk?.length ?? 0;
      done(null, text || undefined);
    } catch {
      done(
        new ValidationError(
          `The file is not valid UTF-8 text (near byte ${this.bytes}). Nothing was imported.`,
        ),
      );
    }
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.decode(chunk, done);
  }

  override _flush(done: TransformCallback): void {
    this.decode(undefined, done);
  }
}

/** Where the JSON of the file first breaks (line and column), read again from the start. */
async function syntaxError(source: ImportText, cause: Error): Promise<string> {
  const found = await new Promise<Partial<VerifierError> | undefined>((resolve) => {
    pipeline(source.open(), new Utf8Text(), verifier.asStream(), (err) => resolve(err ?? undefined));
  });
  if (found instanceof DomainError) return found.message;
  return found?.line
    ? `The file is not valid JSON: line ${found.line}, column ${found.pos}. Nothing was imported.`
    : `The file could not be read as a list of conversations (${cause.message}). Nothing was imported.`;
}

/**
 * The file's items, one at a time, as the text streams by: the elements of a top-level array (ChatGPT's
 * conversations.json, several Noek exports), or the one top-level value (a Noek export). Only one item is
 * ever assembled in memory. Broken UTF-8 and bad JSON answer 400 naming the byte, or the line and column.
 */
export async function* readImportItems(source: ImportText): AsyncGenerator<unknown> {
  let failure: Error | undefined;
  const items = pipeline(
    source.open(),
    new Utf8Text(),
    source.array ? streamArray.withParserAsStream() : streamValues.withParserAsStream(),
    (err) => {
      failure ??= err ?? undefined;
    },
  ) as Readable;
  try {
    for await (const item of items as AsyncIterable<{ value: unknown }>) yield item.value;
  } catch (error) {
    const cause = failure ?? (error as Error);
    if (cause instanceof DomainError) throw cause;
    throw new ValidationError(await syntaxError(source, cause));
  } finally {
    items.destroy();
  }
  if (failure instanceof DomainError) throw failure;
}
