CREATE TABLE "enquiry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	CONSTRAINT "enquiry_kind_check" CHECK ("enquiry"."kind" in ('contact', 'affiliate'))
);
--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_created_idx" ON "enquiry" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "enquiry_kind_created_idx" ON "enquiry" USING btree ("kind","created_at");