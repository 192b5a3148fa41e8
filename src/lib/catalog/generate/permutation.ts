// Seeded, deterministic building blocks for the synthetic catalogue: a small PRNG and a
// bijective permutation of [0, n) (a 4-round Feistel network with cycle walking), so that the
// i-th synthetic part is a pseudo-random but never repeated point of a scheme's field space —
// MPN uniqueness without remembering what was already emitted.

/** mulberry32: a fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A permutation of [0, size) chosen by `seed`; size ≤ 2^32. */
export function makePermutation(size: number, seed: number): (index: number) => number {
  if (!Number.isInteger(size) || size < 1 || size > 2 ** 32) throw new RangeError(`permutation size ${size}`);
  let bits = Math.max(2, Math.ceil(Math.log2(size)));
  if (bits % 2) bits++;
  const half = bits / 2;
  const span = 2 ** half;
  const mask = span - 1;
  const rnd = mulberry32(seed ^ 0x9e3779b9);
  const keys = [0, 1, 2, 3].map(() => Math.floor(rnd() * 4294967296) >>> 0);
  const encrypt = (x: number): number => {
    let left = Math.floor(x / span);
    let right = x % span;
    for (const key of keys) {
      const next = (left ^ (mix32(right ^ key) & mask)) >>> 0;
      left = right;
      right = next;
    }
    return left * span + right;
  };
  return (index: number) => {
    let y = encrypt(index);
    while (y >= size) y = encrypt(y);
    return y;
  };
}

/** Splits an index into mixed-radix digits (least significant first). */
export function digits(index: number, radices: readonly number[]): number[] {
  const out: number[] = [];
  let rest = index;
  for (const r of radices) {
    out.push(rest % r);
    rest = Math.floor(rest / r);
  }
  return out;
}

export function product(radices: readonly number[]): number {
  return radices.reduce((a, b) => a * b, 1);
}
