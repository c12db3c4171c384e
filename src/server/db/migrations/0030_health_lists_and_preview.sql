CREATE TABLE "health_rules_preview" (
	"organization_id" text NOT NULL,
	"id" uuid NOT NULL,
	"rules" jsonb NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"error" text,
	"requested_by_user_id" text,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "health_rules_preview_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "health_rules_preview_status_check" CHECK (status in ('queued', 'done', 'failed')),
	CONSTRAINT "health_rules_preview_result_check" CHECK ((status = 'done') = (result is not null))
);
--> statement-breakpoint
ALTER TABLE "health_rules_preview" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_health" ADD COLUMN "week_old_day" date;--> statement-breakpoint
ALTER TABLE "student_health" ADD COLUMN "week_old_score" integer;--> statement-breakpoint
ALTER TABLE "student_health" ADD COLUMN "week_old_family_score" integer;--> statement-breakpoint
ALTER TABLE "health_rules_preview" ADD CONSTRAINT "health_rules_preview_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_rules_preview" ADD CONSTRAINT "health_rules_preview_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_rules_preview_requested_idx" ON "health_rules_preview" USING btree ("organization_id","requested_at");--> statement-breakpoint
CREATE INDEX "student_health_band_score_idx" ON "student_health" USING btree ("organization_id","band","score" DESC NULLS LAST,"student_id");--> statement-breakpoint
CREATE INDEX "student_health_change_desc_idx" ON "student_health" USING btree ("organization_id",(score - week_old_score) desc nulls last,"student_id");--> statement-breakpoint
CREATE INDEX "student_health_change_asc_idx" ON "student_health" USING btree ("organization_id",(score - week_old_score) asc nulls last,"student_id");--> statement-breakpoint
CREATE POLICY "health_rules_preview_workspace_isolation" ON "health_rules_preview" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the table's owner too, not only for glassroom_app.
ALTER TABLE "health_rules_preview" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "health_rules_preview_owner_workspace" ON "health_rules_preview" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- A preview is a working copy: written by its job, and old ones deleted.
GRANT SELECT, INSERT, UPDATE, DELETE ON "health_rules_preview" TO glassroom_app;--> statement-breakpoint
-- The cards computed before this migration take their week-old snapshot now (by the server's
-- date; the nightly recompute writes it by the workspace's), one workspace at a time because
-- row-level security is forced.
DO $$
DECLARE workspace text;
BEGIN
  FOR workspace IN SELECT id FROM organization LOOP
    PERFORM set_config('app.organization_id', workspace, true);
    UPDATE student_health AS card
    SET week_old_day = old.day, week_old_score = old.score, week_old_family_score = old.family_score
    FROM (
      SELECT DISTINCT ON (student_id) organization_id, student_id, day, score, family_score FROM student_health_day
      WHERE organization_id = workspace AND day <= current_date - 7
      ORDER BY student_id, day DESC
    ) AS old
    WHERE card.organization_id = old.organization_id AND card.student_id = old.student_id;
  END LOOP;
  PERFORM set_config('app.organization_id', '', true);
END $$;
