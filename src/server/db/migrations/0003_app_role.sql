-- The role the application switches to for business work (SET LOCAL ROLE, per transaction).
-- It owns nothing and cannot log in, so PostgreSQL's row-level security applies to it.
-- Roles belong to the whole cluster: several Glassroom databases on one server share it.
-- The migrating user needs CREATEROLE the first time (or a DBA creates the role beforehand).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'glassroom_app') THEN
    CREATE ROLE glassroom_app NOLOGIN;
  END IF;
END
$$;--> statement-breakpoint
-- The application's own user must be a member to switch to it.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'glassroom_app', 'MEMBER') THEN
    EXECUTE format('GRANT glassroom_app TO %I', current_user);
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO glassroom_app;--> statement-breakpoint
-- Identity tables are read in joins (names, emails, roles); they are not business tables.
GRANT SELECT ON "user", "member", "organization" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "audit_log" TO glassroom_app;--> statement-breakpoint
-- Every table created from here on by the migrating user: the business tables, each with
-- its row-level security policy.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO glassroom_app;
