import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { invalidateCatalogCache } from '../catalog/catalog.server.ts';
import { deriveMfgMpnCode } from '../catalog/import/catalog-record.ts';
import { footprintPackage, footprintRow, symbolRow } from '../catalog/kicad-import/kicad-records.ts';
import { storeModels3d } from '../catalog/model3d/store-models.server.ts';
import { normalizeMpn } from '../catalog/mpn.ts';
import { fileKeyReferences } from '../files/file-references.server.ts';
import { lockFileKey, releaseFile } from '../files/file-refs.server.ts';
import type { FileStore } from '../files/file-store.ts';
import type { Locale } from '../i18n/i18n.ts';
import { renderFootprintSvg } from '../kicad/footprint-svg.ts';
import { parseFootprint, type Footprint } from '../kicad/footprint.ts';
import { headOf, isList, parseSexpr, serialize, sx, q, type SexprList } from '../kicad/sexpr.ts';
import { renderSymbolSvg } from '../kicad/symbol-svg.ts';
import { parseSymbolLibrary, type KicadSymbol } from '../kicad/symbol-lib.ts';
import { invalidateSearchIndex } from '../search/search-index.server.ts';
import type { Db } from '../server/db/client.server.ts';
import {
  brands,
  categories,
  componentSubmissions,
  footprints,
  models3d,
  productChecks,
  productParams,
  products,
  symbolPins,
  symbols,
  userAssets,
  userComponents,
  users,
} from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';
import { findingText } from './check-messages.ts';
import type { CheckResult, ComponentParam, Finding } from './library.ts';
import type { ReviewCard, ReviewDetail, ReviewList, SubmissionCard, SubmissionList } from './submissions.schema.ts';
import {
  brandKeyFromName,
  COMMUNITY_LIBRARY,
  libraryItemName,
  SUBMISSION_LIMITS,
  SUBMISSION_SOURCE,
  type SnapshotAsset,
  type SubmissionLicence,
  type SubmissionSnapshot,
  type SubmissionStatus,
} from './submissions.ts';

// Proposals of own components to the public catalogue (issue #16 item 5). A user proposes a
// 'ready' own component (its last cross-asset check found no error); the proposal keeps a snapshot
// of the component and its asset file keys (the file store keeps those files while it is pending).
// An operator accepts it (the part enters the catalogue: products, product_params, symbols,
// footprints, models3d, with source 'user-submission' and submitted_by) or rejects it with a
// reason. Reviewed proposals are final. Another user's proposal answers like a missing one.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const statusText = (status: string, locale: Locale) => serverMessage(`submissions.status.${status as SubmissionStatus}`, locale);

// ── Submitting ───────────────────────────────────────────────────────────────

export type SubmitInput = { userCompId: number; licence: SubmissionLicence; note?: string | undefined };

