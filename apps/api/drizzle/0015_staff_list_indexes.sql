DROP INDEX "benefit_claims_status_idx";--> statement-breakpoint
CREATE INDEX "benefit_claims_status_id_idx" ON "benefit_claims" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "benefit_claims_benefit_idx" ON "benefit_claims" USING btree ("benefit_id");--> statement-breakpoint
CREATE INDEX "benefits_member_number_idx" ON "benefits" USING btree ("member_number");--> statement-breakpoint
CREATE INDEX "benefits_fund_person_idx" ON "benefits" USING btree ("fund_id","person_id");