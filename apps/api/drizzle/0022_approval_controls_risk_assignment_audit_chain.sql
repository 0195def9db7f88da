ALTER TABLE "audit_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "approval_override" jsonb;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "first_approved_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "assigned_user_id" bigint;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "risk_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "risk_flag_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "risk_evaluated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "second_approval_threshold_cents" bigint;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD CONSTRAINT "benefit_claims_first_approved_by_user_id_users_id_fk" FOREIGN KEY ("first_approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD CONSTRAINT "benefit_claims_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_chain_seq_unique" ON "audit_events" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "benefit_claims_assigned_user_idx" ON "benefit_claims" USING btree ("assigned_user_id","id");--> statement-breakpoint
CREATE INDEX "benefit_claims_risk_idx" ON "benefit_claims" USING btree ("risk_flag_count","id");--> statement-breakpoint
CREATE INDEX "benefit_claims_first_approved_by_idx" ON "benefit_claims" USING btree ("first_approved_by_user_id");