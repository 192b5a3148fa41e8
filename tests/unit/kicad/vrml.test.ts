import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { VrmlError, parseVrml, vrmlToMeshModel, wrlToMesh, type VrmlScene } from '../../../src/lib/kicad/vrml.ts';
import { boundingBox, decodeMesh, encodeMesh, type MeshModel } from '../../../src/lib/viewer3d/mesh-format.ts';

const WRL_DIR = new URL('../../fixtures/wrl/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, WRL_DIR), 'utf8');

const HEADER = '#VRML V2.0 utf8\n';
const vrml = (body: string): string => HEADER + body;

/** A Shape with one IndexedFaceSet, for inline snippets. */
function faceSet(points: string, coordIndex: string, extra = ''): string {
  return `Shape { geometry IndexedFaceSet { ${extra} coord Coordinate { point [ ${points} ] } coordIndex [ ${coordIndex} ] } }\n`;
}

function catchVrml(fn: () => unknown): VrmlError {
  try {
    fn();
  } catch (e) {
    if (e instanceof VrmlError) return e;
    throw e;
  }
  throw new Error('expected a VrmlError');
}

function expectCloseArray(actual: ArrayLike<number>, expected: number[], digits = 5): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i]!, digits);
}

/**
 * Independent, naive reading of a flat KiCad file (regexes, no Transforms): triangles as the sum
 * of k − 2 over coordIndex polygons, and the bounding box of all points, in mm.
 */
function reference(text: string): { faceSets: number; triangles: number; min: number[]; max: number[] } {
  const body = text.replace(/#[^\n]*/g, '');
  let triangles = 0;
  for (const m of body.matchAll(/coordIndex\s*\[([^\]]*)\]/g)) {
    let k = 0;
    for (const v of [...m[1]!.split(/[\s,]+/).filter(Boolean).map(Number), -1]) {
      if (v !== -1) k++;
      else {
        if (k >= 3) triangles += k - 2;
        k = 0;
      }
    }
  }
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const m of body.matchAll(/point\s*\[([^\]]*)\]/g)) {
    const nums = m[1]!.split(/[\s,]+/).filter(Boolean).map(Number);
    nums.forEach((v, i) => {
      min[i % 3] = Math.min(min[i % 3]!, v * 2.54);
      max[i % 3] = Math.max(max[i % 3]!, v * 2.54);
    });
  }
  return { faceSets: body.match(/IndexedFaceSet/g)?.length ?? 0, triangles, min, max };
}

function triangleCount(model: MeshModel): number {
  return model.parts.reduce((n, p) => n + p.indices.length / 3, 0);
}

function expectIndicesInRange(model: MeshModel): void {
  for (const part of model.parts) {
    const vertices = part.positions.length / 3;
    expect(part.indices.length % 3).toBe(0);
    expect(part.indices.every((i) => i < vertices)).toBe(true);
  }
}

