CREATE TABLE "session_recording" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"storage_key" text,
	"content_type" text,
	"size_bytes" bigint,
	"uploaded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_recording_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "session_recording_kind_check" CHECK (kind in ('file', 'link')),
	CONSTRAINT "session_recording_shape_check" CHECK ((kind = 'file' and storage_key is not null and url is null) or (kind = 'link' and url is not null and storage_key is null))
);
--> statement-breakpoint
ALTER TABLE "session_recording" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "session_report" (
	"organization_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"topics" text NOT NULL,
	"homework_set" text DEFAULT '' NOT NULL,
	"private_notes" text DEFAULT '' NOT NULL,
	"filed_by_user_id" text,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_report_organization_id_session_id_pk" PRIMARY KEY("organization_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "session_report" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "session_report_student" (
	"organization_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"attendance" text NOT NULL,
	"previous_homework" text NOT NULL,
	"understanding" smallint,
	"engagement" smallint,
	"score_percent" smallint,
	CONSTRAINT "session_report_student_organization_id_session_id_student_id_pk" PRIMARY KEY("organization_id","session_id","student_id"),
	CONSTRAINT "session_report_student_attendance_check" CHECK (attendance in ('present', 'late', 'absent')),
	CONSTRAINT "session_report_student_homework_check" CHECK (previous_homework in ('completed', 'partly', 'not_done', 'none_set')),
	CONSTRAINT "session_report_student_understanding_check" CHECK (understanding is null or understanding between 1 and 5),
	CONSTRAINT "session_report_student_engagement_check" CHECK (engagement is null or engagement between 1 and 5),
	CONSTRAINT "session_report_student_score_check" CHECK (score_percent is null or score_percent between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "session_report_student" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "session_summary" (
	"organization_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_by_user_id" text,
	"shared_by_user_id" text,
	"shared_at" timestamp with time zone,
	CONSTRAINT "session_summary_organization_id_session_id_student_id_pk" PRIMARY KEY("organization_id","session_id","student_id"),
	CONSTRAINT "session_summary_status_check" CHECK (status in ('draft', 'awaiting_review', 'shared')),
	CONSTRAINT "session_summary_shared_check" CHECK ((status = 'shared') = (shared_at is not null))
);
--> statement-breakpoint
ALTER TABLE "session_summary" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tutoring_session" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspace_policy" ADD COLUMN "reminder_lead_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_policy" ADD COLUMN "summary_requires_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_policy" ADD COLUMN "recording_retention_days" integer;--> statement-breakpoint
ALTER TABLE "session_recording" ADD CONSTRAINT "session_recording_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recording" ADD CONSTRAINT "session_recording_uploaded_by_user_id_user_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recording" ADD CONSTRAINT "session_recording_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_report" ADD CONSTRAINT "session_report_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_report" ADD CONSTRAINT "session_report_filed_by_user_id_user_id_fk" FOREIGN KEY ("filed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_report" ADD CONSTRAINT "session_report_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_report" ADD CONSTRAINT "session_report_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_report_student" ADD CONSTRAINT "session_report_student_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_report_student" ADD CONSTRAINT "session_report_student_organization_id_session_id_session_report_organization_id_session_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."session_report"("organization_id","session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_report_student" ADD CONSTRAINT "session_report_student_organization_id_session_id_student_id_session_student_organization_id_session_id_student_id_fk" FOREIGN KEY ("organization_id","session_id","student_id") REFERENCES "public"."session_student"("organization_id","session_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_summary" ADD CONSTRAINT "session_summary_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_summary" ADD CONSTRAINT "session_summary_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_summary" ADD CONSTRAINT "session_summary_reviewed_by_user_id_user_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_summary" ADD CONSTRAINT "session_summary_shared_by_user_id_user_id_fk" FOREIGN KEY ("shared_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_summary" ADD CONSTRAINT "session_summary_organization_id_session_id_student_id_session_report_student_organization_id_session_id_student_id_fk" FOREIGN KEY ("organization_id","session_id","student_id") REFERENCES "public"."session_report_student"("organization_id","session_id","student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_recording_session_idx" ON "session_recording" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "session_recording_file_created_idx" ON "session_recording" USING btree ("created_at") WHERE kind = 'file';--> statement-breakpoint
CREATE INDEX "session_summary_student_shared_idx" ON "session_summary" USING btree ("organization_id","student_id","shared_at") WHERE status = 'shared';--> statement-breakpoint
CREATE INDEX "session_summary_awaiting_idx" ON "session_summary" USING btree ("organization_id","submitted_at") WHERE status = 'awaiting_review';--> statement-breakpoint
CREATE INDEX "tutoring_session_reminder_due_idx" ON "tutoring_session" USING btree ("starts_at") WHERE status = 'scheduled' and reminder_sent_at is null;--> statement-breakpoint
ALTER TABLE "workspace_policy" ADD CONSTRAINT "workspace_policy_reminder_lead_check" CHECK (reminder_lead_hours between 1 and 168);--> statement-breakpoint
ALTER TABLE "workspace_policy" ADD CONSTRAINT "workspace_policy_recording_retention_check" CHECK (recording_retention_days is null or recording_retention_days between 1 and 3650);--> statement-breakpoint
CREATE POLICY "session_recording_workspace_isolation" ON "session_recording" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_report_workspace_isolation" ON "session_report" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_report_student_workspace_isolation" ON "session_report_student" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_summary_workspace_isolation" ON "session_summary" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));