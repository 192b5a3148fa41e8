import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { bomLines, brands, categories, products, supplyOffers } from '../server/db/schema/index.ts';
import { isSnapshotOffer } from '../offers/offers.ts';
import { serverMessage, type ServerMessageKey } from '../server/messages/server-message.ts';
import type { BomRow } from './bom-access.server.ts';
import {
  BOM_LINE_STATUSES,
  DEFAULT_BOM_TRENDS,
  type BomCandidate,
  type BomChosen,
  type BomChosenOffer,
  type BomLineStatus,
  type BomLineView,
  type BomPart,
  type BomSummary,
  type BomTrends,
  type MatchTier,
} from './bom.schema.ts';
import type { StoredCandidate } from './match/match-types.ts';

// What the grid and the export read: lines joined with their parts (brand, package, category in
// the caller's language, domestic, KiCad models), reasons and problems rendered as text, and the
// BOM's summary. Stored rows keep message keys; text is made here, per request.

export type LineRow = typeof bomLines.$inferSelect;
type Message = { key: string; vars?: Record<string, string | number> };

const PART_CHUNK = 10_000;

/** Catalogue parts by id, as the grid shows them. */
export async function partsByIds(db: Db, ids: readonly number[], locale: Locale): Promise<Map<number, BomPart>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, BomPart>();
  // A page of 5,000 lines with 10 candidates each stays below PostgreSQL's 65,535 parameters.
  for (let i = 0; i < unique.length; i += PART_CHUNK) {
    for (const p of await partQuery(db, locale, inArray(products.id, unique.slice(i, i + PART_CHUNK)))) out.set(p.productId, p);
  }
  return out;
}

/** A catalogue part by its mfgMpnCode (what /bom/change names), or undefined. */
export async function partByCode(db: Db, mfgMpnCode: string, locale: Locale): Promise<BomPart | undefined> {
  const [part] = await partQuery(db, locale, eq(products.mfgMpnCode, mfgMpnCode));
  return part;
}

/** Catalogue parts by mfgMpnCode (search hits), keyed by code. */
export async function partsByCodes(db: Db, codes: readonly string[], locale: Locale): Promise<Map<string, BomPart>> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return new Map();
  const rows = await partQuery(db, locale, inArray(products.mfgMpnCode, unique));
  return new Map(rows.map((p) => [p.mfgMpnCode, p]));
}

async function partQuery(db: Db, locale: Locale, where: SQL | undefined): Promise<BomPart[]> {
  const rows = await db
    .select({
      productId: products.id,
      mfgMpnCode: products.mfgMpnCode,
      mpn: products.mpn,
      brandZh: brands.nameZh,
      brandEn: brands.nameEn,
      country: brands.country,
      package: products.package,
      cateZh: categories.cateName,
      cateEn: categories.cateNameEn,
      descriptionZh: products.descriptionZh,
      descriptionEn: products.descriptionEn,
      symbolId: products.symbolId,
      footprintId: products.footprintId,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.cateId, products.cateId))
    .where(where);
  return rows.map((r) => ({
    productId: r.productId,
    mfgMpnCode: r.mfgMpnCode,
    mpn: r.mpn,
    brandName: (locale === 'en' ? r.brandEn : r.brandZh) ?? r.brandZh ?? null,
    package: r.package,
    cateName: (locale === 'en' ? r.cateEn : r.cateZh) ?? r.cateZh ?? null,
    description: (locale === 'en' ? (r.descriptionEn ?? r.descriptionZh) : (r.descriptionZh ?? r.descriptionEn)) ?? null,
    domestic: r.country === 'CN',
    hasKicad: r.symbolId !== null && r.footprintId !== null,
  }));
}

function render(message: Message, locale: Locale): string {
  return serverMessage(message.key as ServerMessageKey, locale, message.vars ?? {});
}

/** Stored candidates as views; parts deleted from the catalogue since are left out. */
export function candidateViews(stored: readonly StoredCandidate[], parts: ReadonlyMap<number, BomPart>, locale: Locale): BomCandidate[] {
  const out: BomCandidate[] = [];
  for (const c of stored) {
    const part = parts.get(c.productId);
    if (!part) continue;
    const reasons = c.reasons.map((r) => render(r, locale));
    out.push({ ...part, confidence: c.confidence, tier: c.tier as MatchTier, reason: reasons[0] ?? '', reasons });
  }
  return out;
}

type Source = { fields?: Record<string, string>; cells?: string[] };

export function lineView(row: LineRow, parts: ReadonlyMap<number, BomPart>, boardCount: number, locale: Locale, offers?: ReadonlyMap<number, BomChosenOffer>): BomLineView {
  const source = (row.source ?? {}) as Source;
  const chosenPart = row.chosenProductId === null ? undefined : parts.get(row.chosenProductId);
  const offer = offers && row.chosenProductId !== null ? { offer: offers.get(row.chosenProductId) ?? null } : {};
  const chosen: BomChosen | null = chosenPart ? { ...chosenPart, by: (row.chosenBy ?? 'auto') as BomChosen['by'], confidence: row.confidence, ...offer } : null;
  return {
    lineId: row.id,
    row: row.row,
    designators: row.designators as string[],
    quantity: row.quantity,
    totalQuantity: row.quantity === null ? null : row.quantity * boardCount,
    source: { ...(source.fields ?? {}), cells: source.cells ?? [] },
    status: row.status as BomLineStatus,
    chosen,
    candidates: candidateViews(row.candidates as StoredCandidate[], parts, locale),
    dnp: row.dnp,
    problems: (row.problems as Message[]).map((p) => render(p, locale)),
    version: row.version,
  };
}

