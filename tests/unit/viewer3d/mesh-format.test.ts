import { describe, expect, it } from 'vitest';
import { boundingBox, decodeMesh, encodeMesh, MeshFormatError, type MeshMaterial, type MeshModel, type MeshPart } from '../../../src/lib/viewer3d/mesh-format.ts';

const EPOXY: MeshMaterial = { diffuse: [0.148, 0.145, 0.145], specular: [0.18, 0.168, 0.16], emissive: [0, 0, 0], shininess: 0.35, transparency: 0, ambient: 0.293 };
const GLASS: MeshMaterial = { ...EPOXY, diffuse: [0.9, 0.2, 0.1], transparency: 0.5 };

/** A deterministic pseudo-random part: `n` vertices inside `lo`…`hi`, `tris` triangles. */
function randomPart(name: string, n: number, tris: number, lo: number, hi: number, seed = 1): MeshPart {
  let s = seed;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const positions = new Float32Array(n * 3).map(() => lo + rnd() * (hi - lo));
  const indices = new Uint32Array(tris * 3).map(() => Math.floor(rnd() * n));
  return { name, kind: 'model', material: EPOXY, creaseAngle: 0.5, positions, indices };
}

const MAGIC = 0x314d5043;

/** A CPM1 buffer with an arbitrary header and `extra` zero bytes of payload. */
function withHeader(json: string, extra = 0): Uint8Array {
  const text = new TextEncoder().encode(json);
  const size = (text.length + 3) & ~3;
  const out = new Uint8Array(8 + size + extra);
  out.fill(0x20, 8, 8 + size);
  out.set(text, 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, size, true);
  return out;
}

describe('encodeMesh / decodeMesh', () => {
  it('round-trips positions within the quantisation step and indices exactly', () => {
    const model: MeshModel = {
      parts: [randomPart('body', 500, 900, -12.5, 40, 7), { ...randomPart('lens', 40, 60, 0, 3, 9), kind: 'pad', material: GLASS, creaseAngle: 1.2 }],
      meta: { model: 'Package_SO.3dshapes/SOIC-8.wrl', licence: 'CC-BY-SA 4.0' },
    };
    const decoded = decodeMesh(encodeMesh(model));
    const bbox = boundingBox(model.parts);
    expect(decoded.bbox).toEqual(bbox);
    expect(decoded.meta).toEqual(model.meta);
    expect(decoded.parts).toHaveLength(2);
    // 16-bit quantisation over the bbox: at most half a step off, plus Float32 rounding.
    const step = [0, 1, 2].map((k) => (bbox.max[k]! - bbox.min[k]!) / 65535);
    decoded.parts.forEach((part, i) => {
      const src = model.parts[i]!;
      expect({ ...part, positions: null, indices: null }).toEqual({ ...src, positions: null, indices: null });
      expect(part.indices).toEqual(src.indices);
      expect(part.positions.length).toBe(src.positions.length);
      for (let j = 0; j < src.positions.length; j++) {
        expect(Math.abs(part.positions[j]! - src.positions[j]!)).toBeLessThanOrEqual(step[j % 3]! / 2 + 1e-5);
      }
    });
  });

  it('accepts an ArrayBuffer or a Uint8Array view into a larger buffer', () => {
    const bytes = encodeMesh({ parts: [randomPart('p', 10, 8, 0, 1)] });
    const big = new Uint8Array(bytes.length + 16);
    big.set(bytes, 16);
    const a = decodeMesh(bytes.slice().buffer);
    const b = decodeMesh(big.subarray(16));
    expect(b.parts[0]!.indices).toEqual(a.parts[0]!.indices);
    expect(b.parts[0]!.positions).toEqual(a.parts[0]!.positions);
  });

  it('writes u16 indices up to 65,536 vertices and u32 beyond', () => {
    const sizeFor = (n: number) => {
      const bytes = encodeMesh({ parts: [randomPart('p', n, 3, 0, 1)] });
      const header = new DataView(bytes.buffer).getUint32(4, true);
      return bytes.length - 8 - header - ((n * 6 + 3) & ~3);
    };
    expect(sizeFor(65536)).toBe(20); // 9 × 2 bytes, padded to 4
    expect(sizeFor(65537)).toBe(36); // 9 × 4 bytes
  });

  it('round-trips the u32 index path exactly, including indices past 65,535', () => {
    const part = randomPart('big', 70000, 2000, -50, 50, 3);
    part.indices[0] = 69999;
    part.indices[1] = 65536;
    const decoded = decodeMesh(encodeMesh({ parts: [part] })).parts[0]!;
    expect(decoded.indices).toEqual(part.indices);
    const edge = randomPart('edge', 65536, 10, 0, 1, 4);
    edge.indices[5] = 65535;
    expect(decodeMesh(encodeMesh({ parts: [edge] })).parts[0]!.indices).toEqual(edge.indices);
  });

  it('keeps flat and single-point meshes finite (zero span on an axis)', () => {
    const flat: MeshPart = { ...randomPart('pad', 4, 2, 0, 1), positions: Float32Array.of(0, 0, 0.035, 1, 0, 0.035, 1, 1, 0.035, 0, 1, 0.035), indices: Uint32Array.of(0, 1, 2, 0, 2, 3) };
    const decoded = decodeMesh(encodeMesh({ parts: [flat] }));
    expect(Array.from(decoded.parts[0]!.positions)).toEqual(Array.from(flat.positions));
  });

  it('drops parts with no triangle and refuses indices past the vertex count when encoding', () => {
    const empty = { ...randomPart('empty', 3, 0, 0, 1) };
    expect(decodeMesh(encodeMesh({ parts: [empty, randomPart('p', 3, 1, 0, 1)] })).parts.map((p) => p.name)).toEqual(['p']);
    const bad = randomPart('bad', 3, 1, 0, 1);
    bad.indices[2] = 3;
    expect(() => encodeMesh({ parts: [bad] })).toThrow(MeshFormatError);
  });
});

