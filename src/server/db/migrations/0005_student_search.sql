CREATE INDEX "student_preferred_name_trgm_idx" ON "student" USING gin ("preferred_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "workspace_invitation_pending_email_lookup_idx" ON "workspace_invitation" USING btree (lower("email")) WHERE status = 'pending';--> statement-breakpoint
-- The students name search. ILIKE is not leakproof, so under row-level security PostgreSQL
-- checks the policy before it and never uses the trigram indexes as index conditions: the
-- search read every record of every workspace. This function runs as its owner (no policy
-- applies), restricted explicitly to the workspace set for the transaction, and answers only
-- ids, which the caller then reads under row-level security as usual.
CREATE FUNCTION student_search_ids(pattern text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT id FROM student
    WHERE organization_id = current_setting('app.organization_id', true)
      AND (name ILIKE pattern OR preferred_name ILIKE pattern)
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION student_search_ids(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION student_search_ids(text) TO glassroom_app;
