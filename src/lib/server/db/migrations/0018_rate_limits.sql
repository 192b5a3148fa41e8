-- UNLOGGED by hand (drizzle-kit cannot express it): see src/lib/server/db/schema/rate-limits.ts.
CREATE UNLOGGED TABLE "rate_limit_counts" (
	"key" text NOT NULL,
	"bucket" bigint NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "rate_limit_counts_key_bucket_pk" PRIMARY KEY("key","bucket")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counts_expires_idx" ON "rate_limit_counts" USING btree ("expires_at");