export async function submitComponent(db: Db, store: FileStore, userId: number, input: SubmitInput, locale: Locale): Promise<SubmissionCard> {
  const id = await db.transaction(async (tx) => {
    // The component row locked: two submits of one component cannot both pass the pending check.
    const [comp] = await tx
      .select()
      .from(userComponents)
      .where(and(eq(userComponents.id, input.userCompId), eq(userComponents.ownerId, userId)))
      .for('update')
      .limit(1);
    if (!comp) throw new AppError(Code.notFound, serverMessage('submissions.componentNotFound', locale));
    const check = comp.check as CheckResult | null;
    if (comp.status !== 'ready' || !check || check.findings.some((f) => f.severity === 'error')) throw new AppError(Code.badInput, serverMessage('submissions.notReady', locale));
    if (comp.cateId === null) throw new AppError(Code.badInput, serverMessage('submissions.needCategory', locale));
    if (comp.symbolAssetId === null || comp.footprintAssetId === null) throw new AppError(Code.badInput, serverMessage('submissions.needSymbolFootprint', locale));
    const [pendingHere] = await tx
      .select({ n: count() })
      .from(componentSubmissions)
      .where(and(eq(componentSubmissions.componentId, comp.id), eq(componentSubmissions.status, 'pending')));
    if (Number(pendingHere?.n ?? 0) > 0) throw new AppError(Code.conflict, serverMessage('submissions.alreadyPending', locale));
    const [pendingMine] = await tx
      .select({ n: count() })
      .from(componentSubmissions)
      .where(and(eq(componentSubmissions.submitterId, userId), eq(componentSubmissions.status, 'pending')));
    if (Number(pendingMine?.n ?? 0) >= SUBMISSION_LIMITS.pendingPerUser) throw new AppError(Code.badInput, serverMessage('submissions.tooManyPending', locale, { max: SUBMISSION_LIMITS.pendingPerUser }));

    const assetIds = [comp.symbolAssetId, comp.footprintAssetId, comp.modelAssetId, comp.datasheetAssetId].filter((v): v is number => v !== null);
    const rows = await tx
      .select({ id: userAssets.id, kind: userAssets.kind, format: userAssets.format, fileName: userAssets.fileName, fileKey: userAssets.fileKey, size: userAssets.size })
      .from(userAssets)
      .where(and(inArray(userAssets.id, assetIds), eq(userAssets.ownerId, userId)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const assets: SnapshotAsset[] = [];
    const pick = (assetId: number | null, kind: SnapshotAsset['kind']) => {
      const r = assetId === null ? undefined : byId.get(assetId);
      if (r) assets.push({ kind, format: r.format, fileName: r.fileName, fileKey: r.fileKey, size: r.size });
    };
    pick(comp.symbolAssetId, 'symbol');
    pick(comp.footprintAssetId, 'footprint');
    pick(comp.modelAssetId, 'model3d');
    pick(comp.datasheetAssetId, 'datasheet');
    if (!assets.some((a) => a.kind === 'symbol') || !assets.some((a) => a.kind === 'footprint')) throw new AppError(Code.badInput, serverMessage('submissions.needSymbolFootprint', locale));
    // Under each key's lock the file must still be there; from the insert on, this row keeps it.
    const fileKeys = [...new Set(assets.map((a) => a.fileKey))].sort();
    for (const key of fileKeys) {
      await lockFileKey(tx, key);
      if (!(await store.exists(key))) {
        const name = assets.find((a) => a.fileKey === key)?.fileName ?? key;
        throw new AppError(Code.badInput, serverMessage('submissions.fileMissing', locale, { name }));
      }
    }
    const snapshot: SubmissionSnapshot = {
      component: {
        id: comp.id,
        mpn: comp.mpn,
        brand: comp.brand,
        cateId: comp.cateId,
        description: comp.description,
        datasheetUrl: comp.datasheetUrl,
        symbolName: comp.symbolName,
        params: (comp.params as ComponentParam[] | null) ?? [],
        quality: comp.quality,
      },
      check,
      assets,
      fileKeys,
      licence: input.licence,
      note: input.note ?? '',
    };
    const [row] = await tx.insert(componentSubmissions).values({ componentId: comp.id, submitterId: userId, status: 'pending', snapshot }).returning({ id: componentSubmissions.id });
    return row!.id;
  });
  const card = await ownCard(db, userId, id, locale);
  return card!;
}

/** Withdraws the caller's pending proposal. */
export async function withdrawSubmission(db: Db, store: FileStore, userId: number, id: number, locale: Locale): Promise<SubmissionCard> {
  const keys = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: componentSubmissions.status, snapshot: componentSubmissions.snapshot })
      .from(componentSubmissions)
      .where(and(eq(componentSubmissions.id, id), eq(componentSubmissions.submitterId, userId)))
      .for('update')
      .limit(1);
    if (!row) throw new AppError(Code.notFound, serverMessage('submissions.notFound', locale));
    if (row.status !== 'pending') throw new AppError(Code.conflict, serverMessage('submissions.notPending', locale, { status: statusText(row.status, locale) }));
    await tx.update(componentSubmissions).set({ status: 'withdrawn', reviewedAt: new Date() }).where(eq(componentSubmissions.id, id));
    return (row.snapshot as SubmissionSnapshot).fileKeys ?? [];
  });
  await releaseKeys(db, store, keys);
  return (await ownCard(db, userId, id, locale))!;
}

