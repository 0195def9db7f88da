CREATE TABLE "message_references" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_references_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference_code" text NOT NULL,
	"destination_hash" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reference_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "message_references_reference_code_idx" ON "message_references" USING btree ("reference_code");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_reference_code_idx" ON "outbox_messages" USING btree ("reference_code");