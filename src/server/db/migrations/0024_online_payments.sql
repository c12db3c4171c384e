CREATE TABLE "checkout_attempt" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" uuid,
	"product_id" uuid,
	"student_id" uuid,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'starting' NOT NULL,
	"stripe_session_id" text,
	"checkout_url" text,
	"stripe_payment_intent_id" text,
	"failure_reason" text,
	"payment_id" uuid,
	"purchase_id" uuid,
	"started_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_attempt_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "checkout_attempt_amount_check" CHECK (amount_minor > 0),
	CONSTRAINT "checkout_attempt_kind_check" CHECK (kind in ('invoice', 'package')),
	CONSTRAINT "checkout_attempt_status_check" CHECK (status in ('starting', 'open', 'processing', 'paid', 'failed', 'expired')),
	CONSTRAINT "checkout_attempt_target_check" CHECK ((kind = 'invoice' and invoice_id is not null) or (kind = 'package' and product_id is not null))
);
--> statement-breakpoint
ALTER TABLE "checkout_attempt" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stripe_event" (
	"organization_id" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stripe_event_organization_id_event_id_pk" PRIMARY KEY("organization_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "stripe_event" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment" DROP CONSTRAINT "payment_method_check";--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD COLUMN "stripe_refund_id" text;--> statement-breakpoint
ALTER TABLE "checkout_attempt" ADD CONSTRAINT "checkout_attempt_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempt" ADD CONSTRAINT "checkout_attempt_started_by_user_id_user_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempt" ADD CONSTRAINT "checkout_attempt_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_event" ADD CONSTRAINT "stripe_event_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_attempt_session_idx" ON "checkout_attempt" USING btree ("organization_id","stripe_session_id");--> statement-breakpoint
CREATE INDEX "checkout_attempt_invoice_idx" ON "checkout_attempt" USING btree ("organization_id","invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "checkout_attempt_account_idx" ON "checkout_attempt" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "stripe_event_received_idx" ON "stripe_event" USING btree ("organization_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_stripe_payment_intent_idx" ON "payment" USING btree ("organization_id","stripe_payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_stripe_idx" ON "payment_refund" USING btree ("organization_id","stripe_refund_id");--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_card_online_check" CHECK ((method = 'card_online') = (stripe_payment_intent_id is not null));--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_method_check" CHECK (method in ('cash', 'bank_transfer', 'card_terminal', 'cheque', 'card_online'));--> statement-breakpoint
CREATE POLICY "checkout_attempt_workspace_isolation" ON "checkout_attempt" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "stripe_event_workspace_isolation" ON "stripe_event" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "checkout_attempt" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "checkout_attempt_owner_workspace" ON "checkout_attempt" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
ALTER TABLE "stripe_event" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "stripe_event_owner_workspace" ON "stripe_event" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- An attempt is a tracker (its state changes; one that never reached Stripe is removed); the
-- events received are a record: written once, never changed.
GRANT SELECT, INSERT, UPDATE, DELETE ON "checkout_attempt" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "stripe_event" TO glassroom_app;