/** The files a proposal no longer holds: deleted when nothing else references them. */
async function releaseKeys(db: Db, store: FileStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await releaseFile(db, store, key, fileKeyReferences(key));
}

// ── Lists ────────────────────────────────────────────────────────────────────

const cardColumns = {
  id: componentSubmissions.id,
  componentId: componentSubmissions.componentId,
  submitterId: componentSubmissions.submitterId,
  status: componentSubmissions.status,
  reason: componentSubmissions.reason,
  snapshot: componentSubmissions.snapshot,
  createdAt: componentSubmissions.createdAt,
  reviewedAt: componentSubmissions.reviewedAt,
  productId: componentSubmissions.productId,
  mfgMpnCode: products.mfgMpnCode,
};
type CardRow = { id: number; componentId: number | null; status: string; reason: string | null; snapshot: unknown; createdAt: Date; reviewedAt: Date | null; productId: number | null; mfgMpnCode: string | null };

function toCard(r: CardRow, locale: Locale): SubmissionCard {
  const s = r.snapshot as SubmissionSnapshot;
  return {
    id: r.id,
    componentId: r.componentId,
    mpn: s.component.mpn,
    brand: s.component.brand,
    status: r.status as SubmissionStatus,
    statusText: statusText(r.status, locale),
    licence: s.licence,
    quality: s.check?.quality ?? s.component.quality,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: iso(r.reviewedAt),
    productId: r.productId,
    mfgMpnCode: r.mfgMpnCode ?? null,
  };
}

async function ownCard(db: Db, userId: number, id: number, locale: Locale): Promise<SubmissionCard | null> {
  const [r] = await db
    .select(cardColumns)
    .from(componentSubmissions)
    .leftJoin(products, eq(products.id, componentSubmissions.productId))
    .where(and(eq(componentSubmissions.id, id), eq(componentSubmissions.submitterId, userId)))
    .limit(1);
  return r ? toCard(r, locale) : null;
}

export type PageQuery = { pageNum: number; pageSize: number };

