import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { UPLOAD_LIMITS } from '../files/upload-limits.ts';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { releaseFile } from '../files/file-refs.server.ts';
import type { FileStore } from '../files/file-store.ts';
import { uploadBom } from '../bom/bom-upload.server.ts';
import { normalizeMpn } from '../catalog/mpn.ts';
import type { Locale } from '../i18n/i18n.ts';
import type { WorkerPool } from '../jobs/worker-pool.server.ts';
import { escapeLike } from '../search/search.ts';
import type { Db } from '../server/db/client.server.ts';
import { designFiles, designLikes, designParts, designs, designVisits, products, users } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { en } from '../server/messages/en.ts';
import { serverMessage, type ServerMessageKey } from '../server/messages/server-message.ts';
import type { DesignStats } from '../viewer/design-read.ts';
import { DEMO_NICKNAME, normaliseTags, type DesignLicence, type DesignVisibility } from './designs.ts';
import type { DesignBomLine, DesignCard, DesignDetail, DesignList, DesignUpdate, GalleryQuery, OwnDesignsQuery } from './designs.schema.ts';

// Stored designs (issue #14): lists (gallery, own, liked, by part, top), one design, the owner's
// edits and delete, likes, visits, and the hand-over of a design's BOM to the BOM tool. A design
// answers its owner, and anyone once public; for everyone else a private design and a missing id
// get the same 40400, so ids cannot be probed.

export type Viewer = { userId: number | null; locale: Locale };
/** Who visits: a signed-in user, or a keyed hash of the client (callerKey). */
export type Visitor = { userId: number | null; key: string };

const notFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('design.notFound', locale));

/** Public, or the viewer's own. */
function visibleTo(userId: number | null): SQL {
  return userId === null ? sql`${designs.visibility} = 'public'` : or(eq(designs.visibility, 'public'), eq(designs.ownerId, userId))!;
}

function cardColumns(userId: number | null, descriptionChars: number | null) {
  return {
    id: designs.id,
    title: designs.title,
    description: descriptionChars === null ? designs.description : sql<string>`left(${designs.description}, ${descriptionChars})`,
    tags: designs.tags,
    licence: designs.licence,
    visibility: designs.visibility,
    coverKey: designs.coverKey,
    stats: designs.stats,
    likeCount: designs.likeCount,
    visitCount: designs.visitCount,
    liked:
      userId === null
        ? sql<boolean>`false`
        : sql<boolean>`exists (select 1 from ${designLikes} where ${designLikes.designId} = ${designs.id} and ${designLikes.userId} = ${userId})`,
    nickname: sql<string>`coalesce(${users.nickname}, ${users.username})`,
    ownerId: designs.ownerId,
    createdAt: designs.createdAt,
    updatedAt: designs.updatedAt,
    publishedAt: designs.publishedAt,
    analysis: designs.analysis,
    analysisError: designs.analysisError,
    partCount: sql<number>`(select count(*)::int from ${designParts} where ${designParts.designId} = ${designs.id})`,
    isDemo: designs.isDemo,
    attribution: designs.attribution,
    score: designs.score,
  };
}

