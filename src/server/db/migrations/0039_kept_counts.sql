CREATE TABLE "member_count" (
	"organization_id" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "member_count_organization_id_role_status_pk" PRIMARY KEY("organization_id","role","status")
);
--> statement-breakpoint
ALTER TABLE "member_count" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "student_count" (
	"organization_id" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "student_count_organization_id_status_pk" PRIMARY KEY("organization_id","status")
);
--> statement-breakpoint
ALTER TABLE "student_count" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session_student" ADD COLUMN "starts_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_count" ADD CONSTRAINT "member_count_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_count" ADD CONSTRAINT "student_count_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_student_student_starts_idx" ON "session_student" USING btree ("organization_id","student_id","starts_at");--> statement-breakpoint
CREATE POLICY "member_count_workspace_isolation" ON "member_count" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "student_count_workspace_isolation" ON "student_count" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "member_count" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "member_count_owner_workspace" ON "member_count" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "student_count" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "student_count_owner_workspace" ON "student_count" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- The application only reads the counts: the triggers below write them, as the tables' owner.
GRANT SELECT ON "member_count", "student_count" TO glassroom_app;--> statement-breakpoint
-- Each statement on member moves the counts by what it changed, in one pass over its rows (a
-- bulk insert is one update per role and status, not one per row). The changes are applied in
-- key order, so two statements that move members both ways lock the counts' rows in the same
-- order and cannot deadlock. A fall only ever updates an existing row: when a workspace is
-- deleted its counts may already be gone, and a new row would name a deleted workspace.
-- Members are written on the owner connection outside any workspace (Better Auth), so the
-- function enters each workspace it writes, then gives the caller its setting back.
CREATE FUNCTION "member_count_follow"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  changes refcursor;
  change record;
  caller_workspace text := current_setting('app.organization_id', true);
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN changes FOR SELECT organization_id, role, status, count(*)::int AS delta FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    OPEN changes FOR SELECT organization_id, role, status, -count(*)::int AS delta FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  ELSE
    OPEN changes FOR SELECT organization_id, role, status, sum(delta)::int AS delta
      FROM (SELECT organization_id, role, status, -1 AS delta FROM old_rows UNION ALL SELECT organization_id, role, status, 1 FROM new_rows) AS moved
      GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3;
  END IF;
  LOOP
    FETCH changes INTO change;
    EXIT WHEN NOT FOUND;
    PERFORM set_config('app.organization_id', change.organization_id, true);
    IF change.delta > 0 THEN
      INSERT INTO member_count AS kept (organization_id, role, status, total) VALUES (change.organization_id, change.role, change.status, change.delta)
        ON CONFLICT (organization_id, role, status) DO UPDATE SET total = kept.total + excluded.total;
    ELSE
      UPDATE member_count SET total = total + change.delta
        WHERE organization_id = change.organization_id AND role = change.role AND status = change.status;
    END IF;
  END LOOP;
  CLOSE changes;
  PERFORM set_config('app.organization_id', coalesce(caller_workspace, ''), true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_count_insert" AFTER INSERT ON "member" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_count_follow"();--> statement-breakpoint
CREATE TRIGGER "member_count_update" AFTER UPDATE ON "member" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_count_follow"();--> statement-breakpoint
CREATE TRIGGER "member_count_delete" AFTER DELETE ON "member" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_count_follow"();--> statement-breakpoint
-- The same for student records by status (written inside the workspace, as glassroom_app).
CREATE FUNCTION "student_count_follow"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  changes refcursor;
  change record;
  caller_workspace text := current_setting('app.organization_id', true);
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN changes FOR SELECT organization_id, status, count(*)::int AS delta FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    OPEN changes FOR SELECT organization_id, status, -count(*)::int AS delta FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2;
  ELSE
    OPEN changes FOR SELECT organization_id, status, sum(delta)::int AS delta
      FROM (SELECT organization_id, status, -1 AS delta FROM old_rows UNION ALL SELECT organization_id, status, 1 FROM new_rows) AS moved
      GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2;
  END IF;
  LOOP
    FETCH changes INTO change;
    EXIT WHEN NOT FOUND;
    PERFORM set_config('app.organization_id', change.organization_id, true);
    IF change.delta > 0 THEN
      INSERT INTO student_count AS kept (organization_id, status, total) VALUES (change.organization_id, change.status, change.delta)
        ON CONFLICT (organization_id, status) DO UPDATE SET total = kept.total + excluded.total;
    ELSE
      UPDATE student_count SET total = total + change.delta WHERE organization_id = change.organization_id AND status = change.status;
    END IF;
  END LOOP;
  CLOSE changes;
  PERFORM set_config('app.organization_id', coalesce(caller_workspace, ''), true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "student_count_insert" AFTER INSERT ON "student" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_count_follow"();--> statement-breakpoint
CREATE TRIGGER "student_count_update" AFTER UPDATE ON "student" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_count_follow"();--> statement-breakpoint
CREATE TRIGGER "student_count_delete" AFTER DELETE ON "student" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "student_count_follow"();--> statement-breakpoint
-- A session's students carry its start (session_student_student_starts_idx): taken from the
-- session when a student is added, and followed when the session moves. The app role may not
-- update session_student, so the follower writes as the owner, in the session's workspace.
CREATE FUNCTION "session_student_take_start"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.starts_at := (SELECT starts_at FROM tutoring_session WHERE organization_id = NEW.organization_id AND id = NEW.session_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_student_take_start" BEFORE INSERT OR UPDATE OF session_id ON "session_student" FOR EACH ROW EXECUTE FUNCTION "session_student_take_start"();--> statement-breakpoint
CREATE FUNCTION "session_student_follow_start"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  caller_workspace text := current_setting('app.organization_id', true);
BEGIN
  PERFORM set_config('app.organization_id', NEW.organization_id, true);
  UPDATE session_student SET starts_at = NEW.starts_at WHERE organization_id = NEW.organization_id AND session_id = NEW.id;
  PERFORM set_config('app.organization_id', coalesce(caller_workspace, ''), true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_student_follow_start" AFTER UPDATE OF starts_at ON "tutoring_session" FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at) EXECUTE FUNCTION "session_student_follow_start"();--> statement-breakpoint
-- The counts and starts of what exists already, one workspace at a time because row-level
-- security is forced.
DO $$
DECLARE workspace text;
BEGIN
  FOR workspace IN SELECT id FROM organization LOOP
    PERFORM set_config('app.organization_id', workspace, true);
    INSERT INTO member_count (organization_id, role, status, total)
      SELECT organization_id, role, status, count(*) FROM member WHERE organization_id = workspace GROUP BY 1, 2, 3;
    INSERT INTO student_count (organization_id, status, total)
      SELECT organization_id, status, count(*) FROM student WHERE organization_id = workspace GROUP BY 1, 2;
    UPDATE session_student AS attendee SET starts_at = session.starts_at FROM tutoring_session AS session
      WHERE attendee.organization_id = workspace AND session.organization_id = workspace AND session.id = attendee.session_id;
  END LOOP;
  PERFORM set_config('app.organization_id', '', true);
END $$;
