CREATE TABLE "released_labels" (
	"label" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"portfolio_id" integer NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "sites_own_domain_idx";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "own_domain_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_own_domain_verified_idx" ON "sites" USING btree ("own_domain") WHERE own_domain_verified_at is not null;--> statement-breakpoint
CREATE INDEX "sites_own_domain_idx" ON "sites" USING btree ("own_domain");--> statement-breakpoint
-- Claims made before this migration count from their last change.
UPDATE "sites" SET "own_domain_claimed_at" = "updated_at" WHERE "own_domain" IS NOT NULL AND "own_domain_verified_at" IS NULL;--> statement-breakpoint
-- A label a portfolio stops using (deleted, or its custom subdomain changed) is held for its
-- former owner (released_labels; the hold's length is LABEL_HOLD_DAYS in packages/core). A trigger,
-- so that every way a label is freed is caught, a deleted account's portfolios (cascade) too.
CREATE FUNCTION "release_portfolio_labels"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  freed text;
BEGIN
  FOREACH freed IN ARRAY ARRAY[OLD."domain", OLD."custom_domain"] LOOP
    CONTINUE WHEN freed IS NULL;
    IF TG_OP = 'UPDATE' THEN
      CONTINUE WHEN freed IS NOT DISTINCT FROM NEW."domain" OR freed IS NOT DISTINCT FROM NEW."custom_domain";
    END IF;
    INSERT INTO "released_labels" ("label", "user_id", "portfolio_id", "released_at")
    VALUES (freed, OLD."user_id", OLD."id", now())
    ON CONFLICT ("label") DO UPDATE SET "user_id" = excluded."user_id",
      "portfolio_id" = excluded."portfolio_id", "released_at" = excluded."released_at";
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "portfolios_release_labels" AFTER UPDATE OF "domain", "custom_domain" OR DELETE ON "portfolios"
FOR EACH ROW EXECUTE FUNCTION "release_portfolio_labels"();
