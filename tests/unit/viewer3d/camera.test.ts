import { describe, expect, it } from 'vitest';
import { OrbitCamera, VIEWS, type ViewName } from '../../../src/lib/viewer3d/camera.ts';
import { dot, multiply, sub, transform, type Vec3 } from '../../../src/lib/viewer3d/math.ts';
import type { BBox } from '../../../src/lib/viewer3d/mesh-format.ts';

const DEG = Math.PI / 180;

/** A part of size `size` mm sitting on a 1.6 mm board slab, as the server sends them. */
function bbox(size: number, shape: Vec3 = [1, 0.6, 0.4]): BBox {
  return { min: [-size * shape[0] * 0.5, -size * shape[1] * 0.5, -1.6], max: [size * shape[0] * 0.5, size * shape[1] * 0.5, size * shape[2]] };
}
const corners = (b: BBox): Vec3[] => [...Array(8).keys()].map((i) => [i & 1 ? b.max[0] : b.min[0], i & 2 ? b.max[1] : b.min[1], i & 4 ? b.max[2] : b.min[2]]);

function camera(b: BBox, aspect = 1, view: ViewName = 'iso'): OrbitCamera {
  const c = new OrbitCamera();
  c.aspect = aspect;
  c.setBounds(b);
  c.setView(view);
  return c;
}

/** Normalised device coordinates of a world point. */
function ndc(c: OrbitCamera, p: Vec3): Vec3 {
  const [x, y, z, w] = transform(multiply(c.projectionMatrix(), c.viewMatrix()), p);
  return [x / w, y / w, z / w];
}

const expectVec = (actual: Vec3, expected: Vec3, digits = 6) => expected.forEach((e, k) => expect(actual[k], `component ${k}`).toBeCloseTo(e, digits));

describe('OrbitCamera.fit', () => {
  const sizes = [0.5, 1, 3.2, 10, 35, 100];
  const shapes: Vec3[] = [
    [1, 0.6, 0.4],
    [1, 0.05, 0.1], // a long pin header
    [0.2, 0.2, 1], // a tall electrolytic
  ];

  it('keeps every bbox corner inside the frustum and fills about 80 % of the view', () => {
    for (const aspect of [0.5, 1, 2]) {
      for (const size of sizes) {
        for (const shape of shapes) {
          for (const view of Object.keys(VIEWS) as ViewName[]) {
            const b = bbox(size, shape);
            const c = camera(b, aspect, view);
            let reach = 0;
            for (const p of corners(b)) {
              const [x, y, z] = ndc(c, p);
              const where = `${view} aspect ${aspect} size ${size} shape ${shape} corner ${p}`;
              expect(Math.abs(x), where).toBeLessThanOrEqual(0.8 + 1e-4);
              expect(Math.abs(y), where).toBeLessThanOrEqual(0.8 + 1e-4);
              // Inside the depth range too, so nothing is clipped by the near or far plane.
              expect(Math.abs(z), where).toBeLessThan(1);
              reach = Math.max(reach, Math.abs(x), Math.abs(y));
            }
            // Tight: the outermost corner touches the 80 % frame.
            expect(reach).toBeCloseTo(0.8, 3);
          }
        }
      }
    }
  });

  it('keeps a usable depth range from 0402 parts to 100 mm connectors', () => {
    for (const size of sizes) {
      const c = camera(bbox(size));
      const [near, far] = c.clipPlanes();
      expect(near).toBeGreaterThan(0);
      // Tight around the model: a ratio this small leaves a 24-bit depth buffer no room to z-fight.
      expect(far / near).toBeLessThan(10);
      // Zoomed right in, the range widens but stays bounded.
      for (let i = 0; i < 100; i++) c.zoom(0.7);
      const [n2, f2] = c.clipPlanes();
      expect(n2).toBeGreaterThan(0);
      expect(f2 / n2).toBeLessThanOrEqual(1000 + 1e-6);
    }
  });

  it('re-centres on the model after panning', () => {
    const b = bbox(10);
    const c = camera(b);
    c.pan(0.5, -0.3);
    c.fit();
    expectVec(c.target, [0, 0, (b.max[2] + b.min[2]) / 2]);
  });
});

