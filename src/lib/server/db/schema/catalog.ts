import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

// Category tree of SPEC §3: level 1-3 with Chinese and English names.
// The catalogue issue adds brands, products, parameters, symbols and footprints.
export const categories = pgTable(
  'categories',
  {
    cateId: integer('cate_id').primaryKey(),
    cateName: text('cate_name').notNull(),
    cateNameEn: text('cate_name_en').notNull(),
    level: integer('level').notNull(),
    parentId: integer('parent_id'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);
