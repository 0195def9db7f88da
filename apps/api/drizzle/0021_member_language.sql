ALTER TABLE "outbox_messages" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "person_users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;