import { describe, expect, it } from 'vitest';
import type { MeshPart } from '../../../src/lib/viewer3d/mesh-format.ts';
import { buildRenderMesh, type RenderMesh } from '../../../src/lib/viewer3d/normals.ts';

type Part = Pick<MeshPart, 'positions' | 'indices' | 'creaseAngle'>;
const part = (positions: number[], indices: number[], creaseAngle = 0.5): Part => ({ positions: new Float32Array(positions), indices: new Uint32Array(indices), creaseAngle });

/** Unit cube [0,1]³ with 8 shared corners, wound outwards. */
function cube(creaseAngle = 0.5): Part {
  const p = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
  const quads = [
    [0, 3, 2, 1], // −Z
    [4, 5, 6, 7], // +Z
    [0, 1, 5, 4], // −Y
    [2, 3, 7, 6], // +Y
    [1, 2, 6, 5], // +X
    [3, 0, 4, 7], // −X
  ];
  return part(p, quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]), creaseAngle);
}

/** The same cube with every triangle corner a vertex of its own, as some exporters write it. */
function splitCube(creaseAngle = 0.5): Part {
  const c = cube(creaseAngle);
  const positions = Array.from(c.indices).flatMap((i) => Array.from(c.positions.subarray(i * 3, i * 3 + 3)));
  return part(positions, [...Array(c.indices.length).keys()], creaseAngle);
}

/** Closed cylinder about Z: `segments` around, `rings` bands up the side, fan caps. */
function cylinder(segments: number, rings: number, radius = 2, height = 5): Part {
  const p: number[] = [];
  const idx: number[] = [];
  for (let r = 0; r <= rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = (s / segments) * Math.PI * 2;
      p.push(radius * Math.cos(a), radius * Math.sin(a), (r / rings) * height);
    }
  }
  const at = (r: number, s: number) => r * segments + (s % segments);
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) idx.push(at(r, s), at(r, s + 1), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r + 1, s));
  }
  const bottom = p.length / 3;
  const top = bottom + 1;
  p.push(0, 0, 0, 0, 0, height);
  for (let s = 0; s < segments; s++) idx.push(bottom, at(0, s + 1), at(0, s), top, at(rings, s), at(rings, s + 1));
  return part(p, idx);
}

const vec = (a: Float32Array, i: number): [number, number, number] => [a[i * 3]!, a[i * 3 + 1]!, a[i * 3 + 2]!];
const deg = (rad: number) => (rad * 180) / Math.PI;

/** Every index in range and every normal of unit length. */
function expectWellFormed(m: RenderMesh) {
  const n = m.positions.length / 3;
  expect(m.normals.length).toBe(m.positions.length);
  for (const i of m.indices) expect(i).toBeLessThan(n);
  for (let v = 0; v < n; v++) expect(Math.hypot(...vec(m.normals, v))).toBeCloseTo(1, 5);
}

/** Each output triangle keeps the input triangle's corner positions, in order. */
function expectSameTriangles(input: Part, m: RenderMesh) {
  expect(m.indices.length).toBe(input.indices.length - (input.indices.length % 3));
  for (let c = 0; c < m.indices.length; c++) expect(vec(m.positions, m.indices[c]!)).toEqual(vec(input.positions, input.indices[c]!));
}

