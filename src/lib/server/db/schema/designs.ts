import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// KiCad designs uploaded to the viewer (issue #13 item 6): a design is a user's set of project
// files (and attached documents), each kept in the file store by its content key, with the
// statistics computed when it was read.

export const designs = pgTable(
  'designs',
  {
    /** Random, so a design's address says nothing about others. */
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** DesignStats (viewer.schema.ts) as computed at upload. */
    stats: jsonb('stats').notNull(),
  },
  (t) => [index('designs_owner_idx').on(t.ownerId, t.createdAt)],
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
