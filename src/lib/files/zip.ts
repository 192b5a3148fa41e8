import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync, inflateRawSync } from 'node:zlib';

// A minimal ZIP writer and reader (deflate or stored, UTF-8 names, fixed date, no zip64): enough
// for part downloads of a few files.
// Our own small code instead of a dependency; the reader exists for round-trip tests and for
// reading uploaded libraries later.

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

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** Reads every entry through the central directory; checks sizes and CRCs. */
export function readZip(zip: Uint8Array, limits = { maxEntries: 10_000, maxTotalBytes: 512 * 1024 * 1024 }): { name: string; data: Buffer }[] {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  let endAt = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      endAt = i;
      break;
    }
  }
  if (endAt < 0) throw new ZipError('not a zip file (no end of central directory)');
  const count = buf.readUInt16LE(endAt + 10);
  if (count > limits.maxEntries) throw new ZipError(`too many entries (${count})`);
  let at = buf.readUInt32LE(endAt + 16);
  let total = 0;
  const out: { name: string; data: Buffer }[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw new ZipError('corrupt central directory');
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const localAt = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipError('archive expands beyond the size limit');
    if (localAt + 30 > buf.length || buf.readUInt32LE(localAt) !== 0x04034b50) throw new ZipError(`corrupt entry ${name}`);
    const dataAt = localAt + 30 + buf.readUInt16LE(localAt + 26) + buf.readUInt16LE(localAt + 28);
    const body = buf.subarray(dataAt, dataAt + compressed);
    let data: Buffer;
    if (method === 0) data = Buffer.from(body);
    else if (method === 8) {
      try {
        data = inflateRawSync(body, { maxOutputLength: Math.max(1, size) });
      } catch (e) {
        throw new ZipError(`entry ${name}: ${(e as Error).message}`);
      }
    }
    else throw new ZipError(`entry ${name}: unsupported compression method ${method}`);
    if (data.length !== size || crc32(data) !== crc) throw new ZipError(`entry ${name}: size or CRC mismatch`);
    out.push({ name, data });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
