CREATE TABLE "watchlist_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watchlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id_number_hash" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"token_nonce" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"last_notified_upload_id" bigint,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benefit_claims" ADD COLUMN "fast_track" jsonb;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "fast_track_threshold_cents" bigint;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "fast_track_days" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_entries_id_destination_unique" ON "watchlist_entries" USING btree ("id_number_hash","channel","destination");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_entries_unsubscribe_token_unique" ON "watchlist_entries" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "watchlist_entries_active_idx" ON "watchlist_entries" USING btree ("id_number_hash") WHERE "watchlist_entries"."confirmed_at" is not null and "watchlist_entries"."unsubscribed_at" is null;--> statement-breakpoint
CREATE INDEX "watchlist_entries_expires_idx" ON "watchlist_entries" USING btree ("expires_at");