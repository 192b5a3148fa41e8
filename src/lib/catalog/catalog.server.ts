import { asc } from 'drizzle-orm';
import type { Db } from '../server/db/client.server.ts';
import { categories } from '../server/db/schema/index.ts';
import type { CategoryNode } from './catalog.ts';

/** Every category, parents before children, in display order. */
export async function listCategories(db: Db): Promise<CategoryNode[]> {
  return db
    .select({
      cateId: categories.cateId,
      cateName: categories.cateName,
      cateNameEn: categories.cateNameEn,
      level: categories.level,
      parentId: categories.parentId,
    })
    .from(categories)
    .orderBy(asc(categories.level), asc(categories.sort), asc(categories.cateId));
}
