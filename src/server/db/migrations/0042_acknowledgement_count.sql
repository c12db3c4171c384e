CREATE TABLE "acknowledgement_count" (
	"organization_id" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "acknowledgement_count_organization_id_resource_id_pk" PRIMARY KEY("organization_id","resource_id")
);
--> statement-breakpoint
ALTER TABLE "acknowledgement_count" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "acknowledgement_count" ADD CONSTRAINT "acknowledgement_count_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acknowledgement_count" ADD CONSTRAINT "acknowledgement_count_organization_id_resource_id_resource_organization_id_id_fk" FOREIGN KEY ("organization_id","resource_id") REFERENCES "public"."resource"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "acknowledgement_count_workspace_isolation" ON "acknowledgement_count" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the table's owner too, not only for glassroom_app.
ALTER TABLE "acknowledgement_count" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "acknowledgement_count_owner_workspace" ON "acknowledgement_count" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- The application only reads the counts: the triggers below write them, as the table's owner.
GRANT SELECT ON "acknowledgement_count" TO glassroom_app;--> statement-breakpoint
-- A resource that asks for acknowledgement has a count: how many active members of a role it is
-- for acknowledged its current version. It is counted again when the resource starts asking,
-- gets a new version or another audience (an admin's write; a new version counts nobody yet),
-- and dropped when it stops asking.
CREATE FUNCTION "acknowledgement_count_recount"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  caller_workspace text := current_setting('app.organization_id', true);
BEGIN
  PERFORM set_config('app.organization_id', NEW.organization_id, true);
  IF NEW.requires_acknowledgement THEN
    INSERT INTO acknowledgement_count AS kept (organization_id, resource_id, total)
      SELECT NEW.organization_id, NEW.id, count(*)::int FROM resource_acknowledgement a
        JOIN member m ON m.organization_id = a.organization_id AND m.user_id = a.user_id AND m.status = 'active' AND m.role = ANY (NEW.audience)
        WHERE a.organization_id = NEW.organization_id AND a.resource_id = NEW.id AND a.version = NEW.current_version
      ON CONFLICT (organization_id, resource_id) DO UPDATE SET total = excluded.total;
  ELSE
    DELETE FROM acknowledgement_count WHERE organization_id = NEW.organization_id AND resource_id = NEW.id;
  END IF;
  PERFORM set_config('app.organization_id', coalesce(caller_workspace, ''), true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "acknowledgement_count_recount" AFTER INSERT OR UPDATE OF requires_acknowledgement, current_version, audience ON "resource" FOR EACH ROW EXECUTE FUNCTION "acknowledgement_count_recount"();--> statement-breakpoint
-- An acknowledgement written or deleted moves its resource's count when it is of the current
-- version and its person is an active member of a role the resource is for. The resource and
-- the member are locked (FOR SHARE) first, so that a new version or a member's change being
-- written at the same moment is waited for and then seen: the count never takes in an
-- acknowledgement of a version just replaced, or of a member just suspended. One workspace at
-- a time (row-level security is forced), in key order.
CREATE FUNCTION "acknowledgement_count_follow_acknowledgements"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  caller_workspace text := current_setting('app.organization_id', true);
  direction int := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  workspace text;
  change record;
BEGIN
  FOR workspace IN SELECT DISTINCT organization_id FROM changed_rows ORDER BY 1 LOOP
    PERFORM set_config('app.organization_id', workspace, true);
    PERFORM 1 FROM resource r WHERE r.organization_id = workspace AND r.requires_acknowledgement
      AND r.id IN (SELECT resource_id FROM changed_rows WHERE organization_id = workspace) ORDER BY r.id FOR SHARE;
    PERFORM 1 FROM member m WHERE m.organization_id = workspace
      AND m.user_id IN (SELECT user_id FROM changed_rows WHERE organization_id = workspace) ORDER BY m.id FOR SHARE;
    FOR change IN
      SELECT a.resource_id, count(*)::int AS moved FROM changed_rows a
        JOIN resource r ON r.organization_id = a.organization_id AND r.id = a.resource_id AND r.requires_acknowledgement AND r.current_version = a.version
        JOIN member m ON m.organization_id = a.organization_id AND m.user_id = a.user_id AND m.status = 'active' AND m.role = ANY (r.audience)
        WHERE a.organization_id = workspace GROUP BY 1 ORDER BY 1
    LOOP
      UPDATE acknowledgement_count SET total = total + direction * change.moved WHERE organization_id = workspace AND resource_id = change.resource_id;
    END LOOP;
  END LOOP;
  PERFORM set_config('app.organization_id', coalesce(caller_workspace, ''), true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "acknowledgement_count_insert" AFTER INSERT ON "resource_acknowledgement" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "acknowledgement_count_follow_acknowledgements"();--> statement-breakpoint
CREATE TRIGGER "acknowledgement_count_delete" AFTER DELETE ON "resource_acknowledgement" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "acknowledgement_count_follow_acknowledgements"();--> statement-breakpoint
-- A member who joins, leaves, or changes role or status moves the count of each resource asking
-- for acknowledgement whose current version they acknowledged, by whether they are of its
-- audience before and after. The workspace's asking resources are locked (FOR SHARE) first, so
-- that a new version or audience being written at the same moment is waited for and then seen.
CREATE FUNCTION "acknowledgement_count_follow_members"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  caller_workspace text := current_setting('app.organization_id', true);
  -- The transition tables are named by the trigger: new_rows for an insert, old_rows for a
  -- delete, both for an update. Each row moves by -1 as it was and +1 as it is.
  moved_rows text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT organization_id, user_id, role, status, 1 AS direction FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT organization_id, user_id, role, status, -1 AS direction FROM old_rows'
    ELSE 'SELECT organization_id, user_id, role, status, -1 AS direction FROM old_rows UNION ALL SELECT organization_id, user_id, role, status, 1 FROM new_rows'
  END;
  workspace text;
  change record;
BEGIN
  FOR workspace IN EXECUTE format('SELECT DISTINCT organization_id FROM (%s) AS moved ORDER BY 1', moved_rows) LOOP
    PERFORM set_config('app.organization_id', workspace, true);
    PERFORM 1 FROM resource r WHERE r.organization_id = workspace AND r.requires_acknowledgement ORDER BY r.id FOR SHARE;
    FOR change IN EXECUTE format(
      'SELECT r.id AS resource_id, sum(moved.direction)::int AS moved FROM (%s) AS moved
         JOIN resource r ON r.organization_id = moved.organization_id AND r.requires_acknowledgement AND moved.role = ANY (r.audience)
         JOIN resource_acknowledgement a ON a.organization_id = moved.organization_id AND a.resource_id = r.id AND a.version = r.current_version AND a.user_id = moved.user_id
         WHERE moved.organization_id = $1 AND moved.status = ''active''
         GROUP BY 1 HAVING sum(moved.direction) <> 0 ORDER BY 1', moved_rows) USING workspace
    LOOP
      UPDATE acknowledgement_count SET total = total + change.moved WHERE organization_id = workspace AND resource_id = change.resource_id;
    END LOOP;
  END LOOP;
  PERFORM set_config('app.organization_id', coalesce(caller_workspace, ''), true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "acknowledgement_count_member_insert" AFTER INSERT ON "member" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "acknowledgement_count_follow_members"();--> statement-breakpoint
-- (A trigger with transition tables cannot name columns: every update runs it, and one that
-- moves nobody, such as a name change, finds nothing to move.)
CREATE TRIGGER "acknowledgement_count_member_update" AFTER UPDATE ON "member" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "acknowledgement_count_follow_members"();--> statement-breakpoint
CREATE TRIGGER "acknowledgement_count_member_delete" AFTER DELETE ON "member" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "acknowledgement_count_follow_members"();--> statement-breakpoint
-- A deleted account takes its memberships and its acknowledgements with it, and the triggers of
-- those cascaded deletes run only once both are gone (each would find the other missing and move
-- nothing). So the account's acknowledgements leave the counts before it goes: every asking
-- resource of a workspace where it is an active member of the audience, whose current version
-- it acknowledged, counts one fewer.
CREATE FUNCTION "acknowledgement_count_forget_user"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  caller_workspace text := current_setting('app.organization_id', true);
  membership record;
BEGIN
  FOR membership IN SELECT organization_id, role FROM member WHERE user_id = OLD.id AND status = 'active' ORDER BY organization_id LOOP
    PERFORM set_config('app.organization_id', membership.organization_id, true);
    UPDATE acknowledgement_count AS kept SET total = kept.total - 1
      FROM resource r
      WHERE kept.organization_id = membership.organization_id AND r.organization_id = membership.organization_id AND r.id = kept.resource_id
        AND r.requires_acknowledgement AND membership.role = ANY (r.audience)
        AND EXISTS (SELECT 1 FROM resource_acknowledgement a
          WHERE a.organization_id = r.organization_id AND a.resource_id = r.id AND a.version = r.current_version AND a.user_id = OLD.id);
  END LOOP;
  PERFORM set_config('app.organization_id', coalesce(caller_workspace, ''), true);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "acknowledgement_count_forget_user" BEFORE DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "acknowledgement_count_forget_user"();--> statement-breakpoint
-- The counts of the resources asking for acknowledgement already, one workspace at a time.
DO $$
DECLARE workspace text;
BEGIN
  FOR workspace IN SELECT id FROM organization LOOP
    PERFORM set_config('app.organization_id', workspace, true);
    INSERT INTO acknowledgement_count (organization_id, resource_id, total)
      SELECT r.organization_id, r.id, (SELECT count(*)::int FROM resource_acknowledgement a
          JOIN member m ON m.organization_id = a.organization_id AND m.user_id = a.user_id AND m.status = 'active' AND m.role = ANY (r.audience)
          WHERE a.organization_id = r.organization_id AND a.resource_id = r.id AND a.version = r.current_version)
        FROM resource r WHERE r.organization_id = workspace AND r.requires_acknowledgement;
  END LOOP;
  PERFORM set_config('app.organization_id', '', true);
END $$;
