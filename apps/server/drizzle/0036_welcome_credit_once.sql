ALTER TABLE "users" ADD COLUMN "welcome_credit_at" timestamp with time zone;--> statement-breakpoint
-- People who already had a welcome credit (on any organisation they created) have used theirs.
UPDATE "users" u SET "welcome_credit_at" = w."first_at"
FROM (
  SELECT t."created_by" AS "user_id", min(l."created_at") AS "first_at"
  FROM "ledger_entries" l JOIN "tenants" t ON t."id" = l."tenant_id"
  WHERE l."trade_type" = 2 AND l."reference_type" = 'welcome' AND t."created_by" IS NOT NULL
  GROUP BY t."created_by"
) w
WHERE u."id" = w."user_id";
