import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from './column-types.ts';

// The catalogue (DESIGN.md §Data). Every imported row keeps its source and licence.
// Indexes are designed for the search issue's queries: exact / prefix / fuzzy MPN, category and
// brand facets, parametric range filters.

/** Category tree of SPEC §3: level 1-3 with Chinese and English names. */
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

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    country: text('country'),
    website: text('website'),
  },
  (t) => [uniqueIndex('brands_key_idx').on(t.key)],
);

/** KiCad symbols, flattened (no `extends`), kept as KiCad text so downloads are lossless. */
export const symbols = pgTable(
  'symbols',
  {
    id: serial('id').primaryKey(),
    library: text('library').notNull(),
    name: text('name').notNull(),
    /** The symbol's S-expression, self-contained. */
    content: text('content').notNull(),
    unitCount: integer('unit_count').notNull().default(1),
    pinCount: integer('pin_count').notNull().default(0),
    hasDeMorgan: boolean('has_demorgan').notNull().default(false),
    /** Generic symbols (R, C, connectors…) are templates, not products. */
    isTemplate: boolean('is_template').notNull().default(false),
    description: text('description'),
    keywords: text('keywords'),
    footprintFilters: text('footprint_filters'),
    source: text('source').notNull(),
    licence: text('licence').notNull(),
  },
  (t) => [uniqueIndex('symbols_lib_name_idx').on(t.library, t.name)],
);

/** Pins, stored for pin-compatibility lookups. */
export const symbolPins = pgTable(
  'symbol_pins',
  {
    symbolId: integer('symbol_id')
      .notNull()
      .references(() => symbols.id, { onDelete: 'cascade' }),
    unit: integer('unit').notNull(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    electricalType: text('electrical_type').notNull(),
  },
  (t) => [index('symbol_pins_symbol_idx').on(t.symbolId)],
);

export const footprints = pgTable(
  'footprints',
  {
    id: serial('id').primaryKey(),
    library: text('library').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    description: text('description'),
    tags: text('tags'),
    padCount: integer('pad_count').notNull().default(0),
    smd: boolean('smd').notNull().default(false),
    /** 3D model path as the footprint names it (e.g. ${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8.wrl). */
    model3dPath: text('model3d_path'),
    source: text('source').notNull(),
    licence: text('licence').notNull(),
  },
  (t) => [uniqueIndex('footprints_lib_name_idx').on(t.library, t.name)],
);

/**
 * 3D model files of the KiCad 3D library (packages3D), keyed by the path footprints name them by
 * without the `${KICAD*_3DMODEL_DIR}/` prefix. VRML files keep their bytes (brotli) for downloads
 * and a preview mesh (CPM1, src/lib/viewer3d/mesh-format.ts) made once at import; STEP files are
 * only recorded (no STEP reader here).
 */
export const models3d = pgTable(
  'models3d',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    format: text('format').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    licence: text('licence').notNull(),
    /** The original file, brotli-compressed; null when only recorded. */
    content: bytea('content'),
    /** Preview mesh in millimetres (CPM1); null for STEP or a file that could not be read. */
    mesh: bytea('mesh'),
    /** Why no mesh could be made (parser message with line), for the import report. */
    meshError: text('mesh_error'),
    /** Content hash: the preview's ETag part, changes when the file is re-imported with new bytes. */
    sha256: text('sha256'),
  },
  (t) => [uniqueIndex('models3d_path_idx').on(t.path)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Stable, URL-safe key: /productDetail/{mfgMpnCode}. */
    mfgMpnCode: text('mfg_mpn_code').notNull(),
    mpn: text('mpn').notNull(),
    mpnNormalized: text('mpn_normalized').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    cateId: integer('cate_id').references(() => categories.cateId),
    descriptionZh: text('description_zh'),
    descriptionEn: text('description_en'),
    package: text('package'),
    datasheetUrl: text('datasheet_url'),
    lifecycle: text('lifecycle').notNull().default('unknown'),
    keywords: text('keywords'),
    symbolId: integer('symbol_id').references(() => symbols.id, { onDelete: 'set null' }),
    footprintId: integer('footprint_id').references(() => footprints.id, { onDelete: 'set null' }),
    /** 'specific' | 'generic' when the KiCad assets were matched to a part of another source (catalog-record.ts). */
    assetMatch: text('asset_match'),
    /** Where the row came from (e.g. 'kicad-symbols 6.0.10 MCU_ST_STM32F1', 'synthetic'). */
    /** The user whose own component an operator accepted into the catalogue (#16); source is then 'user-submission'. */
    submittedBy: integer('submitted_by'),
    source: text('source').notNull(),
    licence: text('licence').notNull(),
    // Tracking counters of SPEC §3.
    pdfCount: integer('pdf_count').notNull().default(0),
    edaCount: integer('eda_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    moduleCount: integer('module_count').notNull().default(0),
    componentPlacementCount: integer('component_placement_count').notNull().default(0),
    modulePlacementCount: integer('module_placement_count').notNull().default(0),
    tagClickCount: integer('tag_click_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Search document (src/lib/search): MPN, English description, keywords, package (also without
     * dashes) and the Chinese text cut into overlapping character pairs ('贴片电容' → '贴片 电容' and
     * '片电'), lower-cased (ASCII) and padded with spaces, so a pg_trgm LIKE '% 电容 %' has
     * trigrams to look up. Computed by PostgreSQL from the row, never written by loaders.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(
        String.raw`' ' || lower((regexp_replace(regexp_replace(coalesce("mpn", '') || ' ' || coalesce("description_en", '') || ' ' || coalesce("keywords", '') || ' ' || coalesce("package", '') || ' ' || regexp_replace(coalesce("package", ''), '[-_ ]', '', 'g') || ' ' || coalesce("description_zh", ''), '([\u3400-\u9fff]+)', ' \1 ', 'g'), '([\u3400-\u9fff]{2})', '\1 ', 'g') || ' ' || regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce("keywords", '') || ' ' || coalesce("description_zh", ''), '([\u3400-\u9fff]+)', ' \1 ', 'g'), ' [\u3400-\u9fff]', ' ', 'g'), '[^\u3400-\u9fff]+', ' ', 'g'), '([\u3400-\u9fff]{2})', '\1 ', 'g')) COLLATE "C") || ' '`,
      ),
    ),
  },
  (t) => [
    uniqueIndex('products_code_idx').on(t.mfgMpnCode),
    // Exact and prefix MPN lookups (text_pattern_ops serves LIKE 'ABC%' in any collation).
    index('products_mpn_norm_prefix_idx').using('btree', sql`${t.mpnNormalized} text_pattern_ops`),
    // Fuzzy MPN (typos) and substring search.
    index('products_mpn_norm_trgm_idx').using('gin', sql`${t.mpnNormalized} gin_trgm_ops`),
    index('products_cate_idx').on(t.cateId),
    index('products_brand_idx').on(t.brandId),
    index('products_package_idx').on(t.package),
    // Free-text search over the search document (src/lib/search).
    index('products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // MPN prefix and typo candidates read from the index alone (no heap visit per candidate).
    index('products_mpn_norm_id_idx').using('btree', sql`${t.mpnNormalized} text_pattern_ops`, t.id),
    // KiCad families by the literal part before their first wildcard ('STM32F103C8Tx' → STM32F103C8T),
    // so a typed orderable MPN finds its family with one probe per prefix (src/lib/search).
    index('products_mpn_family_prefix_idx')
      .on(sql.raw(`(regexp_replace(upper(regexp_replace("mpn", '(?<![a-z])x+(?![a-z]).*$', '')), '[^A-Z0-9]', '', 'g'))`))
      .where(sql`${t.mpn} LIKE '%x%'`),
    // The search index's freshness check reads max(updated_at).
    index('products_updated_at_idx').on(t.updatedAt),
  ],
);

/** Normalized parameters: numeric SI values for range filters, text values for facets. */
export const productParams = pgTable(
  'product_params',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    unit: text('unit'),
    valueNum: doublePrecision('value_num'),
    valueText: text('value_text'),
  },
  (t) => [
    index('product_params_product_idx').on(t.productId),
    // product_id last: parts of one value come in id order, so a bounded fetch is the same on every database.
    index('product_params_key_num_id_idx').on(t.key, t.valueNum, t.productId),
    index('product_params_key_text_idx').on(t.key, t.valueText),
  ],
);