describe('real KiCad models', () => {
  const cases = [
    // name, shapes, parts in order of first use [name, triangles], bbox in mm (from the file's points × 2.54)
    {
      file: 'R_0603_1608Metric.wrl',
      shapes: 26,
      parts: [['PIN-01', 252], ['PLASTIC-WHITE-01', 14], ['RES-SMD-01', 10]],
      min: [-0.8001, -0.3988, 0],
      max: [0.8001, 0.3988, 0.4496],
    },
    {
      file: 'SOT-23.wrl',
      shapes: 76,
      parts: [['IC-BODY-EPOXY-04', 348], ['PIN-01', 348]],
      min: [-1.2497, -1.5011, 0],
      max: [1.2497, 1.5011, 1.1989],
    },
    {
      file: 'R_Box_L8.4mm_W2.5mm_P5.08mm.wrl',
      shapes: 10,
      parts: [['RES-THT-01', 66], ['PIN-01', 146]],
      min: [-1.6612, -1.2497, -2.9997],
      max: [6.7412, 1.2497, 6.7005],
    },
    {
      file: 'Heatsink_Stonecold_HS-132_32x14mm_2xFixation1.5mm.wrl',
      shapes: 1,
      parts: [['material-1', 1190]],
      min: [-16, -9, -2.8],
      max: [16, 5, 25.5999],
    },
  ] as const;

  for (const c of cases) {
    it(`${c.file}: shapes, parts, triangles and size`, () => {
      const text = fixture(c.file);
      const ref = reference(text);
      const scene = parseVrml(text);
      expect(scene.shapes.length).toBe(c.shapes);
      expect(scene.shapes.length).toBe(ref.faceSets);
      const model = vrmlToMeshModel(scene);
      expect(model.parts.map((p) => [p.name, p.indices.length / 3])).toEqual(c.parts);
      expect(model.parts.every((p) => p.kind === 'model')).toBe(true);
      expect(triangleCount(model)).toBe(ref.triangles);
      expectIndicesInRange(model);
      const box = boundingBox(model.parts);
      for (let k = 0; k < 3; k++) {
        expect(box.min[k]).toBeCloseTo(c.min[k]!, 3);
        expect(box.max[k]).toBeCloseTo(c.max[k]!, 3);
        expect(box.min[k]).toBeCloseTo(ref.min[k]!, 3);
        expect(box.max[k]).toBeCloseTo(ref.max[k]!, 3);
      }
    });
  }

  it('flat KiCad files give no warnings; the heatsink warns about NavigationInfo only', () => {
    for (const f of ['R_0603_1608Metric.wrl', 'SOT-23.wrl', 'R_Box_L8.4mm_W2.5mm_P5.08mm.wrl']) {
      expect(parseVrml(fixture(f)).warnings).toEqual([]);
    }
    const heatsink = parseVrml(fixture('Heatsink_Stonecold_HS-132_32x14mm_2xFixation1.5mm.wrl'));
    expect(heatsink.warnings).toEqual([{ line: 5, message: 'unsupported node NavigationInfo skipped' }]);
    expect(heatsink.shapes[0]!.solid).toBe(false);
    expect(heatsink.shapes[0]!.creaseAngle).toBe(0.5);
    expect(heatsink.shapes[0]!.materialName).toBeNull();
  });

  it('R_0603: body is 1.6 × 0.8 mm, materials read in full', () => {
    const model = wrlToMesh(fixture('R_0603_1608Metric.wrl'));
    const box = boundingBox(model.parts);
    expect(box.max[0] - box.min[0]).toBeCloseTo(1.6, 2);
    expect(box.max[1] - box.min[1]).toBeCloseTo(0.8, 2);
    const pin = model.parts.find((p) => p.name === 'PIN-01')!;
    expect(pin.material).toEqual({ ambient: 0.271, diffuse: [0.824, 0.82, 0.781], specular: [0.328, 0.258, 0.172], emissive: [0, 0, 0], transparency: 0, shininess: 0.7 });
    expect(pin.creaseAngle).toBe(0.5);
  });

  it('round trips through the CPM1 mesh format', () => {
    for (const f of ['SOT-23.wrl', 'Heatsink_Stonecold_HS-132_32x14mm_2xFixation1.5mm.wrl']) {
      const model = wrlToMesh(fixture(f));
      const back = decodeMesh(encodeMesh(model));
      expect(back.parts.length).toBe(model.parts.length);
      model.parts.forEach((part, i) => {
        const other = back.parts[i]!;
        expect(other.name).toBe(part.name);
        expect(other.material).toEqual(part.material);
        expect(other.indices).toEqual(part.indices);
        expect(other.positions.length).toBe(part.positions.length);
        let worst = 0;
        for (let j = 0; j < part.positions.length; j++) worst = Math.max(worst, Math.abs(other.positions[j]! - part.positions[j]!));
        expect(worst).toBeLessThan(1e-3);
      });
    }
  });
});

