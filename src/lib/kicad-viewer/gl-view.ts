// The WebGL2 view: a Scene's per-layer buffers uploaded once, then per frame
// one pass per visible layer in drawing order (triangles, stencilled fans,
// instanced capsules) with uniforms for the camera, the layer's colour
// override and opacity, the highlighted net and the selected item; schematic
// images as textured quads after their layer (gl-images.ts); the selected
// item's outline over everything. MSAA for
// triangle edges, analytic coverage for capsules. createView falls back to
// Canvas 2D (canvas-view.ts) when WebGL2 is unavailable.

import { CanvasBackend } from './canvas-view.ts';
import { colorToVec4 } from './color.ts';
import { Camera } from './camera.ts';
import { GlImages, type ImageStats } from './gl-images.ts';
import { BLIT_FS, BLIT_VS, CAP_FS, CAP_VS, IMAGE_FS, SOLID_FS, SOLID_VS, TRI_FS, TRI_VS } from './gl-shaders.ts';
import type { Scene } from './scene.ts';
import { outlineColor, outlineRects, rectTriangles } from './selection-outline.ts';
import { ViewCore, type Backend, type DrawState, type ViewerView, type ViewerViewDebug } from './view-core.ts';

export type { CameraState, ViewerView, ViewerViewDebug } from './view-core.ts';

export function createView(canvas: HTMLCanvasElement, opts: { prefer?: 'webgl2' | 'canvas2d' } = {}): ViewerView {
  return createDebugView(canvas, opts);
}

/** createView with the benchmark/test hooks (camera, drawNow, sync, pixelAt). */
export function createDebugView(canvas: HTMLCanvasElement, opts: { prefer?: 'webgl2' | 'canvas2d' } = {}): ViewerViewDebug {
  let backend: Backend | null = null;
  if (opts.prefer !== 'canvas2d') backend = GlBackend.create(canvas);
  backend ??= new CanvasBackend(canvas);
  return new ViewCore(canvas, backend);
}

interface GlLayer {
  vao: WebGLVertexArrayObject | null;
  capVao: WebGLVertexArrayObject | null;
  triCount: number;
  fanCount: number;
  capCount: number;
  buffers: WebGLBuffer[];
  /** Per fan run (one zone polygon set of one colour): fan index start, count (in the fan part of the index buffer). */
  fanRuns: Uint32Array;
}

interface Program {
  prog: WebGLProgram;
  u: Record<string, WebGLUniformLocation | null>;
}

const UNIFORMS = ['uTex', 'uView', 'uPx', 'uNets', 'uHiNet', 'uSel', 'uOverride', 'uLayerColor', 'uOpacity', 'uBg', 'uColor'];
const NET_TEX_WIDTH = 2048;
/** Software GL: the cached image reaches this fraction of the view beyond each edge (room for panning). */
const CACHE_MARGIN = 0.1;

class GlBackend implements Backend {
  readonly name = 'webgl2' as const;
  private readonly gl: WebGL2RenderingContext;
  private readonly tri: Program;
  private readonly cap: Program;
  private layers: GlLayer[] = [];
  private netTex: WebGLTexture | null = null;
  private readonly view = new Float32Array(9);
  private readonly software: boolean;
  private readonly blitProg: Program;
  private readonly blitVao: WebGLVertexArrayObject;
  private readonly blitBuf: WebGLBuffer;
  private readonly quad = new Float32Array(16);
  private fbo: WebGLFramebuffer | null = null;
  private cacheTex: WebGLTexture | null = null;
  private cacheRb: WebGLRenderbuffer | null = null;
  private cacheW = 0;
  private cacheH = 0;
  private cacheCam: Camera | null = null;
  private readonly images: GlImages;
  private readonly imageProg: Program;
  private readonly solidProg: Program;
  private readonly solidVao: WebGLVertexArrayObject;
  private readonly solidBuf: WebGLBuffer;
  /** The outline's 4 bars as 24 vertices (x, y). */
  private readonly outline = new Float32Array(48);
  onChange: (() => void) | null = null;

