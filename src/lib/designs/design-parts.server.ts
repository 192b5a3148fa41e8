import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_BOM_TRENDS } from '../bom/bom.schema.ts';
import { matchLines } from '../bom/match/match-lines.server.ts';
import type { LineToMatch } from '../bom/match/match-types.ts';
import type { Db } from '../server/db/client.server.ts';
import { brands, designParts, designs, products } from '../server/db/schema/index.ts';
import type { DesignBomLine } from './designs.schema.ts';

// Parts in designs (issue #14 item 5): a design's BOM lines go through the BOM tool's matcher;
// only what it calls 'exact' (a supplier code, or the part number itself with no maker conflict)
// becomes a design_parts row, so 'used in N public designs' never counts a guess.

/** A design BOM line as the matcher reads a spreadsheet row: the same fields, the same cascade. */
export function lineToMatch(l: DesignBomLine): LineToMatch {
  const fields: LineToMatch['fields'] = {
    value: l.value,
    ...(l.mpn ? { mpn: l.mpn } : {}),
    ...(l.manufacturer ? { manufacturer: l.manufacturer } : {}),
    ...(l.footprint ? { package: l.footprint } : {}),
    ...(l.description ? { description: l.description } : {}),
    ...(l.lcsc ? { supplierPn: l.lcsc } : {}),
    quantity: String(l.quantity),
  };
  return { fields, designators: l.refs, dnp: l.dnp };
}

/**
 * Matches the design's lines, replaces its design_parts rows and stores each exactly matched
 * line's part in designs.bom; returns the BOM with parts and the number of distinct parts.
 */
export async function linkDesignParts(db: Db, designId: string, bom: readonly DesignBomLine[]): Promise<{ bom: DesignBomLine[]; partCount: number }> {
  const results = bom.length > 0 ? await matchLines(db, bom.map(lineToMatch), { trends: DEFAULT_BOM_TRENDS }) : [];
  const byProduct = new Map<number, { quantity: number; matchedText: string }>();
  results.forEach((r, i) => {
    if (r.status !== 'exact' || r.chosenProductId === null) return;
    const line = bom[i]!;
    const prev = byProduct.get(r.chosenProductId);
    if (prev) prev.quantity += line.quantity;
    else byProduct.set(r.chosenProductId, { quantity: line.quantity, matchedText: line.mpn ?? line.lcsc ?? line.value });
  });
  const ids = [...byProduct.keys()];
  const parts = ids.length
    ? await db
        .select({ id: products.id, mfgMpnCode: products.mfgMpnCode, mpn: products.mpn, brandName: brands.nameEn })
        .from(products)
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(inArray(products.id, ids))
    : [];
  const partOf = new Map(parts.map((p) => [p.id, { mfgMpnCode: p.mfgMpnCode, mpn: p.mpn, brandName: p.brandName ?? '' }]));
  const linked = bom.map((line, i) => {
    const { part: _old, ...rest } = line;
    const r = results[i];
    const part = r?.status === 'exact' && r.chosenProductId !== null ? partOf.get(r.chosenProductId) : undefined;
    return part ? { ...rest, part } : rest;
  });
  await db.transaction(async (tx) => {
    await tx.delete(designParts).where(eq(designParts.designId, designId));
    const rows = ids.filter((id) => partOf.has(id)).map((productId) => ({ designId, productId, ...byProduct.get(productId)! }));
    if (rows.length) await tx.insert(designParts).values(rows);
    await tx.update(designs).set({ bom: linked }).where(eq(designs.id, designId));
  });
  return { bom: linked, partCount: partOf.size };
}
