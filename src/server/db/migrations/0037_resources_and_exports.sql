CREATE TABLE "resource" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_member_id" text,
	"requires_acknowledgement" boolean DEFAULT false NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"search_document" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "resource_kind_check" CHECK (kind in ('file', 'link')),
	CONSTRAINT "resource_audience_check" CHECK (audience <@ array['tutor', 'parent', 'student']::text[]),
	CONSTRAINT "resource_owner_check" CHECK (owner_member_id is null or (cardinality(audience) = 0 and not requires_acknowledgement))
);
--> statement-breakpoint
ALTER TABLE "resource" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resource_acknowledgement" (
	"organization_id" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resource_acknowledgement_organization_id_resource_id_version_user_id_pk" PRIMARY KEY("organization_id","resource_id","version","user_id")
);
--> statement-breakpoint
ALTER TABLE "resource_acknowledgement" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resource_share" (
	"organization_id" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_share_organization_id_resource_id_student_id_pk" PRIMARY KEY("organization_id","resource_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "resource_share" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resource_version" (
	"organization_id" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"url" text,
	"storage_key" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" bigint,
	"note" text DEFAULT '' NOT NULL,
	"text_state" text DEFAULT 'none' NOT NULL,
	"extracted_text" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_version_organization_id_resource_id_version_pk" PRIMARY KEY("organization_id","resource_id","version"),
	CONSTRAINT "resource_version_shape_check" CHECK ((url is null) <> (storage_key is null)),
	CONSTRAINT "resource_version_text_state_check" CHECK (text_state in ('pending', 'extracted', 'none', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "resource_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "workspace_export" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by_user_id" text,
	"storage_key" text,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "workspace_export_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "workspace_export_status_check" CHECK (status in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "workspace_export_ready_check" CHECK (status <> 'ready' or (storage_key is not null and expires_at is not null))
);
--> statement-breakpoint
ALTER TABLE "workspace_export" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "cancellation_policy_resource_id" uuid;--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" ADD COLUMN "document_resource_id" uuid;--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" ADD COLUMN "document_version" integer;--> statement-breakpoint
ALTER TABLE "resource" ADD CONSTRAINT "resource_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource" ADD CONSTRAINT "resource_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_acknowledgement" ADD CONSTRAINT "resource_acknowledgement_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_acknowledgement" ADD CONSTRAINT "resource_acknowledgement_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_acknowledgement" ADD CONSTRAINT "resource_acknowledgement_organization_id_resource_id_version_resource_version_organization_id_resource_id_version_fk" FOREIGN KEY ("organization_id","resource_id","version") REFERENCES "public"."resource_version"("organization_id","resource_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_share" ADD CONSTRAINT "resource_share_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_share" ADD CONSTRAINT "resource_share_organization_id_resource_id_resource_organization_id_id_fk" FOREIGN KEY ("organization_id","resource_id") REFERENCES "public"."resource"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_share" ADD CONSTRAINT "resource_share_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_version" ADD CONSTRAINT "resource_version_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_version" ADD CONSTRAINT "resource_version_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_version" ADD CONSTRAINT "resource_version_organization_id_resource_id_resource_organization_id_id_fk" FOREIGN KEY ("organization_id","resource_id") REFERENCES "public"."resource"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_export" ADD CONSTRAINT "workspace_export_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_export" ADD CONSTRAINT "workspace_export_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_search_idx" ON "resource" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "resource_category_title_idx" ON "resource" USING btree ("organization_id","category","title");--> statement-breakpoint
CREATE INDEX "resource_owner_idx" ON "resource" USING btree ("organization_id","owner_member_id") WHERE owner_member_id is not null;--> statement-breakpoint
CREATE INDEX "resource_acknowledgement_user_idx" ON "resource_acknowledgement" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "resource_share_student_idx" ON "resource_share" USING btree ("organization_id","student_id");--> statement-breakpoint
CREATE INDEX "workspace_export_created_idx" ON "workspace_export" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_organization_id_cancellation_policy_resource_id_resource_organization_id_id_fk" FOREIGN KEY ("organization_id","cancellation_policy_resource_id") REFERENCES "public"."resource"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" ADD CONSTRAINT "cancellation_policy_version_organization_id_document_resource_id_document_version_resource_version_organization_id_resource_id_version_fk" FOREIGN KEY ("organization_id","document_resource_id","document_version") REFERENCES "public"."resource_version"("organization_id","resource_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" ADD CONSTRAINT "cancellation_policy_version_document_check" CHECK ((document_resource_id is null) = (document_version is null));--> statement-breakpoint
CREATE POLICY "resource_workspace_isolation" ON "resource" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "resource_acknowledgement_workspace_isolation" ON "resource_acknowledgement" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "resource_share_workspace_isolation" ON "resource_share" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "resource_version_workspace_isolation" ON "resource_version" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "workspace_export_workspace_isolation" ON "workspace_export" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.--> statement-breakpoint
ALTER TABLE "resource" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "resource_owner_workspace" ON "resource" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "resource_version" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "resource_version_owner_workspace" ON "resource_version" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "resource_share" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "resource_share_owner_workspace" ON "resource_share" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "resource_acknowledgement" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "resource_acknowledgement_owner_workspace" ON "resource_acknowledgement" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "workspace_export" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "workspace_export_owner_workspace" ON "workspace_export" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Resources are edited and deleted; versions get their extracted text; shares and acknowledgements come and go with their resource; an export moves through its states.
GRANT SELECT, INSERT, UPDATE, DELETE ON "resource", "resource_version", "resource_share", "resource_acknowledgement", "workspace_export" TO glassroom_app;