  static create(canvas: HTMLCanvasElement): GlBackend | null {
    const gl = canvas.getContext('webgl2', { antialias: !softwareGl(), alpha: false, stencil: true, depth: false, premultipliedAlpha: false, preserveDrawingBuffer: false });
    if (!gl) return null;
    try {
      return new GlBackend(gl);
    } catch {
      return null;
    }
  }

  private constructor(gl: WebGL2RenderingContext) {
    this.gl = gl;
    this.tri = program(gl, TRI_VS, TRI_FS);
    this.cap = program(gl, CAP_VS, CAP_FS);
    this.software = softwareGl();
    this.blitProg = program(gl, BLIT_VS, BLIT_FS);
    this.blitVao = gl.createVertexArray();
    gl.bindVertexArray(this.blitVao);
    this.blitBuf = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.blitBuf);
    gl.bufferData(gl.ARRAY_BUFFER, this.quad.byteLength, gl.DYNAMIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 16, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 2, gl.FLOAT, false, 16, 8);
    gl.bindVertexArray(null);
    // A decoded picture changes the frame (and the software cache): a full redraw.
    this.imageProg = program(gl, BLIT_VS, IMAGE_FS);
    this.images = new GlImages(gl, this.imageProg, () => this.onChange?.());
    this.solidProg = program(gl, SOLID_VS, SOLID_FS);
    this.solidVao = gl.createVertexArray();
    gl.bindVertexArray(this.solidVao);
    this.solidBuf = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.solidBuf);
    gl.bufferData(gl.ARRAY_BUFFER, this.outline.byteLength, gl.DYNAMIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    gl.bindVertexArray(null);
  }

  setScene(scene: Scene): void {
    const gl = this.gl;
    this.release();
    this.cacheCam = null;
    this.layers = scene.batches.map((b) => {
      const buffers: WebGLBuffer[] = [];
      const buf = (target: number, data: ArrayBufferView): WebGLBuffer => {
        const x = gl.createBuffer();
        gl.bindBuffer(target, x);
        gl.bufferData(target, data, gl.STATIC_DRAW);
        buffers.push(x);
        return x;
      };
      let vao: WebGLVertexArrayObject | null = null;
      const triCount = b.triIdx.length;
      const fanCount = b.fanIdx.length;
      const runs = fanCount ? fanRuns(b.triPos, b.triCol, b.triId, b.fanIdx) : null;
      if (triCount + fanCount > 0) {
        vao = gl.createVertexArray();
        gl.bindVertexArray(vao);
        const nv = b.triPos.length / 2;
        const extra = runs ? runs.quads.length / 2 : 0;
        buf(gl.ARRAY_BUFFER, runs ? concatF32(b.triPos, runs.quads) : b.triPos);
        gl.enableVertexAttribArray(0);
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
        buf(gl.ARRAY_BUFFER, runs ? concatU32(b.triCol, runs.cols) : b.triCol);
        gl.enableVertexAttribArray(1);
        gl.vertexAttribPointer(1, 4, gl.UNSIGNED_BYTE, true, 0, 0);
        buf(gl.ARRAY_BUFFER, runs ? concatU32(b.triId, runs.ids) : b.triId);
        gl.enableVertexAttribArray(2);
        gl.vertexAttribIPointer(2, 1, gl.UNSIGNED_INT, 0, 0);
        // Triangles, then fans, then one cover quad per fan run (two triangles), in one index buffer.
        const cover = new Uint32Array((extra / 4) * 6);
        for (let q = 0, o = 0; q < extra; q += 4, o += 6) {
          const v = nv + q;
          cover[o] = v;
          cover[o + 1] = v + 1;
          cover[o + 2] = v + 2;
          cover[o + 3] = v;
          cover[o + 4] = v + 2;
          cover[o + 5] = v + 3;
        }
        buf(gl.ELEMENT_ARRAY_BUFFER, new Uint8Array(0));
        gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, (triCount + fanCount + cover.length) * 4, gl.STATIC_DRAW);
        if (triCount) gl.bufferSubData(gl.ELEMENT_ARRAY_BUFFER, 0, b.triIdx);
        if (fanCount) gl.bufferSubData(gl.ELEMENT_ARRAY_BUFFER, triCount * 4, b.fanIdx);
        if (cover.length) gl.bufferSubData(gl.ELEMENT_ARRAY_BUFFER, (triCount + fanCount) * 4, cover);
        gl.bindVertexArray(null);
      }
      let capVao: WebGLVertexArrayObject | null = null;
      const capCount = b.capId.length;
      if (capCount > 0) {
        // Capsules expanded to quads here (4 vertices each): instanced draws are slow on
        // software GL (SwiftShader handles instances one by one).
        const q = expandCapsules(b.capGeo, b.capCol, b.capId);
        capVao = gl.createVertexArray();
        gl.bindVertexArray(capVao);
        buf(gl.ARRAY_BUFFER, q.geo);
        gl.enableVertexAttribArray(0);
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 28, 0);
        gl.enableVertexAttribArray(1);
        gl.vertexAttribPointer(1, 4, gl.FLOAT, false, 28, 8);
        gl.enableVertexAttribArray(2);
        gl.vertexAttribPointer(2, 1, gl.FLOAT, false, 28, 24);
        buf(gl.ARRAY_BUFFER, q.col);
        gl.enableVertexAttribArray(3);
        gl.vertexAttribPointer(3, 4, gl.UNSIGNED_BYTE, true, 0, 0);
        buf(gl.ARRAY_BUFFER, q.id);
        gl.enableVertexAttribArray(4);
        gl.vertexAttribIPointer(4, 1, gl.UNSIGNED_INT, 0, 0);
        buf(gl.ELEMENT_ARRAY_BUFFER, q.idx);
        gl.bindVertexArray(null);
      }
      const fanRunList = runs ? runs.list : new Uint32Array(0);
      return { vao, capVao, triCount, fanCount, capCount, buffers, fanRuns: fanRunList };
    });
    // Item nets as an R32UI texture (id → net index).
    const n = scene.itemNets.length;
    const h = Math.max(1, Math.ceil(n / NET_TEX_WIDTH));
    const data = new Uint32Array(NET_TEX_WIDTH * h);
    data.set(scene.itemNets);
    this.netTex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.netTex);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 4);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.R32UI, NET_TEX_WIDTH, h, 0, gl.RED_INTEGER, gl.UNSIGNED_INT, data);
    this.images.setScene(scene.images);
  }

  imageStats(): ImageStats {
    return this.images.stats();
  }

  draw(s: DrawState): void {
    if (!this.software) {
      this.drawScene(s, s.camera, s.pixelWidth, s.pixelHeight);
      return;
    }
    // Software GL: draw into the cache (the view plus a margin), then show it.
    const gl = this.gl;
    // Whole-pixel margins, the camera widened by exactly them: cache texels land on canvas
    // pixels one to one when the camera has not moved (the blit samples nearest).
    const mx = Math.round(s.pixelWidth * CACHE_MARGIN);
    const my = Math.round(s.pixelHeight * CACHE_MARGIN);
    const w = s.pixelWidth + 2 * mx;
    const h = s.pixelHeight + 2 * my;
    this.ensureCache(w, h);
    const cam = Object.assign(new Camera(), s.camera, { width: s.camera.width + (2 * mx) / s.dpr, height: s.camera.height + (2 * my) / s.dpr });
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.fbo);
    this.drawScene(s, cam, w, h);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.cacheCam = cam;
    this.blit(s);
  }

  /**
   * An interaction frame from the cached image, moved and scaled to the
   * current camera (software GL only; false = draw a full frame instead).
   */
  drawCached(s: DrawState): boolean {
    if (!this.software || !this.cacheCam || this.cacheCam.flipped !== s.camera.flipped) return false;
    this.blit(s);
    return true;
  }

  private blit(s: DrawState): void {
    const gl = this.gl;
    const c = this.cacheCam as Camera;
    gl.viewport(0, 0, s.pixelWidth, s.pixelHeight);
    const bg = colorToVec4(s.background);
    gl.clearColor(bg[0], bg[1], bg[2], 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.disable(gl.BLEND);
    // The cache's corners in world mm, with their texture coordinates (rows count from the bottom).
    const q = this.quad;
    const corners = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ] as const;
    corners.forEach(([u, v], i) => {
      const [x, y] = c.toWorld(u * c.width, v * c.height);
      q[4 * i] = x;
      q[4 * i + 1] = y;
      q[4 * i + 2] = u;
      q[4 * i + 3] = 1 - v;
    });
    gl.useProgram(this.blitProg.prog);
    s.camera.matrix(this.view);
    gl.uniformMatrix3fv(this.blitProg.u.uView as WebGLUniformLocation, false, this.view);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, this.cacheTex);
    gl.uniform1i(this.blitProg.u.uTex ?? null, 1);
    gl.bindVertexArray(this.blitVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.blitBuf);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, q);
    gl.drawArrays(gl.TRIANGLE_FAN, 0, 4);
    gl.bindVertexArray(null);
    gl.enable(gl.BLEND);
  }

  private ensureCache(w: number, h: number): void {
    const gl = this.gl;
    if (this.fbo && this.cacheW === w && this.cacheH === h) return;
    if (this.fbo) gl.deleteFramebuffer(this.fbo);
    if (this.cacheTex) gl.deleteTexture(this.cacheTex);
    if (this.cacheRb) gl.deleteRenderbuffer(this.cacheRb);
    this.cacheTex = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.cacheTex);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, w, h);
    // Nearest sampling for the motion frames: one texel per pixel instead of four (SwiftShader,
    // 1280×800: pan 18 -> 11 ms); a pan maps texels onto pixels exactly, and a zoom in motion
    // shows blocky or aliased edges only until the full redraw when the camera rests.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    this.cacheRb = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, this.cacheRb);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH24_STENCIL8, w, h);
    this.fbo = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.fbo);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.cacheTex, 0);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_STENCIL_ATTACHMENT, gl.RENDERBUFFER, this.cacheRb);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.cacheW = w;
    this.cacheH = h;
  }

  private drawScene(s: DrawState, camera: Camera, pixelWidth: number, pixelHeight: number): void {
    const gl = this.gl;
    gl.viewport(0, 0, pixelWidth, pixelHeight);
    const bg = colorToVec4(s.background);
    gl.clearColor(bg[0], bg[1], bg[2], 1);
    gl.clearStencil(0);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.STENCIL_BUFFER_BIT);
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    camera.matrix(this.view);
    const px = 1 / (camera.scale * s.dpr);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.netTex);
    for (const p of [this.tri, this.cap]) {
      gl.useProgram(p.prog);
      gl.uniformMatrix3fv(p.u.uView as WebGLUniformLocation, false, this.view);
      gl.uniform1f(p.u.uPx ?? null, px);
      gl.uniform1i(p.u.uNets ?? null, 0);
      gl.uniform1ui(p.u.uHiNet ?? null, s.highlightNet);
      gl.uniform1ui(p.u.uSel ?? null, s.selected);
      gl.uniform3f(p.u.uBg ?? null, bg[0], bg[1], bg[2]);
    }
    for (const li of s.order) {
      const L = this.layers[li];
      const st = s.layers[li];
      if (!L || !st) continue;
      const over = st.color !== null ? colorToVec4(st.color) : null;
      if (L.vao) {
        const p = this.tri;
        gl.useProgram(p.prog);
        this.layerUniforms(p, over, st.opacity);
        gl.bindVertexArray(L.vao);
        if (L.triCount) gl.drawElements(gl.TRIANGLES, L.triCount, gl.UNSIGNED_INT, 0);
        if (L.fanCount) {
          // Even-odd fill per run: invert the stencil under each fan triangle, then paint the
          // run's bounding quad where the stencil is odd (clearing it as it goes).
          gl.enable(gl.STENCIL_TEST);
          const runs = L.fanRuns;
          const coverBase = (L.triCount + L.fanCount) * 4;
          for (let k = 0, r = 0; k < runs.length; k += 2, r++) {
            gl.colorMask(false, false, false, false);
            gl.stencilFunc(gl.ALWAYS, 0, 1);
            gl.stencilOp(gl.KEEP, gl.KEEP, gl.INVERT);
            gl.drawElements(gl.TRIANGLES, runs[k + 1] as number, gl.UNSIGNED_INT, (L.triCount + (runs[k] as number)) * 4);
            gl.colorMask(true, true, true, true);
            gl.stencilFunc(gl.EQUAL, 1, 1);
            gl.stencilOp(gl.KEEP, gl.KEEP, gl.ZERO);
            gl.drawElements(gl.TRIANGLES, 6, gl.UNSIGNED_INT, coverBase + r * 24);
          }
          gl.disable(gl.STENCIL_TEST);
        }
      }
      if (L.capVao) {
        const p = this.cap;
        gl.useProgram(p.prog);
        this.layerUniforms(p, over, st.opacity);
        gl.bindVertexArray(L.capVao);
        gl.drawElements(gl.TRIANGLES, L.capCount * 6, gl.UNSIGNED_INT, 0);
      }
      this.images.draw(li, st.opacity, this.view);
    }
    this.drawOutline(s, camera);
    gl.bindVertexArray(null);
  }

  /** The selected item's outline, over everything (4 bars, 2 CSS px on screen). */
  private drawOutline(s: DrawState, camera: Camera): void {
    const item = s.selected ? s.scene.items[s.selected - 1] : undefined;
    if (!item) return;
    const gl = this.gl;
    const p = this.solidProg;
    rectTriangles(outlineRects(item.box, camera.scale), this.outline);
    const c = colorToVec4(outlineColor(s.background));
    gl.useProgram(p.prog);
    gl.uniformMatrix3fv(p.u.uView ?? null, false, this.view);
    gl.uniform4f(p.u.uColor ?? null, c[0], c[1], c[2], c[3]);
    gl.bindVertexArray(this.solidVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.solidBuf);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, this.outline);
    gl.drawArrays(gl.TRIANGLES, 0, 24);
  }

  private layerUniforms(p: Program, over: [number, number, number, number] | null, opacity: number): void {
    const gl = this.gl;
    gl.uniform1i(p.u.uOverride ?? null, over ? 1 : 0);
    if (over) gl.uniform3f(p.u.uLayerColor ?? null, over[0], over[1], over[2]);
    gl.uniform1f(p.u.uOpacity ?? null, opacity);
  }

  sync(): void {
    const px = new Uint8Array(4);
    this.gl.readPixels(0, 0, 1, 1, this.gl.RGBA, this.gl.UNSIGNED_BYTE, px);
  }

  readPixel(x: number, y: number): [number, number, number, number] {
    const gl = this.gl;
    const px = new Uint8Array(4);
    // GL rows count from the bottom.
    gl.readPixels(x, gl.drawingBufferHeight - 1 - y, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    return [px[0] as number, px[1] as number, px[2] as number, px[3] as number];
  }

  private release(): void {
    const gl = this.gl;
    for (const L of this.layers) {
      if (L.vao) gl.deleteVertexArray(L.vao);
      if (L.capVao) gl.deleteVertexArray(L.capVao);
      for (const b of L.buffers) gl.deleteBuffer(b);
    }
    this.layers = [];
    if (this.netTex) gl.deleteTexture(this.netTex);
    this.netTex = null;
    this.images.release();
  }

  destroy(): void {
    this.release();
    const gl = this.gl;
    if (this.fbo) gl.deleteFramebuffer(this.fbo);
    if (this.cacheTex) gl.deleteTexture(this.cacheTex);
    if (this.cacheRb) gl.deleteRenderbuffer(this.cacheRb);
    gl.deleteBuffer(this.blitBuf);
    gl.deleteVertexArray(this.blitVao);
    gl.deleteProgram(this.blitProg.prog);
    gl.deleteBuffer(this.solidBuf);
    gl.deleteVertexArray(this.solidVao);
    gl.deleteProgram(this.solidProg.prog);
    gl.deleteProgram(this.imageProg.prog);
    this.gl.deleteProgram(this.tri.prog);
    this.gl.deleteProgram(this.cap.prog);
  }
}

