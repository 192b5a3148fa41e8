import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories, modules, products } from './catalog.ts';
import { users } from './users.ts';

// The personal library (issue #16): collection folders and what they hold (catalogue parts and
// modules; the KiCad host's u/collect* calls read the same rows), the user's own category tree
// (for parts and own components, or for design blocks), own components with their uploaded
// KiCad assets and the cross-asset check, proposals to the public catalogue, design blocks, and
// the catalogue-wide check results behind the product pages' quality badge.

/** A collection folder. Each user has exactly one default folder (made on first use). */
export const collectFolders = pgTable(
  'collect_folders',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collect_folders_owner_name_idx').on(t.ownerId, t.name),
    uniqueIndex('collect_folders_one_default_idx')
      .on(t.ownerId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A collected catalogue part or module: once per user (moving changes its folder). Deleting a
 * folder moves its items to the default folder first (the FK refuses otherwise).
 */
export const collectItems = pgTable(
  'collect_items',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: integer('folder_id')
      .notNull()
      .references(() => collectFolders.id, { onDelete: 'restrict' }),
    /** 'part' | 'module'. */
    kind: text('kind').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id').references(() => modules.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collect_items_owner_product_idx')
      .on(t.ownerId, t.productId)
      .where(sql`${t.productId} IS NOT NULL`),
    uniqueIndex('collect_items_owner_module_idx')
      .on(t.ownerId, t.moduleId)
      .where(sql`${t.moduleId} IS NOT NULL`),
    index('collect_items_folder_idx').on(t.folderId, t.createdAt, t.id),
    index('collect_items_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
  ],
);

/**
 * The user's own category tree: three levels like the catalogue's. `scope` keeps two trees apart:
 * 'part' (catalogue parts and own components; /addComponentType) and 'block' (design blocks;
 * /addDesignBlockType). A share token opens the category read-only by link (cate/open).
 */
export const userCategories = pgTable(
  'user_categories',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull().default('part'),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    /** 1, 2 or 3. */
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
    /** Random, unguessable; null while not shared. */
    shareToken: text('share_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_categories_owner_idx').on(t.ownerId, t.scope, t.parentId),
    uniqueIndex('user_categories_share_idx')
      .on(t.shareToken)
      .where(sql`${t.shareToken} IS NOT NULL`),
  ],
);

/** A catalogue part or an own component placed in one of the user's categories (relate/*). */
export const userCategoryLinks = pgTable(
  'user_category_links',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => userCategories.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    componentId: integer('component_id').references(() => userComponents.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_category_links_product_idx')
      .on(t.categoryId, t.productId)
      .where(sql`${t.productId} IS NOT NULL`),
    uniqueIndex('user_category_links_component_idx')
      .on(t.categoryId, t.componentId)
      .where(sql`${t.componentId} IS NOT NULL`),
    index('user_category_links_owner_idx').on(t.ownerId, t.categoryId, t.createdAt),
  ],
);

/**
 * An own component: what the catalogue lacks, with the user's own symbol, footprint and 3D model.
 * The assets are rows of user_assets (their ids here); `check` is the last cross-asset check
 * (CheckResult, src/lib/library/library.ts) and `quality` its summary; `status` becomes 'ready'
 * only when that check found no error.
 */
export const userComponents = pgTable(
  'user_components',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mpn: text('mpn').notNull(),
    brand: text('brand').notNull().default(''),
    /** A catalogue category (level 3 preferred), for the parameter keys it offers. */
    cateId: integer('cate_id').references(() => categories.cateId, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    /** ComponentParam[] (library.ts): catalogue parameter keys with checked units. */
    params: jsonb('params').notNull().default(sql`'[]'::jsonb`),
    datasheetUrl: text('datasheet_url'),
    datasheetAssetId: integer('datasheet_asset_id'),
    symbolAssetId: integer('symbol_asset_id'),
    /** Which symbol of the uploaded .kicad_sym library this component uses. */
    symbolName: text('symbol_name'),
    footprintAssetId: integer('footprint_asset_id'),
    modelAssetId: integer('model_asset_id'),
    /** 'draft' | 'ready'. */
    status: text('status').notNull().default('draft'),
    /** Quality (library.ts): 'ok' | 'warnings' | 'errors' | 'unchecked'. */
    quality: text('quality').notNull().default('unchecked'),
    check: jsonb('check'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_components_owner_idx').on(t.ownerId, t.updatedAt, t.id), index('user_components_owner_mpn_idx').on(t.ownerId, t.mpn)],
);

/**
 * A file a user uploaded for an own component (asset/upload/list), kept in the file store by its
 * content key. Uploaded before or after the component exists; `componentId` is set when attached.
 */
export const userAssets = pgTable(
  'user_assets',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    componentId: integer('component_id').references(() => userComponents.id, { onDelete: 'set null' }),
    /** 'symbol' | 'footprint' | 'model3d' | 'datasheet'. */
    kind: text('kind').notNull(),
    /** 'kicad_sym' | 'kicad_mod' | 'wrl' | 'step' | 'pdf'. */
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** What reading the file found (symbol names and pin counts, pad count, KiCad version, mesh size…). */
    info: jsonb('info'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_assets_owner_idx').on(t.ownerId, t.createdAt), index('user_assets_component_idx').on(t.componentId), index('user_assets_file_key_idx').on(t.fileKey)],
);

/**
 * A proposal of an own component to the public catalogue (user/submitComp). An operator accepts
 * (the part enters `products` with `submitted_by`) or rejects it with a reason. `snapshot` is the
 * component as submitted, so later edits do not change what was reviewed.
 */
export const componentSubmissions = pgTable(
  'component_submissions',
  {
    id: serial('id').primaryKey(),
    componentId: integer('component_id').references(() => userComponents.id, { onDelete: 'set null' }),
    submitterId: integer('submitter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' | 'accepted' | 'rejected' | 'withdrawn'. */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('component_submissions_status_idx').on(t.status, t.createdAt), index('component_submissions_submitter_idx').on(t.submitterId, t.createdAt)],
);

/** The cross-asset check of a catalogue part (the product page's badge; `npm run check:catalog`). */
export const productChecks = pgTable(
  'product_checks',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    quality: text('quality').notNull(),
    /** Finding[] (library.ts). */
    findings: jsonb('findings').notNull(),
    /** CHECK_VERSION it was made with; an older one is re-run. */
    version: integer('version').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_checks_quality_idx').on(t.quality)],
);

/**
 * A design block (u/fragment*): a circuit snippet kept as a KiCad 9 design block (a .kicad_sch
 * and its metadata) in the file store, with a rendered SVG preview.
 */
export const designBlocks = pgTable(
  'design_blocks',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    /** A user category of scope 'block'. */
    categoryId: integer('category_id').references(() => userCategories.id, { onDelete: 'set null' }),
    schKey: text('sch_key').notNull(),
    schSize: bigint('sch_size', { mode: 'number' }).notNull(),
    previewKey: text('preview_key'),
    /** What reading the sheet found (symbols, wires, labels, the KiCad version). */
    info: jsonb('info'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('design_blocks_owner_idx').on(t.ownerId, t.updatedAt, t.id), index('design_blocks_sch_key_idx').on(t.schKey), index('design_blocks_preview_key_idx').on(t.previewKey)],
);

/** A file persisted for later use by a call (file/operation/persistence*), e.g. a block's sheet. */
export const persistedFiles = pgTable(
  'persisted_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    fileKey: text('file_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('persisted_files_owner_idx').on(t.ownerId, t.createdAt), index('persisted_files_file_key_idx').on(t.fileKey)],
);
