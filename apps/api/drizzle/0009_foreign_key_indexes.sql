CREATE INDEX "benefit_claims_bank_account_idx" ON "benefit_claims" USING btree ("bank_account_id");--> statement-breakpoint
CREATE INDEX "benefit_claims_submitted_at_idx" ON "benefit_claims" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "benefits_file_upload_idx" ON "benefits" USING btree ("file_upload_id");--> statement-breakpoint
CREATE INDEX "file_uploads_fund_idx" ON "file_uploads" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "funds_fund_type_idx" ON "funds" USING btree ("fund_type_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_device_idx" ON "notification_deliveries" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "one_time_pins_session_idx" ON "one_time_pins" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "partner_api_keys_created_by_idx" ON "partner_api_keys" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "partner_api_keys_revoked_by_idx" ON "partner_api_keys" USING btree ("revoked_by_id");--> statement-breakpoint
CREATE INDEX "person_bank_accounts_bank_idx" ON "person_bank_accounts" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "tasks_resolved_by_idx" ON "tasks" USING btree ("resolved_by_id");--> statement-breakpoint
CREATE INDEX "role_permissions_permission_idx" ON "role_permissions" USING btree ("permission_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");