describe('materials and parts', () => {
  it('merges shapes by DEF name and by equal unnamed values, rebasing indices', () => {
    const text = vrml(
      'Shape { appearance Appearance { material DEF GOLD Material { diffuseColor 1 0.8 0 shininess 0.9 } } }\n' +
        `Shape { appearance Appearance { material USE GOLD } ${faceSet('0 0 0, 1 0 0, 0 1 0', '0 1 2').slice(8)}` +
        `Shape { appearance Appearance { material Material { diffuseColor 0 0 1 } } ${faceSet('0 0 1, 1 0 1, 0 1 1, 1 1 1', '0 1 3 2').slice(8)}` +
        `Shape { appearance Appearance { material USE GOLD } ${faceSet('5 0 0, 6 0 0, 5 1 0', '0 1 2').slice(8)}` +
        `Shape { appearance Appearance { material Material { diffuseColor 0 0 1 } } ${faceSet('0 0 2, 1 0 2, 0 1 2', '0 1 2').slice(8)}` +
        faceSet('0 0 3, 1 0 3, 0 1 3', '0 1 2'),
    );
    const scene = parseVrml(text);
    expect(scene.shapes.map((s) => s.materialName)).toEqual(['GOLD', null, 'GOLD', null, null]);
    const model = vrmlToMeshModel(scene, { unitMm: 1 });
    expect(model.parts.map((p) => p.name)).toEqual(['GOLD', 'material-1', 'material-2']);
    const [gold, blue, plain] = model.parts;
    expect(gold!.material.diffuse).toEqual([1, 0.8, 0]);
    expect(gold!.material.shininess).toBe(0.9);
    expect(Array.from(gold!.indices)).toEqual([0, 1, 2, 3, 4, 5]);
    expectCloseArray(gold!.positions, [0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 0, 0, 6, 0, 0, 5, 1, 0]);
    expect(Array.from(blue!.indices)).toEqual([0, 1, 3, 0, 3, 2, 4, 5, 6]);
    // No appearance: VRML's default material.
    expect(plain!.material).toEqual({ diffuse: [0.8, 0.8, 0.8], specular: [0, 0, 0], emissive: [0, 0, 0], shininess: 0.2, transparency: 0, ambient: 0.2 });
  });

  it('reads all six Material fields and converts to mm (0.1 inch by default)', () => {
    const text = vrml(
      'Shape { appearance Appearance { material Material { ambientIntensity 0.5 diffuseColor 0.1 0.2 0.3 specularColor 0.4 0.5 0.6 emissiveColor 0.7 0.8 0.9 shininess 0.25 transparency 0.75 } }\n' +
        ' geometry IndexedFaceSet { coord Coordinate { point [1 2 3, 4 5 6, 7 8 10] } coordIndex [0 1 2 -1] creaseAngle 0.3 } }',
    );
    const model = wrlToMesh(text);
    expect(model.parts[0]!.material).toEqual({ ambient: 0.5, diffuse: [0.1, 0.2, 0.3], specular: [0.4, 0.5, 0.6], emissive: [0.7, 0.8, 0.9], shininess: 0.25, transparency: 0.75 });
    expect(model.parts[0]!.creaseAngle).toBeCloseTo(0.3);
    expectCloseArray(model.parts[0]!.positions, [2.54, 5.08, 7.62, 10.16, 12.7, 15.24, 17.78, 20.32, 25.4]);
  });

  it('drops shapes without triangles and non-face-set geometry', () => {
    const text = vrml(
      'Shape { appearance Appearance { material DEF A Material {} } }\n' +
        faceSet('0 0 0, 1 0 0', '0 1 -1') +
        'Shape { geometry IndexedFaceSet { coord Coordinate { point [] } coordIndex [] } }\n' +
        'Shape { geometry Box { size 1 1 1 } }\n',
    );
    const scene = parseVrml(text);
    expect(scene.shapes).toEqual([]);
    expect(scene.warnings).toEqual([{ line: 5, message: 'unsupported node Box skipped' }]);
    expect(vrmlToMeshModel(scene).parts).toEqual([]);
  });
});

