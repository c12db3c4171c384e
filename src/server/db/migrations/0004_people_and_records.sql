-- First: the target of the business tables' (organization_id, member_id) foreign keys.
CREATE UNIQUE INDEX "member_organization_id_idx" ON "member" USING btree ("organization_id","id");--> statement-breakpoint
CREATE TABLE "assignment" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tutor_member_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"rate_override_minor" integer,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "assignment_dates_check" CHECK (ends_on is null or ends_on >= starts_on),
	CONSTRAINT "assignment_rate_check" CHECK (coalesce(rate_override_minor, 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "assignment" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"preferred_name" text,
	"grade" text,
	"school" text,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone,
	CONSTRAINT "student_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "student_status_check" CHECK (status in ('active', 'paused', 'former'))
);
--> statement-breakpoint
ALTER TABLE "student" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_guardian" (
	"organization_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_guardian_organization_id_student_id_member_id_pk" PRIMARY KEY("organization_id","student_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "student_guardian" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tutor_availability" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"weekday" smallint NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	CONSTRAINT "tutor_availability_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tutor_availability_weekday_check" CHECK (weekday between 1 and 7),
	CONSTRAINT "tutor_availability_order_check" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
ALTER TABLE "tutor_availability" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tutor_profile" (
	"organization_id" text NOT NULL,
	"member_id" text NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"pay_rate_minor" integer,
	"charge_rate_minor" integer,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_profile_organization_id_member_id_pk" PRIMARY KEY("organization_id","member_id"),
	CONSTRAINT "tutor_profile_status_check" CHECK (status in ('active', 'inactive')),
	CONSTRAINT "tutor_profile_rates_check" CHECK (coalesce(pay_rate_minor, 0) >= 0 and coalesce(charge_rate_minor, 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "tutor_profile" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "workspace_invitation" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"student_id" uuid,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by_user_id" text,
	"accepted_by_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_invitation_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "workspace_invitation_role_check" CHECK (role in ('admin', 'tutor', 'parent', 'student')),
	CONSTRAINT "workspace_invitation_status_check" CHECK (status in ('pending', 'accepted', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "workspace_invitation" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "student_id" uuid;--> statement-breakpoint
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_organization_id_tutor_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","tutor_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardian" ADD CONSTRAINT "student_guardian_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardian" ADD CONSTRAINT "student_guardian_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_guardian" ADD CONSTRAINT "student_guardian_organization_id_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_availability" ADD CONSTRAINT "tutor_availability_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_availability" ADD CONSTRAINT "tutor_availability_organization_id_member_id_tutor_profile_organization_id_member_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."tutor_profile"("organization_id","member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_profile" ADD CONSTRAINT "tutor_profile_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_profile" ADD CONSTRAINT "tutor_profile_organization_id_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitation" ADD CONSTRAINT "workspace_invitation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitation" ADD CONSTRAINT "workspace_invitation_invited_by_user_id_user_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitation" ADD CONSTRAINT "workspace_invitation_accepted_by_user_id_user_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitation" ADD CONSTRAINT "workspace_invitation_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_tutor_idx" ON "assignment" USING btree ("organization_id","tutor_member_id");--> statement-breakpoint
CREATE INDEX "assignment_student_idx" ON "assignment" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE INDEX "student_organization_status_name_idx" ON "student" USING btree ("organization_id","status","name");--> statement-breakpoint
CREATE INDEX "student_organization_name_idx" ON "student" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "student_name_trgm_idx" ON "student" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "student_organization_user_idx" ON "student" USING btree ("organization_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX "student_guardian_member_idx" ON "student_guardian" USING btree ("organization_id","member_id");--> statement-breakpoint
CREATE INDEX "tutor_availability_member_idx" ON "tutor_availability" USING btree ("organization_id","member_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitation_token_idx" ON "workspace_invitation" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitation_pending_email_idx" ON "workspace_invitation" USING btree ("organization_id",lower("email")) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "workspace_invitation_organization_created_idx" ON "workspace_invitation" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_organization_student_created_idx" ON "audit_log" USING btree ("organization_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_organization_user_created_idx" ON "audit_log" USING btree ("organization_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_organization_action_created_idx" ON "audit_log" USING btree ("organization_id","action","created_at");--> statement-breakpoint
CREATE POLICY "audit_log_workspace_isolation" ON "audit_log" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "assignment_workspace_isolation" ON "assignment" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "student_workspace_isolation" ON "student" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "student_guardian_workspace_isolation" ON "student_guardian" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tutor_availability_workspace_isolation" ON "tutor_availability" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tutor_profile_workspace_isolation" ON "tutor_profile" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "workspace_invitation_workspace_isolation" ON "workspace_invitation" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));