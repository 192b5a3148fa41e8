import { sql } from 'drizzle-orm';
import { bigint, bigserial, customType, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { users } from './users.ts';

// The assistant (issue #15): conversations of logged-in users, the deployment's daily token use,
// and datasheets (PDFs) split into passages with their page numbers for lexical search. A
// datasheet is either the catalogue's (owner null: anyone may read it, attached to its parts) or
// a user's upload (private to that user).

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const aiConversations = pgTable(
  'ai_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shown in the list; the first question cut short until the user renames it. */
    title: text('title').notNull().default(''),
    /** 'ecad' when started beside the viewer (/ecadViewer/ai), else 'chat'. */
    origin: text('origin').notNull().default('chat'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_conversations_user_idx').on(t.userId, t.updatedAt)],
);

export const aiMessages = pgTable(
  'ai_messages',
  {
    /** The UI message id (the client's for questions, the server's for answers). */
    id: text('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiConversations.id, { onDelete: 'cascade' }),
    /** 'user' | 'assistant'. */
    role: text('role').notNull(),
    /** The message's parts as the chat stream sent them (text, data-parts, data-citations…). */
    parts: jsonb('parts').notNull(),
    /** How an answer was made: 'model' | 'retrieval'; null for questions. */
    mode: text('mode'),
    /** Tokens the provider counted for this answer (0 in retrieval mode). */
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** Tokens used per day by the whole deployment (LLM_DAILY_TOKENS). */
export const aiUsage = pgTable('ai_usage', {
  day: date('day').primaryKey(),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  requests: integer('requests').notNull().default(0),
});

export const datasheets = pgTable(
  'datasheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The uploader; null for the catalogue's datasheets (public). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The file's name as uploaded ('tps5430.pdf'). */
    name: text('name').notNull(),
    /** The PDF's title (document info) or the first heading found; else the name. */
    title: text('title').notNull().default(''),
    /** FileStore key (sha256) of the PDF. */
    fileKey: text('file_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    pages: integer('pages').notNull().default(0),
    /** 'ok' | 'failed' (kept, with the reason: no text layer, encrypted, not a PDF). */
    status: text('status').notNull().default('ok'),
    /** { key, vars } of the message saying why it could not be indexed. */
    error: jsonb('error'),
    /** Where a catalogue datasheet comes from (repository, commit, licence). */
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('datasheets_owner_idx').on(t.ownerId, t.createdAt), index('datasheets_file_key_idx').on(t.fileKey)],
);

/** Which catalogue parts a datasheet describes (a family datasheet covers several). */
export const datasheetProducts = pgTable(
  'datasheet_products',
  {
    datasheetId: uuid('datasheet_id')
      .notNull()
      .references(() => datasheets.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.datasheetId, t.productId] }), index('datasheet_products_product_idx').on(t.productId)],
);

export const datasheetPassages = pgTable(
  'datasheet_passages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    datasheetId: uuid('datasheet_id')
      .notNull()
      .references(() => datasheets.id, { onDelete: 'cascade' }),
    /** 1-based page number in the PDF. */
    page: integer('page').notNull(),
    /** Order within the page. */
    seq: smallint('seq').notNull(),
    /** 'text' | 'table' (a table's rows kept together, one row per line, cells split by ' | '). */
    kind: text('kind').notNull().default('text'),
    /** The passage as shown in answers. */
    text: text('text').notNull(),
    /** Normalised for search (lower case, CJK cut into character pairs, as products.search_text). */
    searchText: text('search_text').notNull(),
    tsv: tsvector('tsv').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
  },
  (t) => [
    index('datasheet_passages_doc_idx').on(t.datasheetId, t.page, t.seq),
    index('datasheet_passages_tsv_idx').using('gin', t.tsv),
    index('datasheet_passages_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type DatasheetRow = typeof datasheets.$inferSelect;
