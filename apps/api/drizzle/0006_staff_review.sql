ALTER TABLE "benefit_claims" ADD COLUMN "payment_reference" text;--> statement-breakpoint
CREATE INDEX "benefits_status_id_idx" ON "benefits" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "benefits_fund_id_id_idx" ON "benefits" USING btree ("fund_id","id");--> statement-breakpoint
CREATE INDEX "persons_last_name_lower_idx" ON "persons" USING btree (lower("last_name"));