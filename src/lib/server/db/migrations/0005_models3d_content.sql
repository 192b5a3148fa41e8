ALTER TABLE "models3d" ADD COLUMN "content" "bytea";--> statement-breakpoint
ALTER TABLE "models3d" ADD COLUMN "mesh" "bytea";--> statement-breakpoint
ALTER TABLE "models3d" ADD COLUMN "mesh_error" text;--> statement-breakpoint
ALTER TABLE "models3d" ADD COLUMN "sha256" text;