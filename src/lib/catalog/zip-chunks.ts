import { promisify } from 'node:util';
import { crc32, deflateRaw, deflateRawSync } from 'node:zlib';

// Zip archives assembled from entries compressed once. The KiCad download cache
// (download-cache.server.ts) deflates a 3D model once per model and shares those bytes between the
// zips of every part that uses it; an archive is a list of chunks (headers, names, the shared
// bodies) sent one after the other, never copied into one buffer. The format is that of
// src/lib/files/zip.ts's createZip (deflate or stored, UTF-8 names, fixed date, no zip64), which
// its readZip reads back.

/** Deflate level of the downloads: level 9 took twice the time for 2% fewer bytes on the 352 demo models. */
export const DOWNLOAD_DEFLATE_LEVEL = 6;

/** One entry's data as stored in the archive. */
export type CompressedData = { readonly crc: number; readonly size: number; readonly method: 0 | 8; readonly body: Uint8Array };

/** A whole archive: `chunks` in order make the file of `size` bytes. */
export type ZipChunks = { readonly chunks: readonly Uint8Array[]; readonly size: number };

const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // fixed date: identical input → identical zip
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
