ALTER TABLE "users" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_mime" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_etag" text;--> statement-breakpoint
CREATE INDEX "users_avatar_key_idx" ON "users" USING btree ("avatar_key");