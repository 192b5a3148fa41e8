CREATE TABLE "design_likes" (
	"design_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_likes_design_id_user_id_pk" PRIMARY KEY("design_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "design_parts" (
	"design_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"matched_text" text NOT NULL,
	CONSTRAINT "design_parts_design_id_product_id_pk" PRIMARY KEY("design_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "design_visits" (
	"design_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "design_visits_design_id_visitor_day_pk" PRIMARY KEY("design_id","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "part_ranks" (
	"scope" text NOT NULL,
	"rank" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"score" double precision NOT NULL,
	"prev_rank" smallint,
	"counts" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "part_ranks_scope_rank_pk" PRIMARY KEY("scope","rank")
);
--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "licence" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "analysis" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "analysis_error" jsonb;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "bom" jsonb;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "visit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "score" double precision;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "attribution" text;--> statement-breakpoint
ALTER TABLE "design_likes" ADD CONSTRAINT "design_likes_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_likes" ADD CONSTRAINT "design_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_parts" ADD CONSTRAINT "design_parts_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_parts" ADD CONSTRAINT "design_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_visits" ADD CONSTRAINT "design_visits_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_ranks" ADD CONSTRAINT "part_ranks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_likes_user_idx" ON "design_likes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "design_parts_product_idx" ON "design_parts" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "design_visits_day_idx" ON "design_visits" USING btree ("day");--> statement-breakpoint
CREATE INDEX "part_ranks_product_idx" ON "part_ranks" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "designs_public_idx" ON "designs" USING btree ("visibility","created_at");--> statement-breakpoint
CREATE INDEX "designs_public_score_idx" ON "designs" USING btree ("visibility","score");--> statement-breakpoint
CREATE INDEX "designs_tags_idx" ON "designs" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "designs_title_trgm_idx" ON "designs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
UPDATE "designs" SET "title" = "name" WHERE "title" = '';