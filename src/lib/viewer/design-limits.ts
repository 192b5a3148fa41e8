// The limits and path rule a KiCad design is read under, wherever it is read: the upload on the
// server (design-read.ts) and the viewer's Web Worker (kicad-viewer/project-load.ts). Kept apart
// from design-read.ts because that one opens zips with node:zlib, which a browser cannot load.

export type DesignReadLimits = {
  /** Files per upload, and entries per archive. */
  readonly maxFiles: number;
  /** One KiCad file (an upload, or an archive entry once expanded). */
  readonly maxFileBytes: number;
  /** Everything an archive expands to. */
  readonly maxZipBytes: number;
  readonly maxRatio: number;
  readonly ratioCheckFromBytes: number;
};

const MB = 1024 * 1024;
export const DESIGN_READ_LIMITS: DesignReadLimits = { maxFiles: 500, maxFileBytes: 50 * MB, maxZipBytes: 200 * MB, maxRatio: 100, ratioCheckFromBytes: 1 * MB };

/** An archive path we refuse: absolute, a drive, or stepping out with '..'. */
export function isUnsafePath(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  return p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.split('/').includes('..') || p.includes('\0');
}
