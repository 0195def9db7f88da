-- The staging table becomes typed columns loaded with COPY (decision 023); staged rows of files not yet accepted are dropped.
DROP TABLE "file_upload_rows" CASCADE;--> statement-breakpoint
CREATE TABLE "file_upload_rows" (
	"file_upload_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"refused" boolean NOT NULL,
	"findings" jsonb,
	"id_number" text,
	"first_name" text,
	"last_name" text,
	"member_number" text,
	"benefit_type" text,
	"amount_cents" bigint,
	"email" text,
	"phone_number" text,
	"date_of_exit" date,
	"date_of_birth" date,
	"gender" text,
	"claim_reference" text,
	"payment_reference" text,
	"paid_on" date,
	CONSTRAINT "file_upload_rows_file_upload_id_line_pk" PRIMARY KEY("file_upload_id","line")
);
--> statement-breakpoint
DROP INDEX "file_uploads_fund_sha256_idx";--> statement-breakpoint
ALTER TABLE "file_upload_rows" ADD CONSTRAINT "file_upload_rows_file_upload_id_file_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_upload_rows_findings_idx" ON "file_upload_rows" USING btree ("file_upload_id","refused","line") WHERE "file_upload_rows"."findings" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "file_uploads_fund_sha256_idx" ON "file_uploads" USING btree ("fund_id","sha256");