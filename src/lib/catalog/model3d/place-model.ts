import type { Footprint3dModel } from '../../kicad/footprint.ts';
import type { MeshPart } from '../../viewer3d/mesh-format.ts';

// Puts a library model where the footprint says, as KiCad's 3D viewer does:
// p' = T(offset mm) · Rz(-rz) · Ry(-ry) · Rx(-rx) · S(scale) · p, angles in degrees.
// A transform with a mirroring scale also flips triangle winding so faces still point outwards.

type Mat3x4 = [number, number, number, number, number, number, number, number, number, number, number, number];

export function modelMatrix(m: Pick<Footprint3dModel, 'offset' | 'scale' | 'rotate'>): Mat3x4 {
  const rad = (d: number) => (-d * Math.PI) / 180;
  const [cx, sx] = [Math.cos(rad(m.rotate.x)), Math.sin(rad(m.rotate.x))];
  const [cy, sy] = [Math.cos(rad(m.rotate.y)), Math.sin(rad(m.rotate.y))];
  const [cz, sz] = [Math.cos(rad(m.rotate.z)), Math.sin(rad(m.rotate.z))];
  // R = Rz · Ry · Rx (row-major 3×3).
  const r = [
    cz * cy, cz * sy * sx - sz * cx, cz * sy * cx + sz * sx,
    sz * cy, sz * sy * sx + cz * cx, sz * sy * cx - cz * sx,
    -sy, cy * sx, cy * cx,
  ];
  const s = [m.scale.x, m.scale.y, m.scale.z];
  return [
    r[0]! * s[0]!, r[1]! * s[1]!, r[2]! * s[2]!, m.offset.x,
    r[3]! * s[0]!, r[4]! * s[1]!, r[5]! * s[2]!, m.offset.y,
    r[6]! * s[0]!, r[7]! * s[1]!, r[8]! * s[2]!, m.offset.z,
  ];
}

const IDENTITY_EPS = 1e-12;

export function placeParts(parts: MeshPart[], model: Pick<Footprint3dModel, 'offset' | 'scale' | 'rotate'>): MeshPart[] {
  const m = modelMatrix(model);
  const identity = m.every((v, i) => Math.abs(v - ([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0][i] ?? 0)) < IDENTITY_EPS);
  if (identity) return parts;
  const mirrored = model.scale.x * model.scale.y * model.scale.z < 0;
  return parts.map((part) => {
    const src = part.positions;
    const positions = new Float32Array(src.length);
    for (let i = 0; i < src.length; i += 3) {
      const x = src[i]!;
      const y = src[i + 1]!;
      const z = src[i + 2]!;
      positions[i] = m[0] * x + m[1] * y + m[2] * z + m[3];
      positions[i + 1] = m[4] * x + m[5] * y + m[6] * z + m[7];
      positions[i + 2] = m[8] * x + m[9] * y + m[10] * z + m[11];
    }
    let indices = part.indices;
    if (mirrored) {
      indices = part.indices.slice();
      for (let i = 0; i + 2 < indices.length; i += 3) [indices[i + 1], indices[i + 2]] = [indices[i + 2]!, indices[i + 1]!];
    }
    return { ...part, positions, indices };
  });
}
