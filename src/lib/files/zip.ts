import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';

// A minimal ZIP writer and reader (deflate or stored, UTF-8 names, fixed date, no zip64): enough
// for part downloads of a few files, and for strangers' archives (xlsx uploads): the reader checks
// the directory against limits before inflating and inflates one entry at a time.
// Our own small code instead of a dependency.

export type ZipEntry = { name: string; data: Uint8Array | string };

const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // fixed date: identical input → identical zip

/** A whole archive in one buffer (deflate level 9 unless told otherwise). */
export function createZip(entries: readonly ZipEntry[], level = 9): Buffer {
  const { chunks } = assembleZip(entries.map((e) => ({ name: e.name, data: compressData(e.data, level) })));
  return Buffer.concat(chunks);
}

// Archives assembled from entries compressed once: the KiCad download cache deflates a 3D model
// once per model and shares those bytes between the zips of every part that uses it; an archive
// is then a list of chunks (headers, names, the shared bodies) sent one after the other.

/** Deflate level of the downloads: level 9 took twice the time for 2% fewer bytes on the 352 demo models. */
export const DOWNLOAD_DEFLATE_LEVEL = 6;

/** One entry's data as stored in the archive. */
export type CompressedData = { readonly crc: number; readonly size: number; readonly method: 0 | 8; readonly body: Uint8Array };

/** A whole archive: `chunks` in order make the file of `size` bytes. */
export type ZipChunks = { readonly chunks: readonly Uint8Array[]; readonly size: number };

const MAX_32 = 0xffff_ffff;

/** Deflates `data` (stored instead when deflate does not make it smaller). */
export function compressData(data: Uint8Array | string, level = DOWNLOAD_DEFLATE_LEVEL): CompressedData {
  const raw = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (raw.length >= MAX_32) throw new RangeError('zip entry too large (no zip64)');
  const deflated = deflateRawSync(raw, { level });
  const useDeflate = deflated.length < raw.length;
  return { crc: crc32(raw), size: raw.length, method: useDeflate ? 8 : 0, body: useDeflate ? deflated : raw };
}

const deflateRawAsync = promisify(deflateRaw);

/** compressData for large inputs (3D models): deflates on libuv's thread pool, not on the event loop. */
export async function compressDataAsync(data: Uint8Array, level = DOWNLOAD_DEFLATE_LEVEL): Promise<CompressedData> {
  if (data.length >= MAX_32) throw new RangeError('zip entry too large (no zip64)');
  const deflated = await deflateRawAsync(data, { level });
  const useDeflate = deflated.length < data.length;
  return { crc: crc32(data), size: data.length, method: useDeflate ? 8 : 0, body: useDeflate ? deflated : data };
}

