ALTER TABLE "notices" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "withdrawn_by" text;