DROP INDEX "tasks_status_idx";--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "invoices_kind_idx" ON "invoices" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_number_pattern_idx" ON "invoices" USING btree ("number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tasks_status_created_at_idx" ON "tasks" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_due_date_idx" ON "tasks" USING btree ("due_date","id");