// The preview mesh wire format ("CPM1"), shared by the server (encode) and the 3D viewer (decode).
// Positions are quantised to 16 bits over the model's bounding box: a 50 mm connector keeps
// sub-micrometre precision at a third of Float32's size. Normals are not sent: the viewer derives
// them from the triangles and each part's crease angle, as KiCad's own viewer does.
//
// Layout (little-endian):
//   'CPM1'  u32 headerBytes  header JSON (UTF-8, space-padded to 4 bytes)
//   per part: u16 positions ×3·vertexCount (padded to 4 bytes), then u16 or u32 indices ×indexCount
//   (u16 when vertexCount ≤ 65,536; padded to 4 bytes).

/** A surface's look, straight from VRML's Material node (0–1 values). */
export interface MeshMaterial {
  diffuse: [number, number, number];
  specular: [number, number, number];
  emissive: [number, number, number];
  shininess: number;
  transparency: number;
  ambient: number;
}

/** What a part is, so the viewer can toggle the board and pads apart from the component. */
export type MeshPartKind = 'model' | 'board' | 'pad' | 'hole';

/** One drawable: triangles sharing one material. Positions in millimetres, Z up, KiCad board axes. */
export interface MeshPart {
  name: string;
  kind: MeshPartKind;
  material: MeshMaterial;
  /** Radians; edges sharper than this stay hard when the viewer computes normals. */
  creaseAngle: number;
  positions: Float32Array;
  indices: Uint32Array;
}

export interface MeshModel {
  parts: MeshPart[];
  /** Free-form facts shown by the viewer (model file, source, licence). */
  meta?: Record<string, string>;
}

export interface BBox {
  min: [number, number, number];
  max: [number, number, number];
}

interface HeaderPart {
  name: string;
  kind: MeshPartKind;
  material: MeshMaterial;
  creaseAngle: number;
  vertexCount: number;
  indexCount: number;
}
interface Header {
  v: 1;
  bbox: BBox;
  parts: HeaderPart[];
  meta?: Record<string, string>;
}

const MAGIC = 0x314d5043; // 'CPM1' read as little-endian u32
const MAX_Q = 65535;

export class MeshFormatError extends Error {
  override name = 'MeshFormatError';
}

export function boundingBox(parts: readonly { positions: Float32Array }[]): BBox {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const p of parts) {
    const a = p.positions;
    for (let i = 0; i + 2 < a.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const v = a[i + k]!;
        if (v < min[k]!) min[k] = v;
        if (v > max[k]!) max[k] = v;
      }
    }
  }
  if (min[0] === Infinity) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}

// Plain arithmetic, not `& ~3`: bitwise ops wrap at 2 GiB and would let hostile counts through.
const align4 = (n: number) => Math.ceil(n / 4) * 4;
/** More than any real model (KiCad's largest is ~2 M vertices) and far less than memory. */
const MAX_COUNT = 50_000_000;

export function encodeMesh(model: MeshModel): Uint8Array {
  const parts = model.parts.filter((p) => p.indices.length >= 3);
  const bbox = boundingBox(parts);
  const header: Header = {
    v: 1,
    bbox,
    parts: parts.map((p) => ({ name: p.name, kind: p.kind, material: p.material, creaseAngle: p.creaseAngle, vertexCount: p.positions.length / 3, indexCount: p.indices.length })),
    ...(model.meta ? { meta: model.meta } : {}),
  };
  let json = new TextEncoder().encode(JSON.stringify(header));
  const padded = align4(json.length);
  if (padded !== json.length) {
    const p = new Uint8Array(padded).fill(0x20);
    p.set(json);
    json = p;
  }
  let size = 8 + json.length;
  for (const h of header.parts) size += align4(h.vertexCount * 6) + align4(h.indexCount * (h.vertexCount <= 65536 ? 2 : 4));
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, json.length, true);
  out.set(json, 8);
  let at = 8 + json.length;
  const span = [0, 1, 2].map((k) => bbox.max[k]! - bbox.min[k]!);
  for (const p of parts) {
    const n = p.positions.length / 3;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 3; k++) {
        const s = span[k]!;
        const q = s > 0 ? Math.round(((p.positions[i * 3 + k]! - bbox.min[k]!) / s) * MAX_Q) : 0;
        view.setUint16(at + (i * 3 + k) * 2, q, true);
      }
    }
    at += align4(n * 6);
    const wide = n > 65536;
    for (let i = 0; i < p.indices.length; i++) {
      const idx = p.indices[i]!;
      if (idx >= n) throw new MeshFormatError(`part ${p.name}: index ${idx} ≥ vertex count ${n}`);
      if (wide) view.setUint32(at + i * 4, idx, true);
      else view.setUint16(at + i * 2, idx, true);
    }
    at += align4(p.indices.length * (wide ? 4 : 2));
  }
  return out;
}

