ALTER TABLE "hour_movement" DROP CONSTRAINT "hour_movement_kind_check";--> statement-breakpoint
ALTER TABLE "package_purchase" DROP CONSTRAINT "package_purchase_active_check";--> statement-breakpoint
ALTER TABLE "package_purchase" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hour_movement" ADD CONSTRAINT "hour_movement_kind_check" CHECK (kind in ('use', 'reversal', 'expiry', 'cancellation'));--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_cancelled_check" CHECK ((status = 'cancelled') = (cancelled_at is not null));--> statement-breakpoint
ALTER TABLE "package_purchase" ADD CONSTRAINT "package_purchase_active_check" CHECK (status = 'cancelled' or (status = 'active') = (activated_at is not null));