describe('buildRenderMesh', () => {
  it('keeps a cube hard-edged at creaseAngle 0.5: 24 vertices with axis-aligned, outward normals', () => {
    for (const input of [cube(), splitCube()]) {
      const m = buildRenderMesh(input);
      expectWellFormed(m);
      expectSameTriangles(input, m);
      expect(m.positions.length / 3).toBe(24);
      for (let v = 0; v < 24; v++) {
        const n = vec(m.normals, v);
        const p = vec(m.positions, v);
        const axis = n.findIndex((x) => Math.abs(x) > 0.5);
        expect(n.map((x) => Math.abs(x))).toEqual(n.map((_, k) => (k === axis ? 1 : 0)));
        // Outward: the normal points the way this corner sits from the cube's centre.
        expect(Math.sign(n[axis]!)).toBe(Math.sign(p[axis]! - 0.5));
      }
    }
  });

  it('smooths the cube into 8 shared vertices when the crease angle exceeds 90°', () => {
    const m = buildRenderMesh(cube(Math.PI * 0.6));
    expectWellFormed(m);
    expect(m.positions.length / 3).toBe(8);
    for (let v = 0; v < 8; v++) {
      const n = vec(m.normals, v);
      const p = vec(m.positions, v);
      // A blend of the three faces' normals, so it leans outwards along every axis. (Area
      // weighting counts each face by the triangles touching this corner, so not the exact
      // diagonal.)
      for (let k = 0; k < 3; k++) {
        expect(Math.sign(n[k]!)).toBe(Math.sign(p[k]! - 0.5));
        expect(Math.abs(n[k]!)).toBeGreaterThan(0.3);
      }
    }
  });

  it('shades a finely tessellated cylinder smooth along its side, with hard caps', () => {
    // At 5° per facet. (Area weighting tilts a rim vertex by 1/6 of a facet, as one of its two
    // quads touches it with one triangle and the other with two: 0.83° here.)
    const segments = 72;
    const input = cylinder(segments, 3);
    const m = buildRenderMesh(input);
    expectWellFormed(m);
    expectSameTriangles(input, m);
    let side = 0, cap = 0;
    for (let v = 0; v < m.positions.length / 3; v++) {
      const [x, y, z] = vec(m.positions, v);
      const n = vec(m.normals, v);
      if (Math.abs(n[2]) > 0.5) {
        // Cap vertex: straight up or down, the way its cap faces.
        cap++;
        expect(n[2]).toBeCloseTo(z > 2.5 ? 1 : -1, 6);
      } else {
        side++;
        // Side vertex: radial within 1°.
        const cos = (n[0] * x + n[1] * y) / Math.hypot(x, y);
        expect(deg(Math.acos(Math.min(1, cos)))).toBeLessThan(1);
        expect(Math.abs(n[2])).toBeLessThan(1e-6);
      }
    }
    // One side vertex per ring position (4 rings); each cap has its rim and centre of its own.
    expect(side).toBe(segments * 4);
    expect(cap).toBe(2 * (segments + 1));
  });

  it('splits a coarse cylinder (8 sides: 45° per edge) into flat facets', () => {
    const m = buildRenderMesh(cylinder(8, 1));
    expectWellFormed(m);
    // Each side quad gets its own 4 vertices; each cap 8 rim + 1 centre.
    expect(m.positions.length / 3).toBe(8 * 4 + 2 * 9);
  });

  it('weights a shared normal by triangle area', () => {
    // Two triangles on the edge (0,0,0)–(1,0,0): one of area 5 facing +Z, one of area ½ tilted 20°
    // towards +Y. Area weighting leans the shared normal atan(sin 20° / (10 + cos 20°)) ≈ 1.79°
    // off +Z; an unweighted mean would give 10°.
    const a = (20 * Math.PI) / 180;
    const m = buildRenderMesh(part([0, 0, 0, 1, 0, 0, 0, 10, 0, 0, -Math.cos(a), Math.sin(a)], [0, 1, 2, 1, 0, 3], 0.6));
    expectWellFormed(m);
    expect(m.positions.length / 3).toBe(4);
    for (const corner of [0, 1]) {
      const [x, y, z] = vec(m.normals, m.indices[corner]!);
      expect(x).toBeCloseTo(0, 6);
      expect(deg(Math.atan2(y, z))).toBeCloseTo(deg(Math.atan2(Math.sin(a), 10 + Math.cos(a))), 3);
    }
  });

  it('survives degenerate input: zero-area triangles, repeated corners, a stray index tail, nothing at all', () => {
    const m = buildRenderMesh(part([0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0], [0, 1, 2, 0, 0, 3, 0, 1, 3, 2], 0.5));
    expectWellFormed(m);
    expect(m.indices.length).toBe(9);
    for (const x of m.normals) expect(Number.isFinite(x)).toBe(true);
    const empty = buildRenderMesh(part([], []));
    expect([empty.positions.length, empty.normals.length, empty.indices.length]).toEqual([0, 0, 0]);
  });

  it('stays linear on a 20,000-triangle fan around one vertex', () => {
    const n = 20000;
    const p = [0, 0, 0];
    for (let i = 0; i < n; i++) p.push(Math.cos((i / n) * 2 * Math.PI), Math.sin((i / n) * 2 * Math.PI), 0);
    const idx: number[] = [];
    for (let i = 0; i < n; i++) idx.push(0, 1 + i, 1 + ((i + 1) % n));
    const t0 = performance.now();
    const m = buildRenderMesh(part(p, idx));
    // A quadratic scan of the fan's centre would take seconds; this takes milliseconds.
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(m.positions.length / 3).toBe(n + 1);
    const wrong = [...Array(n + 1).keys()].filter((v) => vec(m.normals, v).join() !== '0,0,1');
    expect(wrong).toEqual([]);
  });
});
