CREATE TABLE "payer_account" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_account_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "payer_account" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "allocation" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"amount_minor" bigint NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocation_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "allocation_source_check" CHECK ((payment_id is null) <> (credit_note_id is null)),
	CONSTRAINT "allocation_amount_check" CHECK (amount_minor <> 0)
);
--> statement-breakpoint
ALTER TABLE "allocation" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_counter" (
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_counter_organization_id_kind_year_pk" PRIMARY KEY("organization_id","kind","year")
);
--> statement-breakpoint
ALTER TABLE "billing_counter" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_digest" (
	"organization_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_digest_organization_id_account_id_day_pk" PRIMARY KEY("organization_id","account_id","day")
);
--> statement-breakpoint
ALTER TABLE "billing_digest" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_notice" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"invoice_id" uuid,
	"credit_note_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "billing_notice_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "billing_notice_kind_check" CHECK (kind in ('invoice_issued', 'invoice_overdue', 'credit_note_issued', 'payment_recorded', 'refund_recorded', 'dispute_answered', 'low_balance', 'hours_expiring'))
);
--> statement-breakpoint
ALTER TABLE "billing_notice" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"default_tax_rate_id" uuid,
	"invoice_number_format" text DEFAULT 'INV-{YYYY}-{NNNN}' NOT NULL,
	"credit_note_number_format" text DEFAULT 'CN-{YYYY}-{NNNN}' NOT NULL,
	"payment_terms_days" integer DEFAULT 14 NOT NULL,
	"overdue_reminder_days" integer[] DEFAULT '{7,14,30}'::integer[] NOT NULL,
	"low_balance_minutes" integer DEFAULT 120 NOT NULL,
	"expiry_warning_days" integer DEFAULT 14 NOT NULL,
	"allow_credit" boolean DEFAULT false NOT NULL,
	"late_cancellation_share_bps" integer DEFAULT 10000 NOT NULL,
	"no_show_share_bps" integer DEFAULT 10000 NOT NULL,
	"business_address" text DEFAULT '' NOT NULL,
	"payment_instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_settings_terms_check" CHECK (payment_terms_days between 0 and 365),
	CONSTRAINT "billing_settings_low_balance_check" CHECK (low_balance_minutes between 0 and 6000),
	CONSTRAINT "billing_settings_expiry_warning_check" CHECK (expiry_warning_days between 0 and 365),
	CONSTRAINT "billing_settings_shares_check" CHECK (late_cancellation_share_bps between 0 and 10000 and no_show_share_bps between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "cancellation_policy_version" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"notice_hours" integer NOT NULL,
	"late_cancellation_share_bps" integer NOT NULL,
	"no_show_share_bps" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"created_by_user_id" text,
	CONSTRAINT "cancellation_policy_version_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "cancellation_policy_version_shares_check" CHECK (late_cancellation_share_bps between 0 and 10000 and no_show_share_bps between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "credit_note" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid,
	"reason" text NOT NULL,
	"issued_on" date NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"tax_rule" text NOT NULL,
	"tax_breakdown" jsonb NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"issued_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_note_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "credit_note_total_check" CHECK (total_minor > 0 and total_minor = subtotal_minor + case when prices_include_tax then 0 else tax_minor end)
);
--> statement-breakpoint
ALTER TABLE "credit_note" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "credit_note_line" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"invoice_line_id" uuid,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"tax_rate_id" uuid,
	"tax_rate_bps" integer DEFAULT 0 NOT NULL,
	"tax_rate_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "credit_note_line_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "credit_note_line_amount_check" CHECK (amount_minor > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_note_line" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "dispute_message" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"author_user_id" text,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_message_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "dispute_message_role_check" CHECK (author_role in ('admin', 'parent'))
);
--> statement-breakpoint
ALTER TABLE "dispute_message" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hour_grant" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"student_id" uuid,
	"purchase_id" uuid NOT NULL,
	"minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_grant_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "hour_grant_minutes_check" CHECK (minutes > 0),
	CONSTRAINT "hour_grant_dates_check" CHECK (expires_at > starts_at)
);
--> statement-breakpoint
ALTER TABLE "hour_grant" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hour_movement" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"session_id" uuid,
	"student_id" uuid,
	"reverses_movement_id" uuid,
	"cause_key" text NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_movement_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "hour_movement_kind_check" CHECK (kind in ('use', 'reversal', 'expiry')),
	CONSTRAINT "hour_movement_sign_check" CHECK ((kind = 'reversal') = (minutes > 0) and minutes <> 0)
);
--> statement-breakpoint
ALTER TABLE "hour_movement" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"period_from" date,
	"period_to" date,
	"issued_on" date,
	"due_on" date,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"tax_rule" text DEFAULT '' NOT NULL,
	"tax_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal_minor" bigint DEFAULT 0 NOT NULL,
	"tax_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"batch_id" uuid,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_user_id" text,
	"issued_at" timestamp with time zone,
	"voided_by_user_id" text,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	CONSTRAINT "invoice_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoice_status_check" CHECK (status in ('draft', 'issued', 'void')),
	CONSTRAINT "invoice_number_check" CHECK ((status = 'draft') = (number is null)),
	CONSTRAINT "invoice_issued_check" CHECK (status = 'draft' or (issued_on is not null and due_on is not null and issued_at is not null)),
	CONSTRAINT "invoice_void_check" CHECK ((status = 'void') = (voided_at is not null)),
	CONSTRAINT "invoice_paid_check" CHECK (paid_minor >= 0 and paid_minor <= greatest(total_minor, 0)),
	CONSTRAINT "invoice_total_check" CHECK (total_minor = subtotal_minor + case when prices_include_tax then 0 else tax_minor end)
);
--> statement-breakpoint
ALTER TABLE "invoice" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_dispute" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reason" text NOT NULL,
	"opened_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by_user_id" text,
	"resolved_at" timestamp with time zone,
	"credit_note_id" uuid,
	CONSTRAINT "invoice_dispute_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoice_dispute_state_check" CHECK (state in ('open', 'credited', 'explained', 'withdrawn')),
	CONSTRAINT "invoice_dispute_resolved_check" CHECK ((state = 'open') = (resolved_at is null)),
	CONSTRAINT "invoice_dispute_credit_check" CHECK ((state = 'credited') = (credit_note_id is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_dispute" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "invoice_line" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"charge_entry_id" uuid,
	"live" boolean DEFAULT true NOT NULL,
	"description" text NOT NULL,
	"session_id" uuid,
	"student_id" uuid,
	"service_date" date,
	"tutor_name" text,
	"attendance" text,
	"policy_version_id" uuid,
	"policy_version" integer,
	"minutes" integer,
	"unit_price_minor" bigint,
	"amount_minor" bigint NOT NULL,
	"tax_rate_id" uuid,
	"tax_rate_bps" integer DEFAULT 0 NOT NULL,
	"tax_rate_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "invoice_line_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "invoice_line_kind_check" CHECK (kind in ('session', 'package', 'fee')),
	CONSTRAINT "invoice_line_tax_check" CHECK (tax_rate_bps between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "invoice_line" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint NOT NULL,
	"description" text NOT NULL,
	"cause_key" text NOT NULL,
	"session_id" uuid,
	"student_id" uuid,
	"invoice_id" uuid,
	"credit_note_id" uuid,
	"payment_id" uuid,
	"purchase_id" uuid,
	"policy_version_id" uuid,
	"reverses_entry_id" uuid,
	"minutes" integer,
	"rate_minor" bigint,
	"share_bps" integer,
	"actor_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_entry_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "ledger_entry_kind_check" CHECK (kind in ('session_charge', 'package_sale', 'fee', 'tax', 'payment', 'refund', 'credit_note', 'adjustment', 'transfer', 'reversal')),
	CONSTRAINT "ledger_entry_amount_check" CHECK (amount_minor <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entry" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "ledger_verification" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"requested_by_user_id" text,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"ok" boolean,
	"entries_checked" bigint,
	"latest_hash" text,
	"problem" text,
	CONSTRAINT "ledger_verification_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "ledger_verification" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "package_product" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"minutes" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"valid_days" integer NOT NULL,
	"scope" text NOT NULL,
	"tax_rate_id" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_product_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "package_product_minutes_check" CHECK (minutes between 15 and 60000),
	CONSTRAINT "package_product_price_check" CHECK (price_minor >= 0),
	CONSTRAINT "package_product_valid_days_check" CHECK (valid_days between 1 and 3650),
	CONSTRAINT "package_product_scope_check" CHECK (scope in ('student', 'family'))
);
--> statement-breakpoint
ALTER TABLE "package_product" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "package_purchase" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"student_id" uuid,
	"name" text NOT NULL,
	"minutes" integer NOT NULL,
	"price_minor" bigint NOT NULL,
	"valid_days" integer NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"invoice_id" uuid,
	"sold_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "package_purchase_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "package_purchase_status_check" CHECK (status in ('awaiting_payment', 'active', 'cancelled')),
	CONSTRAINT "package_purchase_active_check" CHECK ((status = 'active') = (activated_at is not null))
);
--> statement-breakpoint
ALTER TABLE "package_purchase" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payer_account_member" (
	"organization_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_account_member_organization_id_account_id_member_id_pk" PRIMARY KEY("organization_id","account_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "payer_account_member" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"recorded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payment_method_check" CHECK (method in ('cash', 'bank_transfer', 'card_terminal', 'cheque')),
	CONSTRAINT "payment_amount_check" CHECK (amount_minor > 0)
);
--> statement-breakpoint
ALTER TABLE "payment" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"refunded_on" date NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"recorded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refund_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "payment_refund_amount_check" CHECK (amount_minor > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refund" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tax_rate" (
	"organization_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rate_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "tax_rate_bps_check" CHECK (rate_bps between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "tax_rate" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student" ADD COLUMN "payer_account_id" uuid;--> statement-breakpoint
-- Every existing student gets an account of their own (named after them), paid by their
-- guardians. Row-level security is forced on the owner too, so it is lifted for the backfill.
ALTER TABLE "student" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_guardian" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "student" SET "payer_account_id" = gen_random_uuid();--> statement-breakpoint
INSERT INTO "payer_account" ("organization_id", "id", "name", "created_at") SELECT "organization_id", "payer_account_id", "name", "created_at" FROM "student";--> statement-breakpoint
INSERT INTO "payer_account_member" ("organization_id", "account_id", "member_id") SELECT g."organization_id", s."payer_account_id", g."member_id" FROM "student_guardian" g JOIN "student" s ON s."organization_id" = g."organization_id" AND s."id" = g."student_id";--> statement-breakpoint
ALTER TABLE "student" ALTER COLUMN "payer_account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "student" ALTER COLUMN "payer_account_id" SET DEFAULT null;--> statement-breakpoint
-- A student inserted without an account gets one of their own, named after them, in the same
-- statement; a guardian linked to a student becomes a payer of the student's account, and stops
-- being one when they no longer guard any of its students. These run as the inserting role,
-- under its row-level security.
CREATE FUNCTION "student_own_payer_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.payer_account_id IS NULL THEN
    NEW.payer_account_id := gen_random_uuid();
    INSERT INTO payer_account (organization_id, id, name) VALUES (NEW.organization_id, NEW.payer_account_id, NEW.name);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "student_own_payer_account" BEFORE INSERT ON "student" FOR EACH ROW EXECUTE FUNCTION "student_own_payer_account"();--> statement-breakpoint
CREATE FUNCTION "guardian_is_payer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payer_account_member (organization_id, account_id, member_id)
      SELECT NEW.organization_id, s.payer_account_id, NEW.member_id FROM student s WHERE s.organization_id = NEW.organization_id AND s.id = NEW.student_id
      ON CONFLICT DO NOTHING;
    RETURN NEW;
  END IF;
  DELETE FROM payer_account_member m USING student s
    WHERE s.organization_id = OLD.organization_id AND s.id = OLD.student_id
      AND m.organization_id = OLD.organization_id AND m.account_id = s.payer_account_id AND m.member_id = OLD.member_id
      AND NOT EXISTS (
        SELECT 1 FROM student_guardian g JOIN student other ON other.organization_id = g.organization_id AND other.id = g.student_id
        WHERE g.organization_id = OLD.organization_id AND g.member_id = OLD.member_id AND g.student_id <> OLD.student_id AND other.payer_account_id = s.payer_account_id);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "guardian_is_payer" AFTER INSERT OR DELETE ON "student_guardian" FOR EACH ROW EXECUTE FUNCTION "guardian_is_payer"();--> statement-breakpoint
ALTER TABLE "student" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_guardian" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payer_account" ADD CONSTRAINT "payer_account_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation" ADD CONSTRAINT "allocation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation" ADD CONSTRAINT "allocation_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation" ADD CONSTRAINT "allocation_organization_id_invoice_id_invoice_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation" ADD CONSTRAINT "allocation_organization_id_payment_id_payment_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payment"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation" ADD CONSTRAINT "allocation_organization_id_credit_note_id_credit_note_organization_id_id_fk" FOREIGN KEY ("organization_id","credit_note_id") REFERENCES "public"."credit_note"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_counter" ADD CONSTRAINT "billing_counter_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_digest" ADD CONSTRAINT "billing_digest_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_digest" ADD CONSTRAINT "billing_digest_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_notice" ADD CONSTRAINT "billing_notice_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_notice" ADD CONSTRAINT "billing_notice_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" ADD CONSTRAINT "cancellation_policy_version_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" ADD CONSTRAINT "cancellation_policy_version_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_issued_by_user_id_user_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_organization_id_invoice_id_invoice_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_organization_id_credit_note_id_credit_note_organization_id_id_fk" FOREIGN KEY ("organization_id","credit_note_id") REFERENCES "public"."credit_note"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_organization_id_invoice_line_id_invoice_line_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_line_id") REFERENCES "public"."invoice_line"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_message" ADD CONSTRAINT "dispute_message_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_message" ADD CONSTRAINT "dispute_message_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_message" ADD CONSTRAINT "dispute_message_organization_id_dispute_id_invoice_dispute_organization_id_id_fk" FOREIGN KEY ("organization_id","dispute_id") REFERENCES "public"."invoice_dispute"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_grant" ADD CONSTRAINT "hour_grant_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_grant" ADD CONSTRAINT "hour_grant_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_grant" ADD CONSTRAINT "hour_grant_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_grant" ADD CONSTRAINT "hour_grant_organization_id_purchase_id_package_purchase_organization_id_id_fk" FOREIGN KEY ("organization_id","purchase_id") REFERENCES "public"."package_purchase"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_movement" ADD CONSTRAINT "hour_movement_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_movement" ADD CONSTRAINT "hour_movement_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_movement" ADD CONSTRAINT "hour_movement_organization_id_grant_id_hour_grant_organization_id_id_fk" FOREIGN KEY ("organization_id","grant_id") REFERENCES "public"."hour_grant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_movement" ADD CONSTRAINT "hour_movement_organization_id_session_id_tutoring_session_organization_id_id_fk" FOREIGN KEY ("organization_id","session_id") REFERENCES "public"."tutoring_session"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_issued_by_user_id_user_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_voided_by_user_id_user_id_fk" FOREIGN KEY ("voided_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_dispute" ADD CONSTRAINT "invoice_dispute_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_dispute" ADD CONSTRAINT "invoice_dispute_opened_by_user_id_user_id_fk" FOREIGN KEY ("opened_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_dispute" ADD CONSTRAINT "invoice_dispute_resolved_by_user_id_user_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_dispute" ADD CONSTRAINT "invoice_dispute_organization_id_invoice_line_id_invoice_line_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_line_id") REFERENCES "public"."invoice_line"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_dispute" ADD CONSTRAINT "invoice_dispute_organization_id_invoice_id_invoice_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_organization_id_invoice_id_invoice_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_verification" ADD CONSTRAINT "ledger_verification_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_verification" ADD CONSTRAINT "ledger_verification_requested_by_user_id_user_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_product" ADD CONSTRAINT "package_product_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_product" ADD CONSTRAINT "package_product_organization_id_tax_rate_id_tax_rate_organization_id_id_fk" FOREIGN KEY ("organization_id","tax_rate_id") REFERENCES "public"."tax_rate"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_sold_by_user_id_user_id_fk" FOREIGN KEY ("sold_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_organization_id_product_id_package_product_organization_id_id_fk" FOREIGN KEY ("organization_id","product_id") REFERENCES "public"."package_product"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_organization_id_student_id_student_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."student"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_organization_id_invoice_id_invoice_organization_id_id_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."invoice"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_account_member" ADD CONSTRAINT "payer_account_member_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_account_member" ADD CONSTRAINT "payer_account_member_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_account_member" ADD CONSTRAINT "payer_account_member_organization_id_member_id_member_organization_id_id_fk" FOREIGN KEY ("organization_id","member_id") REFERENCES "public"."member"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_recorded_by_user_id_user_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_organization_id_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_recorded_by_user_id_user_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_organization_id_payment_id_payment_organization_id_id_fk" FOREIGN KEY ("organization_id","payment_id") REFERENCES "public"."payment"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rate" ADD CONSTRAINT "tax_rate_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_account_organization_name_idx" ON "payer_account" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "allocation_invoice_idx" ON "allocation" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "allocation_payment_idx" ON "allocation" USING btree ("organization_id","payment_id") WHERE payment_id is not null;--> statement-breakpoint
CREATE INDEX "allocation_credit_note_idx" ON "allocation" USING btree ("organization_id","credit_note_id") WHERE credit_note_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_notice_dedupe_idx" ON "billing_notice" USING btree ("organization_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "billing_notice_unsent_idx" ON "billing_notice" USING btree ("created_at") WHERE sent_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_policy_version_number_idx" ON "cancellation_policy_version" USING btree ("organization_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_number_idx" ON "credit_note" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_idempotency_idx" ON "credit_note" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_note_account_idx" ON "credit_note" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_note_line_note_idx" ON "credit_note_line" USING btree ("organization_id","credit_note_id","position");--> statement-breakpoint
CREATE INDEX "dispute_message_dispute_idx" ON "dispute_message" USING btree ("organization_id","dispute_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hour_grant_purchase_idx" ON "hour_grant" USING btree ("organization_id","purchase_id");--> statement-breakpoint
CREATE INDEX "hour_grant_account_expiry_idx" ON "hour_grant" USING btree ("organization_id","account_id","expires_at");--> statement-breakpoint
CREATE INDEX "hour_grant_expiry_idx" ON "hour_grant" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hour_movement_cause_idx" ON "hour_movement" USING btree ("organization_id","cause_key");--> statement-breakpoint
CREATE UNIQUE INDEX "hour_movement_reverses_idx" ON "hour_movement" USING btree ("organization_id","reverses_movement_id") WHERE reverses_movement_id is not null;--> statement-breakpoint
CREATE INDEX "hour_movement_grant_idx" ON "hour_movement" USING btree ("organization_id","grant_id");--> statement-breakpoint
CREATE INDEX "hour_movement_session_idx" ON "hour_movement" USING btree ("organization_id","session_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_number_idx" ON "invoice" USING btree ("organization_id","number") WHERE number is not null;--> statement-breakpoint
CREATE INDEX "invoice_account_idx" ON "invoice" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_status_due_idx" ON "invoice" USING btree ("organization_id","status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_dispute_one_open_idx" ON "invoice_dispute" USING btree ("organization_id","invoice_line_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "invoice_dispute_open_idx" ON "invoice_dispute" USING btree ("organization_id","created_at") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "invoice_dispute_account_idx" ON "invoice_dispute" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_line_live_charge_idx" ON "invoice_line" USING btree ("organization_id","charge_entry_id") WHERE live and charge_entry_id is not null;--> statement-breakpoint
CREATE INDEX "invoice_line_invoice_idx" ON "invoice_line" USING btree ("organization_id","invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_line_session_idx" ON "invoice_line" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_sequence_idx" ON "ledger_entry" USING btree ("organization_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_cause_idx" ON "ledger_entry" USING btree ("organization_id","cause_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_reverses_idx" ON "ledger_entry" USING btree ("organization_id","reverses_entry_id") WHERE reverses_entry_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("organization_id","account_id","sequence");--> statement-breakpoint
CREATE INDEX "ledger_entry_session_idx" ON "ledger_entry" USING btree ("organization_id","session_id","student_id") WHERE session_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entry_charge_idx" ON "ledger_entry" USING btree ("organization_id","account_id","created_at") WHERE kind in ('session_charge', 'package_sale');--> statement-breakpoint
CREATE INDEX "ledger_verification_requested_idx" ON "ledger_verification" USING btree ("organization_id","requested_at");--> statement-breakpoint
CREATE INDEX "package_purchase_account_idx" ON "package_purchase" USING btree ("organization_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "package_purchase_invoice_idx" ON "package_purchase" USING btree ("organization_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payer_account_member_member_idx" ON "payer_account_member" USING btree ("organization_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_idempotency_idx" ON "payment" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_account_idx" ON "payment" USING btree ("organization_id","account_id","received_on");--> statement-breakpoint
CREATE INDEX "payment_received_idx" ON "payment" USING btree ("organization_id","received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refund_idempotency_idx" ON "payment_refund" USING btree ("organization_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refund_payment_idx" ON "payment_refund" USING btree ("organization_id","payment_id");--> statement-breakpoint
ALTER TABLE "student" ADD CONSTRAINT "student_organization_id_payer_account_id_payer_account_organization_id_id_fk" FOREIGN KEY ("organization_id","payer_account_id") REFERENCES "public"."payer_account"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_payer_account_idx" ON "student" USING btree ("organization_id","payer_account_id");--> statement-breakpoint
CREATE POLICY "payer_account_workspace_isolation" ON "payer_account" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "allocation_workspace_isolation" ON "allocation" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "billing_counter_workspace_isolation" ON "billing_counter" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "billing_digest_workspace_isolation" ON "billing_digest" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "billing_notice_workspace_isolation" ON "billing_notice" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "billing_settings_workspace_isolation" ON "billing_settings" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "cancellation_policy_version_workspace_isolation" ON "cancellation_policy_version" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "credit_note_workspace_isolation" ON "credit_note" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "credit_note_line_workspace_isolation" ON "credit_note_line" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "dispute_message_workspace_isolation" ON "dispute_message" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "hour_grant_workspace_isolation" ON "hour_grant" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "hour_movement_workspace_isolation" ON "hour_movement" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "invoice_workspace_isolation" ON "invoice" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "invoice_dispute_workspace_isolation" ON "invoice_dispute" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "invoice_line_workspace_isolation" ON "invoice_line" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "ledger_entry_workspace_isolation" ON "ledger_entry" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "ledger_verification_workspace_isolation" ON "ledger_verification" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "package_product_workspace_isolation" ON "package_product" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "package_purchase_workspace_isolation" ON "package_purchase" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "payer_account_member_workspace_isolation" ON "payer_account_member" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "payment_workspace_isolation" ON "payment" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "payment_refund_workspace_isolation" ON "payment_refund" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
CREATE POLICY "tax_rate_workspace_isolation" ON "tax_rate" AS PERMISSIVE FOR ALL TO "glassroom_app" USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
-- Row-level security holds for the tables' owner too, not only for glassroom_app.
ALTER TABLE "ledger_entry" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "ledger_entry_owner_workspace" ON "ledger_entry" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "ledger_entry" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "hour_grant" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "hour_grant_owner_workspace" ON "hour_grant" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "hour_grant" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "hour_movement" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "hour_movement_owner_workspace" ON "hour_movement" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "hour_movement" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "allocation" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "allocation_owner_workspace" ON "allocation" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "allocation" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "payment" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "payment_owner_workspace" ON "payment" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "payment" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "payment_refund" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "payment_refund_owner_workspace" ON "payment_refund" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "payment_refund" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "credit_note" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "credit_note_owner_workspace" ON "credit_note" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "credit_note" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "credit_note_line" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "credit_note_line_owner_workspace" ON "credit_note_line" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "credit_note_line" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "cancellation_policy_version" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "cancellation_policy_version_owner_workspace" ON "cancellation_policy_version" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "cancellation_policy_version" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "dispute_message" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "dispute_message_owner_workspace" ON "dispute_message" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "dispute_message" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "billing_digest" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "billing_digest_owner_workspace" ON "billing_digest" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "billing_digest" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "payer_account" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "payer_account_owner_workspace" ON "payer_account" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "payer_account" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "billing_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "billing_settings_owner_workspace" ON "billing_settings" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "billing_settings" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "tax_rate" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tax_rate_owner_workspace" ON "tax_rate" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "tax_rate" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "package_product" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "package_product_owner_workspace" ON "package_product" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "package_product" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "package_purchase" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "package_purchase_owner_workspace" ON "package_purchase" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "package_purchase" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "invoice_dispute" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_dispute_owner_workspace" ON "invoice_dispute" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "invoice_dispute" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "billing_notice" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "billing_notice_owner_workspace" ON "billing_notice" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "billing_notice" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "billing_counter" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "billing_counter_owner_workspace" ON "billing_counter" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "billing_counter" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "ledger_verification" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "ledger_verification_owner_workspace" ON "ledger_verification" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "ledger_verification" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "payer_account_member" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "payer_account_member_owner_workspace" ON "payer_account_member" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "payer_account_member" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "invoice" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_owner_workspace" ON "invoice" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "invoice" FROM glassroom_app;--> statement-breakpoint
ALTER TABLE "invoice_line" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_line_owner_workspace" ON "invoice_line" AS PERMISSIVE FOR ALL TO CURRENT_USER USING (organization_id = current_setting('app.organization_id', true)) WITH CHECK (organization_id = current_setting('app.organization_id', true));--> statement-breakpoint
REVOKE ALL ON "invoice_line" FROM glassroom_app;--> statement-breakpoint
-- The append-only tables: the application reads and appends; PostgreSQL refuses it any change or deletion.
GRANT SELECT, INSERT ON "ledger_entry" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "hour_grant" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "hour_movement" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "allocation" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "payment" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "payment_refund" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "credit_note" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "credit_note_line" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "cancellation_policy_version" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "dispute_message" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT ON "billing_digest" TO glassroom_app;--> statement-breakpoint
-- Settings, catalogue, purchases, disputes, notices and counters change in place; none is deleted.
GRANT SELECT, INSERT, UPDATE ON "payer_account" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "billing_settings" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "tax_rate" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "package_product" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "package_purchase" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "invoice_dispute" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "billing_notice" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "billing_counter" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "ledger_verification" TO glassroom_app;--> statement-breakpoint
-- Payers come and go; a draft invoice and its lines may be deleted (the trigger below keeps issued ones).
GRANT SELECT, INSERT, UPDATE, DELETE ON "payer_account_member" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "invoice" TO glassroom_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "invoice_line" TO glassroom_app;--> statement-breakpoint
-- An issued invoice never changes: only its paid amount follows its allocations, and it may
-- be voided once (keeping its number). Its lines change only by leaving the live set when it
-- is voided. Drafts change freely. These hold for every role, the owner included.
CREATE FUNCTION "invoice_issued_is_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'draft' THEN RAISE EXCEPTION 'issued invoice % cannot be deleted', OLD.number USING ERRCODE = 'check_violation'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'draft' THEN RETURN NEW; END IF;
  IF OLD.status = 'void' AND NEW.status <> 'void' THEN RAISE EXCEPTION 'void invoice % cannot change', OLD.number USING ERRCODE = 'check_violation'; END IF;
  IF (to_jsonb(NEW) - 'paid_minor' - 'status' - 'voided_at' - 'voided_by_user_id' - 'void_reason') IS DISTINCT FROM (to_jsonb(OLD) - 'paid_minor' - 'status' - 'voided_at' - 'voided_by_user_id' - 'void_reason')
     OR (OLD.status = 'void' AND to_jsonb(NEW) IS DISTINCT FROM to_jsonb(OLD)) THEN
    RAISE EXCEPTION 'issued invoice % cannot change: correct it with a credit note', OLD.number USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_issued_is_frozen" BEFORE UPDATE OR DELETE ON "invoice" FOR EACH ROW EXECUTE FUNCTION "invoice_issued_is_frozen"();--> statement-breakpoint
CREATE FUNCTION "invoice_line_issued_is_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  invoice_status text;
BEGIN
  SELECT status INTO invoice_status FROM invoice WHERE organization_id = OLD.organization_id AND id = OLD.invoice_id;
  IF invoice_status IS NULL OR invoice_status = 'draft' THEN RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END; END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'live' - 'charge_entry_id') = (to_jsonb(OLD) - 'live' - 'charge_entry_id')
     AND (OLD.charge_entry_id IS NULL OR NEW.charge_entry_id IS NOT DISTINCT FROM OLD.charge_entry_id) AND NOT (NEW.live AND NOT OLD.live) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a line of issued invoice % cannot change', OLD.invoice_id USING ERRCODE = 'check_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_line_issued_is_frozen" BEFORE UPDATE OR DELETE ON "invoice_line" FOR EACH ROW EXECUTE FUNCTION "invoice_line_issued_is_frozen"();
--> statement-breakpoint
-- The billing jobs' scans across workspaces (withLookup 'app.scan'); each row found is then
-- handled inside its workspace: unsent notices for the daily digest, grants for expiry and
-- its warning, and unpaid issued invoices for the overdue reminders.
CREATE POLICY "billing_notice_owner_digest_scan" ON "billing_notice" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) = 'billing-digest' AND sent_at IS NULL);--> statement-breakpoint
CREATE POLICY "hour_grant_owner_expiry_scan" ON "hour_grant" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) = 'billing-hours');--> statement-breakpoint
CREATE POLICY "invoice_owner_overdue_scan" ON "invoice" AS PERMISSIVE FOR SELECT TO CURRENT_USER USING (current_setting('app.scan', true) = 'billing-overdue' AND status = 'issued' AND paid_minor < total_minor);