/** The /api_module/* catalogue (SPEC §7). */
export const moduleCategories = pgTable('module_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const modules = pgTable(
  'modules',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').references(() => moduleCategories.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    descriptionEn: text('description_en'),
    mfgMpnCode: text('mfg_mpn_code'),
    symbolId: integer('symbol_id').references(() => symbols.id, { onDelete: 'set null' }),
    footprintId: integer('footprint_id').references(() => footprints.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    licence: text('licence').notNull(),
  },
  (t) => [index('modules_category_idx').on(t.categoryId), index('modules_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`)],
);

/** Which catalogue imports ran (resumable operator imports record their progress here). */
export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  source: text('source').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  linesDone: bigint('lines_done', { mode: 'number' }).notNull().default(0),
  imported: bigint('imported', { mode: 'number' }).notNull().default(0),
  skipped: bigint('skipped', { mode: 'number' }).notNull().default(0),
});

// Tracking marks already counted today: one per client, part, counter and day, so the popularity
// counters cannot be pumped by repeating a call (issue #9 item 8). `client` is `u:<user id>` or
// an HMAC of the IP; `day` counts days since the epoch (UTC). Rows older than yesterday are purged.
export const trackingMarks = pgTable(
  'tracking_marks',
  {
    day: integer('day').notNull(),
    client: text('client').notNull(),
    mKey: text('m_key').notNull(),
    mType: text('m_type').notNull(),
    counter: text('counter').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.client, t.mKey, t.mType, t.counter] })],
);
