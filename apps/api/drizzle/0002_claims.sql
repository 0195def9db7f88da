CREATE TABLE "banks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"universal_branch_code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit_claim_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "benefit_claim_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" bigint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit_claims" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "benefit_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"benefit_id" bigint NOT NULL,
	"person_user_id" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"personal_details_confirmed_at" timestamp with time zone,
	"bank_account_id" bigint,
	"declaration_accepted_at" timestamp with time zone,
	"payout" jsonb,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_fees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_fees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fund_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"basis_points" integer,
	"amount_cents" bigint,
	"vat_applies" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_bank_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "person_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_user_id" bigint NOT NULL,
	"bank_id" bigint NOT NULL,
	"account_type" text NOT NULL,
	"account_number_encrypted" text NOT NULL,
	"account_number_last4" text NOT NULL,
	"holder_name" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit_claim_events" ADD CONSTRAINT "benefit_claim_events_claim_id_benefit_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."benefit_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD CONSTRAINT "benefit_claims_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD CONSTRAINT "benefit_claims_person_user_id_person_users_id_fk" FOREIGN KEY ("person_user_id") REFERENCES "public"."person_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD CONSTRAINT "benefit_claims_bank_account_id_person_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."person_bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_claim_id_benefit_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."benefit_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_fees" ADD CONSTRAINT "fund_fees_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_bank_accounts" ADD CONSTRAINT "person_bank_accounts_person_user_id_person_users_id_fk" FOREIGN KEY ("person_user_id") REFERENCES "public"."person_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_bank_accounts" ADD CONSTRAINT "person_bank_accounts_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banks_name_unique" ON "banks" USING btree ("name");--> statement-breakpoint
CREATE INDEX "benefit_claim_events_claim_idx" ON "benefit_claim_events" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_claims_one_open_per_benefit" ON "benefit_claims" USING btree ("benefit_id") WHERE "benefit_claims"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "benefit_claims_person_user_idx" ON "benefit_claims" USING btree ("person_user_id");--> statement-breakpoint
CREATE INDEX "benefit_claims_status_idx" ON "benefit_claims" USING btree ("status");--> statement-breakpoint
CREATE INDEX "claim_documents_claim_idx" ON "claim_documents" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_owner_key" ON "idempotency_keys" USING btree ("scope","owner","key");--> statement-breakpoint
CREATE INDEX "person_bank_accounts_person_user_idx" ON "person_bank_accounts" USING btree ("person_user_id");