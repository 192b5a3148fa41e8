import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

// KiCad designs (issues #13 item 6 and #14): a design is a user's set of project files (and
// attached documents), each kept in the file store by its content key, with what the server's
// analysis found (statistics, BOM, cover), its publication data (title, tags, licence,
// visibility) and its counters. Likes and visits are rows, so each is counted once; the parts a
// design uses are linked to catalogue products for 'used in N public designs' and Top200.

export const designs = pgTable(
  'designs',
  {
    /** Random, so a design's address says nothing about others. */
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project's name as uploaded (the .kicad_pro stem). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** DesignStats (viewer.schema.ts) as computed at upload. */
    stats: jsonb('stats').notNull(),
    /** Shown title (defaults to the name), description (plain text), tags (lower-cased, ≤ 10). */
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** A key of DESIGN_LICENCES (designs.ts), or 'none' (all rights reserved). */
    licence: text('licence').notNull().default('none'),
    /** 'private' (default: only the owner) or 'public' (gallery, anyone with the link). */
    visibility: text('visibility').notNull().default('private'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it last became public (Top100's age). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Server analysis: 'pending' | 'ok' | 'failed'; a failed one keeps its files and says why. */
    analysis: text('analysis').notNull().default('pending'),
    /** { key, vars } of the server message saying why the analysis failed. */
    analysisError: jsonb('analysis_error'),
    /** DesignBomLine[] (designs.ts) from the analysis. */
    bom: jsonb('bom'),
    /** Cover image (SVG) in the file store, rendered by the analysis: the board, else the root sheet. */
    coverKey: text('cover_key'),
    likeCount: integer('like_count').notNull().default(0),
    visitCount: integer('visit_count').notNull().default(0),
    /** Top100 score (designs.ts rankScore), recomputed on a schedule; null until first computed. */
    score: doublePrecision('score'),
    /** Published by the system from KiCad's demo projects or the viewer fixtures (first start). */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Where a demo design comes from and under which licence (shown on its card). */
    attribution: text('attribution'),
  },
  (t) => [
    index('designs_owner_idx').on(t.ownerId, t.createdAt),
    index('designs_public_idx').on(t.visibility, t.createdAt),
    index('designs_public_score_idx').on(t.visibility, t.score),
    index('designs_tags_idx').using('gin', t.tags),
    index('designs_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('designs_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    // The gallery's part-number search looks into the BOM lines (an unknown part took 140–380 ms on 10,000 designs without it).
    index('designs_bom_path_idx').using('gin', sql`${t.bom} jsonb_path_ops`),
    // Releasing a file counts the covers that use its key.
    index('designs_cover_key_idx').on(t.coverKey),
  ],
);

export const designFiles = pgTable(
  'design_files',
  {
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    /** Path inside the project ('sub/power.kicad_sch'), unique within the design. */
    name: text('name').notNull(),
    /** project | schematic | board | document. */
    kind: text('kind').notNull(),
    /** FileStore key (sha256); content-addressed, so shared keys are released by reference count. */
    fileKey: text('file_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.designId, t.name] }), index('design_files_key_idx').on(t.fileKey)],
);

/** One like per user per design; the design's like_count follows these rows. */
export const designLikes = pgTable(
  'design_likes',
  {
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.designId, t.userId] }), index('design_likes_user_idx').on(t.userId, t.createdAt)],
);

/** One visit per visitor (user id or a keyed hash of the client) per design per day. */
export const designVisits = pgTable(
  'design_visits',
  {
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.designId, t.visitor, t.day] }), index('design_visits_day_idx').on(t.day)],
);

/** A design's BOM lines matched to catalogue parts (exact part number): 'used in N public designs'. */
export const designParts = pgTable(
  'design_parts',
  {
    designId: uuid('design_id')
      .notNull()
      .references(() => designs.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Placed references of this part in the design. */
    quantity: integer('quantity').notNull(),
    /** The BOM text that matched (MPN field or value). */
    matchedText: text('matched_text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.designId, t.productId] }), index('design_parts_product_idx').on(t.productId)],
);

/**
 * Top200, one row per part per scope ('all' or a level-1 category id as text), rewritten by each
 * scheduled refresh; prevRank is the part's rank at the refresh before (null = new in the list).
 */
export const partRanks = pgTable(
  'part_ranks',
  {
    scope: text('scope').notNull(),
    rank: smallint('rank').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    score: doublePrecision('score').notNull(),
    prevRank: smallint('prev_rank'),
    /** The counts the score came from (counters and public designs), shown as 'why it ranks'. */
    counts: jsonb('counts').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.rank] }), index('part_ranks_product_idx').on(t.productId)],
);
