CREATE TABLE "alert_digest" (
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"day" date NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"alerts" integer NOT NULL,
	CONSTRAINT "alert_digest_organization_id_member_id_day_pk" PRIMARY KEY("organization_id","member_id","day")
);
--> statement-breakpoint
ALTER TABLE "alert_digest" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_alert" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"family_visible" boolean NOT NULL,
	"title" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"action_note" text,
	"action_on" date,
	"dismiss_reason" text,
	"resolution" text,
	"changed_by_user_id" text,
	"opened_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "health_alert_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "health_alert_kind_check" CHECK (kind in ('missedShare', 'consecutiveMisses', 'dosage', 'lowEngagement', 'understandingFalling', 'noRecentSession', 'homeworkNotDone', 'hoursLow', 'invoiceOverdue', 'reportMissing')),
	CONSTRAINT "health_alert_severity_check" CHECK (severity in ('on_track', 'watch', 'act')),
	CONSTRAINT "health_alert_status_check" CHECK (status in ('open', 'acknowledged', 'action_planned', 'resolved', 'dismissed')),
	CONSTRAINT "health_alert_planned_check" CHECK (status <> 'action_planned' or (action_note is not null and action_on is not null)),
	CONSTRAINT "health_alert_dismissed_check" CHECK (status <> 'dismissed' or dismiss_reason is not null),
	CONSTRAINT "health_alert_resolved_check" CHECK (status <> 'resolved' or cleared_at is not null)
);
--> statement-breakpoint
ALTER TABLE "health_alert" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_contest" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"point" text NOT NULL,
	"message" text NOT NULL,
	"raised_by_user_id" text,
	"raised_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by_user_id" text,
	"answered_at" timestamp with time zone,
	CONSTRAINT "health_contest_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "health_contest_point_check" CHECK (point in ('attendance', 'engagement', 'understanding', 'homework', 'score')),
	CONSTRAINT "health_contest_status_check" CHECK (status in ('open', 'accepted', 'answered')),
	CONSTRAINT "health_contest_answer_check" CHECK ((status = 'open') = (answer is null))
);
--> statement-breakpoint
ALTER TABLE "health_contest" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_excusal" (
	"organization_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"contest_id" uuid NOT NULL,
	"excused_by_user_id" text,
	"excused_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_excusal_organization_id_student_id_session_id_pk" PRIMARY KEY("organization_id","student_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "health_excusal" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_preference" (
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"alert_digest" boolean NOT NULL,
	"topics" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preference_organization_id_member_id_pk" PRIMARY KEY("organization_id","member_id"),
	CONSTRAINT "notification_preference_topics_check" CHECK (topics <@ array['learning', 'billing', 'reports']::text[])
);
--> statement-breakpoint
ALTER TABLE "notification_preference" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "alert_digest" ADD CONSTRAINT "alert_digest_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digest" ADD CONSTRAINT "alert_digest_organization_id_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_alert" ADD CONSTRAINT "health_alert_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_alert" ADD CONSTRAINT "health_alert_changed_by_user_id_user_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_alert" ADD CONSTRAINT "health_alert_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_contest" ADD CONSTRAINT "health_contest_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_contest" ADD CONSTRAINT "health_contest_raised_by_user_id_user_id_fk" FOREIGN KEY ("raised_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_contest" ADD CONSTRAINT "health_contest_answered_by_user_id_user_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_contest" ADD CONSTRAINT "health_contest_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_contest" ADD CONSTRAINT "health_contest_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_excusal" ADD CONSTRAINT "health_excusal_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_excusal" ADD CONSTRAINT "health_excusal_excused_by_user_id_user_id_fk" FOREIGN KEY ("excused_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_excusal" ADD CONSTRAINT "health_excusal_organization_id_contest_id_health_contest_organization_id_id_fk" FOREIGN KEY ("organization_id","contest_id") REFERENCES "public"."health_contest"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preference" ADD CONSTRAINT "notification_preference_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preference" ADD CONSTRAINT "notification_preference_organization_id_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "health_alert_one_standing_idx" ON "health_alert" USING btree ("organization_id","student_id","kind") WHERE cleared_at is null;--> statement-breakpoint
CREATE INDEX "health_alert_inbox_idx" ON "health_alert" USING btree ("organization_id","opened_at" DESC NULLS LAST,"id") WHERE status in ('open', 'acknowledged', 'action_planned');--> statement-breakpoint
CREATE INDEX "health_alert_student_idx" ON "health_alert" USING btree ("organization_id","student_id","opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "health_contest_student_idx" ON "health_contest" USING btree ("organization_id","student_id","raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "health_contest_open_idx" ON "health_contest" USING btree ("organization_id","raised_at") WHERE status = 'open';--> statement-breakpoint
CREATE POLICY "alert_digest_workspace_isolation" ON "alert_digest" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "health_alert_workspace_isolation" ON "health_alert" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "health_contest_workspace_isolation" ON "health_contest" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "health_excusal_workspace_isolation" ON "health_excusal" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "notification_preference_workspace_isolation" ON "notification_preference" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "health_alert" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "health_alert_owner_workspace" ON "health_alert" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "health_contest" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "health_contest_owner_workspace" ON "health_contest" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "health_excusal" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "health_excusal_owner_workspace" ON "health_excusal" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "notification_preference" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "notification_preference_owner_workspace" ON "notification_preference" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "alert_digest" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "alert_digest_owner_workspace" ON "alert_digest" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Alerts and contests change status but are never deleted: they are the history on the card.
GRANT SELECT, INSERT, UPDATE ON "health_alert" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "health_contest" TO glassroom_app;--> statement-breakpoint
-- An excusal, once granted, is what the card was rescored on.
GRANT SELECT, INSERT ON "health_excusal" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "notification_preference" TO glassroom_app;--> statement-breakpoint
-- A digest's day, once claimed, stays claimed.
GRANT SELECT, INSERT ON "alert_digest" TO glassroom_app;
