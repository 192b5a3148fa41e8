// 3×4 affine matrices (rotation/scale part plus translation; the implied last row is 0 0 0 1) for
// the Transform nodes of VRML 2.0 files: building a Transform's matrix from its fields,
// composing nested Transforms, telling mirroring ones apart by the determinant's sign, and
// applying the result to Float32Array point lists. Row-major Float64Arrays: composing deep
// Transform chains stays in double precision until the points are rounded to float32. Not the
// viewer's math (viewer3d/math.ts holds WebGL's column-major 4×4 float32 matrices).

/** 3×4 affine matrix, row-major: [r00 r01 r02 tx, r10 r11 r12 ty, r20 r21 r22 tz]. */
export type Matrix = Float64Array;

/** Shared (rotate returns it too): never mutate. */
export const IDENTITY: Matrix = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);

/** a · b (b applied first). */
export function multiply(a: Matrix, b: Matrix): Matrix {
  const r = new Float64Array(12);
  for (let row = 0; row < 3; row++) {
    const a0 = a[row * 4]!, a1 = a[row * 4 + 1]!, a2 = a[row * 4 + 2]!;
    for (let col = 0; col < 4; col++) {
      r[row * 4 + col] = a0 * b[col]! + a1 * b[4 + col]! + a2 * b[8 + col]! + (col === 3 ? a[row * 4 + 3]! : 0);
    }
  }
  return r;
}

export function translate(x: number, y: number, z: number): Matrix {
  return new Float64Array([1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z]);
}

export function scaling(x: number, y: number, z: number): Matrix {
  return new Float64Array([x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0]);
}

/** Right-handed rotation by `angle` radians about an axis (normalised here; zero axis = none). */
export function rotate(x: number, y: number, z: number, angle: number): Matrix {
  const len = Math.hypot(x, y, z);
  if (len === 0 || angle === 0) return IDENTITY;
  x /= len;
  y /= len;
  z /= len;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  return new Float64Array([
    t * x * x + c, t * x * y - s * z, t * x * z + s * y, 0,
    t * x * y + s * z, t * y * y + c, t * y * z - s * x, 0,
    t * x * z - s * y, t * y * z + s * x, t * z * z + c, 0,
  ]);
}

/** VRML's Transform: T · C · R · SR · S · −SR · −C. */
export function transformMatrix(t: number[], c: number[], r: number[], s: number[], sr: number[]): Matrix {
  const [tx = 0, ty = 0, tz = 0] = t;
  const [cx = 0, cy = 0, cz = 0] = c;
  const [rx = 0, ry = 0, rz = 1, ra = 0] = r;
  const [sx = 1, sy = 1, sz = 1] = s;
  const [ox = 0, oy = 0, oz = 1, oa = 0] = sr;
  const steps = [translate(tx, ty, tz), translate(cx, cy, cz), rotate(rx, ry, rz, ra), rotate(ox, oy, oz, oa), scaling(sx, sy, sz), rotate(ox, oy, oz, -oa), translate(-cx, -cy, -cz)];
  return steps.reduce(multiply);
}

export const isIdentity = (m: Matrix): boolean => m.every((x, i) => x === IDENTITY[i]);

/** Of the linear (3×3) part: negative when the matrix mirrors. */
export function determinant(m: Matrix): number {
  return m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) - m[1]! * (m[4]! * m[10]! - m[6]! * m[8]!) + m[2]! * (m[4]! * m[9]! - m[5]! * m[8]!);
}

/** Transformed copy of x y z triples (a trailing partial triple stays 0). */
export function applyMatrix(points: Float32Array, m: Matrix): Float32Array {
  const out = new Float32Array(points.length);
  for (let i = 0; i + 2 < points.length; i += 3) {
    const x = points[i]!, y = points[i + 1]!, z = points[i + 2]!;
    out[i] = m[0]! * x + m[1]! * y + m[2]! * z + m[3]!;
    out[i + 1] = m[4]! * x + m[5]! * y + m[6]! * z + m[7]!;
    out[i + 2] = m[8]! * x + m[9]! * y + m[10]! * z + m[11]!;
  }
  return out;
}
