ALTER TABLE "member" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A member's sort_name is always its user's name: taken from the user whenever a member row is
-- written with a user or a sort name (so no writer can set another), and written again on every
-- member row of a user whose name changes. As the tables' owner (the member_owner_identity
-- policy lets it see every workspace's members), since a name changes outside any workspace.
CREATE FUNCTION "member_take_sort_name"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  NEW.sort_name := coalesce((SELECT name FROM "user" WHERE id = NEW.user_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_take_sort_name" BEFORE INSERT OR UPDATE OF user_id, sort_name ON "member" FOR EACH ROW EXECUTE FUNCTION "member_take_sort_name"();--> statement-breakpoint
CREATE FUNCTION "member_follow_user_name"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE member SET sort_name = NEW.name WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_follow_user_name" AFTER UPDATE OF name ON "user" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "member_follow_user_name"();--> statement-breakpoint
-- The members there are: naming sort_name in an update makes member_take_sort_name take each
-- one's name from its user (the owner sees every workspace's members).
UPDATE member SET sort_name = '';--> statement-breakpoint
CREATE INDEX "member_organization_sort_name_idx" ON "member" USING btree ("organization_id","sort_name","id");--> statement-breakpoint
CREATE INDEX "member_organization_role_sort_name_idx" ON "member" USING btree ("organization_id","role","sort_name","id");--> statement-breakpoint
CREATE INDEX "member_organization_status_sort_name_idx" ON "member" USING btree ("organization_id","status","sort_name","id");