type CardRow = {
  id: string;
  title: string;
  description: string;
  tags: string[];
  licence: string;
  visibility: string;
  coverKey: string | null;
  stats: unknown;
  likeCount: number;
  visitCount: number;
  liked: boolean;
  nickname: string;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  analysis: string;
  analysisError: unknown;
  partCount: number;
  isDemo: boolean;
  attribution: string | null;
  score: number | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The analysis' reason in the viewer's language (a kicad.* / viewer.* / design.* message). */
function analysisMessage(error: unknown, locale: Locale): string {
  const e = error as { key?: unknown; vars?: Record<string, string | number> } | null;
  const key = typeof e?.key === 'string' && e.key in en ? (e.key as ServerMessageKey) : null;
  const reason = key ? serverMessage(key, locale, e?.vars ?? {}) : serverMessage('design.analysis.noContent', locale);
  return serverMessage('design.analysis.failed', locale, { reason });
}

export const coverUrlOf = (id: string, coverKey: string | null) => (coverKey ? `/api/design/cover?id=${id}&v=${coverKey.slice(0, 16)}` : null);

function toCard(r: CardRow, locale: Locale): DesignCard {
  const card: DesignCard = {
    id: r.id,
    title: r.title,
    description: r.description,
    tags: r.tags,
    licence: r.licence as DesignLicence,
    visibility: r.visibility as DesignVisibility,
    coverUrl: coverUrlOf(r.id, r.coverKey),
    stats: r.stats as DesignStats,
    likeCount: r.likeCount,
    visitCount: r.visitCount,
    liked: Boolean(r.liked),
    // The demo projects' owner is a name the site gives, so it reads in the page's language.
    owner: { nickname: r.isDemo && r.nickname === DEMO_NICKNAME ? serverMessage('design.demoOwner', locale) : r.nickname },
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
    analysis: r.analysis as DesignCard['analysis'],
    partCount: Number(r.partCount),
    isDemo: r.isDemo,
    attribution: r.attribution,
    score: r.score,
  };
  if (r.analysis === 'failed') card.analysisMessage = analysisMessage(r.analysisError, locale);
  return card;
}

const ORDER: Record<GalleryQuery['sort'], SQL[]> = {
  newest: [desc(designs.createdAt), desc(designs.id)],
  likes: [desc(designs.likeCount), desc(designs.createdAt), desc(designs.id)],
  visits: [desc(designs.visitCount), desc(designs.createdAt), desc(designs.id)],
  top: [sql`${designs.score} desc nulls last`, desc(designs.createdAt), desc(designs.id)],
};

/** Title, description or a tag contains the words (ILIKE, same on PostgreSQL and PGlite; a scan of 10,000 public designs stays within the gallery's budget). */
/** Title or description containing the keyword, or a tag equal to it: each arm has its index (trigram, GIN), so they combine in a bitmap OR. */
function keywordFilter(keyword: string): SQL {
  const like = `%${escapeLike(keyword)}%`;
  const tag = normaliseTags([keyword])[0] ?? '';
  return sql`(${designs.title} ilike ${like} or ${designs.description} ilike ${like} or ${designs.tags} @> array[${tag}]::text[])`;
}

/**
 * A design uses the part number: one of its lines matched a catalogue part with that part number
 * (normalised) or code (design_parts, indexed). For a part number the catalogue does not know,
 * the BOM lines' own MPN or value say so (containment, as typed or upper-cased).
 */
async function mpnFilter(db: Db, mpn: string): Promise<SQL> {
  const norm = normalizeMpn(mpn);
  const known = or(eq(products.mpnNormalized, norm), eq(products.mfgMpnCode, mpn))!;
  const [hit] = await db.select({ id: products.id }).from(products).where(known).limit(1);
  // `= any(array(…))` runs the subquery once (an init plan): the page then walks its sort index
  // testing ids, and never reads a BOM it does not return.
  if (hit) return sql`${designs.id} = any(array(select ${designParts.designId} from ${designParts} join ${products} on ${products.id} = ${designParts.productId} where ${known}))`;
  const spellings = [...new Set([mpn, mpn.toUpperCase()])];
  const contains = or(...spellings.flatMap((v) => [sql`d.bom @> ${JSON.stringify([{ mpn: v }])}::jsonb`, sql`d.bom @> ${JSON.stringify([{ value: v }])}::jsonb`]))!;
  return sql`${designs.id} = any(array(select d.id from ${designs} d where d.visibility = 'public' and (${contains})))`;
}

/**
 * One page and the total. The page's ids are chosen first (filter, sort, limit: only the sort
 * columns are read), then the cards of those ids, so the per-card subqueries (liked, partCount)
 * run 24 times, not once per matching design before the sort.
 */
async function page(db: Db, where: SQL, order: readonly SQL[], pageNum: number, pageSize: number, viewer: Viewer): Promise<DesignList> {
  const [ids, totals] = await Promise.all([
    db
      .select({ id: designs.id })
      .from(designs)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(designs).where(where),
  ]);
  return { list: await cardsOf(db, ids.map((r) => r.id), viewer), total: Number(totals[0]?.n ?? 0) };
}

/** Cards of these designs, in this order. */
async function cardsOf(db: Db, ids: readonly string[], viewer: Viewer): Promise<DesignCard[]> {
  if (ids.length === 0) return [];
  const rows = (await db
    .select(cardColumns(viewer.userId, 280))
    .from(designs)
    .innerJoin(users, eq(users.id, designs.ownerId))
    .where(inArray(designs.id, [...ids]))) as CardRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toCard(r, viewer.locale)] : [];
  });
}

