ALTER TABLE "site_versions" ADD COLUMN "og_image" "bytea";--> statement-breakpoint
ALTER TABLE "site_versions" ADD COLUMN "og_image_name" text;