/** The caller's proposals, newest first (user/getUploadComp). */
export async function listOwnSubmissions(db: Db, userId: number, query: PageQuery & { status?: SubmissionStatus | undefined; userCompId?: number | undefined }, locale: Locale): Promise<SubmissionList> {
  const where = and(
    eq(componentSubmissions.submitterId, userId),
    query.status ? eq(componentSubmissions.status, query.status) : undefined,
    query.userCompId ? eq(componentSubmissions.componentId, query.userCompId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(componentSubmissions)
      .leftJoin(products, eq(products.id, componentSubmissions.productId))
      .where(where)
      .orderBy(desc(componentSubmissions.createdAt), desc(componentSubmissions.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(componentSubmissions).where(where),
  ]);
  return { list: rows.map((r) => toCard(r, locale)), total: Number(total?.n ?? 0) };
}

const visibleName = sql<string>`coalesce(${users.nickname}, ${users.username})`;

/** The operators' queue: pending (default) or another status, or all; newest first. */
export async function listForReview(db: Db, query: PageQuery & { status: SubmissionStatus | 'all' }, locale: Locale): Promise<ReviewList> {
  const where = query.status === 'all' ? undefined : eq(componentSubmissions.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...cardColumns, submitterName: visibleName })
      .from(componentSubmissions)
      .innerJoin(users, eq(users.id, componentSubmissions.submitterId))
      .leftJoin(products, eq(products.id, componentSubmissions.productId))
      .where(where)
      .orderBy(desc(componentSubmissions.createdAt), desc(componentSubmissions.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    db.select({ n: count() }).from(componentSubmissions).where(where),
  ]);
  return { list: rows.map((r) => ({ ...toCard(r, locale), submitter: { id: r.submitterId, name: r.submitterName } })), total: Number(total?.n ?? 0) };
}

async function reviewCard(db: Db, id: number, locale: Locale): Promise<(ReviewCard & { snapshot: SubmissionSnapshot }) | null> {
  const [r] = await db
    .select({ ...cardColumns, submitterName: visibleName })
    .from(componentSubmissions)
    .innerJoin(users, eq(users.id, componentSubmissions.submitterId))
    .leftJoin(products, eq(products.id, componentSubmissions.productId))
    .where(eq(componentSubmissions.id, id))
    .limit(1);
  if (!r) return null;
  return { ...toCard(r, locale), submitter: { id: r.submitterId, name: r.submitterName }, snapshot: r.snapshot as SubmissionSnapshot };
}

// ── Reading the submitted files ──────────────────────────────────────────────

async function readKey(store: FileStore, key: string): Promise<Uint8Array | null> {
  const body = await store.get(key);
  if (!body) return null;
  return new Uint8Array(await new Response(body.stream).arrayBuffer());
}

/** The chosen symbol of the submitted library: the one named, else the only one. */
function chosenSymbol(bytes: Uint8Array, fileName: string, name: string | null): { symbol: KicadSymbol | null; problem: string | null } {
  const lib = parseSymbolLibrary(bytes, fileName);
  const symbol = (name ? lib.symbols.find((s) => s.name === name) : undefined) ?? (lib.symbols.length === 1 ? lib.symbols[0]! : null);
  if (symbol) return { symbol, problem: null };
  const reason = lib.errors[0]?.reason ?? (lib.symbols.length === 0 ? 'no symbol in the file' : `symbol ${name ?? ''} not in the file`);
  return { symbol: null, problem: reason };
}

function readFootprint(bytes: Uint8Array, fileName: string): { footprint: Footprint | null; problem: string | null } {
  const parsed = parseFootprint(bytes, fileName);
  if (parsed.footprint) return { footprint: parsed.footprint, problem: null };
  return { footprint: null, problem: parsed.errors[0]?.reason ?? 'not a footprint' };
}

/** One proposal as the reviewer sees it: snapshot, findings in the reader's language, previews. */
export async function reviewDetail(db: Db, store: FileStore, id: number, locale: Locale): Promise<ReviewDetail> {
  const card = await reviewCard(db, id, locale);
  if (!card) throw new AppError(Code.notFound, serverMessage('submissions.notFound', locale));
  const { snapshot: s, ...rest } = card;
  const c = s.component;
  const [cate] = c.cateId === null ? [] : await db.select({ zh: categories.cateName, en: categories.cateNameEn }).from(categories).where(eq(categories.cateId, c.cateId)).limit(1);
  const [existing] = await db
    .select({ mfgMpnCode: products.mfgMpnCode, mpn: products.mpn })
    .from(products)
    .where(and(eq(products.mpnNormalized, normalizeMpn(c.mpn)), card.productId === null ? undefined : sql`${products.id} <> ${card.productId}`))
    .limit(1);
  const previewProblems: string[] = [];
  const stored = new Map<string, boolean>();
  let symbolSvg: string | null = null;
  let footprintSvg: string | null = null;
  for (const a of s.assets) {
    if (a.kind !== 'symbol' && a.kind !== 'footprint') {
      stored.set(a.fileKey, await store.exists(a.fileKey));
      continue;
    }
    const bytes = await readKey(store, a.fileKey);
    stored.set(a.fileKey, bytes !== null);
    if (!bytes) {
      previewProblems.push(serverMessage('submissions.fileMissing', locale, { name: a.fileName }));
      continue;
    }
    if (a.kind === 'symbol') {
      const { symbol, problem } = chosenSymbol(bytes, a.fileName, c.symbolName);
      if (symbol) symbolSvg = renderSymbolSvg(symbol);
      else previewProblems.push(serverMessage('submissions.symbolUnreadable', locale, { reason: problem ?? '' }));
    } else {
      const { footprint, problem } = readFootprint(bytes, a.fileName);
      if (footprint) footprintSvg = renderFootprintSvg(footprint);
      else previewProblems.push(serverMessage('submissions.footprintUnreadable', locale, { reason: problem ?? '' }));
    }
  }
  return {
    ...rest,
    description: c.description,
    datasheetUrl: c.datasheetUrl,
    cateId: c.cateId,
    cateName: cate ? (locale === 'en' ? cate.en : cate.zh) : null,
    symbolName: c.symbolName,
    note: s.note,
    params: c.params,
    findings: (s.check?.findings ?? []).map((f: Finding) => ({ code: f.code, severity: f.severity, text: findingText(f, locale) })),
    assets: s.assets.map((a) => ({ kind: a.kind, format: a.format, fileName: a.fileName, size: a.size, stored: stored.get(a.fileKey) ?? false })),
    symbolSvg,
    footprintSvg,
    previewProblems,
    existing: existing ?? null,
  };
}

// ── Reviewing ────────────────────────────────────────────────────────────────

/** Locks a proposal for review; 40400 when absent, 40900 when already reviewed or withdrawn. */
async function lockPending(tx: Tx, id: number, locale: Locale): Promise<{ snapshot: SubmissionSnapshot; submitterId: number }> {
  const [row] = await tx
    .select({ status: componentSubmissions.status, snapshot: componentSubmissions.snapshot, submitterId: componentSubmissions.submitterId })
    .from(componentSubmissions)
    .where(eq(componentSubmissions.id, id))
    .for('update')
    .limit(1);
  if (!row) throw new AppError(Code.notFound, serverMessage('submissions.notFound', locale));
  if (row.status !== 'pending') throw new AppError(Code.conflict, serverMessage('submissions.notPending', locale, { status: statusText(row.status, locale) }));
  return { snapshot: row.snapshot as SubmissionSnapshot, submitterId: row.submitterId };
}

export async function rejectSubmission(db: Db, store: FileStore, reviewerId: number, id: number, reason: string, locale: Locale): Promise<ReviewCard> {
  const keys = await db.transaction(async (tx) => {
    const { snapshot } = await lockPending(tx, id, locale);
    await tx.update(componentSubmissions).set({ status: 'rejected', reason, reviewerId, reviewedAt: new Date() }).where(eq(componentSubmissions.id, id));
    return snapshot.fileKeys ?? [];
  });
  await releaseKeys(db, store, keys);
  const { snapshot: _s, ...card } = (await reviewCard(db, id, locale))!;
  return card;
}

/** Unused `library:name` in a table with (library, name) unique: the name, else name_2, name_3… */
async function freeName(tx: Tx, table: typeof symbols | typeof footprints, base: string): Promise<string> {
  const taken = await tx
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.library, COMMUNITY_LIBRARY), sql`${table.name} LIKE ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`));
  const names = new Set(taken.map((r) => r.name));
  if (!names.has(base)) return base;
  for (let i = 2; ; i++) if (!names.has(`${base}_${i}`)) return `${base}_${i}`;
}

