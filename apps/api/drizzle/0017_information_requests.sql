CREATE TABLE "claim_information_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_information_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"claim_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"document_kind" text,
	"message" text NOT NULL,
	"requested_by_type" text NOT NULL,
	"requested_by_id" bigint,
	"answer_text" text,
	"answer_document_id" bigint,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_documents" ADD COLUMN "state" text DEFAULT 'received' NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD COLUMN "what_to_do" text;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_information_requests" ADD CONSTRAINT "claim_information_requests_claim_id_benefit_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."benefit_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_information_requests" ADD CONSTRAINT "claim_information_requests_answer_document_id_claim_documents_id_fk" FOREIGN KEY ("answer_document_id") REFERENCES "public"."claim_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_information_requests_claim_idx" ON "claim_information_requests" USING btree ("claim_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_information_requests_one_open" ON "claim_information_requests" USING btree ("claim_id") WHERE "claim_information_requests"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "claim_information_requests_answer_document_idx" ON "claim_information_requests" USING btree ("answer_document_id");