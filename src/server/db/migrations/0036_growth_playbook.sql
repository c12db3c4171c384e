CREATE TABLE "growth_playbook_step" (
	"organization_id" text NOT NULL,
	"step_key" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "growth_playbook_step_organization_id_step_key_pk" PRIMARY KEY("organization_id","step_key"),
	CONSTRAINT "growth_playbook_step_state_check" CHECK (state in ('ticked', 'skipped')),
	CONSTRAINT "growth_playbook_step_reason_check" CHECK ((state = 'skipped') = (reason is not null))
);
--> statement-breakpoint
ALTER TABLE "growth_playbook_step" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "growth_playbook_step" ADD CONSTRAINT "growth_playbook_step_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_playbook_step" ADD CONSTRAINT "growth_playbook_step_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "growth_playbook_step_workspace_isolation" ON "growth_playbook_step" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "growth_playbook_step" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "growth_playbook_step_owner_workspace" ON "growth_playbook_step" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- A decision is made, changed (ticked, then skipped) and taken back (the step opened again).
GRANT SELECT, INSERT, UPDATE, DELETE ON "growth_playbook_step" TO glassroom_app;
