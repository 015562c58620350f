ALTER TABLE "site_versions" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "site_versions" ADD COLUMN "template" text;