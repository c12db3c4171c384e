CREATE TABLE "session_series" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tutor_member_id" text NOT NULL,
	"rule" text NOT NULL,
	"dtstart_local" text NOT NULL,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"until_date" date,
	"count" integer,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_series_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "session_series_end_check" CHECK ((until_date is null) <> (count is null)),
	CONSTRAINT "session_series_duration_check" CHECK (duration_minutes > 0)
);
--> statement-breakpoint
ALTER TABLE "session_series" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "session_student" (
	"organization_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	CONSTRAINT "session_student_organization_id_session_id_student_id_pk" PRIMARY KEY("organization_id","session_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "session_student" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tutoring_session" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tutor_member_id" text NOT NULL,
	"subject" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"location" text,
	"online_url" text,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"series_id" uuid,
	"occurrence_date" date,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by_user_id" text,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	CONSTRAINT "tutoring_session_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tutoring_session_order_check" CHECK (ends_at > starts_at),
	CONSTRAINT "tutoring_session_status_check" CHECK (status in ('scheduled', 'completed', 'cancelled', 'late_cancelled', 'no_show')),
	CONSTRAINT "tutoring_session_series_check" CHECK ((series_id is null) = (occurrence_date is null))
);
--> statement-breakpoint
ALTER TABLE "tutoring_session" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "workspace_policy" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"late_cancellation_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_policy_late_cancellation_check" CHECK (late_cancellation_hours between 0 and 720)
);
--> statement-breakpoint
ALTER TABLE "workspace_policy" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_series" ADD CONSTRAINT "session_series_organization_id_tutor_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","tutor_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_student" ADD CONSTRAINT "session_student_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_student" ADD CONSTRAINT "session_student_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_student" ADD CONSTRAINT "session_student_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_session" ADD CONSTRAINT "tutoring_session_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_session" ADD CONSTRAINT "tutoring_session_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_session" ADD CONSTRAINT "tutoring_session_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_session" ADD CONSTRAINT "tutoring_session_cancelled_by_user_id_user_id_fk" FOREIGN KEY ("cancelled_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_session" ADD CONSTRAINT "tutoring_session_organization_id_tutor_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","tutor_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_session" ADD CONSTRAINT "tutoring_session_organization_id_series_id_session_series_organization_id_id_fk" FOREIGN KEY ("organization_id","series_id") REFERENCES "public"."session_series"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_policy" ADD CONSTRAINT "workspace_policy_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_student_student_idx" ON "session_student" USING btree ("organization_id","student_id","session_id");--> statement-breakpoint
CREATE INDEX "tutoring_session_tutor_starts_idx" ON "tutoring_session" USING btree ("organization_id","tutor_member_id","starts_at");--> statement-breakpoint
CREATE INDEX "tutoring_session_starts_idx" ON "tutoring_session" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE INDEX "tutoring_session_series_idx" ON "tutoring_session" USING btree ("organization_id","series_id","occurrence_date");--> statement-breakpoint
CREATE POLICY "session_series_workspace_isolation" ON "session_series" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_student_workspace_isolation" ON "session_student" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tutoring_session_workspace_isolation" ON "tutoring_session" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "workspace_policy_workspace_isolation" ON "workspace_policy" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));