import { describe, expect, it } from 'vitest';
import { placeParts } from '../../../src/lib/catalog/model3d/place-model.ts';
import type { MeshPart } from '../../../src/lib/viewer3d/mesh-format.ts';

const part = (): MeshPart => ({
  name: 'body',
  kind: 'model',
  material: { diffuse: [0.1, 0.1, 0.1], specular: [0, 0, 0], emissive: [0, 0, 0], shininess: 0.2, transparency: 0, ambient: 0.2 },
  creaseAngle: 0.5,
  positions: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]),
  indices: new Uint32Array([0, 1, 2]),
});
const none = { offset: { x: 0, y: 0, z: 0 }, scale: { x: 1, y: 1, z: 1 }, rotate: { x: 0, y: 0, z: 0 } };
const at = (p: MeshPart, i: number) => [...p.positions.slice(i * 3, i * 3 + 3)].map((v) => +v.toFixed(6) + 0);

describe('placeParts: a model placed as its footprint says (KiCad 3D viewer order)', () => {
  it('leaves the model alone for the identity placement', () => {
    const parts = [part()];
    expect(placeParts(parts, none)).toBe(parts);
  });

  it('rotates by the negated angles, then offsets in millimetres', () => {
    // KiCad: T(offset) · Rz(-z) · Ry(-y) · Rx(-x) · S. A +90° z rotation sends +X to -Y.
    const [p] = placeParts([part()], { ...none, rotate: { x: 0, y: 0, z: 90 }, offset: { x: 10, y: 0, z: 0.5 } });
    expect(at(p!, 0)).toEqual([10, -1, 0.5]);
    expect(at(p!, 1)).toEqual([11, 0, 0.5]);
    expect(at(p!, 2)).toEqual([10, 0, 1.5]);
  });

  it('applies x rotation last-in-first-out after scale', () => {
    const [p] = placeParts([part()], { ...none, rotate: { x: -90, y: 0, z: 0 }, scale: { x: 2, y: 2, z: 2 } });
    // Rx(+90°) after scaling by 2: +Y → +Z, +Z → -Y.
    expect(at(p!, 1)).toEqual([0, 0, 2]);
    expect(at(p!, 2)).toEqual([0, -2, 0]);
  });

  it('keeps faces outward under a mirroring scale by flipping the winding', () => {
    const [p] = placeParts([part()], { ...none, scale: { x: -1, y: 1, z: 1 } });
    expect([...p!.indices]).toEqual([0, 2, 1]);
    expect(at(p!, 0)).toEqual([-1, 0, 0]);
  });
});
