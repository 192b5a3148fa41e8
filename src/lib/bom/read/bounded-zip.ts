import { crc32, inflateRawSync } from 'node:zlib';
import type { BomReadLimits } from './limits.ts';
import { BomReadError } from './problems.ts';

// Reading an xlsx archive without trusting it: the central directory is read and checked against
// the limits (entry count, declared sizes, expansion ratio) before a single byte is inflated; an
// entry is then inflated only when asked for, with its declared size as a hard cap, so a lying
// directory cannot make us produce more. (src/lib/files/zip.ts reads our own zips whole; this one
// reads strangers' zips an entry at a time.)

export type ZipDirectoryEntry = {
  readonly name: string;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeaderAt: number;
  readonly encrypted: boolean;
};

export type BoundedZip = {
  readonly names: ReadonlySet<string>;
  /** The entry's bytes, or null when the archive has no such entry. */
  read(name: string): Buffer | null;
};

const ZIP64_MARK = 0xffff_ffff;

function corrupt(detail: string): BomReadError {
  return new BomReadError('bom.read.corrupt', {}, detail);
}

export function zipDirectory(bytes: Uint8Array, limits: BomReadLimits): ZipDirectoryEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let endAt = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      endAt = i;
      break;
    }
  }
  if (endAt < 0) throw corrupt('no end of central directory');
  const count = buf.readUInt16LE(endAt + 10);
  const dirSize = buf.readUInt32LE(endAt + 12);
  const dirAt = buf.readUInt32LE(endAt + 16);
  if (count === 0xffff || dirAt === ZIP64_MARK) throw new BomReadError('bom.read.zipBomb', {}, 'zip64 archive');
  if (count > limits.maxZipEntries) throw new BomReadError('bom.read.zipBomb', {}, `${count} entries`);
  if (dirAt + dirSize > endAt) throw corrupt('central directory out of bounds');
  const entries: ZipDirectoryEntry[] = [];
  let total = 0;
  let at = dirAt;
  for (let n = 0; n < count; n++) {
    if (at + 46 > endAt || buf.readUInt32LE(at) !== 0x02014b50) throw corrupt('bad central directory entry');
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressedSize = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const localHeaderAt = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    if (size === ZIP64_MARK || compressedSize === ZIP64_MARK) throw new BomReadError('bom.read.zipBomb', {}, `zip64 entry ${name}`);
    if (size > limits.maxZipEntryBytes) throw new BomReadError('bom.read.zipBomb', {}, `entry ${name} expands to ${size} bytes`);
    if (size >= limits.ratioCheckFromBytes && size > compressedSize * limits.maxZipRatio) {
      throw new BomReadError('bom.read.zipBomb', {}, `entry ${name} expands ${Math.round(size / Math.max(1, compressedSize))}×`);
    }
    total += size;
    if (total > limits.maxZipTotalBytes) throw new BomReadError('bom.read.zipBomb', {}, `entries expand to more than ${limits.maxZipTotalBytes} bytes`);
    entries.push({ name, method, crc, compressedSize, size, localHeaderAt, encrypted: (flags & 1) !== 0 });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Opens an archive: the directory checked now, entries inflated on demand. */
export function openBoundedZip(bytes: Uint8Array, limits: BomReadLimits): BoundedZip {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const byName = new Map(zipDirectory(bytes, limits).map((e) => [e.name, e]));
  return {
    names: new Set(byName.keys()),
    read(name) {
      const entry = byName.get(name);
      if (!entry) return null;
      if (entry.encrypted) throw new BomReadError('bom.read.encrypted', {}, `zip entry ${name} is encrypted`);
      const local = entry.localHeaderAt;
      if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw corrupt(`bad local header of ${name}`);
      const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      if (dataAt + entry.compressedSize > buf.length) throw corrupt(`entry ${name} out of bounds`);
      const body = buf.subarray(dataAt, dataAt + entry.compressedSize);
      let data: Buffer;
      if (entry.method === 0) data = Buffer.from(body);
      else if (entry.method === 8) {
        try {
          // The declared size is the cap: inflating stops with an error past it.
          data = inflateRawSync(body, { maxOutputLength: Math.max(1, entry.size) });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
            throw new BomReadError('bom.read.zipBomb', {}, `entry ${name} inflates beyond its declared size`);
          }
          throw corrupt(`entry ${name}: ${(error as Error).message}`);
        }
      } else throw corrupt(`entry ${name}: compression method ${entry.method}`);
      if (data.length !== entry.size || crc32(data) !== entry.crc) throw corrupt(`entry ${name}: size or CRC mismatch`);
      return data;
    },
  };
}
