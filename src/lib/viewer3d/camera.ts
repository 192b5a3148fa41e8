// An orbit camera around a target point, in KiCad's board axes: Z up out of the board, +Y towards
// the top of the screen in the top view. yaw turns about Z (0 = looking from the front, i.e. from
// −Y; +90° = from the right, +X); pitch is the elevation above the board (+90° = top view).

import type { BBox } from './mesh-format.ts';
import { add, cross, dot, length, lookAt, perspective, scale, sub, type Mat4, type Vec3 } from './math.ts';

export type ViewName = 'iso' | 'top' | 'bottom' | 'front' | 'back' | 'left' | 'right';

const DEG = Math.PI / 180;
const HALF_PI = Math.PI / 2;

/** [yaw, pitch] of each named view. Bottom turns about Y, as KiCad's does: +Y stays up, X mirrors. */
export const VIEWS: Record<ViewName, readonly [number, number]> = {
  iso: [35 * DEG, 30 * DEG],
  top: [0, HALF_PI],
  bottom: [Math.PI, -HALF_PI],
  front: [0, 0],
  back: [Math.PI, 0],
  left: [-HALF_PI, 0],
  right: [HALF_PI, 0],
};

/** Share of the view the fitted model fills along its tighter axis. */
const FILL = 0.8;

export interface CameraBasis {
  eye: Vec3;
  /** Unit vector from the eye into the scene. */
  forward: Vec3;
  right: Vec3;
  up: Vec3;
}

export class OrbitCamera {
  yaw = VIEWS.iso[0];
  pitch = VIEWS.iso[1];
  distance = 100;
  target: Vec3 = [0, 0, 0];
  /** Vertical field of view, radians. Narrow-ish, so small parts don't look fish-eyed. */
  fovY = 30 * DEG;
  /** Width / height of the viewport. */
  aspect = 1;
  /** Bounding sphere of the model: sets near/far planes and zoom limits. */
  centre: Vec3 = [0, 0, 0];
  radius = 50;
  private box: BBox = { min: [-50, -50, -50], max: [50, 50, 50] };

  /** Tells the camera what it looks at; call before fit(). */
  setBounds(bbox: BBox): void {
    this.box = bbox;
    this.centre = scale(add(bbox.min, bbox.max), 0.5);
    // Floor at 0.1 mm so an empty or flat mesh still gets a usable frustum.
    this.radius = Math.max(length(sub(bbox.max, bbox.min)) / 2, 0.1);
  }

  basis(): CameraBasis {
    const cy = Math.cos(this.yaw), sy = Math.sin(this.yaw);
    const cp = Math.cos(this.pitch), sp = Math.sin(this.pitch);
    const back: Vec3 = [cp * sy, -cp * cy, sp];
    // ∂back/∂pitch: always orthogonal to the view and well defined even straight above or below.
    const up: Vec3 = [-sp * sy, sp * cy, cp];
    const forward = scale(back, -1);
    return { eye: add(this.target, scale(back, this.distance)), forward, right: cross(forward, up), up };
  }

  /**
   * The ray through normalised device coordinates (x, y): origin at the eye, direction scaled so
   * its component along `forward` is 1, so a hit at parameter t lies at view depth t.
   */
  ray(x: number, y: number): [origin: Vec3, dir: Vec3] {
    const { eye, forward, right, up } = this.basis();
    const t = Math.tan(this.fovY / 2);
    return [eye, add(forward, add(scale(right, x * t * this.aspect), scale(up, y * t)))];
  }

  /** The world point under (x, y) at view depth `depth`; by default on the target's plane. */
  pointAt(x: number, y: number, depth = this.distance): Vec3 {
    const [eye, dir] = this.ray(x, y);
    return add(eye, scale(dir, depth));
  }

  orbit(dYaw: number, dPitch: number): void {
    const y = this.yaw + dYaw;
    this.yaw = Math.atan2(Math.sin(y), Math.cos(y));
    // Clamped at the poles: going over the top would turn the model upside down.
    this.pitch = Math.min(HALF_PI, Math.max(-HALF_PI, this.pitch + dPitch));
  }

  /**
   * Slides the view by (dx, dy) in normalised device units (2 = the whole width/height), so that
   * what lies at view depth `depth` follows the pointer exactly.
   */
  pan(dx: number, dy: number, depth = this.distance): void {
    this.target = sub(this.target, sub(this.pointAt(dx, dy, depth), this.pointAt(0, 0, depth)));
  }

  /**
   * Multiplies the distance by `factor` (< 1 moves in) while the point under (x, y) at view depth
   * `depth` stays put on screen: the camera scales about that point. Returns the factor applied
   * after clamping, so a caller can track how that point's depth changed.
   */
  zoom(factor: number, x = 0, y = 0, depth = this.distance): number {
    const d = Math.min(this.radius * 50, Math.max(this.radius * 0.02, this.distance * factor));
    const f = d / this.distance;
    const p = this.pointAt(x, y, depth);
    this.target = add(p, scale(sub(this.target, p), f));
    this.distance = d;
    return f;
  }

  /** Centres the model and backs off until every bbox corner is inside FILL of the view. */
  fit(): void {
    const { forward, right, up } = this.basis();
    const { min, max } = this.box;
    const tanY = Math.tan(this.fovY / 2) * FILL;
    const tanX = tanY * this.aspect;
    this.target = scale(add(min, max), 0.5);
    let d = this.radius * 0.1;
    for (let i = 0; i < 8; i++) {
      const p = sub([i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]], this.target);
      // A corner at depth d + z must have |x| ≤ (d + z)·tanX and |y| ≤ (d + z)·tanY.
      const z = dot(p, forward);
      d = Math.max(d, Math.abs(dot(p, right)) / tanX - z, Math.abs(dot(p, up)) / tanY - z);
    }
    this.distance = d;
  }

  setView(name: ViewName): void {
    [this.yaw, this.pitch] = VIEWS[name];
    this.fit();
  }

  /** Near and far planes hugging the model's bounding sphere: tight depth range at any scale. */
  clipPlanes(): [number, number] {
    const reach = length(sub(this.basis().eye, this.centre));
    const far = reach + this.radius * 1.1;
    return [Math.max(reach - this.radius * 1.1, far / 1000), far];
  }

  viewMatrix(): Mat4 {
    const { eye, up } = this.basis();
    return lookAt(eye, this.target, up);
  }

  projectionMatrix(): Mat4 {
    const [near, far] = this.clipPlanes();
    return perspective(this.fovY, this.aspect, near, far);
  }
}
