ALTER TABLE "charge_attempts" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_attempts" ADD COLUMN "claimed_by" text;