import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { categoryName } from '../catalog/catalog.ts';
import { queryHeader } from '../catalog/filters.server.ts';
import { exampleValue } from '../catalog/filters.ts';
import { KICAD_LICENCE_NOTE } from '../catalog/product-files.server.ts';
import type { FileStore } from '../files/file-store.ts';
import { assembleZip, compressData, type CompressedData, type ZipChunks } from '../files/zip.ts';
import type { Locale } from '../i18n/i18n.ts';
import { parseFootprint } from '../kicad/footprint.ts';
import { parseSymbolLibrary } from '../kicad/symbol-lib.ts';
import { writeSymbolLibrary } from '../kicad/symbol-write.ts';
import { escapeLike } from '../search/search.ts';
import type { Db } from '../server/db/client.server.ts';
import { categories, userAssets, userCategories, userCategoryLinks, userComponents, users } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage, type ServerMessageKey } from '../server/messages/server-message.ts';
import { checkComponentAssets } from './asset-check.ts';
import { assetBytes, assetsOfComponent, assetText, ownedAssets, releaseAssets, type AssetRow } from './assets.server.ts';
import type { SymbolInfo } from './assets.ts';
import { findingText } from './check-messages.ts';
import { COMPONENT_PARAM_SPECS, paramDisplay, paramName, parseComponentParams, specOfColumn, type ParamProblem, type ParamSpec } from './component-params.ts';
import type { AssetOut, ComponentDetail, ComponentList, ComponentListQuery, ComponentSave, ComponentSummary, ParamKeys } from './components.schema.ts';
import { BRAND_MAX_CHARS, cleanText, isWebLink, MPN_MAX_CHARS, safeFileBase, type ComponentStatus } from './components.ts';
import { LIBRARY_LIMITS, type AssetKind, type CheckResult, type ComponentParam, type Finding, type Quality } from './library.ts';

// Own components (issue #16 item 3): the caller's list, create/update with the cross-asset check
// (asset-check.ts) stored with its quality, delete (the asset files released), one component with
// its findings in plain sentences, and the KiCad zip in the catalogue's layout. Another user's
// component or asset answers exactly like a missing one (40400), guessed ids included.

type Row = typeof userComponents.$inferSelect;