export async function listPublicDesigns(db: Db, q: GalleryQuery, viewer: Viewer): Promise<DesignList> {
  const where: SQL[] = [sql`${designs.visibility} = 'public'`];
  if (q.keyword) where.push(keywordFilter(q.keyword));
  if (q.tag) {
    const tag = normaliseTags([q.tag])[0];
    if (tag) where.push(sql`${designs.tags} @> array[${tag}]::text[]`);
  }
  if (q.mpn) where.push(await mpnFilter(db, q.mpn));
  return page(db, and(...where)!, ORDER[q.sort], q.pageNum, q.pageSize, viewer);
}

export async function listOwnDesigns(db: Db, ownerId: number, q: OwnDesignsQuery, locale: Locale): Promise<DesignList> {
  const where: SQL[] = [eq(designs.ownerId, ownerId)];
  if (q.keyword) where.push(keywordFilter(q.keyword));
  return page(db, and(...where)!, ORDER.newest, q.pageNum, q.pageSize, { userId: ownerId, locale });
}

/** Designs the user liked and can still see, newest like first. */
export async function listLikedDesigns(db: Db, userId: number, p: { pageNum: number; pageSize: number }, locale: Locale): Promise<DesignList> {
  const where = and(visibleTo(userId), sql`${designs.id} in (select ${designLikes.designId} from ${designLikes} where ${designLikes.userId} = ${userId})`)!;
  const likedAt = sql`(select ${designLikes.createdAt} from ${designLikes} where ${designLikes.designId} = ${designs.id} and ${designLikes.userId} = ${userId}) desc`;
  return page(db, where, [likedAt, desc(designs.id)], p.pageNum, p.pageSize, { userId, locale });
}

/** Public designs whose BOM matched the part exactly, most liked first. */
export async function designsUsingPart(db: Db, mfgMpnCode: string, p: { pageNum: number; pageSize: number }, viewer: Viewer): Promise<DesignList> {
  const where = and(
    sql`${designs.visibility} = 'public'`,
    sql`${designs.id} in (select ${designParts.designId} from ${designParts} join ${products} on ${products.id} = ${designParts.productId} where ${products.mfgMpnCode} = ${mfgMpnCode})`,
  )!;
  return page(db, where, ORDER.likes, p.pageNum, p.pageSize, viewer);
}

/** Top100: public designs by score (designScore, recomputed on a schedule). */
export async function topDesigns(db: Db, limit: number, viewer: Viewer): Promise<DesignCard[]> {
  const ids = await db
    .select({ id: designs.id })
    .from(designs)
    .where(and(sql`${designs.visibility} = 'public'`, sql`${designs.score} is not null`))
    .orderBy(...ORDER.top)
    .limit(Math.max(1, Math.min(limit, 100)));
  return cardsOf(db, ids.map((r) => r.id), viewer);
}

export async function getDesign(db: Db, id: string, viewer: Viewer): Promise<DesignDetail> {
  const [row] = await db
    .select({ ...cardColumns(viewer.userId, null), bom: designs.bom })
    .from(designs)
    .innerJoin(users, eq(users.id, designs.ownerId))
    .where(and(eq(designs.id, id), visibleTo(viewer.userId)));
  if (!row) throw notFound(viewer.locale);
  const files = await db.select({ name: designFiles.name, kind: designFiles.kind, size: designFiles.size }).from(designFiles).where(eq(designFiles.designId, id));
  const order = ['project', 'schematic', 'board', 'document'];
  files.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    ...toCard(row as CardRow, viewer.locale),
    files: files.map((f) => ({ name: f.name, kind: f.kind as DesignDetail['files'][number]['kind'], size: Number(f.size) })),
    bom: (row.bom as DesignBomLine[] | null) ?? null,
    own: viewer.userId !== null && row.ownerId === viewer.userId,
  };
}

