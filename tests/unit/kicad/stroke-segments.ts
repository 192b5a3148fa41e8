// Comparing stroked text with KiCad's plots: polylines as segments, overbars
// joined (KiCad plots them glyph by glyph), matching within a tolerance.

/** Segments of polylines as [x0, y0, x1, y1]. */
export function segmentsOf(lines: ArrayLike<number>[]): number[][] {
  const out: number[][] = [];
  for (const l of lines) for (let i = 0; i + 3 < l.length; i += 2) out.push([l[i] ?? 0, l[i + 1] ?? 0, l[i + 2] ?? 0, l[i + 3] ?? 0]);
  return out;
}

/** Join segments that continue each other in the same direction (KiCad plots an overbar glyph by glyph). */
export function mergeCollinear(segs: number[][], tol: number): number[][] {
  const out = segs.map((s) => [...s]);
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = 0; j < out.length && !merged; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (i === j || Math.abs(a[2]! - b[0]!) > tol || Math.abs(a[3]! - b[1]!) > tol) continue;
        const cross = (a[2]! - a[0]!) * (b[3]! - b[1]!) - (a[3]! - a[1]!) * (b[2]! - b[0]!);
        const dot = (a[2]! - a[0]!) * (b[2]! - b[0]!) + (a[3]! - a[1]!) * (b[3]! - b[1]!);
        if (Math.abs(cross) > tol || dot <= 0) continue;
        out[i] = [a[0]!, a[1]!, b[2]!, b[3]!];
        out.splice(j, 1);
        merged = true;
      }
    }
  }
  return out;
}

/** Is every segment of `a` also in `b` (either direction) within tol? */
export function covered(a: number[][], b: number[][], tol: number): number[][] {
  const missing: number[][] = [];
  for (const s of a) {
    const hit = b.some((t) => {
      const same = Math.abs(s[0]! - t[0]!) < tol && Math.abs(s[1]! - t[1]!) < tol && Math.abs(s[2]! - t[2]!) < tol && Math.abs(s[3]! - t[3]!) < tol;
      const rev = Math.abs(s[0]! - t[2]!) < tol && Math.abs(s[1]! - t[3]!) < tol && Math.abs(s[2]! - t[0]!) < tol && Math.abs(s[3]! - t[1]!) < tol;
      return same || rev;
    });
    if (!hit) missing.push(s);
  }
  return missing;
}
