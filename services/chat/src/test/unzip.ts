import { crc32 } from 'node:zlib';
import { fromBuffer, type Entry } from 'yauzl';

/** Every file of a zip, by name, in the zip's order; fails on an entry whose bytes do not match its CRC-32. */
export function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, string>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            // yauzl checks sizes, not checksums.
            if (crc32(bytes) !== entry.crc32) return reject(new Error(`${entry.fileName}: CRC-32 mismatch`));
            files.set(entry.fileName, bytes.toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