/** One stored file of a design the viewer may see (its key and name), for GET /design/file. */
export async function designFile(db: Db, id: string, name: string, viewer: Viewer): Promise<{ key: string; name: string; kind: string }> {
  const [row] = await db
    .select({ key: designFiles.fileKey, name: designFiles.name, kind: designFiles.kind })
    .from(designFiles)
    .innerJoin(designs, eq(designs.id, designFiles.designId))
    .where(and(eq(designFiles.designId, id), eq(designFiles.name, name), visibleTo(viewer.userId)));
  if (row) return row;
  // The design's existence is told only to those who may see it.
  const [d] = await db.select({ id: designs.id }).from(designs).where(and(eq(designs.id, id), visibleTo(viewer.userId)));
  if (!d) throw notFound(viewer.locale);
  throw new AppError(Code.notFound, serverMessage('design.fileNotFound', viewer.locale, { name: name.slice(0, 200) }));
}

/** The cover's key and whether the design is public (caching), for GET /design/cover. */
export async function designCover(db: Db, id: string, viewer: Viewer): Promise<{ key: string; public: boolean }> {
  const [row] = await db.select({ key: designs.coverKey, visibility: designs.visibility }).from(designs).where(and(eq(designs.id, id), visibleTo(viewer.userId)));
  if (!row) throw notFound(viewer.locale);
  if (!row.key) throw new AppError(Code.notFound, serverMessage('design.noCover', viewer.locale));
  return { key: row.key, public: row.visibility === 'public' };
}

export async function updateDesign(db: Db, ownerId: number, input: DesignUpdate, locale: Locale): Promise<DesignDetail> {
  await db.transaction(async (tx) => {
    const [cur] = await tx
      .select({ visibility: designs.visibility })
      .from(designs)
      .where(and(eq(designs.id, input.id), eq(designs.ownerId, ownerId)))
      .for('update');
    if (!cur) throw notFound(locale);
    const set: Partial<typeof designs.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) set.title = input.title;
    if (input.description !== undefined) set.description = input.description;
    if (input.tags !== undefined) set.tags = normaliseTags(input.tags);
    if (input.licence !== undefined) set.licence = input.licence;
    if (input.visibility !== undefined) {
      set.visibility = input.visibility;
      // Top100's age counts from the last time it became public.
      if (input.visibility === 'public' && cur.visibility !== 'public') set.publishedAt = new Date();
    }
    await tx.update(designs).set(set).where(eq(designs.id, input.id));
  });
  return getDesign(db, input.id, { userId: ownerId, locale });
}

/** Deletes the owner's design (rows cascade) and releases its files and cover from the store. */
export async function deleteDesign(db: Db, store: FileStore, ownerId: number, id: string, locale: Locale): Promise<{ id: string; deleted: true }> {
  const keys = await db.transaction(async (tx) => {
    const [d] = await tx.select({ coverKey: designs.coverKey }).from(designs).where(and(eq(designs.id, id), eq(designs.ownerId, ownerId))).for('update');
    if (!d) throw notFound(locale);
    const files = await tx.select({ key: designFiles.fileKey }).from(designFiles).where(eq(designFiles.designId, id));
    await tx.delete(designs).where(eq(designs.id, id));
    return [...new Set([...files.map((f) => f.key), ...(d.coverKey ? [d.coverKey] : [])])];
  });
  for (const key of keys) await releaseFile(db, store, key, fileKeyReferences(key));
  return { id, deleted: true };
}

