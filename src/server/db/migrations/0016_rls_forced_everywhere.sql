-- Row-level security for every table that carries a workspace, forced on the owner too.
--
-- The application connects as the role that owns the tables (it runs these migrations), and
-- PostgreSQL skips the policies of a table for its owner unless they are forced. Forced, the
-- owner connection sees of a business table only the workspace set for the transaction
-- (withWorkspace), plus the few rows its own look-ups name by a secret (below). The owner is
-- named here as CURRENT_USER: the role running the migrations, which owns every table.
-- Foreign-key checks and cascades are unaffected: PostgreSQL runs them as the owner, past
-- row-level security.

-- Business tables: already enabled (with their glassroom_app policy); now forced, and the
-- owner restricted to the workspace set, as glassroom_app is.
ALTER TABLE "student" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_guardian" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tutor_profile" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tutor_availability" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "assignment" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workspace_invitation" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workspace_policy" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_series" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tutoring_session" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_student" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "calendar_feed" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_report" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_report_student" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_summary" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_recording" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "student_owner_workspace" ON "student" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "student_guardian_owner_workspace" ON "student_guardian" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tutor_profile_owner_workspace" ON "tutor_profile" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tutor_availability_owner_workspace" ON "tutor_availability" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "assignment_owner_workspace" ON "assignment" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "workspace_invitation_owner_workspace" ON "workspace_invitation" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "workspace_policy_owner_workspace" ON "workspace_policy" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_series_owner_workspace" ON "session_series" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tutoring_session_owner_workspace" ON "tutoring_session" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_student_owner_workspace" ON "session_student" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "calendar_feed_owner_workspace" ON "calendar_feed" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_report_owner_workspace" ON "session_report" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_report_student_owner_workspace" ON "session_report_student" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_summary_owner_workspace" ON "session_summary" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "session_recording_owner_workspace" ON "session_recording" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint

-- The reads made before any workspace is known (withLookup in src/server/db/tenant.ts): each
-- names, for its transaction only, the secret or the scan it is, and sees only those rows.
-- An invitation by the hash of its mailed token (/invite, accepting, signing up with it).
CREATE POLICY "workspace_invitation_owner_token_lookup" ON "workspace_invitation" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (token_hash = current_setting('app.invitation_token_hash', true));--> statement-breakpoint
-- At sign-in: whether an open invitation awaits the account's own email (lower case).
CREATE POLICY "workspace_invitation_owner_email_lookup" ON "workspace_invitation" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (status = 'pending' AND lower(email) = current_setting('app.invitation_email', true));--> statement-breakpoint
-- The calendar feed by the hash of its URL's token.
CREATE POLICY "calendar_feed_owner_token_lookup" ON "calendar_feed" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (token_hash = current_setting('app.calendar_feed_token_hash', true));--> statement-breakpoint
-- The jobs' scans across workspaces: the reminders' due sessions, the retention's files, and
-- the policies both read. Each row found is then claimed or deleted inside its workspace.
CREATE POLICY "tutoring_session_owner_reminder_scan" ON "tutoring_session" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) = 'session-reminders' AND status = 'scheduled' AND reminder_sent_at IS NULL);--> statement-breakpoint
CREATE POLICY "session_recording_owner_retention_scan" ON "session_recording" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) = 'recording-retention' AND kind = 'file');--> statement-breakpoint
CREATE POLICY "workspace_policy_owner_scan" ON "workspace_policy" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) IN ('session-reminders', 'recording-retention'));--> statement-breakpoint

-- The audit log: the owner appends entries for any workspace (identity changes, platform
-- entries without one) and reads only the workspace set. Nobody under row-level security
-- rewrites or deletes an entry, the owner included.
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "audit_log_owner_append" ON "audit_log" AS PERMISSIVE FOR INSERT TO CURRENT_USER WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "audit_log_owner_workspace" ON "audit_log" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "audit_log_no_update" ON "audit_log" AS RESTRICTIVE FOR UPDATE TO PUBLIC USING (false);--> statement-breakpoint
CREATE POLICY "audit_log_no_delete" ON "audit_log" AS RESTRICTIVE FOR DELETE TO PUBLIC USING (false);--> statement-breakpoint

-- Better Auth's tables that carry a workspace (member; invitation; session, whose active
-- organization is one), and the workspaces themselves. Better Auth reads and writes them
-- across workspaces on the owner connection (sign-in, the list of one's workspaces):
-- unrestricted for the owner. glassroom_app reads members and the organization of the
-- workspace set only, and never sees sessions or Better Auth's invitations (no grant).
ALTER TABLE "member" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invitation" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invitation" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organization" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organization" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "member_owner_identity" ON "member" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "invitation_owner_identity" ON "invitation" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "session_owner_identity" ON "session" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "organization_owner_identity" ON "organization" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "member_workspace_isolation" ON "member" AS PERMISSIVE FOR SELECT TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "organization_workspace_isolation" ON "organization" AS PERMISSIVE FOR SELECT TO "glassroom_app" USING (id = current_setting('app.organization_id', true));--> statement-breakpoint

-- Privileges per table, as the application role needs them: the default privileges of 0003
-- gave it every write on every later table, the platform's enquiries included.
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM glassroom_app;--> statement-breakpoint
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM glassroom_app;--> statement-breakpoint
GRANT SELECT ON "user", "member", "organization" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "audit_log" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "student", "tutor_profile", "workspace_invitation", "workspace_policy", "session_series", "tutoring_session", "calendar_feed", "session_report", "session_report_student" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "student_guardian", "tutor_availability", "session_student" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "assignment", "session_summary", "session_recording" TO glassroom_app;--> statement-breakpoint
-- Cancellation requests (migration 0013, which forces row-level security on them): the owner
-- restricted to the workspace set, and the grants that the revocation above took back.
DO $$
BEGIN
  IF to_regclass('public.cancellation_request') IS NOT NULL THEN
    CREATE POLICY "cancellation_request_owner_workspace" ON "cancellation_request" AS PERMISSIVE FOR ALL TO CURRENT_USER
      USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));
    GRANT SELECT, INSERT, UPDATE ON "cancellation_request" TO glassroom_app;
  END IF;
END
$$;
--> statement-breakpoint

-- The students name search (0005) ran as the owner, past row-level security: forced, the
-- owner's policy would come first and the trigram indexes would no longer serve the ILIKE
-- (every record of the workspace read again). It now runs as glassroom_search, a role that
-- cannot log in, owns nothing but this function, and may read only the four columns the
-- search needs of every student; the function still restricts itself to the workspace set.
-- The migrating user is a member only for the hand-over (with CREATEROLE the first time, or a
-- DBA creates the role and grants it to that user WITH ADMIN OPTION beforehand); without
-- that membership, the search role's policy never applies to the owner.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'glassroom_search') THEN
    CREATE ROLE glassroom_search NOLOGIN;
  END IF;
  EXECUTE format('GRANT glassroom_search TO %I', current_user);
END
$$;--> statement-breakpoint
GRANT USAGE, CREATE ON SCHEMA public TO glassroom_search;--> statement-breakpoint
ALTER FUNCTION student_search_ids(text) OWNER TO glassroom_search;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM glassroom_search;--> statement-breakpoint
GRANT SELECT (organization_id, id, name, preferred_name) ON "student" TO glassroom_search;--> statement-breakpoint
CREATE POLICY "student_search_role" ON "student" AS PERMISSIVE FOR SELECT TO glassroom_search USING (true);--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('REVOKE glassroom_search FROM %I', current_user);
END
$$;
