import { describe, expect, it } from 'vitest';
import { centralDirectoryHeader, endOfCentralDirectory, localFileHeader } from './zip-records';

const GB5 = 5 * 1024 ** 3;
const entry = (size: number) => ({
  name: 'a.json',
  method: 8,
  crc32: 0x12345678,
  compressedSize: size,
  uncompressedSize: size,
  modified: new Date('2026-11-26T12:34:56Z'),
});

describe('zip records past 4 GB (ZIP64), which the reader tests cannot reach', () => {
  it('a local header of a 5 GB entry marks both sizes and holds them in its ZIP64 field', () => {
    const h = localFileHeader(entry(GB5));
    expect(h.readUInt16LE(4)).toBe(45);
    expect(h.readUInt32LE(18)).toBe(0xffffffff);
    expect(h.readUInt32LE(22)).toBe(0xffffffff);
    const extra = h.subarray(30 + 'a.json'.length);
    expect(extra.readUInt16LE(0)).toBe(0x0001);
    expect(extra.readUInt16LE(2)).toBe(16);
    expect(extra.readBigUInt64LE(4)).toBe(BigInt(GB5));
    expect(extra.readBigUInt64LE(12)).toBe(BigInt(GB5));
  });

  it('a small entry has no ZIP64 field and its date and time in MS-DOS form', () => {
    const h = localFileHeader(entry(10));
    expect(h.readUInt16LE(4)).toBe(20);
    expect(h.readUInt16LE(28)).toBe(0);
    expect(h.readUInt16LE(10)).toBe((12 << 11) | (34 << 5) | 28);
    expect(h.readUInt16LE(12)).toBe((46 << 9) | (11 << 5) | 26);
  });

  it('a central header beyond 4 GB of zip holds only the offset in its ZIP64 field', () => {
    const h = centralDirectoryHeader(entry(10), GB5);
    expect(h.readUInt32LE(20)).toBe(10);
    expect(h.readUInt32LE(42)).toBe(0xffffffff);
    const extra = h.subarray(46 + 'a.json'.length);
    expect(extra.readUInt16LE(2)).toBe(8);
    expect(extra.readBigUInt64LE(4)).toBe(BigInt(GB5));
  });

  it('a central directory beyond 4 GB ends with the ZIP64 record and a locator pointing at it', () => {
    const end = endOfCentralDirectory({ entries: 3, size: 200, offset: GB5 });
    expect(end.length).toBe(56 + 20 + 22);
    expect(end.readUInt32LE(0)).toBe(0x06064b50);
    expect(end.readBigUInt64LE(48)).toBe(BigInt(GB5));
    expect(end.readUInt32LE(56)).toBe(0x07064b50);
    expect(end.readBigUInt64LE(56 + 8)).toBe(BigInt(GB5 + 200));
    expect(end.readUInt32LE(76 + 16)).toBe(0xffffffff);
  });

  it('a small zip ends with the plain record only', () => {
    const end = endOfCentralDirectory({ entries: 3, size: 200, offset: 1000 });
    expect(end.length).toBe(22);
    expect(end.readUInt16LE(10)).toBe(3);
  });
});
