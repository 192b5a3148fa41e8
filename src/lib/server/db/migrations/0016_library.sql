CREATE TABLE "collect_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collect_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer,
	"module_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "component_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"component_id" integer,
	"submitter_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewer_id" integer,
	"product_id" integer,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "design_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"sch_key" text NOT NULL,
	"sch_size" bigint NOT NULL,
	"preview_key" text,
	"info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persisted_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"file_key" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_checks" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"quality" text NOT NULL,
	"findings" jsonb NOT NULL,
	"version" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"component_id" integer,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"size" bigint NOT NULL,
	"info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"scope" text DEFAULT 'part' NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_category_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"product_id" integer,
	"component_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"mpn" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"cate_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"datasheet_url" text,
	"datasheet_asset_id" integer,
	"symbol_asset_id" integer,
	"symbol_name" text,
	"footprint_asset_id" integer,
	"model_asset_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"quality" text DEFAULT 'unchecked' NOT NULL,
	"check" jsonb,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_by" integer;--> statement-breakpoint
ALTER TABLE "collect_folders" ADD CONSTRAINT "collect_folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_items" ADD CONSTRAINT "collect_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_items" ADD CONSTRAINT "collect_items_folder_id_collect_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."collect_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_items" ADD CONSTRAINT "collect_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_items" ADD CONSTRAINT "collect_items_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_submissions" ADD CONSTRAINT "component_submissions_component_id_user_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."user_components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_submissions" ADD CONSTRAINT "component_submissions_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_submissions" ADD CONSTRAINT "component_submissions_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "component_submissions" ADD CONSTRAINT "component_submissions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_blocks" ADD CONSTRAINT "design_blocks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_blocks" ADD CONSTRAINT "design_blocks_category_id_user_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."user_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persisted_files" ADD CONSTRAINT "persisted_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_checks" ADD CONSTRAINT "product_checks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_assets" ADD CONSTRAINT "user_assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_assets" ADD CONSTRAINT "user_assets_component_id_user_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."user_components"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_categories" ADD CONSTRAINT "user_categories_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_category_links" ADD CONSTRAINT "user_category_links_category_id_user_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."user_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_category_links" ADD CONSTRAINT "user_category_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_category_links" ADD CONSTRAINT "user_category_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_category_links" ADD CONSTRAINT "user_category_links_component_id_user_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."user_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_components" ADD CONSTRAINT "user_components_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_components" ADD CONSTRAINT "user_components_cate_id_categories_cate_id_fk" FOREIGN KEY ("cate_id") REFERENCES "public"."categories"("cate_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collect_folders_owner_name_idx" ON "collect_folders" USING btree ("owner_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "collect_folders_one_default_idx" ON "collect_folders" USING btree ("owner_id") WHERE "collect_folders"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "collect_items_owner_product_idx" ON "collect_items" USING btree ("owner_id","product_id") WHERE "collect_items"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collect_items_owner_module_idx" ON "collect_items" USING btree ("owner_id","module_id") WHERE "collect_items"."module_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "collect_items_folder_idx" ON "collect_items" USING btree ("folder_id","created_at","id");--> statement-breakpoint
CREATE INDEX "collect_items_owner_created_idx" ON "collect_items" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "component_submissions_status_idx" ON "component_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "component_submissions_submitter_idx" ON "component_submissions" USING btree ("submitter_id","created_at");--> statement-breakpoint
CREATE INDEX "design_blocks_owner_idx" ON "design_blocks" USING btree ("owner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "design_blocks_sch_key_idx" ON "design_blocks" USING btree ("sch_key");--> statement-breakpoint
CREATE INDEX "design_blocks_preview_key_idx" ON "design_blocks" USING btree ("preview_key");--> statement-breakpoint
CREATE INDEX "persisted_files_owner_idx" ON "persisted_files" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "persisted_files_file_key_idx" ON "persisted_files" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "product_checks_quality_idx" ON "product_checks" USING btree ("quality");--> statement-breakpoint
CREATE INDEX "user_assets_owner_idx" ON "user_assets" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "user_assets_component_idx" ON "user_assets" USING btree ("component_id");--> statement-breakpoint
CREATE INDEX "user_assets_file_key_idx" ON "user_assets" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "user_categories_owner_idx" ON "user_categories" USING btree ("owner_id","scope","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_categories_share_idx" ON "user_categories" USING btree ("share_token") WHERE "user_categories"."share_token" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_category_links_product_idx" ON "user_category_links" USING btree ("category_id","product_id") WHERE "user_category_links"."product_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_category_links_component_idx" ON "user_category_links" USING btree ("category_id","component_id") WHERE "user_category_links"."component_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "user_category_links_owner_idx" ON "user_category_links" USING btree ("owner_id","category_id","created_at");--> statement-breakpoint
CREATE INDEX "user_components_owner_idx" ON "user_components" USING btree ("owner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "user_components_owner_mpn_idx" ON "user_components" USING btree ("owner_id","mpn");