CREATE TABLE "account_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_types" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_api_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by_id" bigint,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_funds" (
	"partner_id" bigint NOT NULL,
	"fund_id" bigint NOT NULL,
	CONSTRAINT "partner_funds_partner_id_fund_id_pk" PRIMARY KEY("partner_id","fund_id")
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_process_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_process_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"actor" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"decided_by_type" text,
	"decided_by_id" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_process_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_process_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fund_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_fees" ADD COLUMN "vat_inclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fund_fees" ADD COLUMN "effective_from" date;--> statement-breakpoint
ALTER TABLE "fund_fees" ADD COLUMN "effective_to" date;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "fund_type_id" bigint;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "administrator_partner_id" bigint;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_api_keys" ADD CONSTRAINT "partner_api_keys_revoked_by_id_users_id_fk" FOREIGN KEY ("revoked_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_funds" ADD CONSTRAINT "partner_funds_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_funds" ADD CONSTRAINT "partner_funds_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_process_steps" ADD CONSTRAINT "claim_process_steps_claim_id_benefit_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."benefit_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_process_steps" ADD CONSTRAINT "fund_process_steps_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_types_code_unique" ON "account_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_types_code_unique" ON "fund_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_hash_unique" ON "partner_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "partner_api_keys_partner_idx" ON "partner_api_keys" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_funds_fund_idx" ON "partner_funds" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "partners_name_idx" ON "partners" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_process_steps_position_unique" ON "claim_process_steps" USING btree ("claim_id","position");--> statement-breakpoint
CREATE INDEX "claim_process_steps_status_idx" ON "claim_process_steps" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_process_steps_position_unique" ON "fund_process_steps" USING btree ("fund_id","position");--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_fund_type_id_fund_types_id_fk" FOREIGN KEY ("fund_type_id") REFERENCES "public"."fund_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_administrator_partner_id_partners_id_fk" FOREIGN KEY ("administrator_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_fees_fund_idx" ON "fund_fees" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "funds_tags_idx" ON "funds" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "funds_administrator_idx" ON "funds" USING btree ("administrator_partner_id");