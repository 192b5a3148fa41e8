// The WebGL2 view: a Scene's per-layer buffers uploaded once, then per frame
// one pass per visible layer in drawing order (triangles, stencilled fans,
// instanced capsules) with uniforms for the camera, the layer's colour
// override and opacity, the highlighted net and the selected item. MSAA for
// triangle edges, analytic coverage for capsules. createView falls back to
// Canvas 2D (canvas-view.ts) when WebGL2 is unavailable.

import { CanvasBackend } from './canvas-view.ts';
import { colorToVec4 } from './color.ts';
import { CAP_FS, CAP_VS, TRI_FS, TRI_VS } from './gl-shaders.ts';
import type { Scene } from './scene.ts';
import { ViewCore, type Backend, type DrawState, type ViewerView, type ViewerViewDebug } from './view-core.ts';

export type { ViewerView, ViewerViewDebug } from './view-core.ts';

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
}

interface Program {
  prog: WebGLProgram;
  u: Record<string, WebGLUniformLocation | null>;
}

const UNIFORMS = ['uView', 'uPx', 'uNets', 'uHiNet', 'uSel', 'uOverride', 'uLayerColor', 'uOpacity', 'uBg'];
const NET_TEX_WIDTH = 2048;

class GlBackend implements Backend {
  readonly name = 'webgl2' as const;
  private readonly gl: WebGL2RenderingContext;
  private readonly tri: Program;
  private readonly cap: Program;
  private readonly corners: WebGLBuffer;
  private layers: GlLayer[] = [];
  private netTex: WebGLTexture | null = null;
  private readonly view = new Float32Array(9);

  static create(canvas: HTMLCanvasElement): GlBackend | null {
    const gl = canvas.getContext('webgl2', { antialias: true, alpha: false, stencil: true, depth: false, premultipliedAlpha: false, preserveDrawingBuffer: false });
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
    const corners = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    this.corners = corners;
  }

  setScene(scene: Scene): void {
    const gl = this.gl;
    this.release();
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
      if (triCount + fanCount > 0) {
        vao = gl.createVertexArray();
        gl.bindVertexArray(vao);
        buf(gl.ARRAY_BUFFER, b.triPos);
        gl.enableVertexAttribArray(0);
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
        buf(gl.ARRAY_BUFFER, b.triCol);
        gl.enableVertexAttribArray(1);
        gl.vertexAttribPointer(1, 4, gl.UNSIGNED_BYTE, true, 0, 0);
        buf(gl.ARRAY_BUFFER, b.triId);
        gl.enableVertexAttribArray(2);
        gl.vertexAttribIPointer(2, 1, gl.UNSIGNED_INT, 0, 0);
        // Triangles then fans in one index buffer.
        const idx = buf(gl.ELEMENT_ARRAY_BUFFER, new Uint8Array(0));
        gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, (triCount + fanCount) * 4, gl.STATIC_DRAW);
        if (triCount) gl.bufferSubData(gl.ELEMENT_ARRAY_BUFFER, 0, b.triIdx);
        if (fanCount) gl.bufferSubData(gl.ELEMENT_ARRAY_BUFFER, triCount * 4, b.fanIdx);
        void idx;
        gl.bindVertexArray(null);
      }
      let capVao: WebGLVertexArrayObject | null = null;
      const capCount = b.capId.length;
      if (capCount > 0) {
        capVao = gl.createVertexArray();
        gl.bindVertexArray(capVao);
        gl.bindBuffer(gl.ARRAY_BUFFER, this.corners);
        gl.enableVertexAttribArray(0);
        gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
        buf(gl.ARRAY_BUFFER, b.capGeo);
        gl.enableVertexAttribArray(1);
        gl.vertexAttribPointer(1, 4, gl.FLOAT, false, 20, 0);
        gl.vertexAttribDivisor(1, 1);
        gl.enableVertexAttribArray(2);
        gl.vertexAttribPointer(2, 1, gl.FLOAT, false, 20, 16);
        gl.vertexAttribDivisor(2, 1);
        buf(gl.ARRAY_BUFFER, b.capCol);
        gl.enableVertexAttribArray(3);
        gl.vertexAttribPointer(3, 4, gl.UNSIGNED_BYTE, true, 0, 0);
        gl.vertexAttribDivisor(3, 1);
        buf(gl.ARRAY_BUFFER, b.capId);
        gl.enableVertexAttribArray(4);
        gl.vertexAttribIPointer(4, 1, gl.UNSIGNED_INT, 0, 0);
        gl.vertexAttribDivisor(4, 1);
        gl.bindVertexArray(null);
      }
      return { vao, capVao, triCount, fanCount, capCount, buffers };
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
  }

  draw(s: DrawState): void {
    const gl = this.gl;
    gl.viewport(0, 0, s.pixelWidth, s.pixelHeight);
    const bg = colorToVec4(s.background);
    gl.clearColor(bg[0], bg[1], bg[2], 1);
    gl.clearStencil(0);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.STENCIL_BUFFER_BIT);
    gl.enable(gl.BLEND);
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    s.camera.matrix(this.view);
    const px = 1 / (s.camera.scale * s.dpr);
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
          // Even-odd fill: invert the stencil per covering triangle, then paint where it is odd (and clear it).
          gl.enable(gl.STENCIL_TEST);
          gl.colorMask(false, false, false, false);
          gl.stencilFunc(gl.ALWAYS, 0, 1);
          gl.stencilOp(gl.KEEP, gl.KEEP, gl.INVERT);
          gl.drawElements(gl.TRIANGLES, L.fanCount, gl.UNSIGNED_INT, L.triCount * 4);
          gl.colorMask(true, true, true, true);
          gl.stencilFunc(gl.EQUAL, 1, 1);
          gl.stencilOp(gl.KEEP, gl.KEEP, gl.ZERO);
          gl.drawElements(gl.TRIANGLES, L.fanCount, gl.UNSIGNED_INT, L.triCount * 4);
          gl.disable(gl.STENCIL_TEST);
        }
      }
      if (L.capVao) {
        const p = this.cap;
        gl.useProgram(p.prog);
        this.layerUniforms(p, over, st.opacity);
        gl.bindVertexArray(L.capVao);
        gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, L.capCount);
      }
    }
    gl.bindVertexArray(null);
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
  }

  destroy(): void {
    this.release();
    this.gl.deleteBuffer(this.corners);
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
