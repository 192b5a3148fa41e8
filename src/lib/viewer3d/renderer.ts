// WebGL2 renderer: one VAO per part, per-pixel Blinn–Phong with VRML materials, drawn on demand.
// Lights ride with the camera (as in KiCad's viewer), so the model is always lit from the
// viewer's upper left whichever way it is turned. Colours are treated as sRGB: lit in linear
// space, encoded back on output.

import type { OrbitCamera } from './camera.ts';
import { normalMatrix, transform, type Vec3 } from './math.ts';
import type { MeshMaterial, MeshPartKind } from './mesh-format.ts';
import type { RenderMesh } from './normals.ts';

/** Thrown when the browser has no usable WebGL2, so the page can show its fallback. */
export class ViewerError extends Error {
  override name = 'ViewerError';
}

export interface RenderPart {
  kind: MeshPartKind;
  material: MeshMaterial;
  mesh: RenderMesh;
}

export type Background = 'light' | 'dark';

// Top and bottom colours of the backdrop (sRGB 0–1).
const BACKDROPS: Record<Background, [number, number, number, number, number, number]> = {
  light: [0.97, 0.975, 0.98, 0.82, 0.835, 0.855],
  dark: [0.2, 0.215, 0.235, 0.075, 0.08, 0.09],
};

// Shader names are short to keep the bundle small: V view, Pr projection, Nm normal matrix;
// Kd, Ks, Ke diffuse, specular, emissive; Up world +Z in view space; M = (Phong exponent, alpha,
// VRML ambient intensity, unused).
const HEAD = '#version 300 es\nprecision highp float;\n';

const MODEL_VS = `${HEAD}layout(location=0) in vec3 P;layout(location=1) in vec3 N;
uniform mat4 V,Pr;uniform mat3 Nm;out vec3 vP,vN;
void main(){vec4 p=V*vec4(P,1);vP=p.xyz;vN=Nm*N;gl_Position=Pr*p;}`;

// Key light from the upper left, a cooler fill from the right, a sky/ground ambient, and the
// sky mirrored in the specular colour: that reflection is what lets black epoxy show its form
// and makes metal read as metal. ks gets a dielectric floor (4 %) as real plastics have.
const MODEL_FS = `${HEAD}in vec3 vP,vN;uniform vec3 Kd,Ks,Ke,Up;uniform vec4 M;out vec4 o;
vec3 lin(vec3 c){return pow(c,vec3(2.2));}
vec3 lit(vec3 n,vec3 v,vec3 l,vec3 kd,vec3 ks){float d=max(dot(n,l),0.);
return kd*d+ks*pow(max(dot(n,normalize(l+v)),0.),M.x)*(M.x+8.)/24.*min(1.,d*8.);}
void main(){vec3 n=normalize(vN)*(gl_FrontFacing?1.:-1.),v=normalize(-vP),kd=lin(Kd),ks=lin(Ks)+.04;
float f=pow(1.-max(dot(n,v),0.),5.);
vec3 c=lin(Ke)+kd*(M.z*.5+.15)*mix(vec3(.5,.45,.4),vec3(.9,.95,1.),dot(n,Up)*.5+.5)
+lit(n,v,normalize(vec3(-.4,.7,.6)),kd,ks)*vec3(1.,.97,.92)*.9
+lit(n,v,normalize(vec3(.7,-.1,.45)),kd,ks)*vec3(.8,.88,1.)*.3
+(ks+(1.-ks)*f*.25)*mix(vec3(.04),vec3(.7,.75,.8),smoothstep(-.1,.5,dot(reflect(-v,n),Up)));
o=vec4(pow(c,vec3(1./2.2)),M.y);}`;

// A full-screen triangle from gl_VertexID (no buffers), shaded top-to-bottom with a little
// dither against banding.
const BACK_VS = `${HEAD}out float y;void main(){vec2 p=vec2(gl_VertexID&1,gl_VertexID>>1)*4.-1.;y=p.y*.5+.5;gl_Position=vec4(p,0,1);}`;
const BACK_FS = `${HEAD}in float y;uniform vec3 A,B;out vec4 o;
void main(){o=vec4(mix(B,A,y)+(fract(sin(dot(gl_FragCoord.xy,vec2(12.99,78.23)))*43758.5)-.5)/255.,1);}`;

export interface GpuPart extends RenderPart {
  visible: boolean;
  count: number;
  centre: Vec3;
  vao: WebGLVertexArrayObject | null;
  buffers: WebGLBuffer[];
}

