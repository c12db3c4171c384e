CREATE TABLE "health_rule_version" (
	"organization_id" text NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"changes" text NOT NULL,
	"published_by_user_id" text,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "health_rule_version_organization_id_version_pk" PRIMARY KEY("organization_id","version"),
	CONSTRAINT "health_rule_version_positive_check" CHECK (version > 0)
);
--> statement-breakpoint
ALTER TABLE "health_rule_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_health" (
	"organization_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"rule_version" integer NOT NULL,
	"score" integer NOT NULL,
	"band" text NOT NULL,
	"points_total" integer NOT NULL,
	"family_score" integer NOT NULL,
	"family_band" text NOT NULL,
	"top_reason" text,
	"figures" jsonb NOT NULL,
	"reasons" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "student_health_organization_id_student_id_pk" PRIMARY KEY("organization_id","student_id"),
	CONSTRAINT "student_health_score_check" CHECK (score between 0 and 100 and family_score between 0 and score),
	CONSTRAINT "student_health_band_check" CHECK (band in ('on_track', 'watch', 'act')),
	CONSTRAINT "student_health_family_band_check" CHECK (family_band in ('on_track', 'watch', 'act'))
);
--> statement-breakpoint
ALTER TABLE "student_health" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_health_day" (
	"organization_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"day" date NOT NULL,
	"score" integer NOT NULL,
	"band" text NOT NULL,
	"family_score" integer NOT NULL,
	"family_band" text NOT NULL,
	"rule_version" integer NOT NULL,
	CONSTRAINT "student_health_day_organization_id_student_id_day_pk" PRIMARY KEY("organization_id","student_id","day"),
	CONSTRAINT "student_health_day_score_check" CHECK (score between 0 and 100),
	CONSTRAINT "student_health_day_band_check" CHECK (band in ('on_track', 'watch', 'act')),
	CONSTRAINT "student_health_day_family_band_check" CHECK (family_band in ('on_track', 'watch', 'act'))
);
--> statement-breakpoint
ALTER TABLE "student_health_day" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_health_due" (
	"organization_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"due_since" timestamp with time zone NOT NULL,
	CONSTRAINT "student_health_due_organization_id_student_id_pk" PRIMARY KEY("organization_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "student_health_due" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "health_rule_version" ADD CONSTRAINT "health_rule_version_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_rule_version" ADD CONSTRAINT "health_rule_version_published_by_user_id_user_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health" ADD CONSTRAINT "student_health_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health" ADD CONSTRAINT "student_health_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health" ADD CONSTRAINT "student_health_organization_id_rule_version_health_rule_version_organization_id_version_fk" FOREIGN KEY ("organization_id","rule_version") REFERENCES "public"."health_rule_version"("organization_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health_day" ADD CONSTRAINT "student_health_day_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health_day" ADD CONSTRAINT "student_health_day_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health_due" ADD CONSTRAINT "student_health_due_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_health_due" ADD CONSTRAINT "student_health_due_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_health_score_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id");--> statement-breakpoint
CREATE INDEX "student_health_due_since_idx" ON "student_health_due" USING btree ("due_since");--> statement-breakpoint
CREATE POLICY "health_rule_version_workspace_isolation" ON "health_rule_version" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "student_health_workspace_isolation" ON "student_health" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "student_health_day_workspace_isolation" ON "student_health_day" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "student_health_due_workspace_isolation" ON "student_health_due" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "health_rule_version" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "health_rule_version_owner_workspace" ON "health_rule_version" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "student_health" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "student_health_owner_workspace" ON "student_health" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "student_health_day" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "student_health_day_owner_workspace" ON "student_health_day" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "student_health_due" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "student_health_due_owner_workspace" ON "student_health_due" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- A published version is what cards cite and families read: the app may add one, never change one.
GRANT SELECT, INSERT ON "health_rule_version" TO glassroom_app;--> statement-breakpoint
-- The card, its daily snapshot and the due list are recomputed state, rewritten freely.
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_health" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_health_day" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_health_due" TO glassroom_app;
--> statement-breakpoint
-- The recompute job's scan across workspaces (app.scan = 'student_health') finds the students due.
CREATE POLICY "student_health_due_owner_scan" ON "student_health_due" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) = 'student_health');
