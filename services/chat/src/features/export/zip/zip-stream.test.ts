import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { fromBuffer, type Entry } from 'yauzl';
import { unzip } from '../../../test/unzip';
import { zipStream, type ZipFileInput } from './zip-stream';

const options = { level: 1, inFlight: 4, modified: new Date('2026-11-26T12:34:56Z') };
const zipOf = (files: ZipFileInput[], inFlight = options.inFlight) =>
  buffer(zipStream(Readable.from(files), { ...options, inFlight }));

/** The entry names of a zip's central directory, as a reader finds them. */
function entryNames(zip: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, (err, file) => {
      if (err) return reject(err);
      const names: string[] = [];
      file.on('entry', (entry: Entry) => names.push(entry.fileName));
      file.on('end', () => resolve(names));
      file.on('error', reject);
    });
  });
}

describe('zipStream', () => {
  it('holds every file whole, in the order given, with sizes and checksums a reader accepts', async () => {
    const files = Array.from({ length: 25 }, (_, i) => ({
      name: `conversations/${i}.json`,
      text: JSON.stringify({ i, text: `héllo ${'wörld '.repeat(i * 400)}` }),
    }));
    files.push({ name: 'empty.json', text: '' }, { name: 'ünïcode/名前.json', text: '{}' });
    const unzipped = await unzip(await zipOf(files));
    expect([...unzipped.entries()]).toEqual(files.map((f) => [f.name, f.text]));
  });

  it('counts past 65,535 entries with ZIP64 records', async () => {
    const files = Array.from({ length: 65_600 }, (_, i) => ({ name: `e/${i}`, text: String(i) }));
    const names = await entryNames(await zipOf(files, 64));
    expect(names.length).toBe(65_600);
    expect(names.at(-1)).toBe('e/65599');
  }, 60_000);

  it('reads no further ahead than the files in flight while its reader takes nothing', async () => {
    let read = 0;
    async function* files(): AsyncGenerator<ZipFileInput> {
      for (let i = 0; i < 1_000; i += 1) {
        read += 1;
        yield { name: `${i}`, text: 'x'.repeat(10_000) };
      }
    }
    const zip = zipStream(files(), options);
    // The reader takes the first chunk, then nothing more.
    await new Promise((resolve) => zip.once('data', resolve));
    zip.pause();
    await expect.poll(() => zip.readableLength).toBeGreaterThan(0);
    const seen = read;
    expect(seen).toBeLessThan(20);
    // Reading on brings the rest.
    const rest = await buffer(zip);
    expect(rest.length).toBeGreaterThan(0);
    expect(read).toBe(1_000);
  });

  it('stops reading its files when the client goes away', async () => {
    let read = 0;
    let finished = false;
    async function* files(): AsyncGenerator<ZipFileInput> {
      try {
        for (let i = 0; i < 1_000; i += 1) {
          read += 1;
          // Incompressible, so that the first 100 KB of zip hold only the first few files.
          yield { name: `${i}`, text: randomBytes(30_000).toString('base64') };
        }
      } finally {
        finished = true;
      }
    }
    let taken = 0;
    const client = new Writable({
      write(chunk: Buffer, _encoding, done) {
        taken += chunk.length;
        // The client hangs up after the first bytes.
        if (taken > 100_000) this.destroy();
        done();
      },
    });
    await expect(pipeline(zipStream(files(), options), client)).rejects.toMatchObject({
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
    await expect.poll(() => finished).toBe(true);
    expect(read).toBeLessThan(20);
  });
});
