import { openZip, ZipError, zipDirectory as readZipDirectory, type OpenZip, type ZipDirectoryEntry, type ZipReadLimits } from '../../files/zip.ts';
import type { BomReadLimits } from './limits.ts';
import { BomReadError } from './problems.ts';

// An uploaded xlsx is a stranger's zip: read through the one bounded reader (src/lib/files/zip.ts),
// with the BOM limits, its refusals turned into the upload's problems (zh/en messages).

export type { ZipDirectoryEntry };
export type BoundedZip = OpenZip;

function zipLimits(limits: BomReadLimits): ZipReadLimits {
  return {
    maxEntries: limits.maxZipEntries,
    maxTotalBytes: limits.maxZipTotalBytes,
    maxEntryBytes: limits.maxZipEntryBytes,
    maxRatio: limits.maxZipRatio,
    ratioCheckFromBytes: limits.ratioCheckFromBytes,
  };
}

function asBomProblem(error: unknown): unknown {
  if (!(error instanceof ZipError)) return error;
  const key = error.problem === 'tooLarge' ? 'bom.read.zipBomb' : error.problem === 'encrypted' ? 'bom.read.encrypted' : 'bom.read.corrupt';
  return new BomReadError(key, {}, error.message);
}

export function zipDirectory(bytes: Uint8Array, limits: BomReadLimits): ZipDirectoryEntry[] {
  try {
    return readZipDirectory(bytes, zipLimits(limits));
  } catch (error) {
    throw asBomProblem(error);
  }
}

/** Opens an archive: the directory checked now, entries inflated on demand. */
export function openBoundedZip(bytes: Uint8Array, limits: BomReadLimits): BoundedZip {
  let archive: OpenZip;
  try {
    archive = openZip(bytes, zipLimits(limits));
  } catch (error) {
    throw asBomProblem(error);
  }
  const guarded =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return f(...args);
      } catch (error) {
        throw asBomProblem(error);
      }
    };
  return { names: archive.names, sizeOf: archive.sizeOf, read: guarded(archive.read), readPrefix: guarded(archive.readPrefix) };
}

