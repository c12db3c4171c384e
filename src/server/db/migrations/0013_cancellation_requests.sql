CREATE TABLE "cancellation_request" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"requested_by_user_id" text,
	"requester_role" text NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "cancellation_request_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "cancellation_request_state_check" CHECK (state in ('requested', 'accepted', 'declined', 'closed')),
	CONSTRAINT "cancellation_request_role_check" CHECK (requester_role in ('parent', 'student')),
	CONSTRAINT "cancellation_request_decided_check" CHECK ((state = 'requested') = (decided_at is null)),
	CONSTRAINT "cancellation_request_decline_reason_check" CHECK ((state = 'declined') = (decline_reason is not null))
);
--> statement-breakpoint
ALTER TABLE "cancellation_request" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_request" ADD CONSTRAINT "cancellation_request_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_request_session_idx" ON "cancellation_request" USING btree ("organization_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "cancellation_request_open_idx" ON "cancellation_request" USING btree ("organization_id","created_at") WHERE state = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_request_one_open_idx" ON "cancellation_request" USING btree ("organization_id","session_id","requested_by_user_id") WHERE state = 'requested';--> statement-breakpoint
CREATE POLICY "cancellation_request_workspace_isolation" ON "cancellation_request" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the table's owner too, not only for glassroom_app.
ALTER TABLE "cancellation_request" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Exactly what the application needs: it reads, asks (insert) and decides (update); a request
-- is never deleted by the application (it goes with its session, through the foreign key).
REVOKE ALL ON "cancellation_request" FROM glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "cancellation_request" TO glassroom_app;
