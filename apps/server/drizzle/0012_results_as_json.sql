ALTER TABLE "detection_items" ALTER COLUMN "result" SET DATA TYPE json USING "result"::json;
