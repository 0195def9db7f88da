DROP INDEX "file_upload_rows_id_number_idx";--> statement-breakpoint
CREATE INDEX "file_upload_rows_id_number_idx" ON "file_upload_rows" USING hash ("id_number");