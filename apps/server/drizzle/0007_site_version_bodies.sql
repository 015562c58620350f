ALTER TABLE "site_versions" ADD COLUMN "br" "bytea";--> statement-breakpoint
ALTER TABLE "site_versions" ADD COLUMN "gzip" "bytea";