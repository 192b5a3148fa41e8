CREATE TABLE "currency_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate_micros" bigint NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decimals" smallint
);
--> statement-breakpoint
CREATE TABLE "kicad_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer,
	"user_comp_id" integer,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"host_version" text,
	"state" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supply_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"distributor" text NOT NULL,
	"distributor_sku" text NOT NULL,
	"stock" integer NOT NULL,
	"moq" integer DEFAULT 1 NOT NULL,
	"multiple" integer DEFAULT 1 NOT NULL,
	"packaging" text,
	"currency" text NOT NULL,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url" text,
	"data_time" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"import_job_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kicad_feedback" ADD CONSTRAINT "kicad_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kicad_feedback" ADD CONSTRAINT "kicad_feedback_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kicad_feedback" ADD CONSTRAINT "kicad_feedback_user_comp_id_user_components_id_fk" FOREIGN KEY ("user_comp_id") REFERENCES "public"."user_components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kicad_feedback" ADD CONSTRAINT "kicad_feedback_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supply_offers" ADD CONSTRAINT "supply_offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kicad_feedback_state_idx" ON "kicad_feedback" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "kicad_feedback_user_idx" ON "kicad_feedback" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supply_offers_key_idx" ON "supply_offers" USING btree ("product_id","distributor","distributor_sku");--> statement-breakpoint
CREATE INDEX "supply_offers_distributor_idx" ON "supply_offers" USING btree ("distributor");