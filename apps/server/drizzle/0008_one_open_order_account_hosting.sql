ALTER TABLE "users" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
-- The account's hosting start is its earliest site's first publish (sites of deleted portfolios are gone).
UPDATE "users" SET "first_published_at" = s."first" FROM (SELECT "user_id", min("first_published_at") AS "first" FROM "sites" GROUP BY "user_id") s WHERE s."user_id" = "users"."id" AND s."first" IS NOT NULL;--> statement-breakpoint
-- One open order per account: older open orders are voided (never captured from now on; a capture that already happened is still recorded when the order is completed).
UPDATE "payments" SET "status" = 'voided', "failure_reason" = 'Replaced by a newer order. Nothing was charged.', "updated_at" = now() WHERE "status" = 'created' AND "user_id" IS NOT NULL AND "id" NOT IN (SELECT max("id") FROM "payments" WHERE "status" = 'created' AND "user_id" IS NOT NULL GROUP BY "user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_user_idx" ON "payments" USING btree ("user_id") WHERE status = 'created';