const API = '/api/chiplet/u';
export const notFound = (locale: Locale) => new AppError(Code.notFound, serverMessage('components.notFound', locale));
const bad = (key: ServerMessageKey, locale: Locale, vars: Record<string, string | number> = {}) => new AppError(Code.badInput, serverMessage(key, locale, vars));
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The user's component, or 40400 (missing and someone else's alike). */
async function ownedRow(db: Db, ownerId: number, id: number, locale: Locale): Promise<Row> {
  const [row] = await db
    .select()
    .from(userComponents)
    .where(and(eq(userComponents.id, id), eq(userComponents.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound(locale);
  return row;
}

/** Ids of an own category of scope 'part' and its descendants (three levels), or 40400. */
async function ownCategoryIds(db: Db, ownerId: number, categoryId: number, locale: Locale): Promise<number[]> {
  const mine = and(eq(userCategories.ownerId, ownerId), eq(userCategories.scope, 'part'));
  const [root] = await db
    .select({ id: userCategories.id })
    .from(userCategories)
    .where(and(mine, eq(userCategories.id, categoryId)))
    .limit(1);
  if (!root) throw new AppError(Code.notFound, serverMessage('components.ownCategory', locale));
  const ids = [root.id];
  let frontier = [root.id];
  for (let level = 1; level < LIBRARY_LIMITS.categoryDepth && frontier.length > 0; level++) {
    const kids = await db
      .select({ id: userCategories.id })
      .from(userCategories)
      .where(and(mine, inArray(userCategories.parentId, frontier)));
    frontier = kids.map((k) => k.id);
    ids.push(...frontier);
  }
  return ids;
}

const summaryColumns = {
  id: userComponents.id,
  mpn: userComponents.mpn,
  brand: userComponents.brand,
  cateId: userComponents.cateId,
  description: userComponents.description,
  quality: userComponents.quality,
  status: userComponents.status,
  updatedAt: userComponents.updatedAt,
  symbolAssetId: userComponents.symbolAssetId,
  footprintAssetId: userComponents.footprintAssetId,
  modelAssetId: userComponents.modelAssetId,
  datasheetAssetId: userComponents.datasheetAssetId,
  datasheetUrl: userComponents.datasheetUrl,
  cateName: categories.cateName,
  cateNameEn: categories.cateNameEn,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & Pick<Row, 'id' | 'mpn' | 'brand' | 'cateId' | 'description' | 'quality' | 'status' | 'updatedAt' | 'symbolAssetId' | 'footprintAssetId' | 'modelAssetId' | 'datasheetAssetId' | 'datasheetUrl'> & { cateName: string | null; cateNameEn: string | null };

function toSummary(r: SummaryRow, locale: Locale, descriptionChars: number | null = 200): ComponentSummary {
  return {
    id: r.id,
    mpn: r.mpn,
    brand: r.brand,
    cateId: r.cateId,
    cate: r.cateName !== null ? categoryName({ cateName: r.cateName, cateNameEn: r.cateNameEn ?? '' }, locale) : null,
    description: descriptionChars === null ? r.description : [...r.description].slice(0, descriptionChars).join(''),
    quality: r.quality as Quality,
    status: r.status as ComponentStatus,
    updatedAt: iso(r.updatedAt),
    assets: { symbol: r.symbolAssetId !== null, footprint: r.footprintAssetId !== null, model3d: r.modelAssetId !== null, datasheet: r.datasheetAssetId !== null || Boolean(r.datasheetUrl) },
  };
}

export async function listComponents(db: Db, ownerId: number, q: ComponentListQuery, locale: Locale): Promise<ComponentList> {
  const where: SQL[] = [eq(userComponents.ownerId, ownerId)];
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    // One ILIKE over the three fields joined (a newline cannot be typed into the one-line keyword): a third of the work of three.
    where.push(sql`(${userComponents.mpn} || E'\n' || ${userComponents.brand} || E'\n' || ${userComponents.description}) ilike ${like}`);
  }
  if (q.quality) where.push(eq(userComponents.quality, q.quality));
  if (q.categoryId !== undefined) {
    const ids = await ownCategoryIds(db, ownerId, q.categoryId, locale);
    // A semi-join the planner can hash (the category's links are read once, by the owner's index).
    where.push(
      inArray(
        userComponents.id,
        db
          .select({ id: userCategoryLinks.componentId })
          .from(userCategoryLinks)
          .where(and(eq(userCategoryLinks.ownerId, ownerId), inArray(userCategoryLinks.categoryId, ids), isNotNull(userCategoryLinks.componentId))),
      ),
    );
  }
  const filter = and(...where);
  if (keyword) {
    // A keyword reads every row of the user's once: the total comes with the page (one scan, not two).
    const rows = await db
      .select({ ...summaryColumns, total: sql<number>`count(*) over ()` })
      .from(userComponents)
      .leftJoin(categories, eq(categories.cateId, userComponents.cateId))
      .where(filter)
      .orderBy(desc(userComponents.updatedAt), desc(userComponents.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    const total = rows.length > 0 ? Number(rows[0]!.total) : q.pageNum === 1 ? 0 : Number((await db.select({ n: count() }).from(userComponents).where(filter))[0]?.n ?? 0);
    return { list: rows.map((r) => toSummary(r as SummaryRow, locale)), total };
  }
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(userComponents)
      .leftJoin(categories, eq(categories.cateId, userComponents.cateId))
      .where(filter)
      .orderBy(desc(userComponents.updatedAt), desc(userComponents.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(userComponents).where(filter),
  ]);
  return { list: rows.map((r) => toSummary(r as SummaryRow, locale)), total: Number(totals[0]?.n ?? 0) };
}

// ── Parameters ──────────────────────────────────────────────────────────────

/** The parameter keys a catalogue category's parts use (queryHeader's columns, cached there). */
async function categoryColumns(db: Db, cateId: number, locale: Locale) {
  try {
    return (await queryHeader(db, cateId, locale)).columns;
  } catch (e) {
    if (e instanceof AppError && e.code === Code.notFound) throw bad('components.noCategory', locale, { cateId });
    throw e;
  }
}

/** For the editor: every allowed key with its unit, the category's own keys first. */
export async function paramKeys(db: Db, cateId: number | undefined, locale: Locale): Promise<ParamKeys> {
  const columns = cateId !== undefined ? await categoryColumns(db, cateId, locale) : [];
  const inCategory = new Map(columns.map((c) => [c.key, c]));
  const specs = new Map<string, ParamSpec>(COMPONENT_PARAM_SPECS);
  for (const c of columns) if (!specs.has(c.key)) specs.set(c.key, specOfColumn(c));
  const list = [...specs.values()].map((s) => {
    const col = inCategory.get(s.key);
    const example = col?.kind === 'number' ? exampleValue(col.min, s.unit) || null : (col?.values?.[0]?.value ?? null);
    return { key: s.key, name: paramName(s.key, locale), unit: s.unit, kind: s.kind, inCategory: inCategory.has(s.key), example };
  });
  list.sort((a, b) => Number(b.inCategory) - Number(a.inCategory));
  return { list };
}

function paramError(p: ParamProblem, locale: Locale): AppError {
  const name = paramName(p.key, locale);
  switch (p.code) {
    case 'unknownKey':
      return bad('components.param.unknownKey', locale, { key: p.key });
    case 'duplicate':
      return bad('components.param.duplicate', locale, { name });
    case 'badText':
      return bad('components.param.badText', locale, { name, max: p.max });
    default:
      return bad(p.code === 'badUnit' ? 'components.param.badUnit' : 'components.param.badValue', locale, { name, value: p.value, unit: p.unit });
  }
}

// ── Save ────────────────────────────────────────────────────────────────────

type Slots = { symbol: AssetRow | null; footprint: AssetRow | null; model3d: AssetRow | null; datasheet: AssetRow | null };
const SLOT_COLUMN = { symbol: 'symbolAssetId', footprint: 'footprintAssetId', model3d: 'modelAssetId', datasheet: 'datasheetAssetId' } as const satisfies Record<AssetKind, keyof ComponentSave>;
const KIND_NAME: Record<AssetKind, Record<Locale, string>> = {
  symbol: { zh: 'KiCad 符号库（.kicad_sym）', en: 'a KiCad symbol library (.kicad_sym)' },
  footprint: { zh: 'KiCad 封装（.kicad_mod）', en: 'a KiCad footprint (.kicad_mod)' },
  model3d: { zh: '3D 模型（.wrl / .step）', en: 'a 3D model (.wrl / .step)' },
  datasheet: { zh: 'PDF 数据手册', en: 'a PDF datasheet' },
};

/** The slots' assets: the caller's, of the right kind; a missing or foreign id is 40400. */
async function resolveSlots(db: Db, ownerId: number, ids: Record<AssetKind, number | null>, locale: Locale): Promise<Slots> {
  const wanted = Object.values(ids).filter((v): v is number => v !== null);
  const rows = new Map((await ownedAssets(db, ownerId, wanted)).map((r) => [r.id, r]));
  const slot = (kind: AssetKind): AssetRow | null => {
    const id = ids[kind];
    if (id === null) return null;
    const row = rows.get(id);
    if (!row) throw new AppError(Code.notFound, serverMessage('components.assetNotFound', locale, { id }));
    if (row.kind !== kind) throw bad('components.assetKind', locale, { name: row.fileName, expected: KIND_NAME[kind][locale] });
    return row;
  };
  return { symbol: slot('symbol'), footprint: slot('footprint'), model3d: slot('model3d'), datasheet: slot('datasheet') };
}

/** Runs the cross-asset check over the slots' files. */
export async function runCheck(store: FileStore, mpn: string, slots: Slots, symbolName: string | null, locale: Locale): Promise<CheckResult> {
  const [symbol, footprint, model] = await Promise.all([
    slots.symbol ? assetText(store, slots.symbol, locale) : null,
    slots.footprint ? assetText(store, slots.footprint, locale) : null,
    slots.model3d ? assetBytes(store, slots.model3d, locale) : null,
  ]);
  return checkComponentAssets({
    mpn,
    symbol: symbol !== null ? { text: symbol, name: symbolName } : null,
    footprint: footprint !== null ? { text: footprint } : null,
    model: model && slots.model3d ? { bytes: model, name: slots.model3d.fileName, format: slots.model3d.format === 'step' ? 'step' : 'wrl' } : null,
  });
}

const textField = (value: string | undefined, fallback: string, max: number, field: string, locale: Locale, multiline = false): string => {
  if (value === undefined) return fallback;
  const v = cleanText(value, max, { multiline, allowEmpty: true });
  if (v === null) throw bad('components.text', locale, { field, max });
  return v;
};

/**
 * Creates or changes a component. Every field is checked first (nothing is written on a bad one);
 * then the check runs and is stored. 'ready' with an error in the check saves a draft and says so
 * in readyRefused. Assets newly placed are attached; those replaced are released.
 */
export async function saveComponent(db: Db, store: FileStore, ownerId: number, body: ComponentSave, locale: Locale, now = new Date()): Promise<ComponentDetail> {
  const existing = body.id !== undefined ? await ownedRow(db, ownerId, body.id, locale) : null;
  const mpn = cleanText(body.mpn, MPN_MAX_CHARS);
  if (mpn === null) throw bad('components.mpn', locale, { max: MPN_MAX_CHARS });
  const brand = textField(body.brand, existing?.brand ?? '', BRAND_MAX_CHARS, locale === 'en' ? 'Brand' : '品牌', locale);
  const description = textField(body.description, existing?.description ?? '', LIBRARY_LIMITS.descriptionMaxChars, locale === 'en' ? 'Description' : '描述', locale, true);
  const cateId = body.cateId !== undefined ? body.cateId : (existing?.cateId ?? null);
  const columns = cateId !== null ? await categoryColumns(db, cateId, locale) : [];
  let params = (existing?.params as ComponentParam[] | undefined) ?? [];
  if (body.params !== undefined) {
    if (body.params.length > LIBRARY_LIMITS.paramsPerComponent) throw bad('components.param.tooMany', locale, { max: LIBRARY_LIMITS.paramsPerComponent });
    const parsed = parseComponentParams(body.params, new Map(columns.map((c) => [c.key, specOfColumn(c)])));
    if (!parsed.ok) throw paramError(parsed.problem, locale);
    params = parsed.params;
  }
  let datasheetUrl = existing?.datasheetUrl ?? null;
  if (body.datasheetUrl !== undefined) {
    const url = body.datasheetUrl?.trim() ?? '';
    if (url !== '' && !isWebLink(url)) throw bad('components.datasheetUrl', locale);
    datasheetUrl = url === '' ? null : url;
  }
  const pick = (kind: AssetKind): number | null => {
    const given = body[SLOT_COLUMN[kind]];
    return given !== undefined ? given : (existing?.[SLOT_COLUMN[kind]] ?? null);
  };
  const slots = await resolveSlots(db, ownerId, { symbol: pick('symbol'), footprint: pick('footprint'), model3d: pick('model3d'), datasheet: pick('datasheet') }, locale);
  let symbolName = body.symbolName !== undefined ? (body.symbolName?.trim() || null) : (existing?.symbolName ?? null);
  if (slots.symbol) {
    const names = ((slots.symbol.info as SymbolInfo | null)?.symbols ?? []).map((s) => s.name);
    if (symbolName !== null && !names.includes(symbolName)) {
      // A new library without the old name: its first symbol, unless the caller named one.
      if (body.symbolName !== undefined && body.symbolName !== null) throw bad('components.symbolName', locale, { name: slots.symbol.fileName, symbol: symbolName.slice(0, 100) });
      symbolName = null;
    }
    symbolName ??= names[0] ?? null;
  } else symbolName = null;

  if (!existing) {
    const [n] = await db.select({ n: count() }).from(userComponents).where(eq(userComponents.ownerId, ownerId));
    if (Number(n?.n ?? 0) >= LIBRARY_LIMITS.componentsPerUser) throw bad('components.tooMany', locale, { max: LIBRARY_LIMITS.componentsPerUser });
  }

  const check = await runCheck(store, mpn, slots, symbolName, locale);
  const wanted = body.status ?? (existing?.status as ComponentStatus | undefined) ?? 'draft';
  const refused = wanted === 'ready' && check.quality === 'errors';
  const values = {
    mpn,
    brand,
    cateId,
    description,
    params,
    datasheetUrl,
    datasheetAssetId: slots.datasheet?.id ?? null,
    symbolAssetId: slots.symbol?.id ?? null,
    symbolName,
    footprintAssetId: slots.footprint?.id ?? null,
    modelAssetId: slots.model3d?.id ?? null,
    status: refused ? 'draft' : wanted,
    quality: check.quality,
    check,
    checkedAt: now,
    updatedAt: now,
  };
  const placed = [slots.symbol, slots.footprint, slots.model3d, slots.datasheet].filter((a): a is AssetRow => a !== null).map((a) => a.id);
  const id = await db.transaction(async (tx) => {
    let componentId: number;
    if (existing) {
      await tx.update(userComponents).set(values).where(eq(userComponents.id, existing.id));
      componentId = existing.id;
    } else {
      const [row] = await tx
        .insert(userComponents)
        .values({ ownerId, ...values })
        .returning({ id: userComponents.id });
      componentId = row!.id;
    }
    if (placed.length > 0) await tx.update(userAssets).set({ componentId }).where(and(eq(userAssets.ownerId, ownerId), inArray(userAssets.id, placed)));
    return componentId;
  });
  // Files this component held and no longer uses (a replaced footprint) go, with their bytes if unshared.
  const stale = (await assetsOfComponent(db, id)).filter((a) => !placed.includes(a.id));
  await releaseAssets(db, store, stale);
  const detail = await getComponent(db, ownerId, id, locale);
  if (refused) {
    const errors = detail.check.findings.filter((f) => f.severity === 'error');
    detail.readyRefused = { msg: serverMessage('components.readyRefused', locale, { count: errors.length }), findings: errors };
  }
  return detail;
}

/** Places freshly uploaded assets in their kinds' slots (the last of each kind) and re-runs the check. */
export async function attachUploads(db: Db, store: FileStore, ownerId: number, componentId: number, uploaded: readonly { id: number; kind: AssetKind }[], locale: Locale): Promise<ComponentDetail> {
  const row = await ownedRow(db, ownerId, componentId, locale);
  const patch: Partial<ComponentSave> = {};
  for (const a of uploaded) patch[SLOT_COLUMN[a.kind]] = a.id;
  return saveComponent(db, store, ownerId, { id: row.id, mpn: row.mpn, status: row.status as ComponentStatus, ...patch }, locale);
}

export async function deleteComponent(db: Db, store: FileStore, ownerId: number, id: number, locale: Locale): Promise<{ id: number }> {
  const row = await ownedRow(db, ownerId, id, locale);
  const assets = await assetsOfComponent(db, row.id);
  await db.delete(userComponents).where(and(eq(userComponents.id, row.id), eq(userComponents.ownerId, ownerId)));
  await releaseAssets(db, store, assets);
  return { id: row.id };
}

/** Checks that the component is the caller's before anything is stored for it. */
export async function assertOwnComponent(db: Db, ownerId: number, id: number, locale: Locale): Promise<void> {
  await ownedRow(db, ownerId, id, locale);
}

// ── One component ───────────────────────────────────────────────────────────

const assetOut = (a: AssetRow | undefined): AssetOut | null =>
  a ? { id: a.id, kind: a.kind as AssetKind, format: a.format as AssetOut['format'], fileName: a.fileName, size: a.size, info: (a.info as Record<string, unknown> | null) ?? null, url: `${API}/asset/file?id=${a.id}` } : null;

const withText = (findings: readonly Finding[], locale: Locale) => findings.map((f) => ({ ...f, text: findingText(f, locale) }));

export async function getComponent(db: Db, ownerId: number, id: number, locale: Locale): Promise<ComponentDetail> {
  const [r] = await db
    .select({ ...summaryColumns, row: userComponents })
    .from(userComponents)
    .leftJoin(categories, eq(categories.cateId, userComponents.cateId))
    .where(and(eq(userComponents.id, id), eq(userComponents.ownerId, ownerId)))
    .limit(1);
  if (!r) throw notFound(locale);
  const row = r.row;
  const ids = [row.symbolAssetId, row.footprintAssetId, row.modelAssetId, row.datasheetAssetId].filter((v): v is number => v !== null);
  const assets = new Map((await ownedAssets(db, ownerId, ids)).map((a) => [a.id, a]));
  const get = (v: number | null) => (v === null ? undefined : assets.get(v));
  const symbol = get(row.symbolAssetId);
  const footprint = get(row.footprintAssetId);
  const model = get(row.modelAssetId);
  const check = row.check as CheckResult | null;
  const q = `userCompId=${row.id}`;
  const v = (a: AssetRow | undefined) => (a ? `&v=${a.fileKey.slice(0, 12)}` : '');
  return {
    ...toSummary(r as SummaryRow, locale, null),
    params: ((row.params as ComponentParam[]) ?? []).map((p) => ({ ...p, name: paramName(p.key, locale), display: paramDisplay(p) })),
    datasheetUrl: row.datasheetUrl,
    symbolName: row.symbolName,
    symbol: assetOut(symbol),
    footprint: assetOut(footprint),
    model3d: assetOut(model),
    datasheet: assetOut(get(row.datasheetAssetId)),
    check: {
      quality: row.quality as Quality,
      findings: withText(check?.findings ?? [], locale),
      checkedAt: row.checkedAt ? iso(row.checkedAt) : null,
      ms: check?.ms ?? null,
      version: check?.version ?? null,
    },
    previews: {
      symbolSvg: symbol ? `${API}/comp/symbolSvg?${q}${v(symbol)}&s=${encodeURIComponent(row.symbolName ?? '')}` : null,
      footprintSvg: footprint ? `${API}/comp/footprintSvg?${q}${v(footprint)}` : null,
      model3d: model && model.format === 'wrl' ? `${API}/comp/model3d?${q}${v(model)}${footprint ? `&f=${footprint.fileKey.slice(0, 12)}` : ''}` : null,
      download: symbol || footprint ? `${API}/comp/download?${q}` : null,
    },
    createdAt: iso(row.createdAt),
  };
}

/** The component's row and its slot assets, for previews and downloads (owner only). */
export async function componentAssets(db: Db, ownerId: number, id: number, locale: Locale): Promise<{ row: Row; slots: Slots }> {
  const row = await ownedRow(db, ownerId, id, locale);
  const ids = { symbol: row.symbolAssetId, footprint: row.footprintAssetId, model3d: row.modelAssetId, datasheet: row.datasheetAssetId };
  return { row, slots: await resolveSlots(db, ownerId, ids, locale) };
}

/** One of the caller's uploaded files, or 40400. */
export async function ownedAsset(db: Db, ownerId: number, id: number, locale: Locale): Promise<AssetRow> {
  const [a] = await ownedAssets(db, ownerId, [id]);
  if (!a) throw new AppError(Code.notFound, serverMessage('components.assetNotFound', locale, { id }));
  return a;
}

// ── Download ────────────────────────────────────────────────────────────────

/**
 * The KiCad zip in the catalogue's layout (product-files.server.ts partZip): <MPN>/<MPN>.kicad_sym
 * with the chosen symbol, <MPN>/<MPN>.pretty/<footprint>.kicad_mod, <MPN>/3d/<model>, and
 * <MPN>/LICENSE.txt saying where the files come from.
 */
export async function componentZip(db: Db, store: FileStore, ownerId: number, id: number, locale: Locale): Promise<{ fileName: string; zip: ZipChunks }> {
  const { row, slots } = await componentAssets(db, ownerId, id, locale);
  if (!slots.symbol && !slots.footprint) throw new AppError(Code.notFound, serverMessage('components.download.empty', locale));
  const base = safeFileBase(row.mpn);
  const entries: { name: string; data: CompressedData }[] = [];
  let symbolLine = 'none';
  if (slots.symbol) {
    const lib = parseSymbolLibrary(await assetBytes(store, slots.symbol, locale), slots.symbol.fileName);
    const sym = lib.symbols.find((s) => s.name === row.symbolName) ?? lib.symbols[0];
    if (sym) {
      entries.push({ name: `${base}/${base}.kicad_sym`, data: compressData(writeSymbolLibrary([sym])) });
      symbolLine = `${sym.name} (from ${slots.symbol.fileName})`;
    }
  }
  let footprintLine = 'none';
  if (slots.footprint) {
    const text = await assetText(store, slots.footprint, locale);
    const name = parseFootprint(text, slots.footprint.fileName).footprint?.name || slots.footprint.fileName.replace(/\.kicad_mod$/i, '');
    entries.push({ name: `${base}/${base}.pretty/${safeFileBase(name)}.kicad_mod`, data: compressData(text) });
    footprintLine = `${name} (from ${slots.footprint.fileName})`;
  }
  let modelNote = '';
  if (slots.model3d) {
    const file = safeFileBase(slots.model3d.fileName);
    entries.push({ name: `${base}/3d/${file}`, data: compressData(await assetBytes(store, slots.model3d, locale)) });
    modelNote = `\n3D model: 3d/${file}. Point the footprint's 3D model at this file if KiCad does not find the path the footprint names.\n`;
  }
  const [owner] = await db.select({ name: sql<string>`coalesce(${users.nickname}, ${users.username})` }).from(users).where(eq(users.id, ownerId));
  const readme = `${row.mpn} — KiCad files of an own component in Chipedia (芯百科)\n\nSymbol: ${symbolLine}\nFootprint: ${footprintLine}\nSource: uploaded by ${owner?.name ?? 'a user'}; status ${row.status}, asset check ${row.quality}.\n${modelNote}\nFiles taken from the KiCad libraries keep their licence:\n${KICAD_LICENCE_NOTE}`;
  entries.push({ name: `${base}/LICENSE.txt`, data: compressData(readme) });
  return { fileName: `${base}.zip`, zip: assembleZip(entries) };
}