/** Toggles the user's like; like_count is set from the rows in the same transaction. */
export async function toggleLike(db: Db, id: string, userId: number, locale: Locale): Promise<{ id: string; liked: boolean; likeCount: number }> {
  return db.transaction(async (tx) => {
    const [d] = await tx.select({ id: designs.id }).from(designs).where(and(eq(designs.id, id), visibleTo(userId))).for('update');
    if (!d) throw notFound(locale);
    const removed = await tx
      .delete(designLikes)
      .where(and(eq(designLikes.designId, id), eq(designLikes.userId, userId)))
      .returning({ id: designLikes.designId });
    const liked = removed.length === 0;
    if (liked) await tx.insert(designLikes).values({ designId: id, userId }).onConflictDoNothing();
    const [u] = await tx
      .update(designs)
      .set({ likeCount: sql`(select count(*)::int from ${designLikes} where ${designLikes.designId} = ${id})` })
      .where(eq(designs.id, id))
      .returning({ likeCount: designs.likeCount });
    return { id, liked, likeCount: u!.likeCount };
  });
}

export const visitorKey = (v: Visitor) => (v.userId !== null ? `u:${v.userId}` : v.key);

/** Counts a visit once per visitor per design per UTC day of `now`. */
export async function countVisit(db: Db, id: string, visitor: Visitor, now: Date, locale: Locale): Promise<{ id: string; visitCount: number; counted: boolean }> {
  return db.transaction(async (tx) => {
    const [d] = await tx.select({ visitCount: designs.visitCount }).from(designs).where(and(eq(designs.id, id), visibleTo(visitor.userId)));
    if (!d) throw notFound(locale);
    const day = now.toISOString().slice(0, 10);
    const added = await tx.insert(designVisits).values({ designId: id, visitor: visitorKey(visitor), day }).onConflictDoNothing().returning({ day: designVisits.day });
    if (added.length === 0) return { id, visitCount: d.visitCount, counted: false };
    const [u] = await tx
      .update(designs)
      .set({ visitCount: sql`${designs.visitCount} + 1` })
      .where(eq(designs.id, id))
      .returning({ visitCount: designs.visitCount });
    return { id, visitCount: u!.visitCount, counted: true };
  });
}

// --- BOM hand-over --------------------------------------------------------------------------------

const BOM_CSV_COLUMNS = ['Quantity', 'References', 'Value', 'Footprint', 'MPN', 'Manufacturer', 'LCSC', 'Description', 'DNP'] as const;

const csvCell = (v: string): string => {
  // A leading formula character is quoted away, so a spreadsheet never runs a cell.
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function designBomCsv(lines: readonly DesignBomLine[]): string {
  const rows = [BOM_CSV_COLUMNS.join(',')];
  for (const l of lines) {
    rows.push(
      [String(l.quantity), l.refs.join(' '), l.value, l.footprint, l.mpn ?? l.part?.mpn ?? '', l.manufacturer ?? l.part?.brandName ?? '', l.lcsc ?? '', l.description ?? '', l.dnp ? 'DNP' : '']
        .map(csvCell)
        .join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** The design's BOM (owner's or public) as a new BOM of the BOM tool, owned by the caller. */
export async function designToBom(db: Db, store: FileStore, pool: WorkerPool, ownerId: number, id: string, locale: Locale, now: Date): Promise<{ bomId: string; lines: number }> {
  const [d] = await db
    .select({ name: designs.name, title: designs.title, bom: designs.bom })
    .from(designs)
    .where(and(eq(designs.id, id), visibleTo(ownerId)));
  if (!d) throw notFound(locale);
  const lines = (d.bom as DesignBomLine[] | null) ?? [];
  if (lines.length === 0) throw new AppError(Code.badInput, serverMessage('design.noBom', locale));
  const csv = new TextEncoder().encode(designBomCsv(lines));
  if (csv.length > UPLOAD_LIMITS.bom) throw new AppError(Code.tooLarge, serverMessage('design.noBom', locale));
  const name = d.title || d.name;
  const result = await uploadBom(db, store, pool, { file: new Blob([csv]), fileName: `${name}.csv`, name, ownerId, locale, now });
  return { bomId: result.bomId, lines: lines.length };
}