describe('named views', () => {
  const c = camera(bbox(10));
  const look = (view: ViewName) => {
    c.setView(view);
    return c.basis();
  };

  it('look along the board axes, Z up in side views and +Y up from above', () => {
    const cases: [ViewName, Vec3, Vec3, Vec3][] = [
      // view, forward (into the screen), up, right
      ['top', [0, 0, -1], [0, 1, 0], [1, 0, 0]],
      ['bottom', [0, 0, 1], [0, 1, 0], [-1, 0, 0]],
      ['front', [0, 1, 0], [0, 0, 1], [1, 0, 0]],
      ['back', [0, -1, 0], [0, 0, 1], [-1, 0, 0]],
      ['left', [1, 0, 0], [0, 0, 1], [0, -1, 0]],
      ['right', [-1, 0, 0], [0, 0, 1], [0, 1, 0]],
    ];
    for (const [view, forward, up, right] of cases) {
      const b = look(view);
      expectVec(b.forward, forward);
      expectVec(b.up, up);
      expectVec(b.right, right);
    }
  });

  it('show +X to the right and +Y to the top of the screen in the top view', () => {
    c.setView('top');
    const [cx, cy] = ndc(c, c.target);
    const [xx, xy] = ndc(c, sub(c.target, [-1, 0, 0]));
    const [yx, yy] = ndc(c, sub(c.target, [0, -1, 0]));
    expect(xx).toBeGreaterThan(cx);
    expect(xy).toBeCloseTo(cy, 6);
    expect(yy).toBeGreaterThan(cy);
    expect(yx).toBeCloseTo(cx, 6);
  });

  it('default to a three-quarter view from the front right, above the board', () => {
    const fresh = new OrbitCamera();
    expect([fresh.yaw, fresh.pitch]).toEqual([...VIEWS.iso]);
    const { eye, forward } = look('iso');
    const rel = sub(eye, c.target);
    expect(rel[0]).toBeGreaterThan(0);
    expect(rel[1]).toBeLessThan(0);
    expect(rel[2]).toBeGreaterThan(0);
    // Between 20° and 45° above the board: shows the top and two sides.
    const elevation = Math.asin(-forward[2]) / DEG;
    expect(elevation).toBeGreaterThan(20);
    expect(elevation).toBeLessThan(45);
  });
});

describe('orbit, pan and zoom', () => {
  it('clamps pitch at the poles so the model never flips, and wraps yaw', () => {
    const c = camera(bbox(5));
    c.orbit(0, 10);
    expect(c.pitch).toBe(Math.PI / 2);
    expect(c.basis().up[2]).toBeCloseTo(0, 9);
    c.orbit(0, -25);
    expect(c.pitch).toBe(-Math.PI / 2);
    c.orbit(7, 0);
    expect(c.yaw).toBeGreaterThan(-Math.PI);
    expect(c.yaw).toBeLessThanOrEqual(Math.PI);
    // Up stays on the same side of the board plane as the eye looks down on it.
    c.orbit(0, Math.PI / 4);
    expect(c.basis().up[2]).toBeGreaterThan(0);
  });

  it('keeps the point under the cursor in place while zooming', () => {
    const c = camera(bbox(20), 1.6);
    for (const [x, y, depthScale, factor] of [
      [0.4, -0.3, 1, 0.5],
      [-0.7, 0.6, 0.8, 0.8],
      [0.1, 0.9, 1.3, 1.7],
    ] as const) {
      const depth = c.distance * depthScale;
      const p = c.pointAt(x, y, depth);
      const f = c.zoom(factor, x, y, depth);
      expect(f).toBeCloseTo(factor, 9);
      const [px, py] = ndc(c, p);
      expect(px).toBeCloseTo(x, 5);
      expect(py).toBeCloseTo(y, 5);
    }
  });

  it('limits zoom to a sensible range around the model', () => {
    const c = camera(bbox(10));
    for (let i = 0; i < 200; i++) c.zoom(0.5);
    expect(c.distance).toBeGreaterThan(0);
    expect(c.distance).toBeCloseTo(c.radius * 0.02, 9);
    for (let i = 0; i < 200; i++) c.zoom(2);
    expect(c.distance).toBeCloseTo(c.radius * 50, 6);
  });

  it('pans so what lies at the given depth follows the pointer exactly', () => {
    const c = camera(bbox(20), 2);
    const depth = c.distance * 0.7;
    const p = c.pointAt(0.2, 0.1, depth);
    const before = c.target;
    c.pan(0.3, -0.4, depth);
    const [x, y] = ndc(c, p);
    expect(x).toBeCloseTo(0.5, 5);
    expect(y).toBeCloseTo(-0.3, 5);
    // Pans slide across the view, never along it.
    expect(dot(c.basis().forward, sub(c.target, before))).toBeCloseTo(0, 9);
  });
});
