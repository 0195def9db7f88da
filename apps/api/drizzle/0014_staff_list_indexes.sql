DROP INDEX "benefit_claims_status_idx";--> statement-breakpoint
DROP INDEX "tasks_assignee_idx";--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "benefit_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "benefit_claims_status_id_idx" ON "benefit_claims" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "benefit_claims_benefit_idx" ON "benefit_claims" USING btree ("benefit_id");--> statement-breakpoint
CREATE INDEX "benefits_member_number_idx" ON "benefits" USING btree ("member_number");--> statement-breakpoint
CREATE INDEX "benefits_fund_person_idx" ON "benefits" USING btree ("fund_id","person_id");--> statement-breakpoint
CREATE INDEX "benefits_fund_status_id_idx" ON "benefits" USING btree ("fund_id","status","id");--> statement-breakpoint
CREATE INDEX "tasks_created_at_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_status_idx" ON "tasks" USING btree ("assignee_id","status","created_at");--> statement-breakpoint
-- funds.benefit_count (issue 25): kept by statement-level triggers with transition tables, so an
-- import of a million benefits updates each fund's count once, and the funds list reads no benefits.
CREATE FUNCTION "benefits_count_per_fund"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "funds" f SET "benefit_count" = f."benefit_count" + d.delta
    FROM (SELECT "fund_id", count(*) AS delta FROM new_rows GROUP BY "fund_id") d WHERE f."id" = d."fund_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "funds" f SET "benefit_count" = f."benefit_count" - d.delta
    FROM (SELECT "fund_id", count(*) AS delta FROM old_rows GROUP BY "fund_id") d WHERE f."id" = d."fund_id";
  ELSE
    UPDATE "funds" f SET "benefit_count" = f."benefit_count" + d.delta
    FROM (
      SELECT "fund_id", sum(delta) AS delta FROM (
        SELECT "fund_id", 1 AS delta FROM new_rows UNION ALL SELECT "fund_id", -1 FROM old_rows
      ) AS moved GROUP BY "fund_id" HAVING sum(delta) <> 0
    ) d WHERE f."id" = d."fund_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "benefits_count_insert" AFTER INSERT ON "benefits" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "benefits_count_per_fund"();--> statement-breakpoint
CREATE TRIGGER "benefits_count_delete" AFTER DELETE ON "benefits" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "benefits_count_per_fund"();--> statement-breakpoint
CREATE TRIGGER "benefits_count_update" AFTER UPDATE ON "benefits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "benefits_count_per_fund"();--> statement-breakpoint
-- ALWAYS: the count must also follow a member file's load, which runs with
-- session_replication_role = replica to skip the per-row foreign key checks (issue 16).
ALTER TABLE "benefits" ENABLE ALWAYS TRIGGER "benefits_count_insert";--> statement-breakpoint
ALTER TABLE "benefits" ENABLE ALWAYS TRIGGER "benefits_count_delete";--> statement-breakpoint
ALTER TABLE "benefits" ENABLE ALWAYS TRIGGER "benefits_count_update";--> statement-breakpoint
-- The same for the guards of 0003 and 0013 (audit events and issued invoices never change), so no
-- session in replica mode gets past them either.
ALTER TABLE "audit_events" ENABLE ALWAYS TRIGGER "audit_events_no_update_or_delete";--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ALWAYS TRIGGER "invoices_no_change_once_issued";--> statement-breakpoint
ALTER TABLE "invoice_lines" ENABLE ALWAYS TRIGGER "invoice_lines_no_change_once_issued";--> statement-breakpoint
UPDATE "funds" f SET "benefit_count" = (SELECT count(*) FROM "benefits" b WHERE b."fund_id" = f."id");
