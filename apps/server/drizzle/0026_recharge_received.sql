ALTER TABLE "recharge_orders" ADD COLUMN "received_micros" bigint;--> statement-breakpoint
-- Orders paid before this column existed were credited exactly what was ordered.
UPDATE "recharge_orders" SET "received_micros" = "amount_micros" WHERE "status" = 'paid';
