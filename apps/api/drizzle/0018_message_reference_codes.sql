ALTER TABLE "outbox_messages" ADD COLUMN "reference_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_reference_code_idx" ON "outbox_messages" USING btree ("reference_code");