const MODEL_U = ['V', 'Pr', 'Nm', 'Kd', 'Ks', 'Ke', 'Up', 'M'] as const;
const BACK_U = ['A', 'B'] as const;
type Uniforms<T extends readonly string[]> = Record<T[number], WebGLUniformLocation | null>;

export class Renderer {
  readonly gl: WebGL2RenderingContext;
  readonly parts: GpuPart[];
  private model: WebGLProgram | null = null;
  private back: WebGLProgram | null = null;
  private u = {} as Uniforms<typeof MODEL_U>;
  private bu = {} as Uniforms<typeof BACK_U>;
  private frame = 0;
  private lost = false;
  private readonly backdrop: number[];
  readonly canvas: HTMLCanvasElement;
  private readonly camera: OrbitCamera;

  constructor(canvas: HTMLCanvasElement, parts: RenderPart[], camera: OrbitCamera, background: Background = 'light') {
    this.canvas = canvas;
    this.camera = camera;
    // alpha:false keeps the canvas opaque, so blended glass never lets the page show through.
    const gl = canvas.getContext('webgl2', { antialias: true, alpha: false, powerPreference: 'high-performance' });
    if (!gl) throw new ViewerError('WebGL2 is not available');
    this.gl = gl;
    this.backdrop = BACKDROPS[background];
    this.parts = parts.map((p) => ({ ...p, visible: true, count: p.mesh.indices.length, centre: centreOf(p.mesh.positions), vao: null, buffers: [] }));
    canvas.addEventListener('webglcontextlost', this.onLost);
    canvas.addEventListener('webglcontextrestored', this.onRestored);
    this.init();
  }

  private onLost = (e: Event) => {
    // Without preventDefault the browser never offers the context back.
    e.preventDefault();
    this.lost = true;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  };

  private onRestored = () => {
    this.lost = false;
    this.init();
    this.invalidate();
  };

  /** Compiles the shaders and uploads every part; run again after a context restore. */
  private init(): void {
    const { gl } = this;
    this.model = program(gl, MODEL_VS, MODEL_FS);
    this.back = program(gl, BACK_VS, BACK_FS);
    this.u = uniforms(gl, this.model, MODEL_U);
    this.bu = uniforms(gl, this.back, BACK_U);
    for (const p of this.parts) {
      p.vao = gl.createVertexArray();
      gl.bindVertexArray(p.vao);
      p.buffers = [p.mesh.positions, p.mesh.normals].map((data, loc) => {
        const b = upload(gl, gl.ARRAY_BUFFER, data);
        gl.enableVertexAttribArray(loc);
        gl.vertexAttribPointer(loc, 3, gl.FLOAT, false, 0, 0);
        return b;
      });
      p.buffers.push(upload(gl, gl.ELEMENT_ARRAY_BUFFER, p.mesh.indices));
      gl.bindVertexArray(null);
    }
  }

  setVisible(kind: MeshPartKind, on: boolean): void {
    for (const p of this.parts) if (p.kind === kind) p.visible = on;
    this.invalidate();
  }

  /** Matches the drawing buffer to the canvas's CSS size × devicePixelRatio (capped at 2). */
  resize(): void {
    const { canvas } = this;
    const dpr = Math.min(globalThis.devicePixelRatio || 1, 2);
    const cw = canvas.clientWidth;
    const ch = canvas.clientHeight;
    const w = Math.max(1, Math.round(cw * dpr));
    const h = Math.max(1, Math.round(ch * dpr));
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    // A canvas without a CSS size is laid out at its attribute size: pin its CSS size, or each
    // resize would grow it by the pixel ratio, forever.
    if (canvas.clientWidth !== cw) canvas.style.width = `${cw}px`;
    if (canvas.clientHeight !== ch) canvas.style.height = `${ch}px`;
    if (cw && ch) this.camera.aspect = cw / ch;
    this.invalidate();
  }

