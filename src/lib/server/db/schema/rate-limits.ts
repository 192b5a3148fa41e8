import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// The main API's shared request limits (src/lib/server/rate-limit.server.ts): one counter per
// (limit and client, fixed window), so every node and every restart sees the same counts. Keys are
// HMAC digests, never addresses or user ids in clear.
// The migration creates it UNLOGGED (drizzle-kit cannot say so): no WAL flush per hit (measured:
// p50 4.2 -> 0.6 ms per hit on PostgreSQL), not copied to replicas or base backups, emptied after
// a PostgreSQL crash (not after a clean restart). Losing a minute of counts is harmless; the
// limiter must therefore always run on the primary.

export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    /** `<limit name>:<digest of the client key>`. */
    key: text('key').notNull(),
    /** Window number: floor(epoch ms / window ms). */
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    hits: integer('hits').notNull(),
    /** Seconds since the epoch after which the row no longer counts (end of the following window). */
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.bucket] }), index('rate_limit_counts_expires_idx').on(t.expiresAt)],
);
