import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { ValidationError } from '@noek/service-kit';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { limitBytes } from './receive-upload';

/** Zip-bomb bounds of an uploaded zip (ChatGPT's export: conversations.json, chat.html, images). */
export const ZIP_LIMITS = {
  /** Entries in the archive's directory. */
  maxEntries: 10_000,
  /** Declared uncompressed size of every entry together. */
  maxTotalBytes: 1024 * 1_048_576,
  /** conversations.json once inflated (counted as it inflates, whatever the directory declares). */
  maxJsonBytes: 512 * 1_048_576,
  /** Uncompressed to compressed size of conversations.json: JSON compresses about 5 to 15 times. */
  maxRatio: 100,
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The uploaded file's JSON text, readable again from the start (to point at a syntax error). */
export interface ImportText {
  open(): Readable;
  /** The top-level value is an array (of items), not one item. */
  array: boolean;
}

/** The file's first bytes: a zip's signature, or where its JSON starts (after a BOM and blanks). */
async function head(file: string): Promise<{ zip: boolean; array: boolean }> {
  const handle = await open(file, 'r');
  try {
    const bytes = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    const start = bytes.subarray(0, bytesRead);
    const text = start
      .toString('latin1')
      .replace(/^\xEF\xBB\xBF/, '')
      .trimStart();
    return { zip: start.subarray(0, 4).equals(ZIP_MAGIC), array: text.startsWith('[') };
  } finally {
    await handle.close();
  }
}

/** A stream now whose source opens later (a zip entry opens asynchronously). */
function later(open: () => Promise<Readable>): Readable {
  const out = new PassThrough();
  open().then(
    (s) => {
      s.once('error', (e) => out.destroy(e));
      s.pipe(out);
    },
    (e: Error) => out.destroy(e),
  );
  return out;
}

const refuse = (why: string) => new ValidationError(`${why} Nothing was imported.`);

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, zip) =>
      err ? reject(refuse(`The zip file could not be read (${err.message}).`)) : resolve(zip),
    ),
  );
}

/** Walks the directory (bounded) and returns conversations.json's entry. */
function findConversations(zip: ZipFile): Promise<Entry> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > ZIP_LIMITS.maxEntries)
      return reject(refuse(`The zip holds more than ${ZIP_LIMITS.maxEntries} files.`));
    let total = 0;
    let found: Entry | undefined;
    zip.on('entry', (entry: Entry) => {
      total += entry.uncompressedSize;
      if (total > ZIP_LIMITS.maxTotalBytes) {
        zip.close();
        return reject(refuse('The zip expands to more than 1 GB.'));
      }
      if (/(^|\/)conversations\.json$/.test(entry.fileName) && !found) found = entry;
      zip.readEntry();
    });
    zip.once('end', () =>
      found ? resolve(found) : reject(refuse("The zip holds no conversations.json (ChatGPT's export).")),
    );
    zip.once('error', (err: Error) => reject(refuse(`The zip file could not be read (${err.message}).`)));
    zip.readEntry();
  });
}

function entryStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) =>
      err ? reject(refuse(`The zip file could not be read (${err.message}).`)) : resolve(stream),
    ),
  );
}

/**
 * The JSON text of an uploaded file: the file itself, or ChatGPT's export zip's conversations.json,
 * inflated as it is read within ZIP_LIMITS (entry count, total size, ratio; the inflated bytes are counted,
 * so a directory that lies about sizes does not get past them).
 */
export async function openImportSource(file: string): Promise<ImportText> {
  const { zip, array } = await head(file);
  if (!zip) return { open: () => createReadStream(file), array };
  // ChatGPT's conversations.json is a list; its bounds are checked once before anything is read.
  await openConversationsJson(file).then((s) => s.destroy());
  return { open: () => later(() => openConversationsJson(file)), array: true };
}

async function openConversationsJson(file: string): Promise<Readable> {
  const zip = await openZip(file);
  try {
    const entry = await findConversations(zip);
    const cap = Math.min(ZIP_LIMITS.maxJsonBytes, Math.max(1, entry.compressedSize) * ZIP_LIMITS.maxRatio);
    if (entry.uncompressedSize > cap)
      throw refuse('conversations.json in the zip expands too much (a zip bomb?).');
    const stream = await entryStream(zip, entry);
    const limited = limitBytes(stream, cap, () =>
      refuse('conversations.json in the zip expands too much (a zip bomb?).'),
    );
    limited.once('close', () => zip.close());
    return limited;
  } catch (error) {
    zip.close();
    throw error;
  }
}