function program(gl: WebGL2RenderingContext, vs: string, fs: string): Program {
  const compile = (type: number, src: string): WebGLShader => {
    const sh = gl.createShader(type);
    if (!sh) throw new Error('createShader failed');
    gl.shaderSource(sh, src);
    gl.compileShader(sh);
    if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(`shader: ${gl.getShaderInfoLog(sh) ?? ''}`);
    return sh;
  };
  const prog = gl.createProgram();
  gl.attachShader(prog, compile(gl.VERTEX_SHADER, vs));
  gl.attachShader(prog, compile(gl.FRAGMENT_SHADER, fs));
  gl.linkProgram(prog);
  if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) throw new Error(`program: ${gl.getProgramInfoLog(prog) ?? ''}`);
  const u: Record<string, WebGLUniformLocation | null> = {};
  for (const name of UNIFORMS) u[name] = gl.getUniformLocation(prog, name);
  return { prog, u };
}

let software: boolean | null = null;

/**
 * Whether WebGL runs on a software rasteriser (SwiftShader, llvmpipe): there
 * 4× MSAA multiplies the fill cost about threefold, so triangle edges go
 * without it (capsules keep their analytic edges either way).
 */
function softwareGl(): boolean {
  if (software !== null) return software;
  software = false;
  try {
    const probe = document.createElement('canvas').getContext('webgl2');
    if (probe) {
      const ext = probe.getExtension('WEBGL_debug_renderer_info');
      const name = String(probe.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : probe.RENDERER));
      software = /swiftshader|llvmpipe|software/i.test(name);
      probe.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    software = false;
  }
  return software;
}