describe('polygons', () => {
  it('keeps triangles, fans a quad into 2 triangles, handles a last face without -1', () => {
    const scene = parseVrml(vrml(faceSet('0 0 0, 1 0 0, 1 1 0, 0 1 0', '0 1 2 -1 0 1 2 3')));
    expect(Array.from(scene.shapes[0]!.indices)).toEqual([0, 1, 2, 0, 1, 2, 0, 2, 3]);
  });

  it('drops faces with fewer than 3 points (and empty ones)', () => {
    const scene = parseVrml(vrml(faceSet('0 0 0, 1 0 0, 1 1 0', '0 1 -1 -1 0 -1 2 1 0 -1 -1')));
    expect(Array.from(scene.shapes[0]!.indices)).toEqual([2, 1, 0]);
  });

  it('flips the winding when ccw FALSE', () => {
    const scene = parseVrml(vrml(faceSet('0 0 0, 1 0 0, 1 1 0, 0 1 0', '0 1 2 3', 'ccw FALSE')));
    expect(Array.from(scene.shapes[0]!.indices)).toEqual([0, 2, 1, 0, 3, 2]);
  });

  it('ear-clips a concave polygon (convex FALSE) on a tilted plane', () => {
    // An L shape whose first vertex sees the notch: a fan from it would cover the missing square.
    const l2d = [[2, 1], [1, 1], [1, 2], [0, 2], [0, 0], [2, 0]] as const;
    // Plane spanned by (1,0,0) and (0,0.6,0.8): lengths and areas are kept.
    const to3d = ([a, b]: readonly [number, number]) => [a, b * 0.6, b * 0.8];
    const points = l2d.map((p) => to3d(p).join(' ')).join(', ');
    const scene = parseVrml(vrml(faceSet(points, '0 1 2 3 4 5 -1', 'convex FALSE')));
    const { positions, indices } = scene.shapes[0]!;
    expect(indices.length).toBe(4 * 3);
    const back = (i: number): [number, number] => [positions[i * 3]!, positions[i * 3 + 1]! / 0.6];
    const inside = ([x, y]: [number, number]) => x > 0 && y > 0 && x < 2 && y < 2 && !(x > 1 && y > 1);
    let area = 0;
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [back(indices[t]!), back(indices[t + 1]!), back(indices[t + 2]!)];
      const signed = ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / 2;
      expect(signed).toBeGreaterThan(0); // same counter-clockwise winding as the polygon
      area += signed;
      expect(inside([(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3])).toBe(true);
    }
    expect(area).toBeCloseTo(3, 5);
    // The same polygon declared convex is fanned, which puts a triangle in the notch.
    const fanned = parseVrml(vrml(faceSet(points, '0 1 2 3 4 5 -1'))).shapes[0]!;
    expect(Array.from(fanned.indices.subarray(0, 3))).toEqual([0, 1, 2]);
  });

  it('ear-clips a clockwise concave polygon with ccw FALSE, keeping k − 2 triangles', () => {
    // Arrow head with its notch at point 3, listed clockwise seen from +Z.
    const pts = '0 0 0, 1 2 0, 2 0 0, 1 1 0';
    const scene = parseVrml(vrml(faceSet(pts, '0 1 2 3', 'convex FALSE ccw FALSE')));
    const idx = Array.from(scene.shapes[0]!.indices);
    expect(idx.length).toBe(6);
    // Flipped back to counter-clockwise seen from +Z, and no triangle spans the notch (0-1-2).
    const p = scene.shapes[0]!.positions;
    for (let t = 0; t < 6; t += 3) {
      const [a, b, c] = [idx[t]!, idx[t + 1]!, idx[t + 2]!];
      const z = (p[b * 3]! - p[a * 3]!) * (p[c * 3 + 1]! - p[a * 3 + 1]!) - (p[b * 3 + 1]! - p[a * 3 + 1]!) * (p[c * 3]! - p[a * 3]!);
      expect(z).toBeGreaterThan(0);
      expect(new Set([a, b, c]).has(3)).toBe(true);
    }
  });

  it('caps ear-clipping work: a huge concave-declared polygon is fanned with a warning', () => {
    const k = 7000; // ~k²/2 point tests, over the per-file budget
    const pts = Array.from({ length: k }, (_, i) => `${Math.cos((2 * Math.PI * i) / k)} ${Math.sin((2 * Math.PI * i) / k)} 0`).join(', ');
    const idx = Array.from({ length: k }, (_, i) => i).join(' ');
    const scene = parseVrml(vrml(faceSet(pts, idx, 'convex FALSE')));
    expect(scene.warnings).toEqual([{ line: 2, message: 'too many concave polygons: the rest are fanned, not ear-clipped' }]);
    expect(scene.shapes[0]!.indices.length).toBe((k - 2) * 3);
  });
});

