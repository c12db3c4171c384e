CREATE TABLE "crm_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"purge_months" integer DEFAULT 12 NOT NULL,
	"owner_assignment" text DEFAULT 'default_owner' NOT NULL,
	"default_owner_member_id" text,
	"lost_reasons" text[] DEFAULT '{"Price","Timing or schedule","Chose another provider","No response","Need not a fit"}'::text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "crm_settings_owner_assignment_check" CHECK (owner_assignment in ('default_owner', 'round_robin')),
	CONSTRAINT "crm_settings_purge_months_check" CHECK (purge_months between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "crm_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "crm_stage" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"outcome" text NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "crm_stage_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "crm_stage_outcome_check" CHECK (outcome in ('open', 'won', 'lost')),
	CONSTRAINT "crm_stage_name_check" CHECK (length(name) between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "crm_stage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "crm_task" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'manual' NOT NULL,
	"due_on" date NOT NULL,
	"assignee_member_id" text NOT NULL,
	"lead_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"reminded_on" date,
	CONSTRAINT "crm_task_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "crm_task_kind_check" CHECK (kind in ('manual', 'first_response', 'trial_follow_up')),
	CONSTRAINT "crm_task_status_check" CHECK (status in ('open', 'done', 'cancelled')),
	CONSTRAINT "crm_task_title_check" CHECK (length(title) between 1 and 200),
	CONSTRAINT "crm_task_closed_check" CHECK ((status = 'open') = (closed_at is null))
);
--> statement-breakpoint
ALTER TABLE "crm_task" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"guardian_name" text,
	"student_name" text,
	"email" text,
	"phone" text,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"level" text,
	"preferred_times" text,
	"source" text NOT NULL,
	"utm" jsonb,
	"owner_member_id" text,
	"stage_id" uuid NOT NULL,
	"stage_entered_at" timestamp with time zone NOT NULL,
	"lost_reason" text,
	"notes" text DEFAULT '' NOT NULL,
	"consent_basis" text NOT NULL,
	"purge_on" date NOT NULL,
	"converted_at" timestamp with time zone,
	"payer_account_id" uuid,
	"created_by_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "lead_source_check" CHECK (source in ('enquiry_page', 'referral', 'phone', 'walk_in', 'campaign', 'other')),
	CONSTRAINT "lead_consent_basis_check" CHECK (consent_basis in ('consent', 'legitimate_interest', 'pre_contract')),
	CONSTRAINT "lead_name_check" CHECK (coalesce(guardian_name, student_name) is not null),
	CONSTRAINT "lead_contact_check" CHECK (coalesce(email, phone) is not null),
	CONSTRAINT "lead_email_lower_check" CHECK (email = lower(email))
);
--> statement-breakpoint
ALTER TABLE "lead" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lead_activity" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"body" text,
	"actor_user_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_activity_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "lead_activity_kind_check" CHECK (kind in ('created', 'note', 'call', 'email', 'stage', 'task', 'trial', 'converted', 'merged', 'edited'))
);
--> statement-breakpoint
ALTER TABLE "lead_activity" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "crm_settings" ADD CONSTRAINT "crm_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_settings" ADD CONSTRAINT "crm_settings_organization_id_default_owner_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","default_owner_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_stage" ADD CONSTRAINT "crm_stage_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_task" ADD CONSTRAINT "crm_task_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_task" ADD CONSTRAINT "crm_task_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_task" ADD CONSTRAINT "crm_task_organization_id_lead_id_lead_organization_id_id_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."lead"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_task" ADD CONSTRAINT "crm_task_organization_id_assignee_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","assignee_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_organization_id_stage_id_crm_stage_organization_id_id_fk" FOREIGN KEY ("organization_id","stage_id") REFERENCES "public"."crm_stage"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_organization_id_owner_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","owner_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_organization_id_payer_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","payer_account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_activity" ADD CONSTRAINT "lead_activity_organization_id_lead_id_lead_organization_id_id_fk" FOREIGN KEY ("organization_id","lead_id") REFERENCES "public"."lead"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_stage_name_idx" ON "crm_stage" USING btree ("organization_id",lower("name")) WHERE archived_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_stage_outcome_idx" ON "crm_stage" USING btree ("organization_id","outcome") WHERE outcome <> 'open' and archived_at is null;--> statement-breakpoint
CREATE INDEX "crm_task_assignee_idx" ON "crm_task" USING btree ("organization_id","assignee_member_id","due_on") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "crm_task_lead_idx" ON "crm_task" USING btree ("organization_id","lead_id");--> statement-breakpoint
CREATE INDEX "crm_task_due_idx" ON "crm_task" USING btree ("organization_id","due_on") WHERE status = 'open' and reminded_on is null;--> statement-breakpoint
CREATE INDEX "lead_stage_idx" ON "lead" USING btree ("organization_id","stage_id","stage_entered_at","id");--> statement-breakpoint
CREATE INDEX "lead_owner_stage_idx" ON "lead" USING btree ("organization_id","owner_member_id","stage_id","stage_entered_at","id");--> statement-breakpoint
CREATE INDEX "lead_created_idx" ON "lead" USING btree ("organization_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "lead_email_idx" ON "lead" USING btree ("organization_id","email") WHERE email is not null;--> statement-breakpoint
CREATE INDEX "lead_phone_idx" ON "lead" USING btree ("organization_id",regexp_replace(phone, '[^0-9]', '', 'g')) WHERE phone is not null;--> statement-breakpoint
CREATE INDEX "lead_purge_idx" ON "lead" USING btree ("organization_id","purge_on") WHERE converted_at is null;--> statement-breakpoint
CREATE INDEX "lead_activity_lead_idx" ON "lead_activity" USING btree ("organization_id","lead_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "crm_settings_workspace_isolation" ON "crm_settings" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "crm_stage_workspace_isolation" ON "crm_stage" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "crm_task_workspace_isolation" ON "crm_task" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "lead_workspace_isolation" ON "lead" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "lead_activity_workspace_isolation" ON "lead_activity" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "crm_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "crm_settings_owner_workspace" ON "crm_settings" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "crm_stage" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "crm_stage_owner_workspace" ON "crm_stage" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "crm_task" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "crm_task_owner_workspace" ON "crm_task" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "lead" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "lead_owner_workspace" ON "lead" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "lead_activity" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "lead_activity_owner_workspace" ON "lead_activity" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "crm_settings" TO glassroom_app;--> statement-breakpoint
-- A stage is archived, never deleted: leads' timelines name it.
GRANT SELECT, INSERT, UPDATE ON "crm_stage" TO glassroom_app;--> statement-breakpoint
-- Leads are deleted by the purge job and by a merge into their duplicate; their timelines and tasks go with them.
GRANT SELECT, INSERT, UPDATE, DELETE ON "lead" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "crm_task" TO glassroom_app;--> statement-breakpoint
-- A timeline entry, once written, is what happened; a merge moves entries to the lead kept.
GRANT SELECT, INSERT ON "lead_activity" TO glassroom_app;--> statement-breakpoint
GRANT UPDATE ("lead_id") ON "lead_activity" TO glassroom_app;