export interface DecodedMesh extends MeshModel {
  bbox: BBox;
}

/** Reads a CPM1 buffer; throws MeshFormatError on anything malformed (never reads out of bounds). */
export function decodeMesh(input: ArrayBuffer | Uint8Array): DecodedMesh {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.length < 8) throw new MeshFormatError('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new MeshFormatError('not a CPM1 mesh');
  const headerBytes = view.getUint32(4, true);
  if (8 + headerBytes > bytes.length) throw new MeshFormatError('header runs past the end');
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerBytes)));
  } catch {
    throw new MeshFormatError('header is not JSON');
  }
  const header = checkHeader(raw);
  const { bbox } = header;
  const span = [0, 1, 2].map((k) => bbox.max[k]! - bbox.min[k]!);
  let at = 8 + headerBytes;
  const parts: MeshPart[] = [];
  for (const h of header.parts) {
    const n = h.vertexCount;
    const wide = n > 65536;
    const posBytes = align4(n * 6);
    const idxBytes = align4(h.indexCount * (wide ? 4 : 2));
    if (at + posBytes + idxBytes > bytes.length) {
      throw new MeshFormatError(`part ${h.name}: data runs past the end`);
    }
    const positions = new Float32Array(n * 3);
    for (let i = 0; i < n * 3; i++) {
      const k = i % 3;
      positions[i] = bbox.min[k]! + (view.getUint16(at + i * 2, true) / MAX_Q) * span[k]!;
    }
    at += posBytes;
    const indices = new Uint32Array(h.indexCount);
    for (let i = 0; i < h.indexCount; i++) {
      const idx = wide ? view.getUint32(at + i * 4, true) : view.getUint16(at + i * 2, true);
      if (idx >= n) throw new MeshFormatError(`part ${h.name}: index ${idx} ≥ vertex count ${n}`);
      indices[i] = idx;
    }
    at += idxBytes;
    parts.push({ name: h.name, kind: h.kind, material: h.material, creaseAngle: h.creaseAngle, positions, indices });
  }
  return { parts, bbox, ...(header.meta ? { meta: header.meta } : {}) };
}

const KINDS = new Set<MeshPartKind>(['model', 'board', 'pad', 'hole']);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isVec3 = (v: unknown): v is [number, number, number] => Array.isArray(v) && v.length === 3 && v.every(isNum);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_COUNT;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The header as sent, checked field by field: a broken or hostile buffer ends in MeshFormatError. */
function checkHeader(raw: unknown): Header {
  if (!isObject(raw) || raw.v !== 1) throw new MeshFormatError('unknown header version');
  const bbox = raw.bbox;
  if (!isObject(bbox) || !isVec3(bbox.min) || !isVec3(bbox.max)) throw new MeshFormatError('header has no valid bbox');
  if (!Array.isArray(raw.parts)) throw new MeshFormatError('header has no parts list');
  const parts = raw.parts.map((p: unknown, i: number): HeaderPart => {
    if (!isObject(p)) throw new MeshFormatError(`part ${i} is not an object`);
    const m = p.material;
    const material =
      isObject(m) && isVec3(m.diffuse) && isVec3(m.specular) && isVec3(m.emissive) && isNum(m.shininess) && isNum(m.transparency) && isNum(m.ambient)
        ? { diffuse: m.diffuse, specular: m.specular, emissive: m.emissive, shininess: m.shininess, transparency: m.transparency, ambient: m.ambient }
        : null;
    if (typeof p.name !== 'string' || !KINDS.has(p.kind as MeshPartKind) || !material || !isNum(p.creaseAngle)) throw new MeshFormatError(`part ${i} has a malformed description`);
    if (!isCount(p.vertexCount) || !isCount(p.indexCount)) throw new MeshFormatError(`part ${i} has impossible counts`);
    return { name: p.name, kind: p.kind as MeshPartKind, material, creaseAngle: p.creaseAngle, vertexCount: p.vertexCount, indexCount: p.indexCount };
  });
  const meta = isObject(raw.meta) ? Object.fromEntries(Object.entries(raw.meta).filter((e): e is [string, string] => typeof e[1] === 'string')) : undefined;
  return { v: 1, bbox: { min: bbox.min, max: bbox.max }, parts, ...(meta ? { meta } : {}) };
}
