CREATE TABLE "stripe_keys" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"secret_key_ciphertext" text NOT NULL,
	"webhook_secret_ciphertext" text NOT NULL,
	"secret_key_hint" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "stripe_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stripe_keys" ADD CONSTRAINT "stripe_keys_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_keys" ADD CONSTRAINT "stripe_keys_updated_by_user_id_user_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "stripe_keys_workspace_isolation" ON "stripe_keys" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "stripe_keys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "stripe_keys_owner_workspace" ON "stripe_keys" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "stripe_keys" TO glassroom_app;
