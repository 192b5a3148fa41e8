// Cross-probing between schematic symbols and board footprints. KiCad links them by the
// footprint's `(path "/<sheet uuid>/…/<symbol uuid>")`: the sheet instance path without the
// root sheet's uuid, then the symbol's uuid. When a board was not updated from this schematic
// (or the symbol was re-created), the reference is the fallback.

import type { Board } from './board.ts';
import type { Footprint } from './footprint.ts';
import { symbolOccurrences, type SchematicHierarchy, type SymbolOccurrence } from './schematic-hierarchy.ts';

/** A symbol in one sheet instance. `unit` is informative: all units of a reference share one footprint. */
export interface SymbolKey {
  sheetPath: string;
  symbolUuid: string;
  unit?: number;
}

export interface FootprintMatch {
  footprint: Footprint;
  /** How it was found: KiCad's symbol path, or the reference as a fallback. */
  by: 'path' | 'reference';
}

export interface CrossProbeIndex {
  occurrences: SymbolOccurrence[];
  byKey: Map<string, SymbolOccurrence>;
  footprintsByPath: Map<string, Footprint>;
  footprintsByRef: Map<string, Footprint>;
  occurrencesByRef: Map<string, SymbolOccurrence[]>;
  occurrencesByFootprintPath: Map<string, SymbolOccurrence>;
}

/** KiCad's footprint path for a symbol occurrence: `/<sheet uuids below the root>/<symbol uuid>`. */
export function footprintPathOf(o: Pick<SymbolOccurrence, 'sheet' | 'symbol'>): string {
  const local = o.sheet.localPath === '/' ? '' : o.sheet.localPath;
  return `${local}/${o.symbol.uuid}`;
}

function keyOf(sheetPath: string, symbolUuid: string): string {
  return `${sheetPath}\u0000${symbolUuid}`;
}

/** Indexes a design's symbol occurrences and a board's footprints for both directions. */
export function buildCrossProbe(h: SchematicHierarchy, board: Board, project?: string): CrossProbeIndex {
  const occurrences = symbolOccurrences(h, project);
  const index: CrossProbeIndex = {
    occurrences,
    byKey: new Map(),
    footprintsByPath: new Map(),
    footprintsByRef: new Map(),
    occurrencesByRef: new Map(),
    occurrencesByFootprintPath: new Map(),
  };
  for (const fp of board.footprints) {
    if (fp.path) index.footprintsByPath.set(fp.path, fp);
    if (fp.reference !== '' && !index.footprintsByRef.has(fp.reference)) index.footprintsByRef.set(fp.reference, fp);
  }
  for (const o of occurrences) {
    index.byKey.set(keyOf(o.sheet.path, o.symbol.uuid), o);
    index.occurrencesByFootprintPath.set(footprintPathOf(o), o);
    const list = index.occurrencesByRef.get(o.reference);
    if (list) list.push(o);
    else index.occurrencesByRef.set(o.reference, [o]);
  }
  return index;
}

/** The footprint of a symbol occurrence: by KiCad's path, else by reference (power symbols and `#` references have none). */
export function symbolToFootprint(index: CrossProbeIndex, key: SymbolKey): FootprintMatch | undefined {
  const o = index.byKey.get(keyOf(key.sheetPath, key.symbolUuid));
  if (!o) return undefined;
  const byPath = index.footprintsByPath.get(footprintPathOf(o));
  if (byPath) return { footprint: byPath, by: 'path' };
  // Other units of the same reference carry the path KiCad kept on the footprint.
  for (const other of index.occurrencesByRef.get(o.reference) ?? []) {
    const fp = index.footprintsByPath.get(footprintPathOf(other));
    if (fp) return { footprint: fp, by: 'path' };
  }
  if (o.reference.startsWith('#')) return undefined;
  const byRef = index.footprintsByRef.get(o.reference);
  return byRef ? { footprint: byRef, by: 'reference' } : undefined;
}

/** Every symbol occurrence (all units) of a footprint: by its path, then all occurrences with its reference. */
export function footprintToSymbols(index: CrossProbeIndex, fp: Footprint): SymbolOccurrence[] {
  const byPath = fp.path ? index.occurrencesByFootprintPath.get(fp.path) : undefined;
  const ref = byPath?.reference ?? fp.reference;
  const all = index.occurrencesByRef.get(ref) ?? [];
  if (byPath && !all.includes(byPath)) return [byPath, ...all];
  return all;
}