  /** Asks for one frame; many calls before it runs still draw once. */
  invalidate(): void {
    if (this.frame || this.lost) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  draw(): void {
    const { gl, camera, u } = this;
    if (this.lost || gl.isContextLost()) return;
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.BLEND);
    gl.depthMask(true);
    gl.clear(gl.DEPTH_BUFFER_BIT);
    const bd = this.backdrop;
    gl.useProgram(this.back);
    gl.uniform3f(this.bu.A, bd[0]!, bd[1]!, bd[2]!);
    gl.uniform3f(this.bu.B, bd[3]!, bd[4]!, bd[5]!);
    gl.drawArrays(gl.TRIANGLES, 0, 3);

    const view = camera.viewMatrix();
    gl.useProgram(this.model);
    gl.uniformMatrix4fv(u.V, false, view);
    gl.uniformMatrix4fv(u.Pr, false, camera.projectionMatrix());
    gl.uniformMatrix3fv(u.Nm, false, normalMatrix(view));
    // World +Z in view space, for the sky/ground ambient.
    gl.uniform3f(u.Up, view[8]!, view[9]!, view[10]!);
    gl.enable(gl.DEPTH_TEST);

    const shown = this.parts.filter((p) => p.visible);
    const opaque = shown.filter((p) => p.material.transparency <= 0.01);
    // Glass is drawn last, farthest first, reading depth but not writing it.
    const depth = (p: GpuPart) => transform(view, p.centre)[2];
    const glass = shown.filter((p) => p.material.transparency > 0.01).sort((a, b) => depth(a) - depth(b));
    for (const p of opaque) this.drawPart(p);
    gl.enable(gl.BLEND);
    gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
    gl.depthMask(false);
    for (const p of glass) this.drawPart(p);
    gl.bindVertexArray(null);
  }

  private drawPart(p: GpuPart): void {
    const { gl, u } = this;
    const m = p.material;
    gl.uniform3fv(u.Kd, m.diffuse);
    gl.uniform3fv(u.Ks, m.specular);
    gl.uniform3fv(u.Ke, m.emissive);
    // VRML shininess 0–1 becomes a Phong exponent up to 128.
    gl.uniform4f(u.M, Math.max(m.shininess * 128, 2), 1 - m.transparency, m.ambient, 0);
    // The board is pushed back in depth so copper lying flush on it never z-fights.
    if (p.kind === 'board') {
      gl.enable(gl.POLYGON_OFFSET_FILL);
      gl.polygonOffset(2, 4);
    }
    gl.bindVertexArray(p.vao);
    gl.drawElements(gl.TRIANGLES, p.count, gl.UNSIGNED_INT, 0);
    gl.disable(gl.POLYGON_OFFSET_FILL);
  }

  /** Frees every GL object and stops listening; the renderer is unusable afterwards. */
  dispose(): void {
    const { gl } = this;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.lost = true;
    this.canvas.removeEventListener('webglcontextlost', this.onLost);
    this.canvas.removeEventListener('webglcontextrestored', this.onRestored);
    for (const p of this.parts) {
      gl.deleteVertexArray(p.vao);
      for (const b of p.buffers) gl.deleteBuffer(b);
      p.vao = null;
      p.buffers = [];
    }
    gl.deleteProgram(this.model);
    gl.deleteProgram(this.back);
    this.model = this.back = null;
  }
}

function centreOf(a: Float32Array): Vec3 {
  const lo: Vec3 = [Infinity, Infinity, Infinity];
  const hi: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < a.length; i++) {
    const k = i % 3;
    lo[k] = Math.min(lo[k]!, a[i]!);
    hi[k] = Math.max(hi[k]!, a[i]!);
  }
  return [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
}

function upload(gl: WebGL2RenderingContext, target: number, data: ArrayBufferView<ArrayBuffer>): WebGLBuffer {
  const b = gl.createBuffer();
  gl.bindBuffer(target, b);
  gl.bufferData(target, data, gl.STATIC_DRAW);
  return b;
}

function program(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
  const p = gl.createProgram();
  for (const [type, src] of [
    [gl.VERTEX_SHADER, vs],
    [gl.FRAGMENT_SHADER, fs],
  ] as const) {
    const s = gl.createShader(type)!;
    gl.shaderSource(s, src);
    gl.compileShader(s);
    gl.attachShader(p, s);
    // Flagged for deletion now; freed with the program.
    gl.deleteShader(s);
  }
  gl.linkProgram(p);
  // A lost context fails every link; that is reported by the restore path, not as a bug here.
  if (!gl.getProgramParameter(p, gl.LINK_STATUS) && !gl.isContextLost()) throw new ViewerError(`shader: ${gl.getProgramInfoLog(p)}`);
  return p;
}

function uniforms<T extends readonly string[]>(gl: WebGL2RenderingContext, p: WebGLProgram, names: T): Uniforms<T> {
  return Object.fromEntries(names.map((n) => [n, gl.getUniformLocation(p, n)])) as Uniforms<T>;
}