/** Views of line rows, with one query for all their parts. */
export async function lineViews(db: Db, rows: readonly LineRow[], boardCount: number, locale: Locale): Promise<BomLineView[]> {
  const ids: number[] = [];
  for (const r of rows) {
    if (r.chosenProductId !== null) ids.push(r.chosenProductId);
    for (const c of r.candidates as StoredCandidate[]) ids.push(c.productId);
  }
  const [parts, offers] = await Promise.all([partsByIds(db, ids, locale), chosenOffers(db, rows.flatMap((r) => (r.chosenProductId === null ? [] : [r.chosenProductId])))]);
  return rows.map((r) => lineView(r, parts, boardCount, locale, offers));
}

/** Each part's offer with the most stock (then the cheapest first break), one query for all. */
export async function chosenOffers(db: Db, ids: readonly number[]): Promise<Map<number, BomChosenOffer>> {
  const out = new Map<number, BomChosenOffer>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += PART_CHUNK) {
    const rows = await db
      .selectDistinctOn([supplyOffers.productId], {
        productId: supplyOffers.productId,
        distributor: supplyOffers.distributor,
        stock: supplyOffers.stock,
        currency: supplyOffers.currency,
        price: sql<number | null>`(${supplyOffers.priceBreaks} -> 0 ->> 'price')::float8`,
        dataTime: supplyOffers.dataTime,
        source: supplyOffers.source,
      })
      .from(supplyOffers)
      .where(inArray(supplyOffers.productId, unique.slice(i, i + PART_CHUNK)))
      .orderBy(supplyOffers.productId, desc(supplyOffers.stock), sql`(${supplyOffers.priceBreaks} -> 0 ->> 'price')::float8 ASC NULLS LAST`);
    for (const r of rows) {
      out.set(r.productId, {
        distributor: r.distributor,
        stock: r.stock,
        unitPrice: r.price === null ? null : Number(r.price),
        currency: r.currency,
        dataTime: new Date(r.dataTime).toISOString(),
        snapshot: isSnapshotOffer(r.source),
      });
    }
  }
  return out;
}

export function trendsOf(bom: BomRow): BomTrends {
  return { ...DEFAULT_BOM_TRENDS, ...(bom.trends as Partial<BomTrends>) };
}

export async function bomSummary(db: Db, bom: BomRow): Promise<BomSummary> {
  const rows = await db
    .select({ status: bomLines.status, n: count(), parts: sql<number>`coalesce(sum(${bomLines.quantity}) FILTER (WHERE NOT ${bomLines.dnp}), 0)::int` })
    .from(bomLines)
    .where(eq(bomLines.bomId, bom.id))
    .groupBy(bomLines.status);
  const counts = Object.fromEntries(BOM_LINE_STATUSES.map((s) => [s, 0])) as Record<BomLineStatus, number>;
  let lines = 0;
  let perBoard = 0;
  for (const r of rows) {
    if ((BOM_LINE_STATUSES as readonly string[]).includes(r.status)) counts[r.status as BomLineStatus] = Number(r.n);
    lines += Number(r.n);
    perBoard += Number(r.parts);
  }
  return {
    bomId: bom.id,
    name: bom.name,
    state: bom.state as BomSummary['state'],
    boardCount: bom.boardCount,
    lines,
    counts,
    totalParts: perBoard * bom.boardCount,
    jobId: bom.matchJobId,
    trends: trendsOf(bom),
    owned: bom.ownerId !== null,
    version: bom.version,
    updatedAt: bom.updatedAt.toISOString(),
  };
}

/** One page of a BOM's lines in grid order, optionally of one status. */
export async function linePage(db: Db, bom: BomRow, page: { pageNum: number; pageSize: number; status?: BomLineStatus | undefined }, locale: Locale): Promise<{ list: BomLineView[]; total: number }> {
  const where = and(eq(bomLines.bomId, bom.id), page.status ? eq(bomLines.status, page.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bomLines)
      .where(where)
      .orderBy(asc(bomLines.position), asc(bomLines.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(bomLines).where(where),
  ]);
  return { list: await lineViews(db, rows, bom.boardCount, locale), total: Number(total?.n ?? 0) };
}

/** Every line of a BOM in grid order (the export). */
export async function allLines(db: Db, bomId: string): Promise<LineRow[]> {
  return db.select().from(bomLines).where(eq(bomLines.bomId, bomId)).orderBy(asc(bomLines.position), asc(bomLines.id));
}

/** Line counts by status for several BOMs (the user's list). */
export async function countsOf(db: Db, bomIds: readonly string[]): Promise<Map<string, { lines: number; counts: Record<BomLineStatus, number> }>> {
  const out = new Map<string, { lines: number; counts: Record<BomLineStatus, number> }>();
  for (const id of bomIds) out.set(id, { lines: 0, counts: Object.fromEntries(BOM_LINE_STATUSES.map((s) => [s, 0])) as Record<BomLineStatus, number> });
  if (bomIds.length === 0) return out;
  const rows = await db
    .select({ bomId: bomLines.bomId, status: bomLines.status, n: count() })
    .from(bomLines)
    .where(and(inArray(bomLines.bomId, [...bomIds]), isNotNull(bomLines.status)))
    .groupBy(bomLines.bomId, bomLines.status);
  for (const r of rows) {
    const entry = out.get(r.bomId)!;
    entry.lines += Number(r.n);
    if ((BOM_LINE_STATUSES as readonly string[]).includes(r.status)) entry.counts[r.status as BomLineStatus] = Number(r.n);
  }
  return out;
}
