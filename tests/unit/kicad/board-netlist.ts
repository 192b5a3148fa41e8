// The board as the independent truth for schematic connectivity: KiCad copies each
// schematic net onto the pads when the board is updated from the schematic, so pads that
// share a net on the board must be in one schematic net and vice versa.
import type { Board } from '../../../src/lib/kicad/board.ts';
import type { SchematicNets } from '../../../src/lib/kicad/schematic-nets.ts';

/** `${ref}\u0000${pad}` → the board's net name ('' = no net), for footprints with a reference. */
export function boardPadNets(board: Board): Map<string, string> {
  const out = new Map<string, string>();
  for (const fp of board.footprints) {
    for (const pad of fp.pads) {
      if (pad.number === '' || fp.reference === '') continue;
      const k = `${fp.reference}\u0000${pad.number}`;
      const name = pad.net?.name ?? '';
      // Several pads may share a number (thermal pads); a named one wins over an unnamed one.
      if (!out.has(k) || out.get(k) === '') out.set(k, name);
    }
  }
  return out;
}

/** `${ref}\u0000${pin}` → schematic net name. */
export function schematicPinNets(nets: SchematicNets): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of nets.nets) for (const p of n.pins) out.set(`${p.ref}\u0000${p.pin}`, n.name);
  return out;
}

export interface NetComparison {
  /** (ref, pin) pairs known to both. */
  common: number;
  /** Pairs whose class (the other common pairs on the same net) is the same on both sides. */
  agree: number;
  /** Pairs whose net names are equal. */
  sameName: number;
  schematicOnly: string[];
  boardOnly: string[];
  disagreements: { key: string; schematic: string; board: string }[];
  nameDifferences: { key: string; schematic: string; board: string }[];
}

/** Compares the two partitions of the common (ref, pad) pairs; a pad without net stands alone. */
export function compareNetlists(sch: Map<string, string>, brd: Map<string, string>): NetComparison {
  const common = [...sch.keys()].filter((k) => brd.has(k)).sort();
  const classes = (m: Map<string, string>): Map<string, string> => {
    const byNet = new Map<string, string[]>();
    for (const k of common) {
      const n = m.get(k) as string;
      if (n === '') continue;
      const list = byNet.get(n);
      if (list) list.push(k);
      else byNet.set(n, [k]);
    }
    const out = new Map<string, string>();
    for (const k of common) {
      const n = m.get(k) as string;
      out.set(k, n === '' ? k : (byNet.get(n) as string[]).join('\u0001'));
    }
    return out;
  };
  const cs = classes(sch);
  const cb = classes(brd);
  const disagreements = common.filter((k) => cs.get(k) !== cb.get(k)).map((key) => ({ key, schematic: sch.get(key) as string, board: brd.get(key) as string }));
  const nameDifferences = common.filter((k) => sch.get(k) !== brd.get(k)).map((key) => ({ key, schematic: sch.get(key) as string, board: brd.get(key) as string }));
  return {
    common: common.length,
    agree: common.length - disagreements.length,
    sameName: common.length - nameDifferences.length,
    schematicOnly: [...sch.keys()].filter((k) => !brd.has(k)),
    boardOnly: [...brd.keys()].filter((k) => !sch.has(k)),
    disagreements,
    nameDifferences,
  };
}