/** Runs of fan triangles with one colour and id, each with its bounding quad (the stencil cover). */
function fanRuns(pos: Float32Array, col: Uint32Array, ids: Uint32Array, fan: Uint32Array): { list: Uint32Array; quads: Float32Array; cols: Uint32Array; ids: Uint32Array } {
  const list: number[] = [];
  const quads: number[] = [];
  const cols: number[] = [];
  const qids: number[] = [];
  let start = 0;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const close = (end: number): void => {
    if (end <= start) return;
    const v = fan[start] as number;
    list.push(start, end - start);
    quads.push(minX, minY, maxX, minY, maxX, maxY, minX, maxY);
    for (let i = 0; i < 4; i++) {
      cols.push(col[v] as number);
      qids.push(ids[v] as number);
    }
  };
  for (let k = 0; k < fan.length; k += 3) {
    const v = fan[k] as number;
    if (k > start && (col[v] !== col[fan[start] as number] || ids[v] !== ids[fan[start] as number])) {
      close(k);
      start = k;
      minX = minY = Infinity;
      maxX = maxY = -Infinity;
    }
    for (let j = 0; j < 3; j++) {
      const w = fan[k + j] as number;
      const x = pos[2 * w] as number;
      const y = pos[2 * w + 1] as number;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  close(fan.length);
  return { list: Uint32Array.from(list), quads: Float32Array.from(quads), cols: Uint32Array.from(cols), ids: Uint32Array.from(qids) };
}

/** Capsule instances → 4 vertices each (corner, segment, radius; colour; id) and 6 indices. */
function expandCapsules(g: Float32Array, col: Uint32Array, id: Uint32Array): { geo: Float32Array; col: Uint32Array; id: Uint32Array; idx: Uint32Array } {
  const n = id.length;
  const geo = new Float32Array(n * 28);
  const c = new Uint32Array(n * 4);
  const ids = new Uint32Array(n * 4);
  const idx = new Uint32Array(n * 6);
  // Plain loops, no per-capsule temporaries: this runs on the main thread inside `open`.
  for (let i = 0; i < n; i++) {
    const x0 = g[5 * i] as number;
    const y0 = g[5 * i + 1] as number;
    const x1 = g[5 * i + 2] as number;
    const y1 = g[5 * i + 3] as number;
    const r = g[5 * i + 4] as number;
    const cc = col[i] as number;
    const ii = id[i] as number;
    for (let k = 0; k < 4; k++) {
      const o = (i * 4 + k) * 7;
      geo[o] = k === 0 || k === 3 ? -1 : 1;
      geo[o + 1] = k < 2 ? -1 : 1;
      geo[o + 2] = x0;
      geo[o + 3] = y0;
      geo[o + 4] = x1;
      geo[o + 5] = y1;
      geo[o + 6] = r;
      c[i * 4 + k] = cc;
      ids[i * 4 + k] = ii;
    }
    const v = i * 4;
    const j = i * 6;
    idx[j] = v;
    idx[j + 1] = v + 1;
    idx[j + 2] = v + 2;
    idx[j + 3] = v;
    idx[j + 4] = v + 2;
    idx[j + 5] = v + 3;
  }
  return { geo, col: c, id: ids, idx };
}

function concatF32(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function concatU32(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
