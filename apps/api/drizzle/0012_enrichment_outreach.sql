CREATE TABLE "contact_candidates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_candidates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"value" text NOT NULL,
	"confidence" smallint NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrichment_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrichment_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure_reason" text,
	"provider" text,
	"provider_reference" text,
	"cost_cents" integer DEFAULT 0 NOT NULL,
	"lawful_purpose" text NOT NULL,
	"checked_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrichment_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrichment_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fund_id" bigint NOT NULL,
	"file_upload_id" bigint,
	"steps" jsonb NOT NULL,
	"scope" text NOT NULL,
	"person_ids" jsonb,
	"force" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"reused" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"started_by_user_id" bigint,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_enrichment_steps" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_enrichment_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fund_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outreach_invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outreach_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"fund_id" bigint NOT NULL,
	"person_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"outbox_id" bigint,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outreach_opt_outs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outreach_opt_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" bigint NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"partner_id" bigint NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"stored_name" text,
	"failure_reason" text,
	"requested_by_user_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefits" ADD COLUMN "dependants_process_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "deceased_on" date;--> statement-breakpoint
ALTER TABLE "contact_candidates" ADD CONSTRAINT "contact_candidates_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrichment_records" ADD CONSTRAINT "enrichment_records_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrichment_runs" ADD CONSTRAINT "enrichment_runs_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrichment_runs" ADD CONSTRAINT "enrichment_runs_file_upload_id_file_uploads_id_fk" FOREIGN KEY ("file_upload_id") REFERENCES "public"."file_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrichment_runs" ADD CONSTRAINT "enrichment_runs_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_enrichment_steps" ADD CONSTRAINT "fund_enrichment_steps_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_invitations" ADD CONSTRAINT "outreach_invitations_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_invitations" ADD CONSTRAINT "outreach_invitations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_invitations" ADD CONSTRAINT "outreach_invitations_outbox_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_opt_outs" ADD CONSTRAINT "outreach_opt_outs_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_files" ADD CONSTRAINT "partner_files_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_files" ADD CONSTRAINT "partner_files_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_candidates_person_value_unique" ON "contact_candidates" USING btree ("person_id","channel","value");--> statement-breakpoint
CREATE UNIQUE INDEX "enrichment_records_person_kind_unique" ON "enrichment_records" USING btree ("person_id","kind");--> statement-breakpoint
CREATE INDEX "enrichment_records_kind_status_idx" ON "enrichment_records" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "enrichment_runs_fund_idx" ON "enrichment_runs" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "enrichment_runs_file_upload_idx" ON "enrichment_runs" USING btree ("file_upload_id");--> statement-breakpoint
CREATE INDEX "enrichment_runs_started_by_idx" ON "enrichment_runs" USING btree ("started_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_enrichment_steps_position_unique" ON "fund_enrichment_steps" USING btree ("fund_id","position");--> statement-breakpoint
CREATE INDEX "outreach_invitations_person_idx" ON "outreach_invitations" USING btree ("person_id","sent_at");--> statement-breakpoint
CREATE INDEX "outreach_invitations_fund_idx" ON "outreach_invitations" USING btree ("fund_id","sent_at");--> statement-breakpoint
CREATE INDEX "outreach_invitations_destination_idx" ON "outreach_invitations" USING btree ("destination");--> statement-breakpoint
CREATE INDEX "outreach_invitations_outbox_idx" ON "outreach_invitations" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outreach_opt_outs_person_unique" ON "outreach_opt_outs" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "partner_files_partner_idx" ON "partner_files" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_files_requested_by_idx" ON "partner_files" USING btree ("requested_by_user_id");