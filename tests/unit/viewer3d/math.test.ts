import { describe, expect, it } from 'vitest';
import { cross, lookAt, multiply, normalMatrix, normalize, perspective, raycast, transform, type Mat4, type Vec3 } from '../../../src/lib/viewer3d/math.ts';

const close = (actual: ArrayLike<number>, expected: number[], digits = 5) => {
  expect(actual.length).toBe(expected.length);
  expected.forEach((e, i) => expect(actual[i], `element ${i}`).toBeCloseTo(e, digits));
};
const identity = (): Mat4 => Float32Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

describe('perspective', () => {
  it('matches the hand-computed OpenGL matrix (90°, aspect 2, near 1, far 10)', () => {
    // f = 1/tan(45°) = 1; m[10] = (far+near)/(near−far) = −11/9; m[14] = 2·far·near/(near−far) = −20/9.
    close(perspective(Math.PI / 2, 2, 1, 10), [0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, -11 / 9, -1, 0, 0, -20 / 9, 0]);
  });

  it('maps the near plane to depth −1 and the far plane to +1', () => {
    const m = perspective(0.6, 1.5, 0.25, 400);
    for (const [z, ndc] of [
      [-0.25, -1],
      [-400, 1],
    ] as const) {
      const c = transform(m, [0, 0, z]);
      expect(c[2] / c[3]).toBeCloseTo(ndc, 4);
    }
    // A point on the top edge of the frustum lands on y = 1.
    const c = transform(m, [0, Math.tan(0.3) * 10, -10]);
    expect(c[1] / c[3]).toBeCloseTo(1, 5);
  });
});

describe('lookAt', () => {
  it('is a pure translation when looking down −Z with Y up', () => {
    close(lookAt([0, 0, 5], [0, 0, 0], [0, 1, 0]), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -5, 1]);
  });

  it('puts world Z up and world X right for a camera in front of the board (at −Y)', () => {
    const v = lookAt([0, -5, 0], [0, 0, 0], [0, 0, 1]);
    // Rows: x = (1,0,0), y = (0,0,1), z = (0,−1,0); translation −R·eye = (0, 0, −5).
    close(v, [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 0, 0, -5, 1]);
    close(transform(v, [0, 0, 1]), [0, 1, -5, 1]);
    close(transform(v, [1, 0, 0]), [1, 0, -5, 1]);
  });

  it('accepts an up vector that is not orthogonal to the view', () => {
    const v = lookAt([3, -4, 5], [0, 0, 0], [0, 0, 1]);
    // The target sits straight ahead at the eye's distance.
    close(transform(v, [0, 0, 0]), [0, 0, -Math.hypot(3, 4, 5), 1]);
  });
});

describe('multiply', () => {
  it('applies the right-hand matrix first', () => {
    const translate = identity();
    translate[12] = 5;
    const scale = identity();
    scale[0] = 2;
    // scale · translate: (1,0,0) → (6,0,0) → (12,0,0); translate · scale: → (2,0,0) → (7,0,0).
    close(transform(multiply(scale, translate), [1, 0, 0]), [12, 0, 0, 1]);
    close(transform(multiply(translate, scale), [1, 0, 0]), [7, 0, 0, 1]);
    close(multiply(identity(), lookAt([1, 2, 3], [0, 0, 0], [0, 0, 1])), Array.from(lookAt([1, 2, 3], [0, 0, 0], [0, 0, 1])));
  });
});

describe('normalMatrix', () => {
  it('inverts a non-uniform scale so normals stay perpendicular to surfaces', () => {
    const m = identity();
    m[0] = 2;
    m[5] = 4;
    m[10] = 8;
    close(normalMatrix(m), [0.5, 0, 0, 0, 0.25, 0, 0, 0, 0.125]);
  });

  it('is the rotation itself for a view matrix', () => {
    const v = lookAt([3, -4, 5], [0, 1, 0], [0, 0, 1]);
    close(normalMatrix(v), [v[0]!, v[1]!, v[2]!, v[4]!, v[5]!, v[6]!, v[8]!, v[9]!, v[10]!]);
  });

  it('keeps a sheared surface normal perpendicular', () => {
    // Shear x += y takes the plane x = y (normal (1, −1, 0)) to the plane through (2, 1, 0) and Z.
    const m = identity();
    m[4] = 1;
    const n = normalMatrix(m);
    const mapped: Vec3 = [n[0]! - n[3]!, n[1]! - n[4]!, n[2]! - n[5]!];
    const expected = normalize(cross([2, 1, 0], [0, 0, 1]));
    close(normalize(mapped), expected);
  });
});

describe('raycast', () => {
  const square = { positions: Float32Array.of(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0), indices: Uint32Array.of(0, 1, 2, 0, 2, 3) };

  it('finds the nearest hit along the ray, from either side', () => {
    expect(raycast(square.positions, square.indices, [0.25, 0.75, 5], [0, 0, -1])).toBeCloseTo(5, 6);
    expect(raycast(square.positions, square.indices, [0.5, 0.5, -2], [0, 0, 2])).toBeCloseTo(1, 6);
    const two = { positions: Float32Array.of(...square.positions, 0, 0, 1, 1, 0, 1, 1, 1, 1), indices: Uint32Array.of(...square.indices, 4, 5, 6) };
    expect(raycast(two.positions, two.indices, [0.9, 0.1, 5], [0, 0, -1])).toBeCloseTo(4, 6);
  });

  it('misses outside the triangles and behind the origin', () => {
    expect(raycast(square.positions, square.indices, [1.5, 0.5, 5], [0, 0, -1])).toBe(Infinity);
    expect(raycast(square.positions, square.indices, [0.5, 0.5, 5], [0, 0, 1])).toBe(Infinity);
    expect(raycast(square.positions, square.indices, [0.5, 0.5, 5], [1, 0, 0])).toBe(Infinity);
  });
});
