ALTER TABLE "dns_publications" ADD COLUMN "unpublished_since" timestamp with time zone;--> statement-breakpoint
UPDATE "dns_publications" SET "unpublished_since" = "updated_at" WHERE "state" <> 'published';
