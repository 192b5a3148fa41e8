// Schematic images in the WebGL2 view. Each distinct picture (its base64
// data) is decoded once with createImageBitmap (asynchronous: the view redraws
// when one is ready), uploaded as an RGBA texture with mipmaps (pictures are
// mostly seen zoomed out), and drawn as a textured quad after its layer's
// geometry, as the Canvas 2D view does. A picture that fails to decode is
// skipped and counted; one larger than MAX_IMAGE_SIDE is not uploaded.

import type { SceneImage } from './scene.ts';

/** Largest width or height uploaded: bounds a picture's texture at 64 MB (+ mipmaps). */
export const MAX_IMAGE_SIDE = 4096;

export interface ImageStats {
  /** Distinct pictures still decoding. */
  pending: number;
  ready: number;
  failed: number;
  /** Decoded but larger than MAX_IMAGE_SIDE. */
  skipped: number;
}

/** What GlImages needs of the view's textured-quad program. */
export interface ImageProgram {
  prog: WebGLProgram;
  u: Record<string, WebGLUniformLocation | null>;
}

/** Texture unit of the pictures (unit 0 holds the item → net texture). */
const UNIT = 1;

export class GlImages {
  private readonly gl: WebGL2RenderingContext;
  private readonly program: ImageProgram;
  private readonly onReady: () => void;
  /** Picture data → its texture (absent until decoded; never set when it failed or was too large). */
  private textures = new Map<string, WebGLTexture>();
  private list: readonly SceneImage[] = [];
  /** Layer index → indices into `list`. */
  private byLayer = new Map<number, number[]>();
  private vao: WebGLVertexArrayObject | null = null;
  private buf: WebGLBuffer | null = null;
  /** Bumped per scene: decodes of an earlier scene are dropped when they finish. */
  private generation = 0;
  private counts: ImageStats = { pending: 0, ready: 0, failed: 0, skipped: 0 };

  constructor(gl: WebGL2RenderingContext, program: ImageProgram, onReady: () => void) {
    this.gl = gl;
    this.program = program;
    this.onReady = onReady;
  }

  setScene(images: readonly SceneImage[]): void {
    this.release();
    const gen = ++this.generation;
    this.list = images;
    if (!images.length) return;
    this.byLayer = new Map();
    images.forEach((im, i) => {
      const at = this.byLayer.get(im.layer);
      if (at) at.push(i);
      else this.byLayer.set(im.layer, [i]);
    });
    this.uploadQuads(images);
    const seen = new Set<string>();
    for (const im of images) {
      if (seen.has(im.data)) continue;
      seen.add(im.data);
      this.counts.pending++;
      void this.decode(im, gen);
    }
  }

  stats(): ImageStats {
    return { ...this.counts };
  }

  /** Draws layer `layer`'s decoded pictures; `view` is the camera's clip matrix. */
  draw(layer: number, opacity: number, view: Float32Array): void {
    const at = this.byLayer.get(layer);
    if (!at || !this.vao) return;
    const gl = this.gl;
    const p = this.program;
    let bound = false;
    for (const i of at) {
      const tex = this.textures.get((this.list[i] as SceneImage).data);
      if (!tex) continue;
      if (!bound) {
        gl.useProgram(p.prog);
        gl.uniformMatrix3fv(p.u.uView ?? null, false, view);
        gl.uniform1i(p.u.uTex ?? null, UNIT);
        gl.uniform1f(p.u.uOpacity ?? null, opacity);
        gl.activeTexture(gl.TEXTURE0 + UNIT);
        gl.bindVertexArray(this.vao);
        bound = true;
      }
      gl.bindTexture(gl.TEXTURE_2D, tex);
      gl.drawArrays(gl.TRIANGLE_STRIP, 4 * i, 4);
    }
    if (bound) gl.activeTexture(gl.TEXTURE0);
  }

  /** Frees the textures and the quads (scene change, destroy). */
  release(): void {
    const gl = this.gl;
    for (const tex of this.textures.values()) gl.deleteTexture(tex);
    this.textures = new Map();
    if (this.vao) gl.deleteVertexArray(this.vao);
    if (this.buf) gl.deleteBuffer(this.buf);
    this.vao = null;
    this.buf = null;
    this.list = [];
    this.byLayer = new Map();
    this.counts = { pending: 0, ready: 0, failed: 0, skipped: 0 };
    this.generation++;
  }

  /** One strip per picture: top-left, top-right, bottom-left, bottom-right (x, y, u, v). */
  private uploadQuads(images: readonly SceneImage[]): void {
    const gl = this.gl;
    const data = new Float32Array(images.length * 16);
    images.forEach((im, i) => data.set(imageStrip(im.quad), 16 * i));
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    this.buf = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buf);
    gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 16, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 2, gl.FLOAT, false, 16, 8);
    gl.bindVertexArray(null);
  }

  private async decode(im: SceneImage, gen: number): Promise<void> {
    const bytes = base64Bytes(im.data);
    const size = bytes ? pngSize(bytes) : null;
    // A PNG's header gives its size: a too large one is not even decoded.
    const tooLarge = size !== null && (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE);
    let bmp: ImageBitmap | null = null;
    if (bytes && !tooLarge) {
      try {
        bmp = await createImageBitmap(new Blob([bytes], { type: im.mime }), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
      } catch {
        bmp = null;
      }
    }
    if (gen !== this.generation) {
      bmp?.close();
      return;
    }
    this.counts.pending--;
    if (!bmp) {
      if (tooLarge) this.counts.skipped++;
      else this.counts.failed++;
      return;
    }
    if (bmp.width > MAX_IMAGE_SIDE || bmp.height > MAX_IMAGE_SIDE) this.counts.skipped++;
    else {
      this.textures.set(im.data, this.upload(bmp));
      this.counts.ready++;
    }
    bmp.close();
    this.onReady();
  }

  private upload(bmp: ImageBitmap): WebGLTexture {
    const gl = this.gl;
    const tex = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + UNIT);
    gl.bindTexture(gl.TEXTURE_2D, tex);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, bmp);
    gl.generateMipmap(gl.TEXTURE_2D);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.activeTexture(gl.TEXTURE0);
    return tex;
  }
}

/**
 * A picture's quad (top-left, top-right, bottom-left corners in world mm) as a
 * triangle strip of 4 vertices x, y, u, v; texture row 0 is the picture's top.
 */
export function imageStrip(q: Float32Array): Float32Array {
  const [x0, y0, x1, y1, x2, y2] = [q[0], q[1], q[2], q[3], q[4], q[5]] as number[] as [number, number, number, number, number, number];
  return Float32Array.of(x0, y0, 0, 0, x1, y1, 1, 0, x2, y2, 0, 1, x1 + x2 - x0, y1 + y2 - y0, 1, 1);
}

/** Base64 (whitespace allowed) → bytes; null when malformed. */
export function base64Bytes(data: string): Uint8Array<ArrayBuffer> | null {
  try {
    const s = atob(data);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Width and height from a PNG's IHDR chunk; null when not a PNG. */
export function pngSize(b: Uint8Array): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || sig.some((v, i) => b[i] !== v)) return null;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: dv.getUint32(16), height: dv.getUint32(20) };
}
