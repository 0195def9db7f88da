CREATE TABLE "file_upload_mappings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_upload_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fund_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_upload_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_upload_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"file_upload_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"refused" boolean NOT NULL,
	"values" jsonb NOT NULL,
	"findings" jsonb NOT NULL,
	"cells" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_uploads" ALTER COLUMN "file_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "stored_name" text;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "uploaded_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "rows_read" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "warning_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "decided_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "file_upload_mappings" ADD CONSTRAINT "file_upload_mappings_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_upload_rows" ADD CONSTRAINT "file_upload_rows_file_upload_id_file_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_upload_mappings_fund_kind_idx" ON "file_upload_mappings" USING btree ("fund_id","kind");--> statement-breakpoint
CREATE INDEX "file_upload_rows_upload_line_idx" ON "file_upload_rows" USING btree ("file_upload_id","line");--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_uploads_uploaded_by_idx" ON "file_uploads" USING btree ("uploaded_by_user_id");--> statement-breakpoint
CREATE INDEX "file_uploads_decided_by_idx" ON "file_uploads" USING btree ("decided_by_user_id");--> statement-breakpoint
CREATE INDEX "file_uploads_fund_sha256_idx" ON "file_uploads" USING btree ("fund_id","sha256");