import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../i18n/i18n.ts';
import type { Db } from '../server/db/client.server.ts';
import { moduleCategories, modules } from '../server/db/schema/index.ts';
import { AppError, Code } from '../server/errors.ts';
import { serverMessage } from '../server/messages/server-message.ts';

// The module catalogue of SPEC §7 (/api_module/*) over the modules and module_categories tables.
// Modules arrive with real data only; until then every call answers correct empty results.

export type ModuleCategory = { id: number; name: string; nameZh: string; nameEn: string; sort: number; moduleCount: number };
export type ModuleItem = {
  id: number;
  categoryId: number | null;
  name: string;
  nameZh: string;
  nameEn: string | null;
  description: string | null;
  descriptionZh: string | null;
  descriptionEn: string | null;
  mfgMpnCode: string | null;
  hasSymbol: boolean;
  hasFootprint: boolean;
  source: string;
  licence: string;
};
export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/** The "all" and "list" calls are not paginated by name; they stop here. */
export const MODULE_LIST_CAP = 500;

const columns = {
  id: modules.id,
  categoryId: modules.categoryId,
  name: modules.name,
  nameEn: modules.nameEn,
  description: modules.description,
  descriptionEn: modules.descriptionEn,
  mfgMpnCode: modules.mfgMpnCode,
  symbolId: modules.symbolId,
  footprintId: modules.footprintId,
  source: modules.source,
  licence: modules.licence,
};
type Row = {
  id: number;
  categoryId: number | null;
  name: string;
  nameEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  mfgMpnCode: string | null;
  symbolId: number | null;
  footprintId: number | null;
  source: string;
  licence: string;
};

function shape(r: Row, locale: Locale): ModuleItem {
  return {
    id: r.id,
    categoryId: r.categoryId,
    name: locale === 'en' && r.nameEn ? r.nameEn : r.name,
    nameZh: r.name,
    nameEn: r.nameEn,
    description: (locale === 'en' ? r.descriptionEn || r.description : r.description || r.descriptionEn) ?? null,
    descriptionZh: r.description,
    descriptionEn: r.descriptionEn,
    mfgMpnCode: r.mfgMpnCode,
    hasSymbol: r.symbolId !== null,
    hasFootprint: r.footprintId !== null,
    source: r.source,
    licence: r.licence,
  };
}

/** LIKE pattern with the user's % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function nameLike(name: string): SQL | undefined {
  const n = name.trim();
  if (n === '') return undefined;
  const p = likePattern(n);
  return or(ilike(modules.name, p), ilike(modules.nameEn, p));
}

export async function listModuleCategories(db: Db, locale: Locale): Promise<ModuleCategory[]> {
  const rows = await db
    .select({ id: moduleCategories.id, name: moduleCategories.name, nameEn: moduleCategories.nameEn, sort: moduleCategories.sort, n: sql<number>`count(${modules.id})::int` })
    .from(moduleCategories)
    .leftJoin(modules, eq(modules.categoryId, moduleCategories.id))
    .groupBy(moduleCategories.id)
    .orderBy(asc(moduleCategories.sort), asc(moduleCategories.id));
  return rows.map((r) => ({ id: r.id, name: locale === 'en' && r.nameEn ? r.nameEn : r.name, nameZh: r.name, nameEn: r.nameEn, sort: r.sort, moduleCount: Number(r.n) }));
}

async function pageOf(db: Db, where: SQL | undefined, pageNum: number, pageSize: number, locale: Locale): Promise<Page<ModuleItem>> {
  const [rows, totals] = await Promise.all([
    db.select(columns).from(modules).where(where).orderBy(asc(modules.name), asc(modules.id)).limit(pageSize).offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(modules).where(where),
  ]);
  return { list: rows.map((r) => shape(r, locale)), total: Number(totals[0]?.n ?? 0), pageNum, pageSize };
}

async function allOf(db: Db, where: SQL | undefined, locale: Locale): Promise<ModuleItem[]> {
  const rows = await db.select(columns).from(modules).where(where).orderBy(asc(modules.name), asc(modules.id)).limit(MODULE_LIST_CAP);
  return rows.map((r) => shape(r, locale));
}

export function modulesPageByName(db: Db, name: string, pageNum: number, pageSize: number, locale: Locale) {
  return pageOf(db, nameLike(name), pageNum, pageSize, locale);
}

export function modulesAllByName(db: Db, name: string, locale: Locale) {
  return allOf(db, nameLike(name), locale);
}

async function requireCategory(db: Db, categoryId: number, locale: Locale): Promise<void> {
  const r = await db.select({ id: moduleCategories.id }).from(moduleCategories).where(eq(moduleCategories.id, categoryId)).limit(1);
  if (r.length === 0) throw new AppError(Code.notFound, serverMessage('modules.noCategory', locale, { id: categoryId }));
}

export async function modulesListByCategory(db: Db, categoryId: number, locale: Locale, name = '') {
  await requireCategory(db, categoryId, locale);
  return allOf(db, and(eq(modules.categoryId, categoryId), nameLike(name)), locale);
}

export async function modulesPageByCategory(db: Db, categoryId: number, pageNum: number, pageSize: number, locale: Locale, name = '') {
  await requireCategory(db, categoryId, locale);
  return pageOf(db, and(eq(modules.categoryId, categoryId), nameLike(name)), pageNum, pageSize, locale);
}

export async function moduleDetail(db: Db, id: number, locale: Locale): Promise<ModuleItem> {
  const rows = await db.select(columns).from(modules).where(eq(modules.id, id)).limit(1);
  const r = rows[0];
  if (!r) throw new AppError(Code.notFound, serverMessage('modules.noModule', locale, { id }));
  return shape(r, locale);
}
