CREATE TABLE "pay_run" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by_user_id" text,
	"confirmed_at" timestamp with time zone,
	"paid_on" date,
	"paid_reference" text,
	"paid_by_user_id" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "pay_run_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "pay_run_status_check" CHECK (status in ('draft', 'confirmed', 'paid')),
	CONSTRAINT "pay_run_period_check" CHECK (period_to >= period_from),
	CONSTRAINT "pay_run_confirmed_check" CHECK ((status = 'draft') = (confirmed_at is null)),
	CONSTRAINT "pay_run_paid_check" CHECK ((status = 'paid') = (paid_at is not null and paid_on is not null and paid_reference is not null))
);
--> statement-breakpoint
ALTER TABLE "pay_run" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pay_run_line" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"pay_run_id" uuid NOT NULL,
	"earning_id" uuid NOT NULL,
	"tutor_member_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"in_confirmed_run" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pay_run_line_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "pay_run_line" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pay_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"period_kind" text DEFAULT 'monthly' NOT NULL,
	"period_anchor_on" date DEFAULT '2026-01-05' NOT NULL,
	"pay_only_when_invoice_paid" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_settings_period_kind_check" CHECK (period_kind in ('weekly', 'fortnightly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "pay_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tutor_earning" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tutor_member_id" text NOT NULL,
	"kind" text NOT NULL,
	"earned_on" date NOT NULL,
	"session_id" uuid,
	"basis" text,
	"category" text,
	"session_minutes" integer,
	"minutes" integer,
	"rate_minor" bigint,
	"share_bps" integer,
	"policy_version_id" uuid,
	"amount_minor" bigint NOT NULL,
	"description" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reverses_earning_id" uuid,
	"cause_key" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutor_earning_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tutor_earning_kind_check" CHECK (kind in ('session', 'reversal', 'adjustment')),
	CONSTRAINT "tutor_earning_reversal_check" CHECK ((kind = 'reversal') = (reverses_earning_id is not null)),
	CONSTRAINT "tutor_earning_session_check" CHECK ((kind = 'adjustment') = (session_id is null) and (kind = 'adjustment') = (category is not null)),
	CONSTRAINT "tutor_earning_adjustment_check" CHECK (kind <> 'adjustment' or (amount_minor <> 0 and reason <> '')),
	CONSTRAINT "tutor_earning_share_check" CHECK (share_bps is null or share_bps between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "tutor_earning" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "assignment_rate_idx";--> statement-breakpoint
ALTER TABLE "assignment" ADD COLUMN "pay_rate_override_minor" bigint;--> statement-breakpoint
ALTER TABLE "pay_run" ADD CONSTRAINT "pay_run_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run" ADD CONSTRAINT "pay_run_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run" ADD CONSTRAINT "pay_run_confirmed_by_user_id_user_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run" ADD CONSTRAINT "pay_run_paid_by_user_id_user_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_line" ADD CONSTRAINT "pay_run_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_line" ADD CONSTRAINT "pay_run_line_organization_id_pay_run_id_pay_run_organization_id_id_fk" FOREIGN KEY ("organization_id","pay_run_id") REFERENCES "public"."pay_run"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_line" ADD CONSTRAINT "pay_run_line_organization_id_earning_id_tutor_earning_organization_id_id_fk" FOREIGN KEY ("organization_id","earning_id") REFERENCES "public"."tutor_earning"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_settings" ADD CONSTRAINT "pay_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_earning" ADD CONSTRAINT "tutor_earning_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_earning" ADD CONSTRAINT "tutor_earning_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_earning" ADD CONSTRAINT "tutor_earning_organization_id_tutor_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","tutor_member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_earning" ADD CONSTRAINT "tutor_earning_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_earning" ADD CONSTRAINT "tutor_earning_organization_id_policy_version_id_cancellation_policy_version_organization_id_id_fk" FOREIGN KEY ("organization_id","policy_version_id") REFERENCES "public"."cancellation_policy_version"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_earning" ADD CONSTRAINT "tutor_earning_organization_id_reverses_earning_id_tutor_earning_organization_id_id_fk" FOREIGN KEY ("organization_id","reverses_earning_id") REFERENCES "public"."tutor_earning"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_run_one_draft_idx" ON "pay_run" USING btree ("organization_id") WHERE status = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "pay_run_period_idx" ON "pay_run" USING btree ("organization_id","period_from") WHERE status <> 'draft';--> statement-breakpoint
CREATE INDEX "pay_run_period_to_idx" ON "pay_run" USING btree ("organization_id","period_to");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_run_line_earning_idx" ON "pay_run_line" USING btree ("organization_id","pay_run_id","earning_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_run_line_confirmed_idx" ON "pay_run_line" USING btree ("organization_id","earning_id") WHERE in_confirmed_run;--> statement-breakpoint
CREATE INDEX "pay_run_line_run_idx" ON "pay_run_line" USING btree ("organization_id","pay_run_id","tutor_member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_earning_cause_idx" ON "tutor_earning" USING btree ("organization_id","cause_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_earning_reverses_idx" ON "tutor_earning" USING btree ("organization_id","reverses_earning_id") WHERE reverses_earning_id is not null;--> statement-breakpoint
CREATE INDEX "tutor_earning_tutor_idx" ON "tutor_earning" USING btree ("organization_id","tutor_member_id","earned_on");--> statement-breakpoint
CREATE INDEX "tutor_earning_session_idx" ON "tutor_earning" USING btree ("organization_id","session_id") WHERE session_id is not null;--> statement-breakpoint
CREATE INDEX "assignment_rate_idx" ON "assignment" USING btree ("organization_id") WHERE rate_override_minor is not null or pay_rate_override_minor is not null;--> statement-breakpoint
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_pay_rate_check" CHECK (coalesce(pay_rate_override_minor, 0) >= 0);--> statement-breakpoint
CREATE POLICY "pay_run_workspace_isolation" ON "pay_run" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "pay_run_line_workspace_isolation" ON "pay_run_line" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "pay_settings_workspace_isolation" ON "pay_settings" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tutor_earning_workspace_isolation" ON "tutor_earning" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "pay_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pay_settings_owner_workspace" ON "pay_settings" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "pay_settings" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "tutor_earning" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tutor_earning_owner_workspace" ON "tutor_earning" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "tutor_earning" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "pay_run" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pay_run_owner_workspace" ON "pay_run" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "pay_run" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "pay_run_line" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pay_run_line_owner_workspace" ON "pay_run_line" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "pay_run_line" FROM glassroom_app;--> statement-breakpoint
-- Earnings are append-only: a mistake is undone by a reversal or an adjustment, never by a change.
GRANT SELECT, INSERT ON "tutor_earning" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "pay_settings" TO glassroom_app;--> statement-breakpoint
-- A draft run and its lines are rebuilt (deleted and written again); the triggers below keep confirmed ones.
GRANT SELECT, INSERT, UPDATE, DELETE ON "pay_run" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "pay_run_line" TO glassroom_app;--> statement-breakpoint
-- A confirmed pay run never changes but once: marked paid with its date and reference (and the
-- user and moment). A paid run never changes. Neither is deleted. These hold for every role.
CREATE FUNCTION "pay_run_confirmed_is_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN RAISE EXCEPTION 'confirmed pay run % cannot be deleted', OLD.id USING ERRCODE = 'check_violation'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'draft' THEN RETURN NEW; END IF;
  IF OLD.status = 'confirmed' AND NEW.status = 'paid'
     AND (to_jsonb(NEW) - 'status' - 'paid_on' - 'paid_reference' - 'paid_by_user_id' - 'paid_at') = (to_jsonb(OLD) - 'status' - 'paid_on' - 'paid_reference' - 'paid_by_user_id' - 'paid_at') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'confirmed pay run % cannot change: correct it in the next run', OLD.id USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "pay_run_confirmed_is_frozen" BEFORE UPDATE OR DELETE ON "pay_run" FOR EACH ROW EXECUTE FUNCTION "pay_run_confirmed_is_frozen"();--> statement-breakpoint
-- Lines are written, changed and removed only while their run is a draft (confirming marks them
-- in_confirmed_run before the run's own status changes).
CREATE FUNCTION "pay_run_line_confirmed_is_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  run_status text;
  line_run uuid := CASE WHEN TG_OP = 'INSERT' THEN NEW.pay_run_id ELSE OLD.pay_run_id END;
  line_organization text := CASE WHEN TG_OP = 'INSERT' THEN NEW.organization_id ELSE OLD.organization_id END;
BEGIN
  SELECT status INTO run_status FROM pay_run WHERE organization_id = line_organization AND id = line_run;
  IF run_status IS NULL OR run_status = 'draft' THEN RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END; END IF;
  RAISE EXCEPTION 'a line of confirmed pay run % cannot change', line_run USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "pay_run_line_confirmed_is_frozen" BEFORE INSERT OR UPDATE OR DELETE ON "pay_run_line" FOR EACH ROW EXECUTE FUNCTION "pay_run_line_confirmed_is_frozen"();
