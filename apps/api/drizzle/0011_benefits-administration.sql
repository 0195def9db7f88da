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
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match" jsonb;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_status" text;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_override_reason" text;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_overridden_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "bank_match_overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD COLUMN "images_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "person_users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_images" ADD CONSTRAINT "identity_images_identity_verification_id_identity_verifications_id_fk" FOREIGN KEY ("identity_verification_id") REFERENCES "public"."identity_verifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_images_verification_idx" ON "identity_images" USING btree ("identity_verification_id");--> statement-breakpoint
CREATE INDEX "file_upload_rows_id_number_idx" ON "file_upload_rows" USING btree (("values"->>'id_number'));