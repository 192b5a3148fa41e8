// Polygon triangulation for meshes given as indexed polygons (flat point array x y z ..., and
// point indices with -1 between polygons). Triangles and convex polygons are fanned; concave
// ones are ear-clipped in 2D after projecting onto the plane their (Newell) normal is most
// aligned with, keeping the polygon's winding. Ear clipping is quadratic or worse per polygon, so
// it spends from a budget shared by the caller (e.g. one per file); once the budget runs out the
// rest is fanned. Either way a polygon of k points gives exactly k − 2 triangles. Pure functions
// on typed arrays, no dependencies.

/** Work left for ear clipping; once spent, concave polygons are fanned (a hostile file can't stall us). */
export interface EarBudget {
  left: number;
  exhausted: boolean;
}

/**
 * Triangulates polygons given as point indices separated by -1 (the last may lack its -1), as in
 * VRML's coordIndex. Convex polygons are fanned; with `convex` false, polygons of 4+ points are
 * ear-clipped. Every polygon of k ≥ 3 points gives exactly k − 2 triangles; shorter ones are
 * dropped. `ccw` false flips the winding.
 */
export function triangulatePolygons(index: Int32Array, points: Float32Array, ccw: boolean, convex: boolean, budget: EarBudget): Uint32Array {
  let count = 0;
  let k = 0;
  for (let i = 0; i < index.length; i++) {
    if (index[i] === -1) {
      if (k >= 3) count += k - 2;
      k = 0;
    } else k++;
  }
  if (k >= 3) count += k - 2;
  const out = new Uint32Array(count * 3);
  let o = 0;
  let start = 0;
  for (let i = 0; i <= index.length; i++) {
    if (i < index.length && index[i] !== -1) continue;
    const size = i - start;
    if (size === 3) {
      out[o++] = index[start]!;
      out[o++] = index[start + 1]!;
      out[o++] = index[start + 2]!;
    } else if (size > 3) {
      o = convex || budget.exhausted ? fan(index, start, size, out, o) : earClip(index, start, size, points, out, o, budget);
    }
    start = i + 1;
  }
  if (!ccw) flipWinding(out);
  return out;
}

function fan(index: Int32Array, start: number, size: number, out: Uint32Array, o: number): number {
  const first = index[start]!;
  for (let j = 1; j + 1 < size; j++) {
    out[o++] = first;
    out[o++] = index[start + j]!;
    out[o++] = index[start + j + 1]!;
  }
  return o;
}

/** Reverses every triangle (swaps its 2nd and 3rd index), in place. */
export function flipWinding(tris: Uint32Array): void {
  for (let t = 0; t + 2 < tris.length; t += 3) {
    const b = tris[t + 1]!;
    tris[t + 1] = tris[t + 2]!;
    tris[t + 2] = b;
  }
}

/**
 * Ear clipping of one (possibly concave) polygon, projected onto the plane its normal is most
 * aligned with. Keeps the polygon's winding. If no ear is found (self-intersecting or
 * degenerate input) or the budget runs out, the remainder is fanned so the count stays k − 2.
 */
function earClip(index: Int32Array, start: number, size: number, points: Float32Array, out: Uint32Array, o: number, budget: EarBudget): number {
  const { u, v, orientation } = projectPolygon(index, start, size, points);
  const ring: number[] = [];
  for (let j = 0; j < size; j++) ring.push(j);
  let at = 0;
  let misses = 0;
  while (ring.length > 3 && misses < ring.length) {
    const n = ring.length;
    budget.left -= n;
    if (budget.left < 0) {
      budget.exhausted = true;
      break;
    }
    const a = ring[(at + n - 1) % n]!;
    const b = ring[at % n]!;
    const c = ring[(at + 1) % n]!;
    if (isEar(ring, a, b, c, u, v, orientation)) {
      out[o++] = index[start + a]!;
      out[o++] = index[start + b]!;
      out[o++] = index[start + c]!;
      ring.splice(at % n, 1);
      at = at % ring.length;
      misses = 0;
    } else {
      at = (at + 1) % n;
      misses++;
    }
  }
  for (let j = 1; j + 1 < ring.length; j++) {
    out[o++] = index[start + ring[0]!]!;
    out[o++] = index[start + ring[j]!]!;
    out[o++] = index[start + ring[j + 1]!]!;
  }
  return o;
}

/** 2D coordinates of a polygon on its dominant plane, and the sign of its area there. */
function projectPolygon(index: Int32Array, start: number, size: number, p: Float32Array): { u: Float64Array; v: Float64Array; orientation: number } {
  // Newell's method: a robust normal even for concave polygons.
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let j = 0; j < size; j++) {
    const i0 = index[start + j]! * 3;
    const i1 = index[start + ((j + 1) % size)]! * 3;
    nx += (p[i0 + 1]! - p[i1 + 1]!) * (p[i0 + 2]! + p[i1 + 2]!);
    ny += (p[i0 + 2]! - p[i1 + 2]!) * (p[i0]! + p[i1]!);
    nz += (p[i0]! - p[i1]!) * (p[i0 + 1]! + p[i1 + 1]!);
  }
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  // Drop the dominant axis; (axis+1, axis+2) keeps the projection right-handed.
  const axis = ax >= ay && ax >= az ? 0 : ay >= az ? 1 : 2;
  const normal = axis === 0 ? nx : axis === 1 ? ny : nz;
  const ku = (axis + 1) % 3;
  const kv = (axis + 2) % 3;
  const u = new Float64Array(size);
  const v = new Float64Array(size);
  for (let j = 0; j < size; j++) {
    const i = index[start + j]! * 3;
    u[j] = p[i + ku]!;
    v[j] = p[i + kv]!;
  }
  return { u, v, orientation: normal >= 0 ? 1 : -1 };
}

function isEar(ring: number[], a: number, b: number, c: number, u: Float64Array, v: Float64Array, orientation: number): boolean {
  const ax = u[a]!, ay = v[a]!, bx = u[b]!, by = v[b]!, cx = u[c]!, cy = v[c]!;
  if (cross(ax, ay, bx, by, cx, cy) * orientation <= 0) return false; // reflex or flat corner
  for (const j of ring) {
    if (j === a || j === b || j === c) continue;
    const px = u[j]!, py = v[j]!;
    if ((px === ax && py === ay) || (px === bx && py === by) || (px === cx && py === cy)) continue;
    const d1 = cross(ax, ay, bx, by, px, py) * orientation;
    const d2 = cross(bx, by, cx, cy, px, py) * orientation;
    const d3 = cross(cx, cy, ax, ay, px, py) * orientation;
    if (d1 >= 0 && d2 >= 0 && d3 >= 0) return false; // another vertex inside or on the ear
  }
  return true;
}

const cross = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
