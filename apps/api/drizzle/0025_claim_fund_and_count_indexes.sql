-- Issue 40 item 3: a claim keeps its benefit's fund (benefit_claims.fund_id, copied when the claim
-- starts), so the staff claims list's total by fund and status is counted from an index of claims
-- alone; benefit_claims (status) is the small index the total by status is counted from, and the
-- index on (submitted_at, id) gains the status, so the total of a submission date range is too.
ALTER TABLE "benefit_claims" ADD COLUMN "fund_id" bigint;--> statement-breakpoint
UPDATE "benefit_claims" AS c SET "fund_id" = b."fund_id" FROM "benefits" AS b WHERE b."id" = c."benefit_id";--> statement-breakpoint
ALTER TABLE "benefit_claims" ALTER COLUMN "fund_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD CONSTRAINT "benefit_claims_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefit_claims_status_idx" ON "benefit_claims" USING btree ("status");--> statement-breakpoint
CREATE INDEX "benefit_claims_fund_status_idx" ON "benefit_claims" USING btree ("fund_id","status");--> statement-breakpoint
DROP INDEX "benefit_claims_submitted_at_idx";--> statement-breakpoint
CREATE INDEX "benefit_claims_submitted_at_idx" ON "benefit_claims" USING btree ("submitted_at","id","status");