/**
 * The footprint's text renamed (and its 3D model pointed at the community library's copy when one
 * is stored), everything else kept as the user wrote it.
 */
function rewriteFootprint(bytes: Uint8Array, name: string, modelPath: string | null): string {
  const root = parseSexpr(bytes);
  root.items[1] = name;
  root.qmask |= 1 << 1;
  if (modelPath) {
    const models = root.items.filter((it): it is SexprList => isList(it) && headOf(it) === 'model');
    if (models.length > 0) {
      models[0]!.items[1] = modelPath;
      models[0]!.qmask |= 1 << 1;
      // Other models (rare: several bodies) keep their library paths.
    } else {
      root.items.push(sx('model', q(modelPath), sx('offset', sx('xyz', 0, 0, 0)), sx('scale', sx('xyz', 1, 1, 1)), sx('rotate', sx('xyz', 0, 0, 0))));
    }
  }
  return serialize(root);
}

/** The catalogue brand a typed name means (by English or Chinese name, or key), made when none: its id and key. */
async function brandFor(tx: Tx, name: string): Promise<{ id: number; key: string } | null> {
  const brand = name.trim();
  if (!brand) return null;
  const key = brandKeyFromName(brand) ?? `community-${createHash('sha1').update(brand).digest('hex').slice(0, 10)}`;
  const [found] = await tx
    .select({ id: brands.id, key: brands.key })
    .from(brands)
    .where(sql`lower(${brands.nameEn}) = lower(${brand}) OR ${brands.nameZh} = ${brand} OR ${brands.key} = ${key}`)
    .orderBy(brands.id)
    .limit(1);
  if (found) return found;
  const [made] = await tx.insert(brands).values({ key, nameZh: brand, nameEn: brand }).returning({ id: brands.id, key: brands.key });
  return made!;
}

