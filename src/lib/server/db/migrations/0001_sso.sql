CREATE TABLE "sso_bind_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"unionid" text NOT NULL,
	"openid" text,
	"nickname" text,
	"headimgurl" text,
	"site_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sso_captcha_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"target_x" integer NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sso_captcha_tickets" (
	"session_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"challenge_id" text NOT NULL,
	"ip_hash" text NOT NULL,
	"phone_key" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sso_login_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"site_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_qr_logins" (
	"uuid" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"poll_hash" text NOT NULL,
	"status" text NOT NULL,
	"unionid" text,
	"openid" text,
	"nickname" text,
	"headimgurl" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"done_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sso_rate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sms_codes" (
	"phone_key" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hmac" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"tries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sso_sms_codes_phone_key_purpose_pk" PRIMARY KEY("phone_key","purpose")
);
--> statement-breakpoint
CREATE TABLE "sso_sync_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "sso_wechat_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"browser_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "user_avatars" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_login_history" ADD CONSTRAINT "sso_login_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sync_tickets" ADD CONSTRAINT "sso_sync_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_login_history_user_idx" ON "sso_login_history" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sso_rate_events_key_at_idx" ON "sso_rate_events" USING btree ("key","at");