CREATE TABLE "identity_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"identity_verification_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"stored_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"invoice_id" bigint NOT NULL,
	"claim_id" bigint,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"fund_id" bigint NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issue_date" date,
	"recipient" jsonb NOT NULL,
	"supplier" jsonb,
	"subtotal_cents" bigint DEFAULT 0 NOT NULL,
	"vat_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"credited_invoice_id" bigint,
	"credit_reason" text,
	"created_by_user_id" bigint,
	"issued_by_user_id" bigint,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match" jsonb;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_status" text;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_override_reason" text;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_overridden_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "images_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "person_users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_images" ADD CONSTRAINT "identity_images_identity_verification_id_identity_verifications_id_fk" FOREIGN KEY ("identity_verification_id") REFERENCES "public"."identity_verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_claim_id_benefit_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."benefit_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_images_verification_idx" ON "identity_images" USING btree ("identity_verification_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoice_lines_claim_idx" ON "invoice_lines" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_fund_idx" ON "invoices" USING btree ("fund_id","id");--> statement-breakpoint
CREATE INDEX "invoices_created_by_idx" ON "invoices" USING btree ("created_by_user_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_by_idx" ON "invoices" USING btree ("issued_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credited_invoice_unique" ON "invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "file_upload_rows_id_number_idx" ON "file_upload_rows" USING btree ("id_number");--> statement-breakpoint
-- The number series (issue 18): taken with UPDATE ... RETURNING when an invoice is issued.
INSERT INTO "invoice_counters" ("kind", "last_value") VALUES ('invoice', 0), ('credit_note', 0);--> statement-breakpoint
-- An issued invoice or credit note is immutable (VAT Act: corrections are credit notes): no UPDATE
-- or DELETE of it, and no change to its lines, from any caller.
CREATE FUNCTION "invoices_issued_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'issued' THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_no_change_once_issued" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_issued_immutable"();--> statement-breakpoint
CREATE FUNCTION "invoice_lines_of_drafts_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "invoices"
    WHERE "id" IN (CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."invoice_id" END,
                   CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."invoice_id" END)
      AND "status" = 'issued'
  ) THEN
    RAISE EXCEPTION 'the lines of an issued invoice cannot change';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_no_change_once_issued" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoice_lines_of_drafts_only"();
