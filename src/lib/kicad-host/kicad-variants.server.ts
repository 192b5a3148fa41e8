import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../server/db/client.server.ts';
import { footprints, products, symbols, userAssets, userComponents } from '../server/db/schema/index.ts';
import type { SearchIndex } from '../search/search-index.server.ts';
import type { MemConstraint } from '../search/search-constraints.ts';
import { componentKicadRefs, partKicadRefs, type ComponentAssets, type KicadRefs, type PartAssets } from './kicad-ids.ts';

// The database side of the kicad variants: which parts have both a symbol and a footprint (the
// haveEdaModel filter), and the KiCad ids and asset URLs of the parts and own components in an
// answer (kicad-ids.ts builds them from these rows).

// One list per search index: the index object changes whenever the catalogue does, so a list can
// never outlive the catalogue it was read from.
const edaRowsByIndex = new WeakMap<SearchIndex, Promise<{ rows: Int32Array; mask: Uint8Array }>>();

async function edaRows(db: Db, index: SearchIndex): Promise<{ rows: Int32Array; mask: Uint8Array }> {
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(isNotNull(products.symbolId), isNotNull(products.footprintId)));
  const mask = new Uint8Array(index.n);
  const rows: number[] = [];
  for (const { id } of found) {
    const row = index.rowOf(id);
    if (row >= 0 && row < index.n && mask[row] === 0) {
      mask[row] = 1;
      rows.push(row);
    }
  }
  rows.sort((a, b) => a - b);
  return { rows: Int32Array.from(rows), mask };
}

/** queryPage's `haveEdaModel: true`: a required search constraint, parts with symbol and footprint only. */
export function edaModelConstraint(db: Db): (index: SearchIndex) => Promise<MemConstraint[]> {
  return async (index) => {
    let pending = edaRowsByIndex.get(index);
    if (!pending) {
      pending = edaRows(db, index);
      edaRowsByIndex.set(index, pending);
      pending.catch(() => edaRowsByIndex.delete(index));
    }
    const { rows, mask } = await pending;
    // A filter only: every passing row scores 0, so the ranking is the plain search's.
    return [{ lists: [rows], size: rows.length, exact: true, disjoint: true, uniform: 0, test: (row) => mask[row] === 1, score: () => 0 }];
  };
}

/** The KiCad assets of catalogue parts by mfgMpnCode (unknown codes are absent). */
export async function partAssets(db: Db, codes: readonly string[]): Promise<Map<string, PartAssets>> {
  const out = new Map<string, PartAssets>();
  const unique = [...new Set(codes)];
  if (unique.length === 0) return out;
  const rows = await db
    .select({
      mfgMpnCode: products.mfgMpnCode,
      symbolLibrary: symbols.library,
      symbolName: symbols.name,
      footprintLibrary: footprints.library,
      footprintName: footprints.name,
      model3dPath: footprints.model3dPath,
    })
    .from(products)
    .leftJoin(symbols, eq(symbols.id, products.symbolId))
    .leftJoin(footprints, eq(footprints.id, products.footprintId))
    .where(inArray(products.mfgMpnCode, unique));
  for (const r of rows) {
    out.set(r.mfgMpnCode, {
      mfgMpnCode: r.mfgMpnCode,
      symbol: r.symbolLibrary !== null && r.symbolName !== null ? { library: r.symbolLibrary, name: r.symbolName } : null,
      footprint: r.footprintLibrary !== null && r.footprintName !== null ? { library: r.footprintLibrary, name: r.footprintName } : null,
      has3d: r.model3dPath !== null,
    });
  }
  return out;
}

const symbolAsset = alias(userAssets, 'kicad_symbol_asset');
const footprintAsset = alias(userAssets, 'kicad_footprint_asset');

const stripExt = (fileName: string, ext: RegExp) => fileName.replace(ext, '');

/** The caller's own components by id, as their KiCad zip names them (others' ids are absent). */
export async function componentAssets(db: Db, ownerId: number, ids: readonly number[]): Promise<Map<number, ComponentAssets>> {
  const out = new Map<number, ComponentAssets>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await db
    .select({
      id: userComponents.id,
      mpn: userComponents.mpn,
      symbolName: userComponents.symbolName,
      symbolFile: symbolAsset.fileName,
      footprintFile: footprintAsset.fileName,
      modelAssetId: userComponents.modelAssetId,
    })
    .from(userComponents)
    .leftJoin(symbolAsset, eq(symbolAsset.id, userComponents.symbolAssetId))
    .leftJoin(footprintAsset, eq(footprintAsset.id, userComponents.footprintAssetId))
    .where(and(eq(userComponents.ownerId, ownerId), inArray(userComponents.id, unique)));
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      mpn: r.mpn,
      // The symbol chosen from the uploaded library; without a choice the zip takes the first, named after the file here.
      symbolName: r.symbolFile === null ? null : (r.symbolName ?? stripExt(r.symbolFile, /\.kicad_sym$/i)),
      footprintName: r.footprintFile === null ? null : stripExt(r.footprintFile, /\.kicad_mod$/i),
      has3d: r.modelAssetId !== null,
    });
  }
  return out;
}

/** How a variant's answer names its own components (catalogue parts are found by their mfgMpnCode). */
export type ComponentShape = 'none' | 'summary';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An own component in an answer: a ComponentSummary/Detail (u/comp), or a category link to one (u/cate). */
function componentIdOf(node: Json, shape: ComponentShape): number | null {
  if (node.kind === 'component' && typeof node.componentId === 'number') return node.componentId;
  if (shape === 'summary' && typeof node.id === 'number' && typeof node.mpn === 'string' && isObject(node.assets)) return node.id;
  return null;
}

/**
 * Adds `kicad` (KicadRefs) to every catalogue part (an object with a string mfgMpnCode) and own
 * component in an answer, in place, with two queries in all. Returns the answer.
 */
export async function addKicadRefs<T>(db: Db, ownerId: number | null, origin: string, answer: T, shape: ComponentShape = 'none'): Promise<T> {
  const parts: Json[] = [];
  const comps: { node: Json; id: number }[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const compId = ownerId === null ? null : componentIdOf(value, shape);
    if (compId !== null) comps.push({ node: value, id: compId });
    else if (typeof value.mfgMpnCode === 'string') parts.push(value);
    for (const [key, child] of Object.entries(value)) if (key !== 'kicad') walk(child, depth + 1);
  };
  walk(answer, 0);
  const [partRows, compRows] = await Promise.all([
    partAssets(
      db,
      parts.map((node) => node.mfgMpnCode as string),
    ),
    ownerId === null
      ? new Map<number, ComponentAssets>()
      : componentAssets(
          db,
          ownerId,
          comps.map((entry) => entry.id),
        ),
  ]);
  for (const node of parts) {
    const row = partRows.get(node.mfgMpnCode as string);
    if (row) node.kicad = partKicadRefs(origin, row) satisfies KicadRefs;
  }
  for (const { node, id } of comps) {
    const row = compRows.get(id);
    if (row) node.kicad = componentKicadRefs(origin, row) satisfies KicadRefs;
  }
  return answer;
}
