// How footprints name 3D models and how we key them. A footprint says
// `${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl`; the library keeps the
// part after the variable, which is also the file's path inside the KiCad 3D library.

const VARIABLE_PREFIX = /^\$\{[A-Z0-9_]+\}\/?/;
const MODEL_EXTENSIONS = ['wrl', 'step', 'stp'] as const;
export type ModelFormat = (typeof MODEL_EXTENSIONS)[number];

/** The library key of a footprint's model path (variable prefix removed, forward slashes). */
export function modelKey(model3dPath: string): string {
  return model3dPath.trim().replace(/\\/g, '/').replace(VARIABLE_PREFIX, '');
}

/** The file format from the extension, or null for anything that is not a 3D model we know. */
export function modelFormat(path: string): ModelFormat | null {
  const ext = path.split('.').pop()?.toLowerCase();
  return (MODEL_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as ModelFormat) : null;
}

/**
 * Keys to try for a preview, best first: the file itself, then its VRML twin. KiCad ships every
 * packages3D model as both .wrl and .step; newer footprints name the STEP file, which we cannot
 * render, so the same-named VRML stands in for it.
 */
export function previewCandidates(model3dPath: string): string[] {
  const key = modelKey(model3dPath);
  const format = modelFormat(key);
  if (!format) return [];
  return format === 'wrl' ? [key] : [key, key.replace(/\.(step|stp)$/i, '.wrl')];
}

/**
 * A library key we accept from files and bundles: `<Library>.3dshapes/<file>.<wrl|step|stp>`,
 * relative, no `..`, no control characters. Keeps odd paths out of the table and out of zips.
 */
export function isLibraryModelKey(key: string): boolean {
  if (key.length > 300 || key.startsWith('/') || key.includes('..') || key.includes('\\')) return false;
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) < 0x20) return false;
  const parts = key.split('/');
  return parts.length === 2 && parts[0]!.endsWith('.3dshapes') && parts[0]!.length > 9 && modelFormat(parts[1]!) !== null && parts[1]!.length > 4;
}
