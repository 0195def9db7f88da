-- Issue 38 item 3: the claims queue sorts by submission date and gross amount, paged on (key, id)
-- (benefit_claims (submitted_at, id) replaces the index on submitted_at alone; benefits
-- (amount_cents, id)); staff users' saved views of list screens (owned by the saved-views module).
CREATE TABLE "saved_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"screen" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "benefit_claims_submitted_at_idx";--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_screen_name_unique" ON "saved_views" USING btree ("user_id","screen","name");--> statement-breakpoint
CREATE INDEX "saved_views_user_screen_idx" ON "saved_views" USING btree ("user_id","screen");--> statement-breakpoint
CREATE INDEX "benefits_amount_id_idx" ON "benefits" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "benefit_claims_submitted_at_idx" ON "benefit_claims" USING btree ("submitted_at","id");