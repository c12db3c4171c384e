CREATE TABLE "lead_student" (
	"organization_id" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_student_organization_id_lead_id_student_id_pk" PRIMARY KEY("organization_id","lead_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "lead_student" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_trial" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"tutor_member_id" text NOT NULL,
	"attended" boolean,
	"feedback_notes" text,
	"recommendation" text,
	"feedback_by_user_id" text,
	"feedback_at" timestamp with time zone,
	"follow_ups_at" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_trial_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "lead_trial_recommendation_check" CHECK (recommendation in ('enrol', 'another_trial', 'not_a_fit')),
	CONSTRAINT "lead_trial_feedback_check" CHECK ((feedback_at is null) = (attended is null) and (feedback_at is null) = (recommendation is null))
);
--> statement-breakpoint
ALTER TABLE "lead_trial" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lead_student" ADD CONSTRAINT "lead_student_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_student" ADD CONSTRAINT "lead_student_organization_id_lead_id_lead_organization_id_id_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."lead"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_student" ADD CONSTRAINT "lead_student_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_trial" ADD CONSTRAINT "lead_trial_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_trial" ADD CONSTRAINT "lead_trial_feedback_by_user_id_user_id_fk" FOREIGN KEY ("feedback_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_trial" ADD CONSTRAINT "lead_trial_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_trial" ADD CONSTRAINT "lead_trial_organization_id_lead_id_lead_organization_id_id_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."lead"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_trial" ADD CONSTRAINT "lead_trial_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_trial" ADD CONSTRAINT "lead_trial_organization_id_tutor_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","tutor_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_student_student_idx" ON "lead_student" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_trial_session_idx" ON "lead_trial" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "lead_trial_lead_idx" ON "lead_trial" USING btree ("organization_id","lead_id","created_at");--> statement-breakpoint
CREATE POLICY "lead_student_workspace_isolation" ON "lead_student" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "lead_trial_workspace_isolation" ON "lead_trial" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "lead_student" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "lead_student_owner_workspace" ON "lead_student" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "lead_trial" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "lead_trial_owner_workspace" ON "lead_trial" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- A conversion's link is what happened: written once, gone only with its lead or its student.
GRANT SELECT, INSERT ON "lead_student" TO glassroom_app;--> statement-breakpoint
-- A trial's feedback is written once onto its row; trials go with their lead (the purge job).
GRANT SELECT, INSERT, UPDATE ON "lead_trial" TO glassroom_app;
