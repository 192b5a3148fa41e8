import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';

// The BOM tool (issue #12). A BOM is an uploaded file's chosen sheet, its confirmed column
// mapping and its lines. A logged-out user's BOM has no owner and is reached by its random id
// alone (a capability kept in client state, SPEC §3 `bomId`); logging in claims it. Every edit
// bumps `version` (lines and the BOM row each carry one) so concurrent edits never overwrite
// each other silently.

export const boms = pgTable(
  'boms',
  {
    /** SPEC §3 bomId: random, so a BOM's address says nothing about other BOMs. */
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The user's name for it (the file name at first). */
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    /** FileStore key (sha256) of the original upload; released when the BOM is deleted. */
    fileKey: text('file_key'),
    format: text('format').notNull(),
    /** Index of the chosen sheet in bom_sheets. */
    sheetIndex: integer('sheet_index').notNull().default(0),
    /** 0-based header row of the chosen sheet; null when the sheet has none (confirmed or detected). */
    headerRow: integer('header_row'),
    /** Confirmed mapping: [{ index, header, field }]; null until /bom/confirm. */
    columns: jsonb('columns'),
    /** uploaded → confirmed → matching → matched. */
    state: text('state').notNull().default('uploaded'),
    boardCount: integer('board_count').notNull().default(1),
    /** Matching preferences (BomTrends in bom.schema.ts). */
    trends: jsonb('trends').notNull().default({}),
    matchJobId: uuid('match_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Anonymous BOMs expire (30 days after the last change); owned ones do not. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * An anonymous BOM's creator: SHA-256 of the owner secret its browser holds (the bom_owner
     * cookie, issue #36 item 3). Only that browser may change or claim it; others read it.
     */
    ownerKey: text('owner_key'),
  },
  (t) => [index('boms_owner_updated_idx').on(t.ownerId, t.updatedAt.desc()), index('boms_expires_idx').on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL`)],
);

/** Every sheet of the upload as text cells (the user may switch sheets before confirming). */
export const bomSheets = pgTable(
  'bom_sheets',
  {
    bomId: uuid('bom_id')
      .notNull()
      .references(() => boms.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    name: text('name').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    /** string[][] exactly as read (read/ modules): the first 500 rows since issue #36 (SHEET_HEAD_ROWS; the stored file is the whole sheet). */
    rows: jsonb('rows').notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bomId, t.index] })],
);

export const bomLines = pgTable(
  'bom_lines',
  {
    /** lineId of the API. */
    id: serial('id').primaryKey(),
    bomId: uuid('bom_id')
      .notNull()
      .references(() => boms.id, { onDelete: 'cascade' }),
    /** Order in the grid (sheet order; added lines go last). */
    position: doublePrecision('position').notNull(),
    /** 0-based sheet row; null for a line the user added. */
    row: integer('row'),
    designators: jsonb('designators').notNull().default([]),
    /** Per board; null when the line gives neither quantity nor designators. */
    quantity: integer('quantity'),
    /** { fields: {mpn, value…}, cells: string[] }: the user's cells, edited by /bom/changeSet. */
    source: jsonb('source').notNull(),
    dnp: boolean('dnp').notNull().default(false),
    /** bom.line.* problems found when the line was made. */
    problems: jsonb('problems').notNull().default([]),
    /** pending (not matched yet) | exact | matched | doubtful | notFound | dnp. */
    status: text('status').notNull().default('pending'),
    chosenProductId: integer('chosen_product_id').references(() => products.id, { onDelete: 'set null' }),
    /** auto | user | replacement | ai. */
    chosenBy: text('chosen_by'),
    /** Ranked candidates [{ productId, score, tier, reasons }] as the matcher left them. */
    candidates: jsonb('candidates').notNull().default([]),
    /** 0..1 of the chosen part (the top candidate's score when chosen automatically). */
    confidence: real('confidence'),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bom_lines_bom_position_idx').on(t.bomId, t.position), index('bom_lines_bom_status_idx').on(t.bomId, t.status)],
);

/**
 * Choices users confirmed, keyed by the line's normalised signature, reused the next time the
 * same line is matched (notes/bom-matching.md §2.4). Owner null: never stored for anonymous BOMs.
 */
export const bomMatchMemory = pgTable(
  'bom_match_memory',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.signature] })],
);

/** A user's own replacement pairs (replace/add, replace/delete), shown first among candidates. */
export const userReplacements = pgTable(
  'user_replacements',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    replacementId: integer('replacement_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_replacements_pair_idx').on(t.ownerId, t.productId, t.replacementId)],
);

/**
 * Distributor codes of a product (LCSC C-codes, Digi-Key and Mouser numbers), from imports that
 * carry them. A BOM's supplier column is looked up here before any MPN.
 */
export const productSupplierCodes = pgTable(
  'product_supplier_codes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    /** Upper-case, as the supplier writes it ('C25804', '296-1395-1-ND'). */
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('product_supplier_codes_code_idx').on(t.supplier, t.code), index('product_supplier_codes_product_idx').on(t.productId)],
);


/** Replacement preferences of a user (replace/changeTrend): domestic first, grades shown. */
export const userReplacePrefs = pgTable('user_replace_prefs', {
  ownerId: integer('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
