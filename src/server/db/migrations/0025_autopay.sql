CREATE TABLE "autopay_charge" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'charging' NOT NULL,
	"stripe_payment_intent_id" text,
	"failure_reason" text,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_charge_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "autopay_charge_status_check" CHECK (status in ('charging', 'charged', 'failed')),
	CONSTRAINT "autopay_charge_amount_check" CHECK (amount_minor > 0)
);
--> statement-breakpoint
ALTER TABLE "autopay_charge" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "saved_card" (
	"organization_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"stripe_customer_id" text NOT NULL,
	"stripe_payment_method_id" text,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"autopay" boolean DEFAULT false NOT NULL,
	"saved_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_card_organization_id_account_id_pk" PRIMARY KEY("organization_id","account_id"),
	CONSTRAINT "saved_card_autopay_needs_card_check" CHECK (not autopay or stripe_payment_method_id is not null)
);
--> statement-breakpoint
ALTER TABLE "saved_card" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "billing_notice" DROP CONSTRAINT "billing_notice_kind_check";--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "autopay_dispute_window_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "autopay_charge" ADD CONSTRAINT "autopay_charge_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_charge" ADD CONSTRAINT "autopay_charge_organization_id_invoice_id_invoice_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_card" ADD CONSTRAINT "saved_card_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_card" ADD CONSTRAINT "saved_card_saved_by_user_id_user_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_card" ADD CONSTRAINT "saved_card_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autopay_charge_attempt_idx" ON "autopay_charge" USING btree ("organization_id","invoice_id","attempt");--> statement-breakpoint
ALTER TABLE "billing_notice" ADD CONSTRAINT "billing_notice_kind_check" CHECK (kind in ('invoice_issued', 'invoice_overdue', 'credit_note_issued', 'payment_recorded', 'refund_recorded', 'dispute_answered', 'low_balance', 'hours_expiring', 'autopay_upcoming', 'autopay_failed'));--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_autopay_window_check" CHECK (autopay_dispute_window_days between 0 and 30);--> statement-breakpoint
CREATE POLICY "autopay_charge_workspace_isolation" ON "autopay_charge" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "saved_card_workspace_isolation" ON "saved_card" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "saved_card" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "saved_card_owner_workspace" ON "saved_card" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "autopay_charge" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "autopay_charge_owner_workspace" ON "autopay_charge" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Both are trackers: a card is saved, changed and removed; a charge's state moves on (a claim
-- that never reached Stripe is removed). The money they lead to is in the append-only tables.
GRANT SELECT, INSERT, UPDATE, DELETE ON "saved_card" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "autopay_charge" TO glassroom_app;
--> statement-breakpoint
-- The autopay job's scan across workspaces (app.scan = 'autopay') sees only the accounts that
-- turned autopay on; everything else it reads inside each workspace.
CREATE POLICY "saved_card_owner_autopay_scan" ON "saved_card" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) = 'autopay' AND autopay);
