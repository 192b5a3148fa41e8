import { checkAlignment } from '../catalog/model3d/alignment.ts';
import { modelKey } from '../catalog/model3d/model-paths.ts';
import { placeParts } from '../catalog/model3d/place-model.ts';
import type { Footprint, Footprint3dModel } from '../kicad/footprint.ts';
import { VrmlError, wrlToMesh } from '../kicad/vrml.ts';
import type { MeshPart } from '../viewer3d/mesh-format.ts';
import type { Finding } from './library.ts';

// Cross-asset check, 3D model part (issue #16 item 4): is the file what its name says (read from
// its bytes, not its extension), can our reader open it, and does it stand on the footprint's pads
// once placed as the footprint says (the alignment check catalogue parts already get).

export type ModelKind = 'wrl' | 'step' | 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'pdf' | 'zip' | 'gzip' | 'vrml1' | 'unknown';

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** What a file is, from its first bytes. */
export function sniffModel(bytes: Uint8Array): ModelKind {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b) return 'gzip';
  const head = ascii(b, 0, 64);
  if (head.startsWith('GIF8')) return 'gif';
  if (head.startsWith('RIFF') && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (head.startsWith('BM')) return 'bmp';
  if (head.startsWith('%PDF')) return 'pdf';
  if (head.startsWith('PK\x03\x04')) return 'zip';
  const text = head.replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (text.startsWith('#VRML V2.0')) return 'wrl';
  if (text.startsWith('#VRML')) return 'vrml1';
  if (text.startsWith('ISO-10303-21;')) return 'step';
  return 'unknown';
}

/** The footprint's model entry for this file (same file name), else its first shown one. */
export function modelPlacement(fp: Footprint | null, fileName: string): Pick<Footprint3dModel, 'offset' | 'scale' | 'rotate'> | null {
  if (!fp || fp.models.length === 0) return null;
  const stem = (p: string) => (modelKey(p).split('/').pop() ?? '').replace(/\.(wrl|step|stp)$/i, '').toLowerCase();
  const want = stem(fileName);
  return fp.models.find((m) => stem(m.path) === want) ?? fp.models.find((m) => !m.hidden) ?? fp.models[0]!;
}

export type ModelInput = { bytes: Uint8Array; name: string; format: 'wrl' | 'step' } | null | undefined;
/** A catalogue part's model as already read into a mesh at import (millimetres, model axes). */
export type MeshInput = { parts: MeshPart[]; name: string } | null | undefined;

export function checkModel(model: ModelInput, mesh: MeshInput, fp: Footprint | null): Finding[] {
  let parts: MeshPart[];
  let name: string;
  if (mesh) {
    parts = mesh.parts;
    name = mesh.name;
  } else if (model && model.bytes.length > 0) {
    name = model.name;
    const kind = sniffModel(model.bytes);
    if (kind === 'step') return [{ code: 'model.stepNotChecked', severity: 'info', vars: { name } }];
    if (kind === 'vrml1') return [{ code: 'model.vrml1', severity: 'error', vars: { name } }];
    if (kind !== 'wrl') return [{ code: 'model.notModel', severity: 'error', vars: { name, kind } }];
    try {
      parts = wrlToMesh(new TextDecoder().decode(model.bytes)).parts;
    } catch (e) {
      const err = e instanceof VrmlError ? e : null;
      return [{ code: 'model.unreadable', severity: 'error', vars: { name, line: err?.line ?? 1, reason: err?.reason ?? String((e as Error).message ?? e) } }];
    }
  } else {
    return [{ code: 'model.missing', severity: 'warning', vars: {} }];
  }
  if (parts.every((p) => p.indices.length === 0)) return [{ code: 'model.empty', severity: 'error', vars: { name } }];
  if (!fp) return [];
  const placement = modelPlacement(fp, name);
  const placed = placement ? placeParts(parts, placement) : parts;
  const a = checkAlignment(fp, placed);
  const vars = { name, pads: a.pads, met: a.met };
  if (a.verdict === 'aligned') return [{ code: 'model.aligned', severity: 'info', vars }];
  if (a.verdict === 'partial') return [{ code: 'model.partial', severity: 'warning', vars }];
  if (a.verdict === 'misaligned') return [{ code: 'model.misaligned', severity: 'error', vars }];
  return [{ code: 'model.alignmentUnknown', severity: 'info', vars }];
}
