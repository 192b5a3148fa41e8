CREATE TABLE "bom_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bom_id" uuid NOT NULL,
	"position" double precision NOT NULL,
	"row" integer,
	"designators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer,
	"source" jsonb NOT NULL,
	"dnp" boolean DEFAULT false NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"chosen_product_id" integer,
	"chosen_by" text,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" real,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bom_match_memory" (
	"owner_id" integer NOT NULL,
	"signature" text NOT NULL,
	"product_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bom_match_memory_owner_id_signature_pk" PRIMARY KEY("owner_id","signature")
);
--> statement-breakpoint
CREATE TABLE "bom_sheets" (
	"bom_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"name" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "bom_sheets_bom_id_index_pk" PRIMARY KEY("bom_id","index")
);
--> statement-breakpoint
CREATE TABLE "boms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"format" text NOT NULL,
	"sheet_index" integer DEFAULT 0 NOT NULL,
	"header_row" integer,
	"columns" jsonb,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"board_count" integer DEFAULT 1 NOT NULL,
	"trends" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"match_job_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_supplier_codes" (
	"product_id" integer NOT NULL,
	"supplier" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_replace_prefs" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"prefs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"replacement_id" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_bom_id_boms_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."boms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_chosen_product_id_products_id_fk" FOREIGN KEY ("chosen_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_match_memory" ADD CONSTRAINT "bom_match_memory_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_match_memory" ADD CONSTRAINT "bom_match_memory_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_sheets" ADD CONSTRAINT "bom_sheets_bom_id_boms_id_fk" FOREIGN KEY ("bom_id") REFERENCES "public"."boms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_match_job_id_jobs_id_fk" FOREIGN KEY ("match_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_supplier_codes" ADD CONSTRAINT "product_supplier_codes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_replace_prefs" ADD CONSTRAINT "user_replace_prefs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_replacements" ADD CONSTRAINT "user_replacements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_replacements" ADD CONSTRAINT "user_replacements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_replacements" ADD CONSTRAINT "user_replacements_replacement_id_products_id_fk" FOREIGN KEY ("replacement_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bom_lines_bom_position_idx" ON "bom_lines" USING btree ("bom_id","position");--> statement-breakpoint
CREATE INDEX "bom_lines_bom_status_idx" ON "bom_lines" USING btree ("bom_id","status");--> statement-breakpoint
CREATE INDEX "boms_owner_updated_idx" ON "boms" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "boms_expires_idx" ON "boms" USING btree ("expires_at") WHERE "boms"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "product_supplier_codes_code_idx" ON "product_supplier_codes" USING btree ("supplier","code");--> statement-breakpoint
CREATE INDEX "product_supplier_codes_product_idx" ON "product_supplier_codes" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_replacements_pair_idx" ON "user_replacements" USING btree ("owner_id","product_id","replacement_id");