/** The part's URL key as the catalogue makes them (MPN and brand key), with a suffix when taken. */
async function freeCode(tx: Tx, mpn: string, brandKey: string | null, submissionId: number): Promise<string> {
  const base = deriveMfgMpnCode(mpn, brandKey);
  const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.mfgMpnCode, base)).limit(1);
  return taken ? `${base.slice(0, 150)}_c${submissionId}` : base;
}

/** Accepts a pending proposal: the part enters the catalogue; returns its product id and code. */
export async function acceptSubmission(db: Db, store: FileStore, reviewerId: number, id: number, locale: Locale): Promise<{ id: number; productId: number; mfgMpnCode: string }> {
  // Read and parse the files first (outside the transaction); the snapshot cannot change.
  const [pre] = await db.select({ status: componentSubmissions.status, snapshot: componentSubmissions.snapshot }).from(componentSubmissions).where(eq(componentSubmissions.id, id)).limit(1);
  if (!pre) throw new AppError(Code.notFound, serverMessage('submissions.notFound', locale));
  if (pre.status !== 'pending') throw new AppError(Code.conflict, serverMessage('submissions.notPending', locale, { status: statusText(pre.status, locale) }));
  const snap = pre.snapshot as SubmissionSnapshot;
  const files = new Map<SnapshotAsset['kind'], { asset: SnapshotAsset; bytes: Uint8Array }>();
  for (const asset of snap.assets) {
    if (asset.kind === 'datasheet') continue;
    const bytes = await readKey(store, asset.fileKey);
    if (!bytes) throw new AppError(Code.badInput, serverMessage('submissions.fileMissing', locale, { name: asset.fileName }));
    files.set(asset.kind, { asset, bytes });
  }
  const symFile = files.get('symbol');
  const fpFile = files.get('footprint');
  if (!symFile || !fpFile) throw new AppError(Code.badInput, serverMessage('submissions.needSymbolFootprint', locale));
  const { symbol, problem: symProblem } = chosenSymbol(symFile.bytes, symFile.asset.fileName, snap.component.symbolName);
  if (!symbol) throw new AppError(Code.badInput, serverMessage('submissions.symbolUnreadable', locale, { reason: symProblem ?? '' }));
  const { footprint, problem: fpProblem } = readFootprint(fpFile.bytes, fpFile.asset.fileName);
  if (!footprint) throw new AppError(Code.badInput, serverMessage('submissions.footprintUnreadable', locale, { reason: fpProblem ?? '' }));
  const modelFile = files.get('model3d');
  const vrml = modelFile && modelFile.asset.format === 'wrl' ? modelFile : null;

  const result = await db.transaction(async (tx) => {
    const { snapshot, submitterId } = await lockPending(tx, id, locale);
    const c = snapshot.component;
    if (c.cateId === null) throw new AppError(Code.badInput, serverMessage('submissions.needCategory', locale));
    const [cate] = await tx.select({ id: categories.cateId }).from(categories).where(eq(categories.cateId, c.cateId)).limit(1);
    if (!cate) throw new AppError(Code.badInput, serverMessage('submissions.categoryMissing', locale));
    const source = SUBMISSION_SOURCE;
    const licence = snapshot.licence;
    const base = libraryItemName(c.mpn);

    // 3D model (VRML: bytes and preview mesh, as the 3D import stores them) under the community library.
    let modelKeyPath: string | null = null;
    if (vrml) {
      const modelName = await freeModelName(tx, base);
      const key = `${COMMUNITY_LIBRARY}.3dshapes/${modelName}.wrl`;
      await storeModels3d(tx as unknown as Db, [{ key, bytes: vrml.bytes }], { source, licence });
      modelKeyPath = `\${KICAD9_3DMODEL_DIR}/${key}`;
    }

    // Footprint: renamed into the community library, pointing at the stored model.
    const fpName = await freeName(tx, footprints, base);
    const fpContent = rewriteFootprint(fpFile.bytes, fpName, modelKeyPath);
    const fpParsed = parseFootprint(fpContent, `${fpName}.kicad_mod`).footprint ?? { ...footprint, name: fpName };
    const fpRow = { ...footprintRow(fpParsed, COMMUNITY_LIBRARY, fpContent, source), licence };
    const [fpIns] = await tx.insert(footprints).values(fpRow).returning({ id: footprints.id });

    // Symbol: flattened like the KiCad import, renamed, its Footprint field naming the new footprint.
    const symName = await freeName(tx, symbols, base);
    const renamed: KicadSymbol = {
      ...symbol,
      name: symName,
      footprint: `${COMMUNITY_LIBRARY}:${fpName}`,
      properties: symbol.properties.map((p) => (p.key === 'Footprint' ? { ...p, value: `${COMMUNITY_LIBRARY}:${fpName}` } : p)),
    };
    delete renamed.extends;
    const { pins, ...symRow } = { ...symbolRow(renamed, COMMUNITY_LIBRARY, source), licence, isTemplate: false };
    const [symIns] = await tx.insert(symbols).values(symRow).returning({ id: symbols.id });
    if (pins.length) await tx.insert(symbolPins).values(pins.map((p) => ({ symbolId: symIns!.id, ...p })));

    const brand = await brandFor(tx, c.brand);
    const brandId = brand?.id ?? null;
    const code = await freeCode(tx, c.mpn, brand?.key ?? null, id);
    const description = c.description.trim() || null;
    const datasheetUrl = c.datasheetUrl && /^https?:\/\/\S+$/i.test(c.datasheetUrl) ? c.datasheetUrl : null;
    const [prod] = await tx
      .insert(products)
      .values({
        mfgMpnCode: code,
        mpn: c.mpn,
        mpnNormalized: normalizeMpn(c.mpn),
        brandId,
        cateId: c.cateId,
        descriptionZh: description,
        descriptionEn: description,
        package: footprintPackage(`${COMMUNITY_LIBRARY}:${footprint.name}`) ?? null,
        datasheetUrl,
        symbolId: symIns!.id,
        footprintId: fpIns!.id,
        submittedBy: submitterId,
        source,
        licence,
      })
      .returning({ id: products.id });
    const productId = prod!.id;
    const params = c.params.filter((p) => /^[a-z][a-zA-Z0-9_]{0,63}$/.test(p.key) && (p.num !== null || p.value.trim() !== ''));
    if (params.length) {
      await tx.insert(productParams).values(
        params.map((p) => ({ productId, key: p.key, unit: p.num === null ? null : p.unit, valueNum: p.num, valueText: p.num === null ? p.value.trim().slice(0, 200) : null })),
      );
    }
    // The check it passed becomes the part's badge until the catalogue-wide check runs again.
    if (snapshot.check) {
      await tx
        .insert(productChecks)
        .values({ productId, quality: snapshot.check.quality, findings: snapshot.check.findings, version: snapshot.check.version })
        .onConflictDoNothing();
    }
    await tx.update(componentSubmissions).set({ status: 'accepted', reviewerId, reviewedAt: new Date(), productId }).where(eq(componentSubmissions.id, id));
    return { id, productId, mfgMpnCode: code, keys: snapshot.fileKeys ?? [] };
  });
  // The new part is searchable and listed at once (the index rebuilds on the next search).
  invalidateSearchIndex(db);
  invalidateCatalogCache(db);
  await releaseKeys(db, store, result.keys);
  return { id: result.id, productId: result.productId, mfgMpnCode: result.mfgMpnCode };
}

async function freeModelName(tx: Tx, base: string): Promise<string> {
  const prefix = `${COMMUNITY_LIBRARY}.3dshapes/`;
  const rows = await tx
    .select({ path: models3d.path })
    .from(models3d)
    .where(sql`${models3d.path} LIKE ${`${prefix}${base.replace(/[\\%_]/g, '\\$&')}%`}`);
  const taken = new Set(rows.map((r) => r.path.slice(prefix.length).replace(/\.wrl$/, '')));
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}

/** "Contributed by": the visible name of the user whose proposal became this part, or null. */
export async function contributorOf(db: Db, productId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: visibleName })
    .from(products)
    .innerJoin(users, eq(users.id, products.submittedBy))
    .where(eq(products.id, productId))
    .limit(1);
  return row?.name ?? null;
}