describe('scene graph', () => {
  const triangle = faceSet('1 0 0, 0 1 0, 0 0 1', '0 1 2');

  it('applies Transform as T·R·S, nested Transforms and Groups', () => {
    const text = vrml(`Group { children [
      Transform { translation 0 0 5 children
        Transform { translation 10 0 0 rotation 0 0 1 1.5707963267948966 scale 2 2 2 children [ ${triangle} ] }
      }
    ] }`);
    const shape = parseVrml(text).shapes[0]!;
    // S: (2,0,0) (0,2,0) (0,0,2); R 90° about Z: (0,2,0) (-2,0,0) (0,0,2); T: +(10,0,5).
    expectCloseArray(shape.positions, [10, 2, 5, 8, 0, 5, 10, 0, 7]);
    expect(Array.from(shape.indices)).toEqual([0, 1, 2]);
  });

  it('rotates about center and scales along scaleOrientation', () => {
    const centered = parseVrml(vrml(`Transform { center 1 0 0 rotation 0 0 1 3.141592653589793 children ${faceSet('0 0 0, 1 0 0, 1 1 0', '0 1 2')} }`));
    expectCloseArray(centered.shapes[0]!.positions, [2, 0, 0, 1, 0, 0, 1, -1, 0]);
    // Scale ×2 along the 45° diagonal: (1,0,0) → (1.5, 0.5, 0).
    const oriented = parseVrml(vrml(`Transform { scale 2 1 1 scaleOrientation 0 0 1 0.7853981633974483 children ${faceSet('1 0 0, 0 1 0, 0 0 1', '0 1 2')} }`));
    expectCloseArray(oriented.shapes[0]!.positions, [1.5, 0.5, 0, 0.5, 1.5, 0, 0, 0, 1]);
  });

  it('a mirroring Transform flips the winding to stay counter-clockwise from outside', () => {
    const shape = parseVrml(vrml(`Transform { scale -1 1 1 children ${triangle} }`)).shapes[0]!;
    expectCloseArray(shape.positions, [-1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(Array.from(shape.indices)).toEqual([0, 2, 1]);
  });

  it('USE of a DEF Group instantiates it again under another Transform', () => {
    const text = vrml(`DEF PART Group { children ${triangle} }\nTransform { translation 0 0 1 children USE PART }`);
    const scene = parseVrml(text);
    expect(scene.shapes.length).toBe(2);
    expectCloseArray(scene.shapes[1]!.positions, [1, 0, 1, 0, 1, 1, 0, 0, 2]);
    // Both instances share the mesh: one part, two copies.
    expect(vrmlToMeshModel(scene).parts[0]!.indices.length).toBe(6);
  });

  it('Switch draws only whichChoice (-1 or out of range: nothing)', () => {
    const sw = (which: number) =>
      vrml(`Switch { whichChoice ${which} choice [
        ${faceSet('0 0 0, 1 0 0, 0 1 0', '0 1 2')}
        Group { children ${faceSet('0 0 7, 1 0 7, 0 1 7', '0 1 2')} }
      ] }`);
    expect(parseVrml(sw(1)).shapes.map((s) => s.positions[2])).toEqual([7]);
    expect(parseVrml(sw(0)).shapes.map((s) => s.positions[2])).toEqual([0]);
    expect(parseVrml(sw(-1)).shapes).toEqual([]);
    expect(parseVrml(sw(2)).shapes).toEqual([]);
  });

  it('DEFs inside skipped nodes and unchosen Switch branches can still be USEd', () => {
    const text = vrml(`Switch { whichChoice -1 choice [ Shape { appearance Appearance { material DEF RED Material { diffuseColor 1 0 0 } } } ] }
Shape { geometry IndexedLineSet { coord DEF C Coordinate { point [0 0 0, 1 0 0, 0 1 0] } coordIndex [0 1 -1] } }
Shape { appearance Appearance { material USE RED } geometry IndexedFaceSet { coord USE C coordIndex [0 1 2] } }`);
    const scene = parseVrml(text);
    expect(scene.warnings).toEqual([{ line: 3, message: 'unsupported node IndexedLineSet skipped' }]);
    expect(scene.shapes.length).toBe(1);
    expect(scene.shapes[0]!.materialName).toBe('RED');
    expect(scene.shapes[0]!.material.diffuse).toEqual([1, 0, 0]);
  });

  it('skips unknown nodes structurally with a warning each, ignores normal/color/texCoord', () => {
    const text = vrml(`NavigationInfo { type [ "EXAMINE", "ANY" ] }
Viewpoint { position 0 0 10 description "front { view ]" }
Background { skyColor [ 0 0 1 ] }
Inline { url [ "other.wrl" ] }
Shape { geometry IndexedFaceSet {
  coord Coordinate { point [ 0 0 0, 1 0 0, 0 1 0 ] }
  normal Normal { vector [ 0 0 1 ] } normalPerVertex FALSE
  color Color { color [ 1 0 0, 0 1 0, 0 0 1 ] } colorPerVertex TRUE colorIndex [ 0 1 2 ]
  texCoord TextureCoordinate { point [ 0 0, 1 0, 0 1 ] }
  coordIndex [ 0 1 2 ] solid TRUE convex TRUE ccw TRUE
} }
ROUTE A.b TO C.d`);
    const scene = parseVrml(text);
    expect(scene.warnings).toEqual([
      { line: 2, message: 'unsupported node NavigationInfo skipped' },
      { line: 3, message: 'unsupported node Viewpoint skipped' },
      { line: 4, message: 'unsupported node Background skipped' },
      { line: 5, message: 'unsupported node Inline skipped' },
    ]);
    expect(scene.shapes.length).toBe(1);
    expect(Array.from(scene.shapes[0]!.indices)).toEqual([0, 1, 2]);
  });

  it('skips PROTO declarations and their instances; caps the warning list', () => {
    const text = vrml(`PROTO Pin [ field SFFloat len 1 ] { Shape { geometry IndexedFaceSet { coord DEF INNER Coordinate { point [0 0 0] } } } }
Pin { len 2 }
${faceSet('0 0 0, 1 0 0, 0 1 0', '0 1 2')}`);
    const scene = parseVrml(text);
    expect(scene.warnings).toEqual([
      { line: 2, message: 'PROTO Pin ignored: its instances are skipped' },
      { line: 3, message: 'unsupported node Pin skipped' },
    ]);
    expect(scene.shapes.length).toBe(1);
    // Names inside a PROTO body are not in the file's scope.
    expect(catchVrml(() => parseVrml(text + 'Shape { geometry IndexedFaceSet { coord USE INNER } }')).reason).toBe("USE of unknown name 'INNER'");

    const many = parseVrml(vrml('Viewpoint {}\n'.repeat(150)));
    expect(many.warnings.length).toBe(101);
    expect(many.warnings[100]!.message).toBe('50 more warnings not shown');
  });

  it('reads comments, commas, CRLF line ends, exponents and signs', () => {
    const text = [
      '#VRML V2.0 utf8',
      'WorldInfo { info [ "a # not a comment }", "b \\" still a string ]" ] } # a comment with { and [',
      'Shape { geometry IndexedFaceSet { coord Coordinate { point [ # comment inside the list',
      '  -1.5e+0,, .5 +2E-1, 1,0,0  # } ]',
      '  0 1 0 ] }',
      '  coordIndex [0,1,2,-1,] } }',
    ].join('\r\n');
    const scene = parseVrml(text);
    expect(scene.warnings).toEqual([]);
    expectCloseArray(scene.shapes[0]!.positions, [-1.5, 0.5, 0.2, 1, 0, 0, 0, 1, 0]);
    expect(scene.shapes[0]!.line).toBe(3);
    // Line numbers still count CRLF lines.
    expect(catchVrml(() => parseVrml(text + '\r\nShape { geometry USE NOPE }')).line).toBe(7);
  });
});

describe('errors', () => {
  it('rejects files that are not VRML 2.0', () => {
    const e = catchVrml(() => parseVrml('solid cube\nfacet normal 0 0 1\n'));
    expect(e.line).toBe(1);
    expect(e.reason).toBe('not a VRML 2.0 file (KiCad 3D models are .wrl VRML 2.0)');
    expect(catchVrml(() => parseVrml('')).line).toBe(1);
  });

  it('rejects VRML 1.0, naming the version', () => {
    const e = catchVrml(() => parseVrml('#VRML V1.0 ascii\nSeparator { }\n'));
    expect(e.line).toBe(1);
    expect(e.reason).toContain('VRML 1.0 is not supported');
    expect(e.reason).toContain('VRML 2.0');
  });

  it('reports a truncated file at the end, naming where the open node started', () => {
    const text = fixture('R_0603_1608Metric.wrl');
    const cut = text.slice(0, text.indexOf('coord Coordinate', 5000) + 40);
    const e = catchVrml(() => parseVrml(cut));
    expect(e.line).toBe(cut.split('\n').length);
    expect(e.reason).toMatch(/^unexpected end of file: point list opened on line \d+ is not closed$/);

    const missingBrace = vrml('Group { children [\n  Shape {\n  }\n]\n');
    const e2 = catchVrml(() => parseVrml(missingBrace));
    expect(e2.line).toBe(6);
    expect(e2.reason).toBe('unexpected end of file: Group opened on line 2 is not closed');
  });

  it('reports an extra closing brace on its line', () => {
    const e = catchVrml(() => parseVrml(vrml('Group { }\n}\n')));
    expect(e.line).toBe(3);
    expect(e.reason).toContain("unexpected '}'");
  });

  it('reports USE of an unknown name', () => {
    const e = catchVrml(() => parseVrml(vrml('Shape {\n appearance Appearance { material USE GOLD } }\n')));
    expect(e.line).toBe(3);
    expect(e.reason).toBe("USE of unknown name 'GOLD'");
  });

  it('reports a coordIndex out of range with its line and value', () => {
    const e = catchVrml(() => parseVrml(vrml('Shape { geometry IndexedFaceSet {\n coordIndex [ 0 1 2 -1\n 0 2 3 ]\n coord Coordinate { point [ 0 0 0, 1 0 0, 0 1 0 ] } } }')));
    expect(e.line).toBe(4);
    expect(e.reason).toBe('coordIndex 3 out of range (3 points)');
    const negative = catchVrml(() => parseVrml(vrml(faceSet('0 0 0, 1 0 0, 0 1 0', '0 1 -2'))));
    expect(negative.reason).toContain('-2');
    const fractional = catchVrml(() => parseVrml(vrml(faceSet('0 0 0, 1 0 0, 0 1 0', '0 1.5 2'))));
    expect(fractional.reason).toContain('expected an integer');
  });

  it('rejects NaN and infinite coordinates', () => {
    for (const bad of ['NaN', 'nan', 'inf', '-Infinity', '1e999']) {
      const e = catchVrml(() => parseVrml(vrml(`Shape { geometry IndexedFaceSet { coord Coordinate { point [\n 0 0 0,\n 1 ${bad} 0 ] } coordIndex [ 0 1 0 ] } }`)));
      expect(e.line, bad).toBe(4);
    }
  });

  it('enforces the vertex limit', () => {
    const text = vrml(faceSet('0 0 0, 1 0 0, 0 1 0', '0 1 2') + faceSet('0 0 0, 1 0 0, 0 1 0', '0 1 2'));
    expect(parseVrml(text, { maxVertices: 6 }).shapes.length).toBe(2);
    const e = catchVrml(() => parseVrml(text, { maxVertices: 5 }));
    expect(e.line).toBe(3);
    expect(e.reason).toBe('model too large: more than 5 vertices');
    // Instances made by USE count too.
    const reused = vrml(`DEF T Group { children ${faceSet('0 0 0, 1 0 0, 0 1 0', '0 1 2')} }\nUSE T\nUSE T\n`);
    expect(catchVrml(() => parseVrml(reused, { maxVertices: 8 })).reason).toContain('model too large');
  });

  it('stops exponential USE fan-out', () => {
    let text = vrml('DEF G0 Group { children [] }\n');
    for (let i = 1; i <= 40; i++) text += `DEF G${i} Group { children [ USE G${i - 1} USE G${i - 1} ] }\n`;
    expect(catchVrml(() => parseVrml(text)).reason).toContain('model too large');
  });

  it('enforces the nesting depth limit without overflowing the stack', () => {
    const nested = (n: number) => vrml('Group { children [\n'.repeat(n) + ']}'.repeat(n));
    expect(parseVrml(nested(64)).shapes).toEqual([]);
    const e = catchVrml(() => parseVrml(nested(65)));
    expect(e.line).toBe(66);
    expect(e.reason).toBe('nodes nested deeper than 64 levels');
    expect(catchVrml(() => parseVrml(nested(100_000))).line).toBe(66);
    // Deep brackets inside a skipped node are iterative.
    expect(parseVrml(vrml(`WorldInfo { info ${'['.repeat(100_000)}${']'.repeat(100_000)} }`)).shapes).toEqual([]);
  });

  it('rejects input over 256 MB', () => {
    const e = catchVrml(() => parseVrml(HEADER + ' '.repeat(256 * 1024 * 1024)));
    expect(e.line).toBe(1);
    expect(e.reason).toContain('input too large');
  });

  it('reports syntax errors with their line', () => {
    expect(catchVrml(() => parseVrml(vrml('Shape\n[ ]'))).line).toBe(3);
    expect(catchVrml(() => parseVrml(vrml('Shape { geometry IndexedFaceSet {\n ccw MAYBE } }'))).reason).toBe("expected TRUE or FALSE, found 'MAYBE'");
    expect(catchVrml(() => parseVrml(vrml('Coordinate { point [ 0 0 0, 1 ] }'))).reason).toBe('point list has 4 numbers, not a multiple of 3');
    expect(catchVrml(() => parseVrml(vrml('WorldInfo { title "never closed }\n'))).reason).toContain('unterminated string');
  });

  it('VrmlError carries line and reason in its message', () => {
    const e = new VrmlError('bad', 7);
    expect(e).toBeInstanceOf(Error);
    expect(e.message).toBe('line 7: bad');
    expect([e.line, e.reason, e.name]).toEqual([7, 'bad', 'VrmlError']);
  });
});

describe('wrlToMesh', () => {
  it('equals parse + convert with KiCad units', () => {
    const text = fixture('SOT-23.wrl');
    const scene: VrmlScene = parseVrml(text);
    expect(wrlToMesh(text)).toEqual(vrmlToMeshModel(scene, { unitMm: 2.54 }));
  });
});
