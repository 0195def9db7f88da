CREATE TABLE "faq_funds" (
	"faq_id" bigint NOT NULL,
	"fund_id" bigint NOT NULL,
	CONSTRAINT "faq_funds_faq_id_fund_id_pk" PRIMARY KEY("faq_id","fund_id")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "faqs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faq_funds" ADD CONSTRAINT "faq_funds_faq_id_faqs_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."faqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_funds" ADD CONSTRAINT "faq_funds_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_funds_fund_idx" ON "faq_funds" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "faqs_published_order_idx" ON "faqs" USING btree ("published","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_name_unique" ON "templates" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_kind_key_unique" ON "templates" USING btree ("kind","key") WHERE "templates"."key" is not null;--> statement-breakpoint
CREATE INDEX "templates_kind_idx" ON "templates" USING btree ("kind");