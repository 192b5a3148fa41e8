// KiCad bus label syntax → member net names, for schematic connectivity.
//
// KiCad (6+) knows three bus forms (see its manual, "Bus connections"):
//   vector  `D[0..7]`          members D0 … D7 (a descending range counts down)
//   group   `USB{DP DM}`       members USB.DP, USB.DM; unnamed `{SDA SCL}` gives SDA, SCL;
//                              group members may be vectors (`{A[0..3] CLK}`)
//   alias   a bus alias name   (defined per sheet, `(bus_alias "NAME" (members …))`), usable as a
//                              label or inside a group's braces
// `~{…}`, `^{…}` and `_{…}` are text markup (overbar, super/subscript), not groups.

import type { BusAlias } from './schematic.ts';

/** Upper bound on members of one bus label (a hostile `A[0..99999999]` must not allocate). */
const MAX_MEMBERS = 4096;

const VECTOR = /^(.*?)\[(\d+)\.\.(\d+)\]$/;

/** The index of an opening group brace `{` that is not markup (`~{`, `^{`, `_{`), or -1. */
function groupBrace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '{') continue;
    const prev = i > 0 ? text[i - 1] : '';
    if (prev === '~' || prev === '^' || prev === '_') continue;
    return i;
  }
  return -1;
}

/** Vector bus: prefix and the member suffixes in order, or null. */
export function parseVector(text: string): { prefix: string; indices: number[] } | null {
  const m = VECTOR.exec(text);
  if (!m) return null;
  const from = Number(m[2]);
  const to = Number(m[3]);
  if (Math.abs(to - from) >= MAX_MEMBERS) return null;
  const indices: number[] = [];
  const step = to >= from ? 1 : -1;
  for (let i = from; ; i += step) {
    indices.push(i);
    if (i === to) break;
  }
  return { prefix: m[1] ?? '', indices };
}

/** True when a label or pin text names a bus rather than a single net. */
export function isBusName(text: string, aliases: readonly BusAlias[] = []): boolean {
  if (parseVector(text)) return true;
  const b = groupBrace(text);
  if (b >= 0 && text.endsWith('}')) return true;
  return aliases.some((a) => a.name === text);
}

/**
 * Member net names of a bus label (without sheet prefix), in order. A plain
 * net name gives itself. Aliases are expanded (one level of nesting per alias,
 * guarded against cycles).
 */
export function busMembers(text: string, aliases: readonly BusAlias[] = [], depth = 0): string[] {
  const out: string[] = [];
  const push = (s: string) => {
    if (out.length < MAX_MEMBERS) out.push(s);
  };
  const vec = parseVector(text);
  if (vec) {
    for (const i of vec.indices) push(`${vec.prefix}${i}`);
    return out;
  }
  const alias = depth < 8 ? aliases.find((a) => a.name === text) : undefined;
  if (alias) {
    for (const m of alias.members) for (const x of busMembers(m, aliases, depth + 1)) push(x);
    return out;
  }
  const b = groupBrace(text);
  if (b >= 0 && text.endsWith('}')) {
    const name = text.slice(0, b);
    const inner = text.slice(b + 1, -1);
    for (const part of inner.split(/[\s,]+/)) {
      if (part === '') continue;
      for (const m of busMembers(part, aliases, depth + 1)) push(name === '' ? m : `${name}.${m}`);
    }
    return out;
  }
  return [text];
}
