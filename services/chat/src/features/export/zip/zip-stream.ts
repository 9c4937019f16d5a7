import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import {
  centralDirectoryHeader,
  endOfCentralDirectory,
  localFileHeader,
  type ZipEntryRecord,
} from './zip-records';

const deflate = promisify(deflateRaw);
/** Compression methods (APPNOTE 4.4.5). */
const STORE = 0;
const DEFLATE = 8;
/**
 * Below this many bytes a file is stored as it is: deflate saves next to nothing there, and setting up
 * a zlib stream (about 256 KB of state) would cost more than the file.
 */
const STORE_BELOW = 256;

/** A file to put in the zip. */
export interface ZipFileInput {
  name: string;
  text: string;
}

export interface ZipStreamOptions {
  /** zlib level: 1 is about three times as fast as the default 6, for a zip a few percent larger. */
  level: number;
  /** Files compressing at once, and so held in memory at once (with the one being written). */
  inFlight: number;
  /** The modification time every entry carries. */
  modified: Date;
}

interface Deflated {
  record: ZipEntryRecord;
  data: Buffer;
}

async function deflateFile(file: ZipFileInput, options: ZipStreamOptions): Promise<Deflated> {
  const raw = Buffer.from(file.text, 'utf8');
  const stored = raw.length < STORE_BELOW;
  // node:zlib deflates on libuv's thread pool: files in flight compress on every core at once.
  // One output chunk about the size of the result: zlib's default 16 KB chunks would call back into
  // JavaScript (and copy) hundreds of times for a long conversation.
  const chunkSize = Math.min(Math.max(raw.length >> 1, 16 * 1024), 8 * 1024 * 1024);
  const data = stored ? raw : await deflate(raw, { level: options.level, chunkSize });
  const record = {
    name: file.name,
    method: stored ? STORE : DEFLATE,
    crc32: crc32(raw),
    compressedSize: data.length,
    uncompressedSize: raw.length,
    modified: options.modified,
  };
  return { record, data };
}

/** Each entry's local header and data, then the central directory and its end records. */
async function* zipBytes(entries: AsyncIterable<Deflated>): AsyncGenerator<Buffer> {
  const directory: Buffer[] = [];
  let offset = 0;
  for await (const { record, data } of entries) {
    const header = localFileHeader(record);
    directory.push(centralDirectoryHeader(record, offset));
    offset += header.length + data.length;
    yield header;
    yield data;
  }
  const size = directory.reduce((sum, b) => sum + b.length, 0);
  yield Buffer.concat([...directory, endOfCentralDirectory({ entries: directory.length, size, offset })]);
}

/**
 * The zip of `files` as a byte stream, entries in the order given. Up to `inFlight` files are deflated
 * at once, ahead of the one being written (Readable.map keeps the order, and holds at most `inFlight`
 * results more); nothing more is read while the stream's reader has not taken what was made, so memory
 * holds a few files only, whatever the zip's size. Destroying the stream (a cancelled download) stops
 * reading `files`.
 */
export function zipStream(files: AsyncIterable<ZipFileInput>, options: ZipStreamOptions): Readable {
  const deflated = Readable.from(files, { highWaterMark: 1 }).map(
    (f: ZipFileInput) => deflateFile(f, options),
    {
      concurrency: options.inFlight,
    },
  ) as AsyncIterable<Deflated>;
  return Readable.from(zipBytes(deflated), { highWaterMark: 2 });
}
