// Per-vertex normals from bare triangles and a VRML crease angle, as KiCad's viewer derives them.
//
// Vertices at the same position are welded first, so meshes exported with split vertices still
// shade smoothly. Then, around each welded vertex, two triangles that share an edge and meet at an
// angle below the crease angle join one group (a tiny union–find over that vertex's corners).
// Each group becomes one output vertex whose normal is the sum of its triangles' unnormalised face
// normals, i.e. area-weighted; a hard edge leaves the triangles on either side in different
// groups, so the vertex is split there. Everything is hashing or counting sort: O(n).

import type { MeshPart } from './mesh-format.ts';

/** What the renderer uploads into one VAO. */
export interface RenderMesh {
  positions: Float32Array<ArrayBuffer>;
  normals: Float32Array<ArrayBuffer>;
  indices: Uint32Array<ArrayBuffer>;
}

/** Mixes a 32-bit hash so nearby keys spread over the table. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}

/** Maps every vertex to the first vertex at exactly the same position (open addressing). */
function weld(positions: Float32Array, count: number): Int32Array {
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, count * 3);
  const mask = (1 << Math.ceil(Math.log2(Math.max(2 * count, 16)))) - 1;
  const table = new Int32Array(mask + 1).fill(-1);
  const rep = new Int32Array(count);
  // −0 and +0 compare equal, so they must hash alike.
  const key = (i: number) => (bits[i] === 0x80000000 ? 0 : bits[i]!);
  for (let v = 0; v < count; v++) {
    const i = v * 3;
    let slot = mix(Math.imul(key(i), 0x9e3779b1) ^ Math.imul(key(i + 1), 0x85ebca77) ^ Math.imul(key(i + 2), 0xc2b2ae3d)) & mask;
    for (;;) {
      const o = table[slot]!;
      if (o < 0) {
        table[slot] = v;
        rep[v] = v;
        break;
      }
      const j = o * 3;
      if (positions[j] === positions[i] && positions[j + 1] === positions[i + 1] && positions[j + 2] === positions[i + 2]) {
        rep[v] = o;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return rep;
}

/** Above this many corners on one vertex (a big fan), neighbours are found by Map, not by scan. */
const SCAN_LIMIT = 24;

export function buildRenderMesh(part: Pick<MeshPart, 'positions' | 'indices' | 'creaseAngle'>): RenderMesh {
  const { positions: P, indices: I } = part;
  const vertexCount = (P.length / 3) | 0;
  const cornerCount = I.length - (I.length % 3);
  const rep = weld(P, vertexCount);
  // Corner c is triangle ⌊c/3⌋'s k-th vertex; cv[c] is its welded vertex.
  const cv = new Int32Array(cornerCount);
  for (let c = 0; c < cornerCount; c++) cv[c] = rep[I[c]!]!;

  // Face normals at [c − c % 3], unnormalised (length = twice the area), and 1 / length per
  // triangle. A degenerate triangle gets 1/0 = ∞, and 0·∞ = NaN fails every angle test below.
  const area = new Float32Array(cornerCount);
  const inv = new Float32Array(cornerCount / 3);
  for (let t = 0; t < cornerCount; t += 3) {
    const a = cv[t]! * 3, b = cv[t + 1]! * 3, c = cv[t + 2]! * 3;
    const ux = P[b]! - P[a]!, uy = P[b + 1]! - P[a + 1]!, uz = P[b + 2]! - P[a + 2]!;
    const vx = P[c]! - P[a]!, vy = P[c + 1]! - P[a + 1]!, vz = P[c + 2]! - P[a + 2]!;
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    area[t] = nx;
    area[t + 1] = ny;
    area[t + 2] = nz;
    inv[t / 3] = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
  }

  // Counting sort of corners by welded vertex: vertex v owns slots start[v] … start[v + 1] − 1,
  // each slot holding a corner and the vertices after and before it in its triangle.
  const start = new Int32Array(vertexCount + 1);
  for (let c = 0; c < cornerCount; c++) start[cv[c]! + 1]!++;
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, vertexCount);
  const cornerAt = new Int32Array(cornerCount);
  const nextAt = new Int32Array(cornerCount);
  const prevAt = new Int32Array(cornerCount);
  for (let c = 0; c < cornerCount; c++) {
    const k = c % 3;
    const slot = fill[cv[c]!]!++;
    cornerAt[slot] = c;
    nextAt[slot] = cv[k === 2 ? c - 2 : c + 1]!;
    prevAt[slot] = cv[k === 0 ? c + 2 : c - 1]!;
  }

  const cosCrease = Math.cos(Math.max(0, part.creaseAngle));
  // Union–find over slots; only slots of the same vertex are ever joined. group[slot] ends up as
  // the output vertex of that corner.
  const parent = new Int32Array(cornerCount);
  const group = new Int32Array(cornerCount);
  const find = (i: number) => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  let count = 0;
  for (let v = 0; v < vertexCount; v++) {
    const s = start[v]!;
    const e = start[v + 1]!;
    for (let i = s; i < e; i++) parent[i] = i;
    // The triangle across a corner's outgoing edge v→w has a corner here whose incoming edge is w→v.
    let byPrev: Map<number, number> | undefined;
    if (e - s > SCAN_LIMIT) {
      byPrev = new Map();
      for (let i = s; i < e; i++) byPrev.set(prevAt[i]!, i);
    }
    for (let i = s; i < e; i++) {
      const w = nextAt[i]!;
      let j = byPrev ? (byPrev.get(w) ?? -1) : -1;
      for (let q = s; !byPrev && q < e; q++) {
        if (prevAt[q] === w) {
          j = q;
          break;
        }
      }
      if (j < 0 || j === i) continue;
      const t = cornerAt[i]! - (cornerAt[i]! % 3);
      const u = cornerAt[j]! - (cornerAt[j]! % 3);
      const cos = (area[t]! * area[u]! + area[t + 1]! * area[u + 1]! + area[t + 2]! * area[u + 2]!) * inv[t / 3]! * inv[u / 3]!;
      if (cos >= cosCrease) {
        const a = find(i), b = find(j);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
    // A group's root is its lowest slot, so it is numbered before any other member looks it up.
    for (let i = s; i < e; i++) {
      const r = find(i);
      group[i] = r === i ? count++ : group[r]!;
    }
  }

  // Each output vertex carries the summed face normals of its group's triangles.
  const indices = new Uint32Array(cornerCount);
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  for (let i = 0; i < cornerCount; i++) {
    const c = cornerAt[i]!;
    const o = group[i]! * 3;
    const v = cv[c]! * 3;
    const t = c - (c % 3);
    indices[c] = o / 3;
    positions[o] = P[v]!;
    positions[o + 1] = P[v + 1]!;
    positions[o + 2] = P[v + 2]!;
    normals[o] = normals[o]! + area[t]!;
    normals[o + 1] = normals[o + 1]! + area[t + 1]!;
    normals[o + 2] = normals[o + 2]! + area[t + 2]!;
  }
  for (let o = 0; o < count * 3; o += 3) {
    const x = normals[o]!, y = normals[o + 1]!, z = normals[o + 2]!;
    const len = Math.sqrt(x * x + y * y + z * z);
    if (len > 0) {
      normals[o] = x / len;
      normals[o + 1] = y / len;
      normals[o + 2] = z / len;
    } else normals[o + 2] = 1;
  }
  return { positions, normals, indices };
}
