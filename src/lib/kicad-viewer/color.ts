// CSS colours as packed RGBA8 (red in the lowest byte: the byte order WebGL's
// UNSIGNED_BYTE × 4 attribute reads from a Uint32Array on little-endian hosts,
// i.e. every browser platform). Painters use hex, a few names and rgb()/rgba().

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  gray: '#808080',
  grey: '#808080',
  transparent: '#00000000',
};

const cache = new Map<string, number>();

/** Packed RGBA8 of a CSS colour; unknown syntax gives opaque grey (never throws: colours come from files). */
export function parseColor(css: string): number {
  let c = cache.get(css);
  if (c === undefined) {
    c = parse(css.trim().toLowerCase());
    if (cache.size < 4096) cache.set(css, c);
  }
  return c;
}

function pack(r: number, g: number, b: number, a: number): number {
  const cl = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));
  return (cl(r) | (cl(g) << 8) | (cl(b) << 16) | (cl(a) << 24)) >>> 0;
}

function parse(s: string): number {
  const named = NAMED[s];
  if (named) s = named;
  if (s.startsWith('#')) {
    const h = s.slice(1);
    if (/^[0-9a-f]+$/.test(h)) {
      if (h.length === 3 || h.length === 4) {
        const v = [...h].map((d) => parseInt(d + d, 16));
        return pack(v[0] as number, v[1] as number, v[2] as number, v[3] ?? 255);
      }
      if (h.length === 6 || h.length === 8) {
        const v = (i: number): number => parseInt(h.slice(i, i + 2), 16);
        return pack(v(0), v(2), v(4), h.length === 8 ? v(6) : 255);
      }
    }
  }
  const m = /^rgba?\(([^)]*)\)$/.exec(s);
  if (m) {
    const parts = (m[1] as string).split(/[\s,/]+/).filter(Boolean).map(Number);
    if (parts.length >= 3 && parts.every((p) => Number.isFinite(p))) {
      const a = parts[3] ?? 1;
      return pack(parts[0] as number, parts[1] as number, parts[2] as number, (a <= 1 ? a : a / 255) * 255);
    }
  }
  return pack(128, 128, 128, 255);
}

/** The colour with its alpha multiplied by `opacity` (0..1). */
export function withOpacity(c: number, opacity: number): number {
  if (opacity >= 1) return c;
  const a = Math.round(((c >>> 24) & 255) * Math.max(0, opacity));
  return ((c & 0xffffff) | (a << 24)) >>> 0;
}

/** [r, g, b, a] in 0..1. */
export function colorToVec4(c: number): [number, number, number, number] {
  return [(c & 255) / 255, ((c >>> 8) & 255) / 255, ((c >>> 16) & 255) / 255, ((c >>> 24) & 255) / 255];
}
