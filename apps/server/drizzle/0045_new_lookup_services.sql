-- Standard prices of the look-ups sold as services of their own (docs/architecture.md, "Adding a
-- service"): a platform that already has a standard price list gets each new service's default
-- bands, the descriptor's standardPricesMicros (USD micros per number from 0, 100,000 and 1,000,000
-- numbers a month; new-service-prices.test.ts checks that the two agree). A row of a service the
-- product does not sell is never read (price lists keep only service codes). A new platform has no list yet and
-- gets every service's bands from ensureStandardPrices at start, which seeds only an empty list, so
-- nothing is written here then. A band the operator has already set is kept.
INSERT INTO "price_entries" ("id", "scope", "service", "min_monthly_volume", "price_micros", "currency")
SELECT gen_random_uuid(), 'standard', v.service, v.min_volume, v.price_micros, 'USD'
FROM (VALUES
  ('line_type', 0, 10000::bigint),
  ('line_type', 100000, 8500::bigint),
  ('line_type', 1000000, 7000::bigint),
  ('sim_swap', 0, 60000::bigint),
  ('sim_swap', 100000, 50000::bigint),
  ('sim_swap', 1000000, 40000::bigint),
  ('sms_pumping_risk', 0, 30000::bigint),
  ('sms_pumping_risk', 100000, 25000::bigint),
  ('sms_pumping_risk', 1000000, 20000::bigint),
  ('caller_name', 0, 12000::bigint),
  ('caller_name', 100000, 10000::bigint),
  ('caller_name', 1000000, 8000::bigint)
) AS v(service, min_volume, price_micros)
WHERE EXISTS (SELECT 1 FROM "price_entries" WHERE "scope" = 'standard')
ON CONFLICT DO NOTHING;
