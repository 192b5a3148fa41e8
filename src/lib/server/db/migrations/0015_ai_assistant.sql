CREATE TABLE "ai_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT 'chat' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"role" text NOT NULL,
	"parts" jsonb NOT NULL,
	"mode" text,
	"tokens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_usage" (
	"day" date PRIMARY KEY NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datasheet_passages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"datasheet_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"seq" smallint NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"text" text NOT NULL,
	"search_text" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED
);
--> statement-breakpoint
CREATE TABLE "datasheet_products" (
	"datasheet_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "datasheet_products_datasheet_id_product_id_pk" PRIMARY KEY("datasheet_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "datasheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" integer,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"size" bigint NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ok' NOT NULL,
	"error" jsonb,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_conversation_id_ai_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."ai_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasheet_passages" ADD CONSTRAINT "datasheet_passages_datasheet_id_datasheets_id_fk" FOREIGN KEY ("datasheet_id") REFERENCES "public"."datasheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasheet_products" ADD CONSTRAINT "datasheet_products_datasheet_id_datasheets_id_fk" FOREIGN KEY ("datasheet_id") REFERENCES "public"."datasheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasheet_products" ADD CONSTRAINT "datasheet_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasheets" ADD CONSTRAINT "datasheets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_conversations_user_idx" ON "ai_conversations" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "ai_messages_conversation_idx" ON "ai_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "datasheet_passages_doc_idx" ON "datasheet_passages" USING btree ("datasheet_id","page","seq");--> statement-breakpoint
CREATE INDEX "datasheet_passages_tsv_idx" ON "datasheet_passages" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "datasheet_passages_trgm_idx" ON "datasheet_passages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "datasheet_products_product_idx" ON "datasheet_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "datasheets_owner_idx" ON "datasheets" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "datasheets_file_key_idx" ON "datasheets" USING btree ("file_key");