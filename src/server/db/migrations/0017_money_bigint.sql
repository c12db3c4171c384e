ALTER TABLE "assignment" ALTER COLUMN "rate_override_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tutor_profile" ALTER COLUMN "pay_rate_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "tutor_profile" ALTER COLUMN "charge_rate_minor" SET DATA TYPE bigint;