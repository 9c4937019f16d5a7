// The records of a zip file (PKWARE's APPNOTE.TXT 6.3.10, sections 4.3 and 4.5.3), for entries whose
// sizes and CRC-32 are known before they are written: no data descriptors, ZIP64 only where a size, an
// offset or the entry count does not fit the 16/32-bit fields.

/** Entry fields the local header and the central directory both carry. */
export interface ZipEntryRecord {
  name: string;
  /** Compression method: 8 is deflate (APPNOTE 4.4.5). */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  modified: Date;
}

const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** Bit 11: the name is UTF-8 (APPNOTE 4.4.4). */
const UTF8_NAME = 0x0800;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** Made by UNIX (3, APPNOTE 4.4.2), so readers take the external attributes as a file mode. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--. */
const FILE_MODE = 0o100644;

/** MS-DOS date and time (APPNOTE 4.4.6), from the UTC fields; two-second resolution. */
function dosDateTime(date: Date): { date: number; time: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
  };
}

/** The ZIP64 extended information extra field (APPNOTE 4.5.3) holding `values`, in their order. */
function zip64Extra(values: number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return extra;
}

const sizesNeedZip64 = (e: ZipEntryRecord) => e.compressedSize >= MAX_32 || e.uncompressedSize >= MAX_32;

/** The local file header that precedes an entry's data (APPNOTE 4.3.7). */
export function localFileHeader(entry: ZipEntryRecord): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const zip64 = sizesNeedZip64(entry);
  // In a local header the ZIP64 field holds both sizes, or is absent (APPNOTE 4.5.3).
  const extra = zip64Extra(zip64 ? [entry.uncompressedSize, entry.compressedSize] : []);
  const { date, time } = dosDateTime(entry.modified);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  header.writeUInt16LE(UTF8_NAME, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(entry.crc32, 14);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.compressedSize, 18);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

/** The entry's central directory header (APPNOTE 4.3.12); `offset` is where its local header starts. */
export function centralDirectoryHeader(entry: ZipEntryRecord, offset: number): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const big = (v: number) => v >= MAX_32;
  // Here the ZIP64 field holds only the values that do not fit, in this order (APPNOTE 4.5.3).
  const wide = [entry.uncompressedSize, entry.compressedSize, offset].filter(big);
  const extra = zip64Extra(wide);
  const { date, time } = dosDateTime(entry.modified);
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY, 4);
  header.writeUInt16LE(wide.length > 0 ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
  header.writeUInt16LE(UTF8_NAME, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(entry.crc32, 16);
  header.writeUInt32LE(Math.min(entry.compressedSize, MAX_32), 20);
  header.writeUInt32LE(Math.min(entry.uncompressedSize, MAX_32), 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, disk number start and internal attributes stay 0.
  header.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(Math.min(offset, MAX_32), 42);
  return Buffer.concat([header, name, extra]);
}

export interface CentralDirectory {
  entries: number;
  /** Bytes of the central directory headers. */
  size: number;
  /** Where the first central directory header starts. */
  offset: number;
}

/**
 * The records after the central directory: the end of central directory record (APPNOTE 4.3.16), led by
 * the ZIP64 end record and its locator (4.3.14, 4.3.15) when a count or an offset does not fit.
 */
export function endOfCentralDirectory(cd: CentralDirectory): Buffer {
  const zip64 = cd.entries >= MAX_16 || cd.size >= MAX_32 || cd.offset >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(cd.entries, MAX_16), 8);
  end.writeUInt16LE(Math.min(cd.entries, MAX_16), 10);
  end.writeUInt32LE(Math.min(cd.size, MAX_32), 12);
  end.writeUInt32LE(Math.min(cd.offset, MAX_32), 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // the record's size after this field
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(cd.entries), 24);
  record.writeBigUInt64LE(BigInt(cd.entries), 32);
  record.writeBigUInt64LE(BigInt(cd.size), 40);
  record.writeBigUInt64LE(BigInt(cd.offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cd.offset + cd.size), 8);
  locator.writeUInt32LE(1, 16); // total number of disks
  return Buffer.concat([record, locator, end]);
}
