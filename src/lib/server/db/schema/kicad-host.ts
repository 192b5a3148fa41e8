import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { userComponents } from './library.ts';
import { users } from './users.ts';

// The KiCad host (issue #17): users' reports of wrong catalogue assets, and distributors' offers
// per part with the operator-set currency rates that convert them for display.

/** `kicad/feedback`: a user reports a wrong symbol, footprint or 3D model; operators resolve it. */
export const kicadFeedback = pgTable(
  'kicad_feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A catalogue part, or (exclusively) one of the reporter's own components. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    userCompId: integer('user_comp_id').references(() => userComponents.id, { onDelete: 'cascade' }),
    /** 'symbol' | 'footprint' | 'model3d' | 'other' */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    hostVersion: text('host_version'),
    /** 'open' | 'resolved' | 'rejected' */
    state: text('state').notNull().default('open'),
    reply: text('reply'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('kicad_feedback_state_idx').on(t.state, t.createdAt), index('kicad_feedback_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One distributor's offer for one catalogue part. Keyed by (product, distributor, distributor's
 * part number): a re-import replaces the row. `priceBreaks` is `[{ qty, price }]` ascending in
 * `currency`; `dataTime` is when the distributor's data was taken (staleness is judged on it).
 */
export const supplyOffers = pgTable(
  'supply_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    distributor: text('distributor').notNull(),
    distributorSku: text('distributor_sku').notNull(),
    stock: integer('stock').notNull(),
    moq: integer('moq').notNull().default(1),
    multiple: integer('multiple').notNull().default(1),
    packaging: text('packaging'),
    currency: text('currency').notNull(),
    priceBreaks: jsonb('price_breaks').$type<{ qty: number; price: number }[]>().notNull().default(sql`'[]'::jsonb`),
    url: text('url'),
    dataTime: timestamp('data_time', { withTimezone: true }).notNull(),
    /** 'import' or 'adapter:<name>' */
    source: text('source').notNull(),
    /** The operator import (jobs row) that last wrote it, if any. */
    importJobId: integer('import_job_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('supply_offers_key_idx').on(t.productId, t.distributor, t.distributorSku), index('supply_offers_distributor_idx').on(t.distributor)],
);

/** Operator-set display rates: 1 unit of `currency` = `rateToCny` CNY. CNY itself is implicit (1). */
export const currencyRates = pgTable('currency_rates', {
  currency: text('currency').primaryKey(),
  /** Fixed-point: CNY per unit × 1,000,000 (no float drift in stored rates). */
  rateMicros: bigint('rate_micros', { mode: 'number' }).notNull(),
  setBy: text('set_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Digits shown; defaults from the ISO list. */
  decimals: smallint('decimals'),
});
