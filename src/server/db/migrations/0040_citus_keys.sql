-- Every workspace table keeps organization_id in its primary key and unique indexes (its
-- foreign keys to other workspace tables already did), as Citus requires of a table
-- distributed by workspace (docs/scaling.md; checked by src/server/db/distribution-keys.test.ts).

-- The platform's audit entries (about no workspace) get a table of their own: a distributed
-- table cannot hold a row without its distribution column. Append-only as audit_log is.
CREATE TABLE "platform_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"actor_role" text,
	"action" text NOT NULL,
	"description" text NOT NULL,
	"ip_address" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_audit_log" ADD CONSTRAINT "platform_audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "platform_audit_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "platform_audit_log_owner_append" ON "platform_audit_log" AS PERMISSIVE FOR INSERT TO CURRENT_USER WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "platform_audit_log_owner_read" ON "platform_audit_log" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (true);--> statement-breakpoint
CREATE POLICY "platform_audit_log_app_append" ON "platform_audit_log" AS PERMISSIVE FOR INSERT TO "glassroom_app" WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "platform_audit_log_no_update" ON "platform_audit_log" AS RESTRICTIVE FOR UPDATE TO PUBLIC USING (false);--> statement-breakpoint
CREATE POLICY "platform_audit_log_no_delete" ON "platform_audit_log" AS RESTRICTIVE FOR DELETE TO PUBLIC USING (false);--> statement-breakpoint
GRANT INSERT ON "platform_audit_log" TO glassroom_app;--> statement-breakpoint

-- The platform entries already written move there. The owner may not delete from audit_log
-- while its row-level security is forced (append-only): lifted for the move alone.
ALTER TABLE "audit_log" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "platform_audit_log" ("id", "user_id", "actor_role", "action", "description", "ip_address", "metadata", "created_at")
  SELECT "id", "user_id", "actor_role", "action", "description", "ip_address", "metadata", "created_at" FROM "audit_log" WHERE "organization_id" IS NULL;--> statement-breakpoint
DELETE FROM "audit_log" WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_pkey";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint

-- member: the unique (organization_id, id) index that the workspace tables' foreign keys use
-- becomes the primary key (renamed member_pkey; the foreign keys keep it).
ALTER TABLE "member" DROP CONSTRAINT "member_pkey";--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_pkey" PRIMARY KEY USING INDEX "member_organization_id_idx";--> statement-breakpoint
-- Better Auth still finds a member, and an invitation, by its id alone.
CREATE INDEX "member_id_idx" ON "member" USING btree ("id");--> statement-breakpoint
ALTER TABLE "invitation" DROP CONSTRAINT "invitation_pkey";--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_pkey" PRIMARY KEY("organization_id","id");--> statement-breakpoint
CREATE INDEX "invitation_id_idx" ON "invitation" USING btree ("id");--> statement-breakpoint

-- The tokens of the invitation links and the calendar feeds: looked up alone, no longer unique.
DROP INDEX "calendar_feed_token_hash_idx";--> statement-breakpoint
CREATE INDEX "calendar_feed_token_hash_idx" ON "calendar_feed" USING btree ("token_hash");--> statement-breakpoint
DROP INDEX "workspace_invitation_token_idx";--> statement-breakpoint
CREATE INDEX "workspace_invitation_token_idx" ON "workspace_invitation" USING btree ("token_hash");
