CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"country" text,
	"website" text
);
--> statement-breakpoint
CREATE TABLE "footprints" (
	"id" serial PRIMARY KEY NOT NULL,
	"library" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"description" text,
	"tags" text,
	"pad_count" integer DEFAULT 0 NOT NULL,
	"smd" boolean DEFAULT false NOT NULL,
	"model3d_path" text,
	"source" text NOT NULL,
	"licence" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"lines_done" bigint DEFAULT 0 NOT NULL,
	"imported" bigint DEFAULT 0 NOT NULL,
	"skipped" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models3d" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"format" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"source" text NOT NULL,
	"licence" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"name_en" text,
	"description" text,
	"description_en" text,
	"mfg_mpn_code" text,
	"symbol_id" integer,
	"footprint_id" integer,
	"source" text NOT NULL,
	"licence" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_params" (
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"unit" text,
	"value_num" double precision,
	"value_text" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"mfg_mpn_code" text NOT NULL,
	"mpn" text NOT NULL,
	"mpn_normalized" text NOT NULL,
	"brand_id" integer,
	"cate_id" integer,
	"description_zh" text,
	"description_en" text,
	"package" text,
	"datasheet_url" text,
	"lifecycle" text DEFAULT 'unknown' NOT NULL,
	"keywords" text,
	"symbol_id" integer,
	"footprint_id" integer,
	"source" text NOT NULL,
	"licence" text NOT NULL,
	"pdf_count" integer DEFAULT 0 NOT NULL,
	"eda_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"module_count" integer DEFAULT 0 NOT NULL,
	"component_placement_count" integer DEFAULT 0 NOT NULL,
	"module_placement_count" integer DEFAULT 0 NOT NULL,
	"tag_click_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symbol_pins" (
	"symbol_id" integer NOT NULL,
	"unit" integer NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"electrical_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "symbols" (
	"id" serial PRIMARY KEY NOT NULL,
	"library" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"unit_count" integer DEFAULT 1 NOT NULL,
	"pin_count" integer DEFAULT 0 NOT NULL,
	"has_demorgan" boolean DEFAULT false NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"description" text,
	"keywords" text,
	"footprint_filters" text,
	"source" text NOT NULL,
	"licence" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_category_id_module_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."module_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_footprint_id_footprints_id_fk" FOREIGN KEY ("footprint_id") REFERENCES "public"."footprints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_params" ADD CONSTRAINT "product_params_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_cate_id_categories_cate_id_fk" FOREIGN KEY ("cate_id") REFERENCES "public"."categories"("cate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_footprint_id_footprints_id_fk" FOREIGN KEY ("footprint_id") REFERENCES "public"."footprints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "symbol_pins" ADD CONSTRAINT "symbol_pins_symbol_id_symbols_id_fk" FOREIGN KEY ("symbol_id") REFERENCES "public"."symbols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_key_idx" ON "brands" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "footprints_lib_name_idx" ON "footprints" USING btree ("library","name");--> statement-breakpoint
CREATE UNIQUE INDEX "models3d_path_idx" ON "models3d" USING btree ("path");--> statement-breakpoint
CREATE INDEX "modules_category_idx" ON "modules" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "modules_name_trgm_idx" ON "modules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_params_product_idx" ON "product_params" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_params_key_num_idx" ON "product_params" USING btree ("key","value_num");--> statement-breakpoint
CREATE INDEX "product_params_key_text_idx" ON "product_params" USING btree ("key","value_text");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_idx" ON "products" USING btree ("mfg_mpn_code");--> statement-breakpoint
CREATE INDEX "products_mpn_norm_prefix_idx" ON "products" USING btree ("mpn_normalized" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_mpn_norm_trgm_idx" ON "products" USING gin ("mpn_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_cate_idx" ON "products" USING btree ("cate_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_package_idx" ON "products" USING btree ("package");--> statement-breakpoint
CREATE INDEX "symbol_pins_symbol_idx" ON "symbol_pins" USING btree ("symbol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "symbols_lib_name_idx" ON "symbols" USING btree ("library","name");