describe('decodeMesh on malformed input', () => {
  const valid = encodeMesh({ parts: [randomPart('a', 30, 20, -1, 1), randomPart('b', 12, 9, 0, 2)], meta: { m: 'x' } });

  it('throws MeshFormatError, never anything else, for every truncation of a valid buffer', () => {
    for (let n = 0; n < valid.length; n++) {
      let error: unknown;
      try {
        decodeMesh(valid.subarray(0, n));
      } catch (e) {
        error = e;
      }
      expect(error, `truncated to ${n} bytes`).toBeInstanceOf(MeshFormatError);
    }
  });

  it('rejects a wrong magic number and a header longer than the buffer', () => {
    const wrong = valid.slice();
    wrong[0] = 0x58;
    expect(() => decodeMesh(wrong)).toThrow(/not a CPM1/);
    const long = valid.slice();
    new DataView(long.buffer).setUint32(4, 1 << 30, true);
    expect(() => decodeMesh(long)).toThrow(MeshFormatError);
  });

  it('rejects bogus header JSON', () => {
    const bbox = '"bbox":{"min":[0,0,0],"max":[1,1,1]}';
    for (const json of [
      '{"v":1,',
      'not json',
      '1',
      '"x"',
      '[]',
      '{}',
      '{"v":2,"parts":[]}',
      '{"v":1}',
      `{"v":1,${bbox},"parts":[{}]}`,
      `{"v":1,${bbox},"parts":[{"name":"p","vertexCount":-3,"indexCount":0}]}`,
      `{"v":1,${bbox},"parts":[{"name":"p","vertexCount":1.5,"indexCount":3}]}`,
      `{"v":1,${bbox},"parts":[{"name":"p","vertexCount":"3","indexCount":3}]}`,
      `{"v":1,${bbox},"parts":[{"name":"p","vertexCount":1e9,"indexCount":3}]}`,
    ]) {
      expect(() => decodeMesh(withHeader(json, 64)), json).toThrow(MeshFormatError);
    }
  });

  it('rejects an index at or past the vertex count, in both index widths', () => {
    // Part b: 12 vertices, u16 indices right after its positions. Point its first index at 12.
    const bytes = valid.slice();
    const view = new DataView(bytes.buffer);
    const header = view.getUint32(4, true);
    const bAt = 8 + header + ((30 * 6 + 3) & ~3) + ((60 * 2 + 3) & ~3) + ((12 * 6 + 3) & ~3);
    expect(view.getUint16(bAt, true)).toBeLessThan(12);
    view.setUint16(bAt, 12, true);
    expect(() => decodeMesh(bytes)).toThrow(/index 12/);

    const wide = encodeMesh({ parts: [randomPart('w', 65537, 1, 0, 1)] });
    const wv = new DataView(wide.buffer);
    const at = 8 + wv.getUint32(4, true) + ((65537 * 6 + 3) & ~3);
    wv.setUint32(at + 4, 0xffffffff, true);
    expect(() => decodeMesh(wide)).toThrow(MeshFormatError);
  });

  it('rejects a null header, a missing or null bbox and a null part with MeshFormatError', () => {
    const part = { name: 'p', kind: 'model', material: EPOXY, creaseAngle: 0.5, vertexCount: 0, indexCount: 0 };
    const box = { min: [0, 0, 0], max: [1, 1, 1] };
    for (const header of [
      'null',
      JSON.stringify({ v: 1, parts: [] }),
      JSON.stringify({ v: 1, bbox: null, parts: [] }),
      JSON.stringify({ v: 1, bbox: { min: [0, 0], max: [1, 1, 1] }, parts: [] }),
      JSON.stringify({ v: 1, bbox: box, parts: [null] }),
      JSON.stringify({ v: 1, bbox: box, parts: [{ ...part, kind: 'sphere' }] }),
      JSON.stringify({ v: 1, bbox: box, parts: [{ ...part, material: { diffuse: [1, 1] } }] }),
      JSON.stringify({ v: 1, bbox: box, parts: [{ ...part, vertexCount: -1 }] }),
    ]) {
      expect(() => decodeMesh(withHeader(header)), header).toThrow(MeshFormatError);
    }
  });

  it('rejects counts whose byte sizes exceed 2 GiB with MeshFormatError, without allocating', () => {
    const box = { min: [0, 0, 0], max: [1, 1, 1] };
    const part = { name: 'p', kind: 'model', material: EPOXY, creaseAngle: 0.5 };
    expect(() => decodeMesh(withHeader(JSON.stringify({ v: 1, bbox: box, parts: [{ ...part, vertexCount: 3, indexCount: 4294967295 }] }), 64))).toThrow(MeshFormatError);
    expect(() => decodeMesh(withHeader(JSON.stringify({ v: 1, bbox: box, parts: [{ ...part, vertexCount: 7.2e8, indexCount: 3 }] }), 64))).toThrow(MeshFormatError);
    // Within the count limit but past the end of the buffer: refused before any allocation.
    expect(() => decodeMesh(withHeader(JSON.stringify({ v: 1, bbox: box, parts: [{ ...part, vertexCount: 40_000_000, indexCount: 3 }] }), 64))).toThrow(/past the end/);
  });
});