/** The archive of `entries`, in order. Bodies are referenced, not copied. */
export function assembleZip(entries: readonly { name: string; data: CompressedData }[]): ZipChunks {
  if (entries.length > 0xffff) throw new RangeError('too many zip entries (no zip64)');
  const chunks: Uint8Array[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name: entryName, data } of entries) {
    const name = Buffer.from(entryName, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(data.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(data.crc, 14);
    local.writeUInt32LE(data.body.length, 18);
    local.writeUInt32LE(data.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(data.method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(data.crc, 16);
    central.writeUInt32LE(data.body.length, 20);
    central.writeUInt32LE(data.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    chunks.push(Buffer.concat([local, name]), data.body);
    centrals.push(central, name);
    offset += local.length + name.length + data.body.length;
    if (offset >= MAX_32) throw new RangeError('zip archive too large (no zip64)');
  }
  const centralDirectory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  chunks.push(centralDirectory, end);
  return { chunks: coalesce(chunks), size: offset + centralDirectory.length + end.length };
}

/** Joins runs of small chunks (headers, short texts) so a response is a few writes; large bodies stay shared. */
function coalesce(chunks: readonly Uint8Array[], small = 16 * 1024): Uint8Array[] {
  const out: Uint8Array[] = [];
  let run: Uint8Array[] = [];
  const flush = () => {
    if (run.length === 1) out.push(run[0]!);
    else if (run.length > 1) out.push(Buffer.concat(run));
    run = [];
  };
  for (const chunk of chunks) {
    if (chunk.length >= small) {
      flush();
      out.push(chunk);
    } else run.push(chunk);
  }
  flush();
  return out;
}

/** Why an archive was refused: damaged, beyond the reader's limits, or encrypted. */
export type ZipProblem = 'corrupt' | 'tooLarge' | 'encrypted';

export class ZipError extends Error {
  readonly problem: ZipProblem;
  constructor(message: string, problem: ZipProblem = 'corrupt') {
    super(message);
    this.name = 'ZipError';
    this.problem = problem;
  }
}

/** What an archive may declare before a byte is inflated. */
export type ZipReadLimits = {
  readonly maxEntries: number;
  readonly maxTotalBytes: number;
  readonly maxEntryBytes: number;
  /** Uncompressed ÷ compressed size of one entry larger than `ratioCheckFromBytes`. */
  readonly maxRatio: number;
  readonly ratioCheckFromBytes: number;
};

export type ZipDirectoryEntry = {
  readonly name: string;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeaderAt: number;
  readonly encrypted: boolean;
};

export type OpenZip = {
  readonly names: ReadonlySet<string>;
  /** The entry's bytes, or null when the archive has no such entry. */
  read(name: string): Buffer | null;
  /**
   * About the first `bytes` bytes of the entry (more when its start compresses better than its
   * average), inflated from a prefix of its data: a look at a large entry before paying for all of
   * it (spreadsheet bombs, issue #36 item 5). Not checked against the CRC; null when absent.
   */
  readPrefix(name: string, bytes: number): Buffer | null;
  /** The declared uncompressed size of an entry. */
  sizeOf(name: string): number | undefined;
};

const ZIP64_MARK = 0xffff_ffff;

/**
 * The central directory, checked against the limits (entry count, declared sizes, expansion
 * ratio) before anything is inflated, so a stranger's archive cannot make us produce more.
 */
export function zipDirectory(bytes: Uint8Array, limits: ZipReadLimits): ZipDirectoryEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let endAt = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      endAt = i;
      break;
    }
  }
  if (endAt < 0) throw new ZipError('not a zip file (no end of central directory)');
  const count = buf.readUInt16LE(endAt + 10);
  const dirSize = buf.readUInt32LE(endAt + 12);
  const dirAt = buf.readUInt32LE(endAt + 16);
  if (count === 0xffff || dirAt === ZIP64_MARK) throw new ZipError('zip64 archive', 'tooLarge');
  if (count > limits.maxEntries) throw new ZipError(`too many entries (${count})`, 'tooLarge');
  if (dirAt + dirSize > endAt) throw new ZipError('central directory out of bounds');
  const entries: ZipDirectoryEntry[] = [];
  let total = 0;
  let at = dirAt;
  for (let n = 0; n < count; n++) {
    if (at + 46 > endAt || buf.readUInt32LE(at) !== 0x02014b50) throw new ZipError('corrupt central directory');
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
    if (size === ZIP64_MARK || compressedSize === ZIP64_MARK) throw new ZipError(`zip64 entry ${name}`, 'tooLarge');
    if (size > limits.maxEntryBytes) throw new ZipError(`entry ${name} expands to ${size} bytes`, 'tooLarge');
    if (size >= limits.ratioCheckFromBytes && size > compressedSize * limits.maxRatio) {
      throw new ZipError(`entry ${name} expands ${Math.round(size / Math.max(1, compressedSize))}×`, 'tooLarge');
    }
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipError('archive expands beyond the size limit', 'tooLarge');
    entries.push({ name, method, crc, compressedSize, size, localHeaderAt, encrypted: (flags & 1) !== 0 });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Opens an archive: the directory checked now, each entry inflated when asked for, capped at its declared size. */
export function openZip(bytes: Uint8Array, limits: ZipReadLimits): OpenZip {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const byName = new Map(zipDirectory(bytes, limits).map((e) => [e.name, e]));
  const bodyOf = (name: string, entry: ZipDirectoryEntry) => {
    if (entry.encrypted) throw new ZipError(`entry ${name} is encrypted`, 'encrypted');
    const local = entry.localHeaderAt;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new ZipError(`corrupt entry ${name}`);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (dataAt + entry.compressedSize > buf.length) throw new ZipError(`entry ${name} out of bounds`);
    return buf.subarray(dataAt, dataAt + entry.compressedSize);
  };
  return {
    names: new Set(byName.keys()),
    sizeOf: (name) => byName.get(name)?.size,
    readPrefix(name, bytes) {
      const entry = byName.get(name);
      if (!entry) return null;
      const body = bodyOf(name, entry);
      if (entry.method === 0) return Buffer.from(body.subarray(0, bytes));
      if (entry.method !== 8) throw new ZipError(`entry ${name}: unsupported compression method ${entry.method}`);
      // The compressed share of `bytes` at the entry's average ratio, plus slack; a sync flush
      // makes zlib hand over what the truncated stream decodes to instead of failing on its end.
      const take = Math.min(body.length, Math.ceil((bytes / Math.max(1, entry.size)) * body.length) + 64 * 1024);
      try {
        return inflateRawSync(body.subarray(0, take), { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: Math.max(1, entry.size) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError(`entry ${name} inflates beyond its declared size`, 'tooLarge');
        throw new ZipError(`entry ${name}: ${(error as Error).message}`);
      }
    },
    read(name) {
      const entry = byName.get(name);
      if (!entry) return null;
      const body = bodyOf(name, entry);
      let data: Buffer;
      if (entry.method === 0) data = Buffer.from(body);
      else if (entry.method === 8) {
        try {
          // The declared size is the cap: inflating stops with an error past it.
          data = inflateRawSync(body, { maxOutputLength: Math.max(1, entry.size) });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipError(`entry ${name} inflates beyond its declared size`, 'tooLarge');
          throw new ZipError(`entry ${name}: ${(error as Error).message}`);
        }
      } else throw new ZipError(`entry ${name}: unsupported compression method ${entry.method}`);
      if (data.length !== entry.size || crc32(data) !== entry.crc) throw new ZipError(`entry ${name}: size or CRC mismatch`);
      return data;
    },
  };
}

/** Every entry of an archive we trust more (our own downloads, in tests): generous limits, same checks. */
export function readZip(zip: Uint8Array, limits = { maxEntries: 10_000, maxTotalBytes: 512 * 1024 * 1024 }): { name: string; data: Buffer }[] {
  const archive = openZip(zip, { ...limits, maxEntryBytes: limits.maxTotalBytes, maxRatio: Infinity, ratioCheckFromBytes: Infinity });
  return [...archive.names].map((name) => ({ name, data: archive.read(name)! }));
}
